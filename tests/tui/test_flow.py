"""The dashboard repaints only what changed, and never freezes on a slow disk.

Driven with Textual's Pilot against a real chronicle on disk (a copy of the demo)."""

from __future__ import annotations

import os
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from elysium.chronicle.session import Session
from elysium.tui.app import make_app
from elysium.tui.commandbar import CommandBar
from elysium.tui.dialogs.help import HelpScreen
from elysium.tui.screens.dashboard import HeaderBar
from elysium.tui.widgets.panes import BeastPane, InitiativePane
from elysium.tui.widgets.rolllog import RollLog
from elysium.tui.widgets.vitals import VitalsPane, VitalsRow
from tests.tui_helpers import (
    check,
    demo_app,
    demo_copy,
    run_async,
    screen_text,
    settle,
    status,
    until,
)

SIZE = (120, 40)
DANA = "det. dana price"


def count_renders(monkeypatch: pytest.MonkeyPatch) -> Counter:
    """Count every render of a Vitals row (by character), of the top bar and of the text
    panes' bodies, and every write to the roll log."""
    seen: Counter = Counter()

    def counted(cls, name: str, label):
        original = getattr(cls, name)

        def wrapper(self, *args, **kwargs):
            seen[label(self)] += 1
            return original(self, *args, **kwargs)

        monkeypatch.setattr(cls, name, wrapper)

    counted(VitalsRow, "render", lambda row: row.key)
    counted(HeaderBar, "render", lambda _: "topbar")
    counted(InitiativePane, "watch_text", lambda _: "initiative")
    counted(BeastPane, "watch_text", lambda _: "beast")
    counted(RollLog, "_append", lambda _: "log")
    return seen


