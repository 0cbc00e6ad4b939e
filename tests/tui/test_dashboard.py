"""The dashboard's flows, driven with Textual's Pilot against a real chronicle on disk."""

from __future__ import annotations

from pathlib import Path

from textual.keys import _character_to_key

from elysium.chronicle.session import Session
from elysium.chronicle.store.paths import state_dir
from elysium.tui.app import make_app
from elysium.tui.commandbar import CommandBar
from elysium.tui.dialogs.editor import EditDialog
from elysium.tui.dialogs.help import HelpScreen
from elysium.tui.dialogs.npc import NpcDialog
from elysium.tui.dialogs.roll import RollDialog
from elysium.tui.widgets.panes import BeastPane, InitiativePane
from elysium.tui.widgets.rolllog import RollLog
from elysium.tui.widgets.vitals import VitalsPane
from tests.tui_helpers import check, demo_app, demo_copy, run_async, settle, status

SIZE = (120, 40)


async def type_text(pilot, text: str) -> None:
    await pilot.press(*(_character_to_key(ch) for ch in text))


async def the_demo_fills_every_pane(pilot) -> None:
    app = pilot.app
    await app.workers.wait_for_complete()
    await settle(pilot)
    vitals = app.query_one(VitalsPane)
    assert vitals.row_count == 7
    initiative = str(app.query_one(InitiativePane).body.render())
    assert "Round 2" in initiative and "▶" in initiative and "Ilse Varga" in initiative
    assert "[dazed]" in initiative and "cannot act" in initiative
    assert app.query_one(RollLog).entries  # rolls from both chapters
    beast = str(app.query_one(BeastPane).body.render())
    assert "Humanity 6" in beast and "Hierarchy of sins" in beast


async def typing_a_damage_command_updates_vitals_and_the_log(pilot) -> None:
    app = pilot.app
    before = app.session.state.events
    await type_text(pilot, 'damage "Det. Dana Price" 2 lethal nosoak')
    await pilot.press("enter")
    await settle(pilot)
    dana = app.session.state.characters["det. dana price"]
    assert dana.health.lethal == 2
    assert app.session.state.events == before + 1
    assert app.query_one(CommandBar).value == ""
    row = app.query_one(VitalsPane).row("det. dana price")
    assert row.cells().row[1].plain.startswith("XX.....")
    assert "takes 2" in status(app)
    # And it is on disk: a second, read-only look sees it.
    other = Session.open(app.session.store.root, readonly=True)
    assert other.state.characters["det. dana price"].health.lethal == 2
    other.close()


async def undo_and_redo_keys(pilot) -> None:
    app = pilot.app
    await type_text(pilot, "spend Lucien wp 1")
    await pilot.press("enter")
    await settle(pilot)
    key = "lucien marchetti"
    assert app.session.state.characters[key].willpower_points == 5
    await pilot.press("ctrl+z")
    await settle(pilot)
    assert "undone (event" in status(app) and "Willpower" in status(app)
    await pilot.press("ctrl+y")
    await settle(pilot)
    assert "redone (event" in status(app)
    assert app.session.state.characters[key].willpower_points == 5


async def a_refused_command_changes_nothing_and_says_why(pilot) -> None:
    app = pilot.app
    before = app.session.state
    await type_text(pilot, 'spend "Ilse Varga" blood 5')
    await pilot.press("enter")
    await settle(pilot)
    assert app.session.state == before
    assert status(app).startswith("Refused:") and "1 blood per turn" in status(app)
    bar = app.query_one(CommandBar)
    assert bar.value == 'spend "Ilse Varga" blood 5'  # kept, selected: fix it or type over
    await pilot.press("end")
    await type_text(pilot, "x")
    await pilot.press("enter")
    await settle(pilot)
    assert "must be a whole number, got '5x'" in status(app)
    await type_text(pilot, "scene")  # typing replaces the refused command
    assert bar.value == "scene"


