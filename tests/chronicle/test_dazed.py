"""Dazed: in a fight, damage past soak above Stamina costs the target its next action, and
the screen says so where the character is shown (the Vitals pane's Status column and the
character's line in ``elysium state``); outside a fight there is no action to lose, so
nothing is said about dazing.

Seed 004, "Ошеломление": more damage after soak than Stamina (supernatural beings: Stamina
+ 2) and "цель пропускает ход" — the target misses its turn, which only a fight has.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from elysium.chronicle.session import Session
from elysium.rules import SeededDice
from elysium.tell.events import describe
from elysium.tui.app import make_app
from elysium.tui.commandbar import CommandBar
from elysium.tui.widgets.vitals import VitalsRow
from tests.chronicle_helpers import new_session
from tests.tui_helpers import run_async, settle

# Bob: a blank mortal, Stamina 1, no soak against lethal: two lethal levels daze him.
CAST = ["add Ann vampire gen 10", "add Bob mortal blank", "set Bob dexterity 2 wits 1"]
FIGHT = [*CAST, "combat start Ann Bob", "init dice Ann=10,Bob=1"]
WORD = {"en": "dazed", "ru": "ошеломлён"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_outside_a_fight_damage_says_nothing_of_dazing(tmp_path: Path, lang: str) -> None:
    s = new_session(tmp_path / "c", CAST)
    said = s.execute("damage Bob 2 lethal").render(lang)
    event = s.events()[-1]
    assert event.data["taken"] == 2 and event.data["dazed"] is False
    assert WORD[lang] not in said
    assert WORD[lang] not in describe(event, lang)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_in_a_fight_damage_dazes_and_the_next_action_is_lost(tmp_path: Path, lang: str) -> None:
    s = new_session(tmp_path / "c", FIGHT)
    said = s.execute("damage Bob 2 lethal").render(lang)
    assert WORD[lang] in said and WORD[lang] in describe(s.events()[-1], lang)
    assert s.state.combat is not None and s.state.combat["dazed"] == ["bob"]


@pytest.mark.parametrize(("lang", "flag"), [("en", "[dazed]"), ("ru", "[ошеломлён]")])
def test_state_marks_the_dazed_on_their_own_line(tmp_path: Path, lang: str, flag: str) -> None:
    new_session(tmp_path / "c", [*FIGHT, "damage Bob 2 lethal"]).close()
    out = subprocess.run(
        [sys.executable, "-m", "elysium", "--lang", lang, "state", str(tmp_path / "c")],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,  # hang guard
    ).stdout
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ")}
    assert lines["Bob"].rstrip().endswith(flag)
    assert flag not in lines["Ann"]


@pytest.mark.parametrize("lang", ["en", "ru"])
@run_async
async def test_the_vitals_status_column_shows_dazed_until_the_action_is_lost(
    tmp_path: Path, lang: str
) -> None:
    """Bob is dazed in the declarations; when the actions reach him, his action is lost
    and the mark goes (the character himself unchanged: the row must still repaint)."""
    s = new_session(tmp_path / "c", FIGHT)
    s.close()
    session = Session.open(tmp_path / "c", rng=SeededDice(1))
    app = make_app(session, lang)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)

        def row(key: str) -> str:
            return next(r for r in app.query(VitalsRow) if r.key == key).render().plain

        assert WORD[lang] not in row("bob")
        for command in ("damage Bob 2 lethal", "next", "declare Ann dodge", "next"):
            app.screen.query_one(CommandBar).value = command
            await pilot.press("enter")
            await settle(pilot)
            if command.startswith("damage"):
                assert WORD[lang] in row("bob") and WORD[lang] not in row("ann")
        combat = session.state.combat
        assert combat is not None and not combat["dazed"]
        assert WORD[lang] not in row("bob")
    session.close()