async def a_damage_command_repaints_its_row_and_nothing_else(
    pilot, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = pilot.app
    seen = count_renders(monkeypatch)
    app.query_one(CommandBar).value = f'spend "{DANA}" wp 1'
    await pilot.press("enter")
    await settle(pilot)
    assert app.session.state.characters[DANA].willpower_points == 5
    row = app.query_one(VitalsPane).row(DANA)
    assert seen[DANA] >= 1
    assert "5/6" in str(row.render())  # what the row shows now
    others = [key for key in app.session.state.characters if key != DANA]
    assert all(seen[key] == 0 for key in others), seen
    for quiet in ("topbar", "initiative", "beast", "log"):
        assert seen[quiet] == 0, (quiet, seen)
    # Undo puts the row back, and again only that row is drawn.
    seen.clear()
    await pilot.press("ctrl+z")
    await settle(pilot)
    assert app.session.state.characters[DANA].willpower_points == 6
    assert seen[DANA] >= 1 and all(seen[key] == 0 for key in others), seen


async def a_result_is_composed_while_it_is_written_and_shown_once_durable(
    pilot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The result is made ready while the journal is fsynced (the screen holds it, in a
    Textual batch) and no frame shows it before every fsync of its write has returned; a
    write that fails takes the composed result back unseen: state, log and all."""
    app = pilot.app
    real_fsync = os.fsync
    seen: list[tuple[str, bool]] = []
    said = "Lucien Marchetti: charisma+leadership"

    def fsync(fd: int) -> None:
        deadline = time.monotonic() + 5  # hang guard
        while app.dashboard.held is None and time.monotonic() < deadline:
            time.sleep(0.001)  # the screen composes meanwhile
        seen.append(("fsync", app.dashboard.held is not None))
        real_fsync(fd)
        seen.append(("fsynced", False))

    original = type(app)._display

    def display(self, screen, renderable) -> None:
        if not self._batch_count and renderable is not None:  # a frame that is sent
            seen.append(("frame", said in screen_text(self)))
        original(self, screen, renderable)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(type(app), "_display", display)
    bar = app.query_one(CommandBar)
    bar.value = "roll Lucien cha+leadership diff 6 dice 8,3,6,1,9,10,2"
    await pilot.press("enter")
    await settle(pilot)
    assert ("fsync", True) in seen, seen  # composed while the write was in flight
    first = next(i for i, (what, shown) in enumerate(seen) if what == "frame" and shown)
    before = [what for what, _ in seen[:first]]
    assert before.count("fsync") == before.count("fsynced") >= 1, seen  # durable first
    # A write that fails: the composed roll is taken back before anyone saw it.
    log = app.query_one(RollLog)
    entries, state = len(log.entries), app.session.state

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    bar.value = "roll Lucien cha+leadership diff 6 dice 8,3,6,1,9,10,3"
    await pilot.press("enter")
    await settle(pilot)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert status(app).startswith("Refused"), status(app)
    assert len(log.entries) == entries and app.dashboard.state is state
    assert app.session.state is state and app.dashboard.held is None


def count_repaints(monkeypatch: pytest.MonkeyPatch) -> dict[str, list]:
    """Every region a Vitals row or the roll log asks to repaint, by row key or "log"."""
    asked: dict[str, list] = {}

    def counted(cls, label):
        original = cls.refresh

        def wrapper(self, *regions, **kwargs):
            asked.setdefault(label(self), []).extend(regions or [None])
            return original(self, *regions, **kwargs)

        monkeypatch.setattr(cls, "refresh", wrapper)

    counted(VitalsRow, lambda row: row.key)
    counted(RollLog, lambda _: "log")
    return asked


async def an_award_repaints_nothing_and_a_wound_only_its_cells(
    pilot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An award changes nothing a row shows: no row repaints, Initiative is not drawn
    again. A wound repaints its own row, and of it only the cells that changed (the marks
    and the level, not the name)."""
    app = pilot.app
    seen = count_renders(monkeypatch)
    asked = count_repaints(monkeypatch)
    import elysium.tui.widgets.header as header_widget

    told = header_widget.header
    headers: list[object] = []
    monkeypatch.setattr(header_widget, "header", lambda *a, **k: headers.append(a) or told(*a, **k))
    bar = app.query_one(CommandBar)
    bar.value = "award Lucien 1"
    await pilot.press("enter")
    await settle(pilot)
    assert app.session.events()[-1].type == "xp"
    assert not any(key != "log" for key in asked), asked
    assert seen["initiative"] == 0 and seen["beast"] == 0, seen
    # Lucien's character changed (his experience), but nothing his row shows: not drawn
    # again; nor the top bar, whose time and fight are as they were.
    assert not any(seen[key] for key in app.query_one(VitalsPane).keys), seen
    assert headers == []
    bar.value = f'damage "{DANA}" 1 bashing dice 3'
    await pilot.press("enter")
    await settle(pilot)
    row = app.query_one(VitalsPane).row(DANA)
    assert set(asked) - {"log"} == {DANA}, asked
    (region,) = asked[DANA]
    assert region is not None and region.x > 0 and region.right < row.size.width, region
    assert "Dana" not in row.render().plain[region.x : region.right]
    assert "/" in row.render_line(0).text  # the wound, on the row as drawn
    assert seen["initiative"] == 0, seen  # hurt, still able to act: the list is the same


async def a_refusal_is_said_in_bold_red(pilot) -> None:
    """The status line draws a refusal in its own style (a line without spans kept it
    only when wrapped), and the next result in the line's."""
    from elysium.tui.widgets.status import StatusLine

    app = pilot.app
    app.dashboard.run_command("damage Nobody 1")
    await settle(pilot)
    line = app.query_one(StatusLine)
    styled = [seg.style for seg in line.render_line(0) if seg.text.strip()]
    assert styled and all(s is not None and s.bold and s.color is not None for s in styled)
    assert all(s.color.name == "red" for s in styled if s is not None and s.color)
    app.dashboard.run_command("award Lucien 1")
    await settle(pilot)
    styled = [seg.style for seg in line.render_line(0) if seg.text.strip()]
    assert styled and not any(s is not None and s.bold for s in styled)


async def the_empty_command_bar_is_drawn_once_as_an_input_draws_it(pilot) -> None:
    """The bar every command leaves empty is drawn once and kept, the same cells Textual's
    Input draws; blurred (no cursor), it is drawn again."""
    from textual.widgets import Input

    app = pilot.app
    bar = app.query_one(CommandBar)
    bar.value = ""
    bar.focus()
    await settle(pilot)
    first = bar.render_line(0)
    assert bar.render_line(0) is first
    assert list(first) == list(Input.render_line(bar, 0))
    app.query_one(VitalsPane).focus()
    await settle(pilot)
    blurred = bar.render_line(0)
    assert blurred is not first and list(blurred) != list(first)
    assert list(blurred) == list(Input.render_line(bar, 0))
    bar.focus()
    await settle(pilot)
    assert list(bar.render_line(0)) == list(first)


async def a_roll_that_scrolls_the_log_repaints_what_moved(pilot, monkeypatch) -> None:
    """A roll that does not fit moves the log (a jump of a third of the pane); the rows
    are repainted only as far as their text reaches, and the newest roll is in view."""
    app = pilot.app
    log = app.query_one(RollLog)
    asked = count_repaints(monkeypatch)
    for n in range(log.size.height + 2):
        top = log.top
        asked.clear()
        event = app.session.execute(f"roll Lucien dex diff 6 dice {n % 10 + 1},5,5").event
        log.add_events([event])
        if log.top != top:
            break
    else:
        raise AssertionError("the log never moved")
    await settle(pilot)
    regions = asked["log"]
    assert regions and None not in regions  # row by row, never the whole pane
    assert any(r.right < log.size.width for r in regions)  # a blank end is not sent
    shown = [log.render_line(y).text for y in range(log.size.height)]
    assert log.entries[-1].body.plain[:30] in "".join(shown)  # the newest roll
    assert log.top + log.size.height >= len(log.lines)  # the end is in view
    screen = screen_text(app)
    assert log.lines[-1].text.strip() in screen


async def a_roll_is_in_the_log_in_the_same_frame(pilot) -> None:
    """The newest roll is written and scrolled into view at once (no second frame that
    scrolls it later), and the log keeps a bounded buffer."""
    from elysium.tui.widgets import rolllog

    app = pilot.app
    log = app.query_one(RollLog)
    app.query_one(CommandBar).value = "roll Lucien dex+brawl diff 6 dice 7,8,2,10"
    await pilot.press("enter")
    await settle(pilot)
    assert "7" in log.entries[-1].body.plain and "Lucien" in log.entries[-1].body.plain
    shown = [log.render_line(y).text for y in range(log.size.height)]
    assert "Lucien Marchetti" in "".join(shown)  # the new roll is in view
    assert log.top + log.size.height >= len(log.lines)
    session = app.session
    for n in range(rolllog.MAX_ENTRIES + 20):
        session_event = session.execute(f"roll Lucien dex diff 6 dice {n % 10 + 1},5,5")
        log.add_events([session_event.event])
    assert len(log.entries) == rolllog.MAX_ENTRIES
    assert len(log.lines) <= rolllog.MAX_LINES


async def the_log_draws_its_newest_lines_first_and_the_others_after(pilot) -> None:
    """Laid out at a new width, the log wraps for the frame being drawn only the newest
    lines that fill it; the others follow once that frame is drawn, the end still in view."""
    log = pilot.app.query_one(RollLog)
    log._width = 0  # as when the log has just been laid out anew, its Resize not yet handled
    log.render_line(0)
    newest = [strip.text for strip in log.lines]
    assert len(newest) >= log.size.height
    await settle(pilot)
    whole = [strip.text for strip in log.lines]  # every roll it keeps, wrapped
    assert len(whole) > len(newest) and whole[-len(newest) :] == newest
    assert log.top == len(whole) - log.size.height


async def the_newest_rolls_stay_in_view_when_the_terminal_gets_shorter(pilot) -> None:
    """Made shorter (the same width), the log keeps its end in view, not its top line; a
    log being looked back through keeps its place."""
    log = pilot.app.query_one(RollLog)
    for height in (SIZE[1] - 6, SIZE[1] - 12, SIZE[1]):
        await pilot.resize_terminal(SIZE[0], height)
        await settle(pilot)
        assert log.top + log.size.height >= len(log.lines), height  # the end is in view
        assert log.lines[-1].text.strip() in screen_text(pilot.app), height
    log.action_look(-3)
    back = log.top
    await pilot.resize_terminal(SIZE[0], SIZE[1] - 4)
    await settle(pilot)
    assert log.top == back  # looking back: left where it was
    await pilot.resize_terminal(*SIZE)
    await settle(pilot)


async def the_screen_stays_live_while_a_slow_disk_saves(
    pilot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An fsync slowed to 300 ms (a network home directory), and held until the test lets
    it go: typing, dialogs and the status line go on; the result shows once it is durable;
    commands keep their order."""
    real_fsync = os.fsync
    gate = threading.Event()
    calls: list[float] = []

    def slow_fsync(fd: int) -> None:
        calls.append(time.monotonic())
        gate.wait(10)
        time.sleep(0.3)
        real_fsync(fd)

    app = pilot.app
    monkeypatch.setattr(os, "fsync", slow_fsync)
    bar = app.query_one(CommandBar)
    key = "lucien marchetti"
    before = app.session.state.characters[key].willpower_points
    bar.value = "spend Lucien wp 1"
    await pilot.press("enter")
    # The save is under way, held, and the screen says so (after 0.2 s).
    await until(pilot, lambda: calls and "saving" in status(app), "saving, held")
    assert app.dashboard.runner.busy
    assert bar.value == "spend Lucien wp 1"  # kept until it is saved
    await pilot.press("a", "w", "a", "r", "d")  # the next command, typed meanwhile
    assert bar.value == "award"  # a fresh line, not added to the one being saved
    shown = app.dashboard.state.characters[key]
    assert shown.willpower_points == before  # nothing shown before it is durable
    await pilot.press("f1")  # a dialog opens and closes meanwhile
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    await pilot.press("escape")
    await pilot.pause()
    await pilot.press("space", "L", "u", "c", "i", "e", "n", "space", "1", "enter")
    await pilot.pause()
    # Waiting: the first command's view and history line, the second command, its view
    # and its history line.
    assert app.dashboard.runner.busy and len(app.dashboard.runner.jobs) == 5
    gate.set()  # the disk answers (300 ms a sync from now on)
    await settle(pilot)
    shown = app.dashboard.state.characters[key]
    assert shown.willpower_points == before - 1
    events = app.session.events()
    assert [e.type for e in events[-2:]] == ["spend", "xp"]  # in order
    assert "saving" not in status(app)
    assert bar.value == ""  # the bar cleared once its command was saved
    monkeypatch.setattr(os, "fsync", real_fsync)
    other = Session.open(app.session.store.root, readonly=True)
    assert other.state.characters[key].willpower_points == before - 1
    other.close()


@run_async
async def test_quitting_waits_for_the_command_being_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_fsync = os.fsync

    def slow_fsync(fd: int) -> None:
        time.sleep(0.3)
        real_fsync(fd)

    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        monkeypatch.setattr(os, "fsync", slow_fsync)
        app.query_one(CommandBar).value = "award Lucien 2"
        await pilot.press("enter", "ctrl+q")
        await until(None, lambda: not app.is_running, "the app leaving once it has saved")
    monkeypatch.setattr(os, "fsync", real_fsync)
    root = app.session.store.root
    app.session.close()
    again = Session.open(root, readonly=True)
    assert again.events()[-1].type == "xp"  # award: saved before the app left
    again.close()


@run_async
async def test_the_palette_finds_characters_to_select_edit_and_roll_for(tmp_path: Path) -> None:
    from textual.content import Content

    from elysium.tui.dialogs.editor import EditDialog
    from elysium.tui.dialogs.roll import RollDialog
    from elysium.tui.palette import CharacterCommands

    root = demo_copy(tmp_path)
    session = Session.open(root)
    session.execute("add '[/' mortal")  # a name that would break markup
    session.execute("set Lucien player yes")  # a player's character is never hidden
    app = make_app(session, "en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        provider = CharacterCommands(app.screen)
        hits = [hit async for hit in provider.search("edit ilse")]
        assert hits and str(hits[0].text) == "Edit Ilse Varga"
        hostile = [hit async for hit in provider.search("[/")]
        assert any(str(hit.text) == "Select [/" for hit in hostile)
        assert all(isinstance(hit.match_display, Content) for hit in hostile)
        hits[0].command()
        await settle(pilot)
        assert isinstance(app.screen, EditDialog) and app.screen.character.name == "Ilse Varga"
        await pilot.press("escape")
        await settle(pilot)
        assert app.dashboard.selected == "ilse varga"
        roll = [hit async for hit in provider.search("roll for lucien")]
        roll[0].command()
        await settle(pilot)
        assert isinstance(app.screen, RollDialog) and app.screen.selected == "lucien marchetti"
        await pilot.press("escape")
        await settle(pilot)
        await check("hide an NPC from the palette", _hide_and_show(pilot, provider))
    session.close()


async def _hide_and_show(pilot, provider) -> None:
    """An NPC is hidden from the players and shown again from the palette, marked ⊘ in
    Vitals meanwhile; a player's character is never offered."""
    app = pilot.app
    state = app.session.state
    npc = next(c for c in state.characters.values() if not c.player)
    pc = next(c for c in state.characters.values() if c.player)
    offered = [str(hit.text) async for hit in provider.search(f"hide {pc.name}")]
    assert f"Hide {pc.name} from the players" not in offered
    hits = [hit async for hit in provider.search(f"hide {npc.name}")]
    assert str(hits[0].text) == f"Hide {npc.name} from the players"
    hits[0].command()
    await until(pilot, lambda: f"{npc.name} ⊘" in screen_text(app), "the mark in Vitals")
    assert app.session.state.characters[npc.name.casefold()].hidden
    shown = [hit async for hit in provider.search(f"show {npc.name} to")]
    assert str(shown[0].text) == f"Show {npc.name} to the players"
    shown[0].command()
    await until(pilot, lambda: f"{npc.name} ⊘" not in screen_text(app), "the mark gone")
    assert not app.session.state.characters[npc.name.casefold()].hidden


async def tab_moves_between_the_panes(pilot) -> None:
    """The dashboard's own keys are added to Textual's, not in their place."""
    app = pilot.app
    assert app.focused is app.query_one(CommandBar)
    seen = set()
    for _ in range(6):
        await pilot.press("tab")
        await settle(pilot)
        seen.add(app.focused.id if app.focused else None)
    assert {"vitals", "rolls"} <= seen


async def help_typed_in_the_bar_opens_the_help(pilot) -> None:
    """A newcomer's first guess, ``help`` (or ``помощь``), opens F1's help and writes
    nothing; the bar is cleared for the next command."""
    app = pilot.app
    events = app.session.state.events
    bar = app.query_one(CommandBar)
    for typed in ("help", "помощь roll"):
        bar.value = typed
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), typed)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, HelpScreen), "closed")
        assert bar.value == "" and app.session.state.events == events
    assert "unknown command" not in status(app)


