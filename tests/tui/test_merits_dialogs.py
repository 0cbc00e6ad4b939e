"""Merits and Flaws on the dashboard: the roll dialog (F2) offers the selected character's
Merits and Flaws that change a roll (its pool line and odds counting the one chosen, its
roll naming it), and hides the choice for a character without one; the editor (F3) changes
their points, keeping the modifier, and adds a new one from its Notes tab. One dashboard,
at 80x24, on a copy of the demo."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select, TabbedContent

from elysium.rules import V20, RollRequest, odds
from elysium.rules.merits import Merit
from elysium.tell.marks import percent
from elysium.tui.dialogs.editor import EditDialog
from elysium.tui.dialogs.roll import RollDialog
from tests.tui_helpers import check, demo_app, run_async, settle

LUCIEN = "lucien marchetti"


async def _roll_dialog(pilot) -> RollDialog:
    await pilot.press("f2")
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, RollDialog)
    return dialog


async def the_roll_dialog_offers_and_applies_a_merit(pilot) -> None:
    app = pilot.app
    dialog = await _roll_dialog(pilot)
    assert not dialog.query_one("#merit-row").display  # the demo's sheets have none
    await pilot.press("escape")
    await settle(pilot)
    app.dashboard.run_command('merit "Lucien Marchetti" "Lightning Reflexes" 3 dice +1')
    app.dashboard.run_command('flaw "Lucien Marchetti" "Nightmares" 1')  # changes no roll
    await settle(pilot)
    dialog = await _roll_dialog(pilot)
    dialog.query_one("#who", Select).value = LUCIEN
    await settle(pilot)
    assert dialog.query_one("#merit-row").display
    merit = dialog.query_one("#merit", Select)
    values = [value for _, value in dialog.merit_options(LUCIEN)]
    assert values == ["", "merit:Lightning Reflexes"]  # Nightmares changes no roll
    dialog.query_one("#traits", Input).value = "dex+brawl"
    await settle(pilot)
    plain = str(dialog.query_one("#pool").render())
    dice = int(plain.rsplit("= ", 1)[1].split()[0])
    merit.value = "merit:Lightning Reflexes"
    await settle(pilot)
    pool = str(dialog.query_one("#pool").render())
    assert f"; Lightning Reflexes +1 = {dice + 1} dice" in pool
    expected = odds(RollRequest(dice + 1, 6), V20)
    assert f"success {percent(expected.p_success)}" in str(dialog.query_one("#odds").render())
    assert "merit 'Lightning Reflexes'" in dialog.command()
    dialog.query_one("#faces", Input).value = ",".join(["7"] * (dice + 1))
    await pilot.click("#go")
    await settle(pilot)
    event = app.session.events()[-1]
    assert event.type == "roll" and len(event.data["dice"]) == dice + 1
    assert event.data["mods"][-1]["name"] == "Lightning Reflexes"


async def the_roll_dialog_tells_a_difficulty_modifier_with_the_difficulty(pilot) -> None:
    """A Flaw's difficulty is told beside the difficulty, not with the dice, and the odds
    are at the difficulty in effect; a -1 at difficulty 2 rolls at 2 (kept on the scale)."""
    app = pilot.app
    app.dashboard.run_command('flaw "Lucien Marchetti" Clumsy 1 diff +1')
    app.dashboard.run_command('flaw "Lucien Marchetti" "Short Fuse" 1 diff -1')
    await settle(pilot)
    dialog = await _roll_dialog(pilot)
    dialog.query_one("#who", Select).value = LUCIEN
    await settle(pilot)
    dialog.query_one("#traits", Input).value = "dex+brawl"
    dialog.query_one("#merit", Select).value = "flaw:Clumsy"
    await settle(pilot)
    pool = str(dialog.query_one("#pool").render())
    dice = int(pool.rsplit("= ", 1)[1].split()[0])
    assert pool.endswith(f"= {dice} dice; difficulty 7 (6; Clumsy: difficulty +1)"), pool
    expected = odds(RollRequest(dice, 7), V20)
    assert f"success {percent(expected.p_success)}" in str(dialog.query_one("#odds").render())
    dialog.query_one("#difficulty", Select).value = 2
    dialog.query_one("#merit", Select).value = "flaw:Short Fuse"
    dialog.query_one("#faces", Input).value = ",".join(["2"] * dice)
    await settle(pilot)
    pool = str(dialog.query_one("#pool").render())
    assert pool.endswith(f"= {dice} dice; difficulty 2 (2; Short Fuse: difficulty -1)"), pool
    await pilot.click("#go")
    await settle(pilot)
    event = app.session.events()[-1]
    assert event.type == "roll" and event.data["difficulty"] == 2  # rolled, not refused
    assert event.data["successes"] == dice


async def the_editor_changes_points_and_adds_one(pilot) -> None:
    app = pilot.app
    before = app.session.state.events
    await pilot.press("f3")
    await settle(pilot)
    editor = app.screen
    assert isinstance(editor, EditDialog)
    editor.query_one(TabbedContent).active = "tab-notes"
    await settle(pilot)
    editor.query_one("#t-merit-0", Input).value = "4"
    editor.query_one("#new-flaw-name", Input).value = "Bad Sight"
    editor.query_one("#new-flaw-points", Input).value = "2"
    await pilot.click("#save")
    await settle(pilot)
    assert not isinstance(app.screen, EditDialog)
    lucien = app.session.state.characters[LUCIEN]
    assert lucien.merits == (Merit("Lightning Reflexes", 4, dice=1),)  # the modifier kept
    assert lucien.flaws == (Merit("Nightmares", 1), Merit("Bad Sight", 2))
    assert app.session.state.events == before + 2  # one event each


@run_async
async def test_merits_in_the_roll_dialog_and_the_editor(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await check("roll dialog", the_roll_dialog_offers_and_applies_a_merit(pilot))
        await check("editor", the_editor_changes_points_and_adds_one(pilot))
        difficulty = the_roll_dialog_tells_a_difficulty_modifier_with_the_difficulty(pilot)
        await check("a difficulty's modifier", difficulty)
    app.session.close()
