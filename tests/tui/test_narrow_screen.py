"""The screen at 80x24 — the roll log's width and form, errors on the status line,
NO_COLOR, dialog inputs, completion, and the state that was invisible (boosts, multiple
actions, who declares or acts now)."""

from __future__ import annotations

import json
from pathlib import Path

from rich.text import Text
from textual.widgets import Footer

from elysium.chronicle.combat import combat_json
from elysium.chronicle.session import Session
from elysium.rules import SeededDice
from elysium.tell.fight import attack_line
from elysium.tui import render
from elysium.tui.app import make_app
from elysium.tui.commandbar import CommandBar, shown_completion
from elysium.tui.widgets.panes import BeastPane, InitiativePane
from elysium.tui.widgets.rolllog import RollLog
from elysium.tui.widgets.status import StatusLine
from elysium.tui.widgets.vitals import VitalsRow
from tests.tui_helpers import check, demo_app, demo_copy, run_async, settle, status

SMALL = (80, 24)
LARGE = (200, 55)


def log_text(app) -> str:
    log = app.query_one(RollLog)
    return "\n".join(strip.text for strip in log.lines)


# --- the roll log at 80 columns ------------------------------------------------------------


async def at_80_columns_the_log_has_the_width_and_no_stamps(pilot) -> None:
    app = pilot.app
    log = app.query_one(RollLog)
    assert log.size.width >= 50  # was 28: two rolls fit
    assert log.compact
    text = log_text(app)
    assert "N2 C2 S1 T2" not in text
    assert "Night 2 · scene 1 · turn 2" in text
    assert "▸ Brother Anselm → Spike" in text
    # In a fight Initiative sits beside the log; F9 gives the place to Morality.
    assert app.query_one(InitiativePane).display
    assert not app.query_one(BeastPane).display
    await pilot.press("f9")
    await settle(pilot)
    assert app.query_one(BeastPane).display
    assert not app.query_one(InitiativePane).display
    assert app.query_one(RollLog).size.width >= 50
    await pilot.press("f9")
    await settle(pilot)
    assert app.query_one(InitiativePane).display


@run_async
async def test_the_wide_screen_keeps_all_four_panes_and_the_stamps(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=LARGE) as pilot:
        await settle(pilot)
        assert app.query_one(InitiativePane).display and app.query_one(BeastPane).display
        assert not app.query_one(RollLog).compact
        assert "N2 C2 S1 T2 Brother Anselm" in log_text(app)
    app.session.close()


async def the_narrow_log_tells_the_time_in_russian(pilot) -> None:
    text = log_text(pilot.app)
    assert "Ночь 2 · сцена 1 · ход 2" in text and "Н2 Г2 С1 Х2" not in text


async def the_time_is_told_again_when_it_changes(pilot) -> None:
    app = pilot.app
    for command in ("combat end", "scene", 'roll "Ilse Varga" 3 dice 8,2,6'):
        app.dashboard.run_command(command)
    await settle(pilot)
    text = log_text(app)
    assert "Night 2 · scene 2" in text.split("Night 2 · scene 1 · turn 2")[-1]
    assert text.index("Night 2 · scene 2") < text.index("▸ Ilse Varga: dice 3d")  # not "3 3d"


ATTACK = {
    "attacker": "Bob",
    "target": "Ann",
    "maneuver": "punch",
    "pool": 5,
    "difficulty": 6,
    "attack": {"dice": [8, 7, 3, 2, 9], "difficulty": 6, "successes": 3},
    "hits": 2,
    "damage_pool": 1,
    "damage_roll": {"dice": [4], "difficulty": 6, "successes": 0},
    "damage": {
        "damage": 0,
        "type": "bashing",
        "taken": 0,
        "soak": {"dice": [8, 2], "difficulty": 6, "successes": 1},
    },
}


def test_an_attack_shows_the_damage_pool_and_the_soak_faces() -> None:
    line = attack_line(ATTACK, "en")
    assert "damage 1d: 4 = 0 bashing" in line  # one die showing 4, not 4 damage
    assert "soak 2d: +8 2 = 1" in line
    ru = attack_line(ATTACK, "ru")
    assert "урон 1к: 4 = 0" in ru and "прочность 2к: +8 2 = 1" in ru
    no_soak = {**ATTACK, "damage": {**ATTACK["damage"], "soak": {"dice": [], "successes": 0}}}
    assert "no soak" in attack_line(no_soak, "en")


