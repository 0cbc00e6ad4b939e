"""The dashboard shows a pool's situational modifiers where the Storyteller reads a roll:
the roll dialog's pool line names Celerity's dice and a heavy load (and the odds are those
of that roll), and the Vitals pane shows the load carried. Pilot, on a copy of the demo."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select

from elysium.rules import V20, RollRequest, odds
from elysium.tell.marks import percent
from elysium.tui.dialogs.roll import RollDialog
from elysium.tui.widgets.vitals import VitalsPane
from tests.tui_helpers import demo_app, run_async, settle

SIZE = (120, 40)


@run_async
async def test_the_roll_dialog_names_celerity_and_the_load(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # The demo's round 2: Ilse Varga (Celerity 2) traded no dot for an action.
        app.dashboard.run_command('carry "Ilse Varga" 200')  # Strength 4 + Potence 2: 150 lb
        await settle(pilot)
        row = app.query_one(VitalsPane).row("ilse varga")
        assert row.cells().row[-1].plain.endswith("load 200 lb: +1 diff")
        await pilot.press("f2")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        dialog.query_one("#who", Select).value = "ilse varga"
        dialog.query_one("#traits", Input).value = "dex+brawl"
        await settle(pilot)
        pool = str(dialog.query_one("#pool").render())
        # The load's difficulty is told with the difficulty in effect, not with the dice.
        assert pool.endswith(
            "dexterity 3 + brawl 4; Celerity +2 = 9 dice; difficulty 7 (6; load: difficulty +1)"
        )
        expected = odds(RollRequest(9, 7), V20)  # the odds of the roll it will make
        shown = str(dialog.query_one("#odds").render())
        assert f"success {percent(expected.p_success)}" in shown
        dialog.query_one("#traits", Input).value = "wits+brawl"  # no Dexterity, not physical
        await settle(pilot)
        assert "= 7 dice" in str(dialog.query_one("#pool").render())
        dialog.query_one("#traits", Input).value = "dex+brawl"
        dialog.query_one("#faces", Input).value = "7,7,7,7,7,7,7,7,7"
        await pilot.click("#go")
        await settle(pilot)
        event = app.session.events()[-1]
        assert event.type == "roll" and len(event.data["dice"]) == 9
        assert event.data["difficulty"] == 7  # the dialog's 6, one harder for the load
    app.session.close()