async def roll_through_the_dialog(pilot) -> None:
    app = pilot.app
    await pilot.press("f2")
    await settle(pilot)
    dialog = app.screen
    assert isinstance(dialog, RollDialog)
    pool = str(dialog.query_one("#pool").render())
    assert "dexterity 3 + brawl 1 = 4 dice" in pool
    odds = str(dialog.query_one("#odds").render())
    assert "success 80.05%" in odds and "botch 3.69%" in odds
    dialog.query_one("#faces").value = "7,8,2,10"
    await pilot.click("#go")
    await settle(pilot)
    event = app.session.events()[-1]
    assert event.type == "roll" and event.data["who"] == "Lucien Marchetti"
    assert event.data["dice"] == [7, 8, 2, 10] and event.data["successes"] == 3


async def dialogs_open_and_cancel(pilot) -> None:
    app = pilot.app
    before = app.session.state.events
    for key, kind in (("f1", HelpScreen), ("f3", EditDialog), ("f4", NpcDialog)):
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, kind)
        await pilot.press("escape")
        await settle(pilot)
    assert app.session.state.events == before


@run_async
async def test_the_editor_sends_one_event_and_keeps_edits_when_a_value_is_refused(
    tmp_path: Path,
) -> None:
    """Two checks in one dashboard: Ctrl+Z takes the first one's save back, so the second
    starts from the demo's sheet as a dashboard of its own would."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        start = app.session.state.characters["lucien marchetti"]
        # One event: Strength and Brawl, from two tabs, are one set.
        await pilot.press("f3")
        await settle(pilot)
        app.screen.query_one("#f-strength").value = "3"
        await pilot.press("alt+right")  # Abilities: a tab's fields are built when shown
        await settle(pilot)
        app.screen.query_one("#f-brawl").value = "2"
        await pilot.click("#save")
        await settle(pilot)
        event = app.session.events()[-1]
        assert event.type == "trait_set" and event.data["values"] == {
            "strength": 3,
            "brawl": 2,
        }, f"sends one event: {event}"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.session.state.characters["lucien marchetti"] == start, "undone"
        # A refused value keeps the edits; Enter in a field saves too.
        await pilot.press("f3")
        await settle(pilot)
        editor = app.screen
        assert isinstance(editor, EditDialog), "keeps edits: F3 opens the editor"
        assert editor.focused is editor.query_one("#f-strength"), "keeps edits: ready to type"
        editor.query_one("#f-strength").value = "9"  # above generation 9's maximum of 5
        await pilot.press("alt+right")  # Abilities: a tab's fields are built when shown
        await settle(pilot)
        editor.query_one("#f-brawl").value = "2"
        await pilot.click("#save")
        await settle(pilot)
        assert app.screen is editor, "keeps edits: still open"
        assert editor.query_one("#f-brawl").value == "2", "keeps edits: nothing lost"
        assert "above the trait maximum" in status(app), f"keeps edits: {status(app)}"
        editor.query_one("#f-strength").value = "3"
        editor.query_one("#f-strength").focus()
        await pilot.press("enter")  # Enter in a field saves too (the toast may cover Save)
        await settle(pilot)
        assert not isinstance(app.screen, EditDialog), "keeps edits: Enter saved and closed"
        values = app.session.events()[-1].data["values"]
        assert values == {"strength": 3, "brawl": 2}, f"keeps edits: {values}"
        assert app.focused is app.query_one(CommandBar), "keeps edits: back in the command bar"
    app.session.close()


async def an_npc_from_a_template(pilot) -> None:
    app = pilot.app
    await pilot.press("f4")
    await settle(pilot)
    app.screen.query_one("#npc-name").value = 'Sheriff "Iron" Jack'
    app.screen.query_one("#template").value = "elder"
    await pilot.click("#add")
    await settle(pilot)
    jack = app.session.state.characters['sheriff "iron" jack']
    assert jack.generation == 8


HOSTILE = ["[red]x", "[/", "[@click=app.quit]x[/]", "\x1b]0;pwned\x07Eve", "[bold]Bo[/bold]"]


@run_async
async def test_hostile_names_render_literally(tmp_path: Path) -> None:
    root = demo_copy(tmp_path)
    session = Session.open(root)
    for name in HOSTILE[:2]:
        session.execute(f"add {name!r} mortal")
    app = make_app(session, "en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for name in HOSTILE[2:]:
            app.query_one(CommandBar).value = f"add '{name}' mortal"
            await pilot.press("enter")
            await settle(pilot)
        assert app.is_running  # [@click=app.quit] did not quit
        vitals = app.query_one(VitalsPane)
        names = vitals.names()
        assert "[red]x" in names and "[/" in names and "[@click=app.quit]x[/]" in names
        assert "[bold]Bo[/bold]" in names
        eve = next(n for n in names if "Eve" in n)
        assert "\x1b" not in eve and "\x07" not in eve
        # Select the hostile row and show it in the Beast pane.
        app.screen.selected = vitals.keys[names.index("[/")]
        await settle(pilot)
        assert "[/" in str(app.query_one(BeastPane).body.render())
    session.close()


async def filter_the_roll_log(pilot) -> None:
    app = pilot.app
    await app.workers.wait_for_complete()
    await settle(pilot)
    log = app.query_one(RollLog)
    app.screen.selected = "ilse varga"
    await settle(pilot)
    await pilot.press("f6")
    await settle(pilot)
    assert log.filter_name == "Ilse Varga"
    assert "Filter: Ilse Varga" in log.parent._border_title.plain  # kept as plain text
    shown = [e.body for e in log.entries if "Ilse Varga" in e.who]
    assert len(log.lines) >= len(shown) > 0
    await pilot.press("f6")
    assert log.filter_name is None


async def every_action_is_in_the_command_palette(pilot) -> None:
    app = pilot.app
    titles = [c.title for c in app.get_system_commands(app.screen)]
    for needed in ("Roll dice…", "Undo", "Redo", "Next in the fight", "Help"):
        assert needed in titles


async def completion_suggests_verbs_and_names(pilot) -> None:
    app = pilot.app
    bar = app.query_one(CommandBar)
    assert await bar.suggester.get_suggestion("fren") == "frenzy"
    assert await bar.suggester.get_suggestion('roll "Ils') == 'roll "Ilse Varga"'
    assert await bar.suggester.get_suggestion("roll Ilse dex+bra") == "roll Ilse dex+brawl"
    await type_text(pilot, "night")
    await pilot.press("enter")
    await type_text(pilot, "x")
    await pilot.press("ctrl+a")
    bar.value = ""
    await pilot.press("up")
    assert bar.value == "night"


@run_async
async def test_russian_labels(tmp_path: Path) -> None:
    app = demo_app(tmp_path, "ru")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Ночь 2" in app.query_one("#topbar").plain
        assert app.query_one(VitalsPane).border_title == "Состояние"
        assert "Раунд 2" in str(app.query_one(InitiativePane).body.render())
        assert "Иерархия грехов" in str(app.query_one(BeastPane).body.render())
    app.session.close()


async def picking_a_character_with_the_keyboard(pilot) -> None:
    app = pilot.app
    vitals = app.query_one(VitalsPane)
    vitals.focus()
    await pilot.press("down", "down")
    await settle(pilot)
    assert app.dashboard.selected == "brother anselm"
    assert "Path of Night 6" in str(app.query_one(BeastPane).body.render())
    await pilot.press("end")
    await settle(pilot)
    assert app.dashboard.selected == "spike"


@run_async
async def test_a_locked_chronicle_offers_read_only(tmp_path: Path) -> None:
    from elysium.tui.screens.locked import LockedScreen

    root = demo_copy(tmp_path)
    holder = Session.open(root)  # someone else is writing
    app = make_app(None, "en", locked=root)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LockedScreen)
        await pilot.press("y")
        await settle(pilot)
        assert app.session is not None and app.session.readonly
        assert "READ-ONLY" in app.dashboard.query_one("#topbar").plain
        app.dashboard.query_one(CommandBar).value = "award Lucien 1"
        await pilot.press("enter")
        await settle(pilot)
        assert "read-only" in status(app)
    app.session.close()
    holder.close()


@run_async
async def test_declining_read_only_quits(tmp_path: Path) -> None:
    root = demo_copy(tmp_path)
    holder = Session.open(root)
    app = make_app(None, "en", locked=root)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
    assert app.session is None
    holder.close()


@run_async
async def test_read_only_reload_sees_what_the_writer_saved(tmp_path: Path) -> None:
    root = demo_copy(tmp_path)
    writer = Session.open(root)
    app = make_app(Session.open(root, readonly=True), "en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        writer.execute('damage "Det. Dana Price" 2 lethal nosoak')
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert app.session.state.characters["det. dana price"].health.lethal == 2
        assert (
            app.query_one(VitalsPane).row("det. dana price").cells().row[1].plain.startswith("XX")
        )
    app.session.close()
    writer.close()


def test_initiative_pane_follows_the_declarations(tmp_path: Path) -> None:
    from elysium.tui import render

    s = Session.open(demo_copy(tmp_path))
    s.execute("next")  # Ilse is done: Tomas acts
    text, line = render.initiative(s.state, "en")
    rows = text.plain.splitlines()
    assert rows[line].startswith("▶") and "Tomas Reyes" in rows[line]
    assert sum("Razor" in r for r in rows) == 1  # listed once, as unable to act
    s.execute("next")
    s.execute("next")  # the round ends
    s.execute('init dice "Ilse Varga=5","Brother Anselm=5","Tomas Reyes=5",Spike=5')
    text, line = render.initiative(s.state, "en")
    rows = [
        r
        for r in text.plain.splitlines()
        if r[:2] in ("▶ ", "  ") and r[2:3].strip() and "✗" not in r
    ]
    assert "(slowest first)" in text.plain
    values = [int(r.split()[1] if r.startswith("▶") else r.split()[0]) for r in rows]
    assert values == sorted(values)  # the declaration order: slowest first
    s.close()


def test_a_path_does_not_borrow_humanitys_sins(tmp_path: Path) -> None:
    from elysium.tui import render

    s = Session.open(demo_copy(tmp_path), readonly=True)
    text = render.beast(s.state.characters["brother anselm"], "en").plain
    s.close()
    assert "Path of Night keeps its own ethics" in text
    assert "▸" not in text


async def the_command_history_survives_a_restart(root: Path) -> None:
    """``award Lucien 1`` typed last in a dashboard since closed: in the history file, and
    Up brings it back in the next."""
    import os
    import stat

    history = state_dir() / "history"
    assert history.read_text().splitlines()[-1] == "award Lucien 1"
    assert stat.S_IMODE(os.stat(history).st_mode) == 0o600
    again = make_app(Session.open(root), "en")
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("up")
        assert again.query_one(CommandBar).value == "award Lucien 1"
    again.session.close()


async def an_over_long_command_is_refused_and_not_kept(pilot) -> None:
    """A pasted megabyte in the command bar: refused, nothing changed, not written to the
    history file. (How soon it is refused: bench/tui_bench.py.)"""
    app = pilot.app
    before = app.session.state
    bar = app.query_one(CommandBar)
    bar.value = "roll " + "x" * 1_000_000
    await pilot.press("enter")
    await settle(pilot)
    assert app.session.state == before
    assert "at most 4,096 characters" in status(app)
    assert bar.history == []
    assert not (state_dir() / "history").exists()


@run_async
async def test_a_crafted_name_reaches_the_header_only_as_text(tmp_path: Path) -> None:
    from tests.chronicle_helpers import reseal

    root = demo_copy(tmp_path)

    def crafted(doc: dict) -> None:
        state = next(iter(doc["snapshot"].values()))["state"]
        state["name"] = "Chicago\x1b]0;pwned\x07"

    reseal(root, crafted)
    app = make_app(Session.open(root), "en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        top = app.query_one("#topbar").plain
        assert "\x1b" not in top and "\x07" not in top and "Chicago\ufffd]0;pwned\ufffd" in top
    app.session.close()


@run_async
async def test_a_damaged_chronicle_opened_read_only_says_how_to_repair(tmp_path: Path) -> None:
    root = demo_copy(tmp_path)
    journal = root / "journal" / "chapter-0002.jsonl"
    journal.write_bytes(journal.read_bytes()[:-30])  # the last record cut short
    before = journal.read_bytes()
    session = Session.open(root, readonly=True)
    app = make_app(session, "en", report=session.report)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert status(app).startswith("Needs repair: chapter-0002.jsonl ends with")
        assert f"elysium repair {root}" in status(app)
        assert not app._notifications  # on the status line: no toast over the panes
    assert journal.read_bytes() == before  # a reader changes nothing
    app.session.close()


async def the_roll_dialog_check_boxes_show_their_state(pilot) -> None:
    """`[x] Specialty`: the state in a shape, one box (not Textual's `▐X▌` beside it)."""
    from textual.widgets import Checkbox

    app = pilot.app
    await pilot.press("f2")
    await settle(pilot)
    dialog = app.screen
    box = dialog.query_one("#spec", Checkbox)
    assert str(box.render()).startswith("[ ] Specialty")
    box.value = True
    await settle(pilot)
    assert str(box.render()).startswith("[x] Specialty")
    assert "▐" not in str(box.render())


async def the_roll_dialog_counts_willpower_spent_on_wounds(pilot) -> None:
    """After `spend X wp 1 wounds` the preview's pool is the pool the roll will use."""
    app = pilot.app
    app.dashboard.run_command('damage "Lucien Marchetti" 3 lethal nosoak')
    app.dashboard.run_command('spend "Lucien Marchetti" wp 1 wounds')
    await settle(pilot)
    await pilot.press("f2")
    await settle(pilot)
    dialog = app.screen
    assert isinstance(dialog, RollDialog)
    pool = str(dialog.query_one("#pool").render())
    assert "dexterity 3 + brawl 1 = 4 dice" in pool and "wounds" not in pool
    dialog.query_one("#faces").value = "7,8,2,10"
    await pilot.click("#go")
    await settle(pilot)
    event = app.session.events()[-1]
    assert event.type == "roll" and len(event.data["dice"]) == 4
    assert event.data["penalty"] == 0


async def back_to_the_start(pilot, selected: str) -> None:
    """What the next check starts from: the dashboard on top, the first character selected,
    the command bar empty and focused."""
    app = pilot.app
    app.dashboard.selected = selected
    bar = app.dashboard.query_one(CommandBar)
    bar.value = ""
    bar.focus()
    await settle(pilot)
    assert app.screen is app.dashboard, f"still on {app.screen}"


@run_async
async def test_the_dashboard_shows_the_demo_opens_dialogs_runs_and_remembers_commands(
    tmp_path: Path,
) -> None:
    """One dashboard, its checks in turn: an over-long command before any other is typed;
    those that only look, open and cancel (each followed by the selection, the command bar
    and the focus as they were); then those that write, the new night, then a command typed
    last for the history kept across a restart."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = app.dashboard.selected
        await check("over-long command", an_over_long_command_is_refused_and_not_kept(pilot))
        await back_to_the_start(pilot, first)
        await check("the demo fills every pane", the_demo_fills_every_pane(pilot))
        await check("the command palette", every_action_is_in_the_command_palette(pilot))
        await check("dialogs open and cancel", dialogs_open_and_cancel(pilot))
        await check("check boxes", the_roll_dialog_check_boxes_show_their_state(pilot))
        await pilot.press("escape")  # the roll dialog
        await back_to_the_start(pilot, first)
        await check("picking a character", picking_a_character_with_the_keyboard(pilot))
        await back_to_the_start(pilot, first)
        await check("filter", filter_the_roll_log(pilot))
        await back_to_the_start(pilot, first)
        await check("refused command", a_refused_command_changes_nothing_and_says_why(pilot))
        await back_to_the_start(pilot, first)
        await check("damage command", typing_a_damage_command_updates_vitals_and_the_log(pilot))
        await check("undo and redo", undo_and_redo_keys(pilot))
        await check("roll through the dialog", roll_through_the_dialog(pilot))
        await check("npc from a template", an_npc_from_a_template(pilot))
        await check("willpower on wounds", the_roll_dialog_counts_willpower_spent_on_wounds(pilot))
        await check("completion", completion_suggests_verbs_and_names(pilot))
        await back_to_the_start(pilot, first)
        await type_text(pilot, "award Lucien 1")
        await pilot.press("enter")
        await settle(pilot)
    root = app.session.store.root
    app.session.close()
    await check("history after a restart", the_command_history_survives_a_restart(root))