# --- errors and long results on the status line --------------------------------------------


async def an_error_is_on_the_status_line_in_bold_and_no_toast(pilot) -> None:
    app = pilot.app
    app.dashboard.run_command("roll Bobb dex")
    await settle(pilot)
    assert not app._notifications  # nothing over the log or the Morality pane
    line = app.dashboard.query_one("#status", StatusLine)
    assert status(app).startswith("Refused: no character named 'Bobb'")
    assert line.rows == 2 and line.size.height == 2  # the names of everyone, whole
    assert "Spike" in line.text.plain
    assert "bold" in str(line.full.style)
    assert not app.query_one(Footer).display  # narrow: the status line has its row
    app.dashboard.run_command("award Lucien 1")
    await settle(pilot)
    assert line.rows == 1 and "f1 Help" in line.lines[1].plain  # the footer's keys
    assert line.size.height == 2  # the same height: no layout pass


async def the_status_line_is_two_rows_and_ctrl_l_tells_it_whole(pilot) -> None:
    from elysium.tui.dialogs.answer import AnswerScreen

    app = pilot.app
    app.dashboard.run_command('roll "Lucien Marchetti" cha+leadership dice 8,3,6,1,9,10,2')
    await settle(pilot)
    line = app.dashboard.query_one("#status", StatusLine)
    assert "→ 3" in status(app) and line.size.height == 2
    long = "x" * 300
    app.dashboard.say(long, error=True)
    await pilot.pause()
    assert line.rows == 2 and line.text.plain.endswith("… (^l: all)")
    await pilot.press("ctrl+l")
    await settle(pilot)
    assert isinstance(app.screen, AnswerScreen) and long in app.screen.text


KEYS = {"ru": ("f12 По заявке", "^q Выход"), "en": ("f1 Help", "^q Quit")}


async def the_keys_row_fits_80_columns_during_a_fight(pilot, lang: str) -> None:
    """Eight keys in Russian need 90 columns with two spaces: one space, then Help (which the
    command bar names) goes; F12 and Quit are never cut off. The demo is in a fight: F12 is
    offered."""
    keys = KEYS[lang]
    row = pilot.app.dashboard.query_one("#status", StatusLine).lines[1].plain
    assert len(row) <= SMALL[0] - 2 and row.rstrip().endswith(keys[-1]), row
    assert all(key in row for key in keys), row


async def next_names_who_acts_now(pilot) -> None:
    await pilot.press("f5")
    await settle(pilot)
    assert "Tomas Reyes" in status(pilot.app)  # not just "next: the act phase"


# --- NO_COLOR --------------------------------------------------------------------------------


def _row_styles(app, name: str) -> dict[str, set[str]]:
    row = next(r for r in app.query(VitalsRow) if r.key == name)
    text = row.render()
    styles: dict[str, set[str]] = {}
    for span in text.spans:
        styles.setdefault(text.plain[span.start : span.end], set()).add(str(span.style))
    return styles