async def a_refused_roll_keeps_the_dialog_and_its_choices(pilot) -> None:
    from elysium.tui.dialogs.roll import RollDialog

    app = pilot.app
    before = app.session.state.events
    await pilot.press("f2")
    await settle(pilot)
    dialog = app.screen
    assert isinstance(dialog, RollDialog)
    dialog.query_one("#faces").value = "7,8"  # two faces for a pool of four
    await pilot.click("#go")
    await settle(pilot)
    assert app.screen is dialog and dialog.query_one("#faces").value == "7,8"
    assert app.session.state.events == before and "Refused" in status(app)
    dialog.query_one("#faces").value = "7,8,2,10"
    await pilot.click("#go")
    await settle(pilot)
    assert not isinstance(app.screen, RollDialog)
    assert app.session.events()[-1].data["dice"] == [7, 8, 2, 10]


@run_async
async def test_a_read_only_dashboard_offers_nothing_that_writes(tmp_path: Path) -> None:
    from elysium.tui.dialogs.roll import RollDialog

    root = demo_copy(tmp_path)
    app = make_app(Session.open(root, readonly=True), "en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        shown = {b.binding.action for b in app.screen.active_bindings.values() if b.enabled}
        assert "roll" not in shown and "undo" not in shown and "help" in shown
        await pilot.press("f2")
        await settle(pilot)
        assert not isinstance(app.screen, RollDialog)
    app.session.close()


async def the_palette_shows_usage_lines_whole(pilot) -> None:
    from textual.content import Content

    from elysium.i18n import t
    from elysium.tui.palette import VerbCommands

    app = pilot.app
    provider = VerbCommands(app.screen)
    for verb in ("feat", "attack", "move"):
        hits = [hit async for hit in provider.search(verb)]
        hit = next(h for h in hits if str(h.text).startswith(verb))
        assert Content.from_markup(hit.help).plain == t(f"usage.{verb}", "en")


async def f8_replays_this_chapter_with_the_whole_chronicle_before_it(pilot) -> None:
    from elysium.tui.screens.replay import ReplayScreen
    from elysium.tui.widgets.vitals import VitalsPane

    app = pilot.app
    now = app.session.state
    await pilot.press("f8")
    await settle(pilot)
    replay = app.screen
    assert isinstance(replay, ReplayScreen)
    assert replay.replay.chapter == now.chapter
    at_end = replay.state
    assert list(at_end.characters) == list(now.characters)  # not an empty chronicle
    assert at_end.characters[DANA].health == now.characters[DANA].health
    assert at_end.night == now.night and at_end.name == now.name
    await pilot.press("home")
    await settle(pilot)
    assert replay.cursor == 0 and replay.state.characters  # chapter 1's people are here
    assert replay.query_one(VitalsPane).row_count == len(replay.state.characters)
    await pilot.press("q")
    await settle(pilot)
    assert app.screen is app.dashboard


@run_async
async def test_the_dashboard_repaints_only_what_changed_stays_live_and_moves_between_panes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One dashboard, its checks in turn: those that leave the chronicle as it was (Tab,
    then the command bar focused again; F8 and back; a command undone) first, then those
    that write, the log's hundreds of rolls last."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await check("usage lines", the_palette_shows_usage_lines_whole(pilot))
        await check("tab", tab_moves_between_the_panes(pilot))
        app.query_one(CommandBar).focus()
        await settle(pilot)
        await check("help typed", help_typed_in_the_bar_opens_the_help(pilot))
        await check("f8 replay", f8_replays_this_chapter_with_the_whole_chronicle_before_it(pilot))
        await check(
            "damage repaint", a_damage_command_repaints_its_row_and_nothing_else(pilot, monkeypatch)
        )
        monkeypatch.undo()  # the render counters off
        await check(
            "award, wound", an_award_repaints_nothing_and_a_wound_only_its_cells(pilot, monkeypatch)
        )
        monkeypatch.undo()
        await check(
            "composed early",
            a_result_is_composed_while_it_is_written_and_shown_once_durable(pilot, monkeypatch),
        )
        monkeypatch.undo()
        await check("refused roll", a_refused_roll_keeps_the_dialog_and_its_choices(pilot))
        await check("slow disk", the_screen_stays_live_while_a_slow_disk_saves(pilot, monkeypatch))
        await check("roll in the log", a_roll_is_in_the_log_in_the_same_frame(pilot))
        await check("log wrapped", the_log_draws_its_newest_lines_first_and_the_others_after(pilot))
        await check("empty bar", the_empty_command_bar_is_drawn_once_as_an_input_draws_it(pilot))
        await check("refusal style", a_refusal_is_said_in_bold_red(pilot))
        await check(
            "log moves", a_roll_that_scrolls_the_log_repaints_what_moved(pilot, monkeypatch)
        )
        monkeypatch.undo()
        await check("shorter", the_newest_rolls_stay_in_view_when_the_terminal_gets_shorter(pilot))
    app.session.close()
