"""A fallen NPC removed in the middle of a
fight (the fight forgets them; the turn passes on as with ``combat leave``)."""

from __future__ import annotations

from pathlib import Path

from elysium.chronicle.combat import combat_json
from tests.chronicle.combat_cast import INIT, SETUP, START
from tests.chronicle_helpers import new_session
from tests.tui_helpers import demo_app, run_async, settle


def test_removing_a_fighter_mid_fight(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", [*SETUP, START, INIT, 'declare "Ghoul 1" delay'])
    try:
        assert combat_json(s.state)["current"] == "Rex"  # Rex declares next
        s.execute("remove Rex")  # the one whose turn it is: the turn passes on
        fight = combat_json(s.state)
        assert "Rex" not in fight["participants"] and fight["current"] == "Bob"
        s.execute("declare Bob dodge")
        s.execute("combat leave Bob")
        s.execute("remove Bob")  # left the fight, still in its round's record: forgotten
        assert "Bob" not in combat_json(s.state)["participants"]
        s.execute("undo")  # back in the chronicle, and out of the fight as before
        assert "bob" in s.state.characters
        s.execute("remove Marcus")
        s.execute('remove "Ghoul 1"')  # the last fighter: the fight is over
        assert s.state.combat is None
    finally:
        s.close()


def test_recap_is_export_by_its_table_name(tmp_path: Path) -> None:
    """A Storyteller asks for the recap by that name: ``elysium recap`` is ``export``."""
    from tests.conftest import run_elysium
    from tests.tui_helpers import demo_copy

    root = demo_copy(tmp_path)
    recap = run_elysium("recap", str(root), "--format", "md", "--lang", "ru")
    export = run_elysium("export", str(root), "--format", "md", "--lang", "ru")
    assert recap.returncode == 0, recap.stderr
    assert recap.stdout == export.stdout and recap.stdout.startswith("# Chicago by Night")


@run_async
async def test_the_roll_dialog_opens_on_the_pool(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        assert getattr(app.focused, "id", None) == "traits"
    app.session.close()