@run_async
async def test_no_color_draws_filled_marks_bold_and_without_colour(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = demo_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert app.no_color
        row = next(r for r in app.query(VitalsRow) if r.key == "spike")
        text = row.render()
        marks = text.plain.index("XXXXXX")
        for span in text.spans:
            style = render._weight(span.style)
            assert style.color is None and style.bgcolor is None
        filled = [s for s in text.spans if s.start <= marks < s.end]
        assert any(render._weight(s.style).bold for s in filled)
        boxes = text.plain.index("▮")
        assert any(render._weight(s.style).bold for s in text.spans if s.start <= boxes < s.end)
        # A refusal on the status line: bold in the line's own grey, no red for the filter
        # to darken.
        app.dashboard.run_command("damage Nobody 1")
        await settle(pilot)
        status = app.query_one(StatusLine)
        styled = [seg.style for seg in status.render_line(0) if seg.text.strip()]
        grey = status.rich_style.color
        assert styled and all(s is not None and s.bold and s.color == grey for s in styled)
    app.session.close()


def test_filled_marks_are_bold_in_colour_too(tmp_path: Path) -> None:
    session = Session.open(demo_copy(tmp_path))
    try:
        spike = session.state.characters["spike"]
        marks = render.health_marks(spike, "en")
        assert all("bold" in str(s.style) for s in marks.spans if marks.plain[s.start] == "X")
        assert all("dim" in str(s.style) for s in marks.spans if marks.plain[s.start] == ".")
        tomas = session.state.characters["tomas reyes"]
        blood = render.blood_boxes(tomas)
        assert any(s.style == "bold red" for s in blood.spans)
        plain = render.without_colour(blood)
        assert [str(s.style) for s in plain.spans][:2] == ["bold", "dim"]
    finally:
        session.close()


# --- dialogs ----------------------------------------------------------------------------------


async def dialog_inputs_have_ends_and_check_boxes_are_one_box(pilot) -> None:
    from textual.widgets import Checkbox, Input

    app = pilot.app
    await pilot.press("f2")
    await settle(pilot)
    box = app.screen.query_one("#spec", Checkbox)
    drawn = str(box.render())
    assert drawn.startswith("[ ] Specialty") and "▐" not in drawn and "X" not in drawn
    box.value = True
    await settle(pilot)
    assert str(box.render()).startswith("[x] Specialty")
    faces = app.screen.query_one("#faces", Input)
    assert faces.styles.border_left[0] != "" and faces.styles.border_right[0] != ""
    await pilot.press("escape")
    await pilot.press("f4")
    await settle(pilot)
    name = app.screen.query_one("#npc-name", Input)
    assert name.styles.border_left[0] != ""  # a field, not a label


# --- completion -------------------------------------------------------------------------------


def test_a_completion_is_shown_as_the_rest_of_what_was_typed() -> None:
    shown, accepted = shown_completion("roll Cel", 'roll "Celeste Moreau"')
    assert shown == "roll Celeste Moreau" and accepted == 'roll "Celeste Moreau"'
    shown, accepted = shown_completion("roll cel", 'roll "Celeste Moreau"')
    assert shown.startswith("roll cel") and '"' not in shown
    assert shown_completion('roll "Cel', 'roll "Celeste Moreau"')[0] == 'roll "Celeste Moreau"'
    assert shown_completion("roll Ilse dex+bra", "roll Ilse dex+brawl")[1] == (
        "roll Ilse dex+brawl"
    )


async def completion_writes_no_stray_quote_and_keeps_capitals(pilot) -> None:
    app = pilot.app
    bar = app.query_one(CommandBar)
    bar.focus()
    for key in "roll Ils":
        await pilot.press("space" if key == " " else key)
    await settle(pilot)
    assert bar._suggestion == "roll Ilse Varga"  # drawn: no "Ilsse Varga\""
    await pilot.press("right")
    assert bar.value == 'roll "Ilse Varga"'
    for key in " dex+bra":
        await pilot.press("space" if key == " " else key)
    await settle(pilot)
    await pilot.press("right")
    assert bar.value == 'roll "Ilse Varga" dex+brawl'  # the name not lowercased
    assert await bar.suggester.get_suggestion("roll Luc") == 'roll "Lucien Marchetti"'


# --- state that was invisible -----------------------------------------------------------------


def _fight_to_declarations(session: Session) -> None:
    for command in ("next", "next", "next", "init"):
        session.execute(command)


def test_the_initiative_pane_says_who_declares_and_why_attacks_wait(tmp_path: Path) -> None:
    session = Session.open(demo_copy(tmp_path), rng=SeededDice(7))  # the same order each run
    try:
        text = render.initiative(session.state, "en")[0].plain
        assert "acts now: Ilse Varga" in text
        _fight_to_declarations(session)
        view = combat_json(session.state)
        assert view is not None and view["phase"] == "declare"
        first = view["current"]
        text = render.initiative(session.state, "en")[0].plain
        assert f"declare: {first}, slowest first; attacks after everyone declares" in text
        ru = render.initiative(session.state, "ru")[0].plain
        assert f"заявляет: {first}, от медленных к быстрым" in ru
        target = "Spike" if first == "Brother Anselm" else "Brother Anselm"  # not themselves
        session.execute(f'declare "{first}" attack "{target}" punch multiple 2')
        view = combat_json(session.state)
        assert view is not None and view["actions"] == {first: 2}
        text = render.initiative(session.state, "en")[0].plain
        assert "2 actions" in text
        assert "действий: 2" in render.initiative(session.state, "ru")[0].plain
    finally:
        session.close()


def test_a_blood_boost_shows_in_vitals_and_in_state(tmp_path: Path, capsys) -> None:
    from elysium.cli import main

    root = demo_copy(tmp_path)
    session = Session.open(root)
    try:
        session.execute("boost Lucien dexterity 2")
        lucien = session.state.characters["lucien marchetti"]
        assert "Dexterity 3→5" in render.status_words(lucien, "en").plain
        assert "Ловкость 3→5" in render.status_words(lucien, "ru").plain
    finally:
        session.close()
    assert main(["state", str(root), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    lucien = next(c for c in data["characters"] if c["name"] == "Lucien Marchetti")
    assert lucien["boosts"] == {"dexterity": {"base": 3, "now": 5}}
    assert main(["state", str(root)]) == 0
    assert "Dexterity 3→5" in capsys.readouterr().out


def test_the_row_text_is_plain_text() -> None:
    # User text stays data: a name with markup in it is drawn as typed.
    assert render.without_colour(Text("[red]x")).plain == "[red]x"


UNDONE = {"en": "(undone)", "ru": "(отменено)"}


async def an_undone_roll_is_crossed_out_in_the_log_and_stands_again_on_redo(
    pilot, lang: str
) -> None:
    """The table saw the dice thrown, so the roll stays in the log; undone, it is struck
    through and says so (it read as standing). Left undone, for the reopened chronicle."""
    app, mark = pilot.app, UNDONE[lang]
    # With a Willpower point: a roll that changes something, so undo takes it back.
    roll = 'roll "Lucien Marchetti" cha+leadership wp dice 8,3,6,1,9,10,2'
    app.dashboard.run_command(roll)
    await settle(pilot)
    assert "+8 3 +6 -1- +9" in log_text(app) and mark not in log_text(app)
    await pilot.press("ctrl+z")
    await settle(pilot)
    assert mark in log_text(app)
    log = app.query_one(RollLog)
    struck = [s for line in log.lines for s in line if s.style and s.style.strike]
    assert "".join(s.text for s in struck).startswith("Lucien Marchetti")
    await pilot.press("ctrl+y")
    await settle(pilot)
    assert mark not in log_text(app)
    await pilot.press("ctrl+z")
    await settle(pilot)


async def reopened(app, lang: str) -> None:
    """The chronicle reopened: the undone roll is still crossed out in the log."""
    root = app.session.store.root
    app.session.close()
    again = make_app(Session.open(root), lang)
    async with again.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.pause(0.2)
        assert UNDONE[lang] in log_text(again), "reopened: the undone roll is crossed out"
    again.session.close()


@run_async
async def test_at_80_columns_the_log_keys_dialogs_completion_undo_and_status_line_fit(
    tmp_path: Path,
) -> None:
    """One dashboard at 80x24 in English, its checks in turn: those that only look or type
    (each left as it was found) first, then those that run commands, the fight's end last."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await check("keys row", the_keys_row_fits_80_columns_during_a_fight(pilot, "en"))
        await check("log width", at_80_columns_the_log_has_the_width_and_no_stamps(pilot))
        await check("dialog inputs", dialog_inputs_have_ends_and_check_boxes_are_one_box(pilot))
        await pilot.press("escape")  # the NPC dialog
        await settle(pilot)
        assert app.screen is app.dashboard, "Esc left the NPC dialog open"
        await check("completion", completion_writes_no_stray_quote_and_keeps_capitals(pilot))
        app.query_one(CommandBar).value = ""
        await check(
            "undone roll",
            an_undone_roll_is_crossed_out_in_the_log_and_stands_again_on_redo(pilot, "en"),
        )
        await check("error", an_error_is_on_the_status_line_in_bold_and_no_toast(pilot))
        await check("status line", the_status_line_is_two_rows_and_ctrl_l_tells_it_whole(pilot))
        await pilot.press("escape")  # the answer screen
        await settle(pilot)
        assert app.screen is app.dashboard, "Esc left the answer screen open"
        await check("time told again", the_time_is_told_again_when_it_changes(pilot))
    await reopened(app, "en")


@run_async
async def test_at_80_columns_in_russian_the_log_keys_undo_and_next_fit(tmp_path: Path) -> None:
    """One dashboard at 80x24 in Russian, its checks in turn."""
    app = demo_app(tmp_path, "ru")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await check("time in russian", the_narrow_log_tells_the_time_in_russian(pilot))
        await check("keys row", the_keys_row_fits_80_columns_during_a_fight(pilot, "ru"))
        await check(
            "undone roll",
            an_undone_roll_is_crossed_out_in_the_log_and_stands_again_on_redo(pilot, "ru"),
        )
        await check("next", next_names_who_acts_now(pilot))
    await reopened(app, "ru")
