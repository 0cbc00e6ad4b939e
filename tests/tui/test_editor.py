"""The dashboard's character editor: F3 is the whole sheet (a change in each group is one event,
undone by Ctrl+Z), a Discipline added and removed from the editor, and Ctrl+O shows the sheet.
The checks run in one dashboard per language, each from the demo's sheet again. Snapshots of
the editor and the sheet at 80x24 and large, in English and Russian."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Input, TabbedContent, Tabs, TextArea

from elysium.tui.dialogs.editor import EditDialog
from elysium.tui.dialogs.sheet import SheetScreen
from tests.tui_helpers import demo_app, run_async, settle, status

SIZE = (80, 24)
LUCIEN = "lucien marchetti"


async def _edit(pilot, tab: str, changes: dict[str, str]) -> EditDialog:
    """Open F3 on the selected character, show ``tab``, fill ``changes`` by field id."""
    await pilot.press("f3")
    await settle(pilot)
    editor = pilot.app.screen
    assert isinstance(editor, EditDialog)
    await _fill(pilot, editor, tab, changes)
    return editor


async def _fill(pilot, editor: EditDialog, tab: str, changes: dict[str, str]) -> None:
    """Show ``tab`` (its fields are built when first shown) and fill ``changes``."""
    editor.query_one(TabbedContent).active = f"tab-{tab}"
    await settle(pilot)
    for field_id, value in changes.items():
        box = editor.query_one(f"#{field_id}")
        if isinstance(box, TextArea):
            box.text = value
        else:
            box.value = value


# --- the checks: each starts on the dashboard with the demo's sheet, F3 closed ------------
#
# The checks of one language run in one dashboard, one after another. Each check leaves by
# Escape and takes back with Ctrl+Z what it saved (`_back_to_the_start`), so the next one
# starts as a dashboard of its own would; a failure names its check (`_run`).


async def _back_to_the_start(pilot, check: str, start, saved: int = 0) -> None:
    """Close what the check left open and undo the ``saved`` events it made: the sheet is
    the demo's again, as ``start`` (Lucien's character when the check began) was."""
    app = pilot.app
    for _ in range(5):  # hang guard
        if not isinstance(app.screen, (EditDialog, SheetScreen)):
            break
        await pilot.press("escape")
        await settle(pilot)
    assert not isinstance(app.screen, (EditDialog, SheetScreen)), f"{check}: left open"
    for _ in range(saved):
        await pilot.press("ctrl+z")
        await settle(pilot)
    assert app.session.state.characters[LUCIEN] == start, f"{check}: the sheet is not back"


async def _run(app, checks) -> None:
    """One dashboard at 80x24 running ``checks`` in turn, each from the same start."""
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for n, check in enumerate(checks, 1):
            start = app.session.state.characters[LUCIEN]
            try:
                saved = await check(pilot)
            except AssertionError as failed:
                raise AssertionError(f"{check.__name__}: {failed}") from failed
            if n < len(checks):  # the last one's changes end with its dashboard
                await _back_to_the_start(pilot, check.__name__, start, saved or 0)
    app.session.close()


# (tab, {field: value}, what the character shows afterwards)
CHANGES = [
    ("attributes", {"f-wits": "4"}, lambda c: c.attributes["wits"] == 4),
    ("abilities", {"f-occult": "3"}, lambda c: c.abilities["occult"] == 3),
    ("advantages", {"f-courage": "4"}, lambda c: c.virtues["courage"] == 4),
    ("condition", {"f-willpower-points": "2"}, lambda c: c.willpower_points == 2),
    ("condition", {"f-morality": "5"}, lambda c: c.morality_rating == 5),
    ("identity", {"t-clan": "Toreador [b]"}, lambda c: c.clan == "Toreador [b]"),
    ("identity", {"t-nature": "Architect"}, lambda c: c.nature == "Architect"),
    ("identity", {"t-demeanour": "Gallant"}, lambda c: c.demeanour == "Gallant"),
    ("condition", {"t-armour-rating": "2"}, lambda c: c.armour and c.armour.rating == 2),
    ("notes", {"t-notes": "owes [Ilse] a favour"}, lambda c: c.notes == "owes [Ilse] a favour"),
]


async def a_change_in_each_group_is_one_event_and_undo_takes_it_back(pilot) -> None:
    """Each change is undone before the next is made, so each starts from the demo's sheet
    as a dashboard of its own would."""
    app = pilot.app
    for tab, changes, shows in CHANGES:
        before = app.session.state
        await _edit(pilot, tab, changes)
        await pilot.click("#save")
        await settle(pilot)
        assert not isinstance(app.screen, EditDialog), (changes, status(app))
        assert app.session.state.events == before.events + 1, changes
        assert shows(app.session.state.characters[LUCIEN]), changes
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.session.events()[-1].type == "undo", changes
        assert app.session.state.characters[LUCIEN] == before.characters[LUCIEN], changes


async def ratings_of_several_groups_are_one_set_and_texts_one_event_each(pilot) -> int:
    app = pilot.app
    before = app.session.state.events
    editor = await _edit(pilot, "attributes", {"f-strength": "3"})
    await _fill(pilot, editor, "abilities", {"f-brawl": "2"})
    await _fill(pilot, editor, "identity", {"t-clan": "Tremere"})
    await pilot.click("#save")
    await settle(pilot)
    events = app.session.events()[-2:]
    assert app.session.state.events == before + 2, "two events: the ratings and the clan"
    assert events[0].data["values"] == {"strength": 3, "brawl": 2}, "the ratings, one set"
    assert events[1].data["trait"] == "clan", "the clan, an event of its own"
    return 2


async def a_discipline_is_added_and_removed_from_the_editor(pilot) -> int:
    app = pilot.app
    before = app.session.state.events
    editor = await _edit(pilot, "advantages", {})
    editor.query_one("#new-discipline", Input).focus()
    await pilot.press(*"obeah")
    await pilot.press("enter")  # Enter in the name adds the row (it does not save)
    await settle(pilot)
    assert app.screen is editor, "Enter in the name box does not save"
    added = app.screen.focused
    assert isinstance(added, Input) and added.value == "1", f"the added row: {added}"
    added.value = "2"
    await pilot.click("#save")
    await settle(pilot)
    assert app.session.state.characters[LUCIEN].disciplines["obeah"] == 2, "Obeah 2 saved"
    assert app.session.state.events == before + 1, "one event for the added Discipline"
    # Opened again, Obeah is on the sheet; 0 removes it (one more event).
    editor = await _edit(pilot, "advantages", {})
    rows = [r for r in editor.ratings.values() if r.name == "discipline:obeah"]
    assert rows and rows[0].value == 2, "opened again, Obeah 2 is on the sheet"
    editor.query_one(f"#{rows[0].field_id}", Input).value = "0"
    await pilot.click("#save")
    await settle(pilot)
    assert "obeah" not in app.session.state.characters[LUCIEN].disciplines, "0 removes it"
    assert app.session.state.events == before + 2, "one event for the removal"
    # A name already on the sheet is not added twice.
    owned = next(iter(app.session.state.characters[LUCIEN].disciplines))
    editor = await _edit(pilot, "advantages", {"new-discipline": owned.upper()})
    count = len(editor.ratings)
    await editor.add_trait("discipline")
    await settle(pilot)
    assert len(editor.ratings) == count, "a name already on the sheet is not added twice"
    return 2


async def a_refused_change_keeps_the_form_and_does_not_resend_what_was_saved(pilot) -> int:
    app = pilot.app
    before = app.session.state.events
    # The name is taken: the ratings are saved, the rename is refused, the form stays.
    editor = await _edit(pilot, "identity", {"f-generation": "10", "t-name": "ilse varga"})
    await pilot.click("#save")
    await settle(pilot)
    assert app.screen is editor, "the form stays when the name is taken"
    assert "already a character named 'Ilse Varga'" in status(app), status(app)
    assert app.session.state.events == before + 1, "the generation is saved"
    editor.query_one("#t-name", Input).value = "Lucien the Elder"
    await pilot.click("#save")
    await settle(pilot)
    assert not isinstance(app.screen, EditDialog), "a free name saves and closes"
    assert app.session.state.events == before + 2, "the generation was not sent again"
    assert app.session.events()[-1].type == "renamed", "the last event is the rename"
    assert "lucien the elder" in app.session.state.characters, "renamed"
    return 2


async def f3_builds_the_tab_it_shows_and_the_tabs_are_reached_by_keyboard(pilot) -> None:
    """Two checks on the same keys (F3, then Alt+Right, then on by keyboard). What made F3
    slow: every tab's fields (some 240 widgets) built before the first frame; now the shown
    tab's only, about as many as F2 builds, and each other tab's when it is shown."""
    await pilot.press("f3")
    await settle(pilot)
    editor = pilot.app.screen
    assert isinstance(editor, EditDialog), "F3 opens the editor"
    assert len(list(editor.walk_children())) < 80, "F3 builds only the shown tab"
    assert not editor.query("#f-occult") and editor.query("#f-strength"), "Attributes only"
    assert editor.focused is editor.query_one("#f-strength"), "keyboard: F3 opens in Strength"
    tabs = editor.query_one(TabbedContent)
    await pilot.press("alt+right")
    await settle(pilot)
    assert editor.query("#f-occult"), "F3 builds Abilities when it is shown"
    assert tabs.active == "tab-abilities" and editor.focused.id == "f-alertness", (
        "keyboard: alt+right"
    )
    await pilot.press("shift+tab", "right")
    await settle(pilot)
    assert tabs.active == "tab-advantages", "keyboard: shift+tab to the tabs, right"
    await pilot.press("alt+left", "alt+left", "alt+left")
    await settle(pilot)
    assert tabs.active == "tab-identity" and editor.focused.id == "t-name", "keyboard: alt+left x3"


async def f3_restyles_nothing_unmounted_and_the_dialog_once(pilot) -> None:
    """What still made F3 slower than F2 once it built only one tab: each field was
    restyled while it was being built (each class Textual set on it), before it was even
    mounted, and the whole dialog again when the Resize after its first frame set its width
    class (``-narrow``), and the tab bar at each focus change as the cursor passed through it
    on its way to Strength. Now nothing is restyled before it is mounted, the dialog whole
    once, when shown, with the class of the screen underneath already set, and the cursor is
    put in Strength at once."""
    app = pilot.app
    restyled: list[tuple[object, bool, bool]] = []
    original = app.update_styles

    def update_styles(node, animate: bool = True) -> None:
        restyled.append((node, node.is_attached, node.has_class("-narrow")))
        original(node, animate)

    app.update_styles = update_styles
    try:
        await pilot.press("f3")
        await settle(pilot)
    finally:
        del app.update_styles
    editor = app.screen
    assert isinstance(editor, EditDialog), "F3 opens the editor"
    unmounted = [node for node, attached, _ in restyled if not attached]
    assert not unmounted, f"restyled before they were mounted: {unmounted}"
    whole = [narrow for node, _, narrow in restyled if node is editor]
    assert whole == [True], f"the dialog restyled whole once, narrow at 80x24: {whole}"
    bar = [node for node, *_ in restyled if isinstance(node, Tabs)]
    assert not bar, f"the cursor passed through the tab bar: {bar}"
    assert editor.focused is editor.query_one("#f-strength"), "and it opens in Strength"


async def ctrl_o_shows_the_selected_characters_sheet_read_only(pilot) -> None:
    """In Russian."""
    app = pilot.app
    before = app.session.state.events
    await pilot.press("ctrl+o")
    await settle(pilot)
    assert isinstance(app.screen, SheetScreen), "ctrl+o shows the sheet"
    text = str(app.screen.query_one("#sheet-view Static").render())
    assert "Lucien Marchetti" in text and "Атрибуты" in text and "Знания" in text, text
    await pilot.press("pagedown", "escape")
    await settle(pilot)
    assert not isinstance(app.screen, SheetScreen), "Escape closes the sheet"
    assert app.session.state.events == before, "the sheet is read-only"


# --- a refused save, the add-by-name boxes, what F3 builds ------------------------------


async def _refused_focus(pilot, editor: EditDialog) -> Input:
    """Save, and wait for the cursor to land on the field the refusal is about."""
    await pilot.click("#save")
    for _ in range(5):
        await settle(pilot)
    assert pilot.app.screen is editor, "the form stays open"
    focused = editor.focused
    assert isinstance(focused, Input), focused
    return focused


async def a_refused_rating_gets_the_cursor_and_a_mark_on_its_tab(pilot) -> int:
    """In both languages."""
    app = pilot.app
    before = app.session.state.events
    # Strength 9 is over the generation's maximum; Wits 4 is fine; the cursor is on
    # another tab when Save is pressed.
    editor = await _edit(pilot, "attributes", {"f-strength": "9", "f-wits": "4"})
    await _fill(pilot, editor, "abilities", {})
    editor.query_one("#f-brawl", Input).focus()
    field = await _refused_focus(pilot, editor)
    assert field.id == "f-strength" and field.has_class("-refused"), f"the cursor: {field}"
    assert not editor.query_one("#f-wits").has_class("-refused"), "Wits 4 is not marked"
    assert editor.query_one(TabbedContent).active == "tab-attributes", "Strength's tab shown"
    assert app.session.state.events == before, "nothing was sent"
    await pilot.press("backspace", "3")  # typed in again: no longer marked
    assert not field.has_class("-refused"), "typed in again: no longer marked"
    await pilot.click("#save")
    await settle(pilot)
    assert not isinstance(app.screen, EditDialog), "Strength 3 saves and closes"
    assert app.session.state.characters[LUCIEN].attributes["strength"] == 3, "Strength 3"
    return 1


async def a_rating_that_is_not_a_number_and_a_taken_name_get_the_cursor(pilot) -> int:
    app = pilot.app
    before = app.session.state.events
    editor = await _edit(pilot, "abilities", {"f-occult": "x"})
    await _fill(pilot, editor, "identity", {"t-name": "Ilse Varga"})
    field = await _refused_focus(pilot, editor)
    assert field.id == "f-occult" and field.has_class("-refused"), f"the cursor: {field}"
    assert app.session.state.events == before, "nothing was sent"
    field.value = "2"
    field = await _refused_focus(pilot, editor)  # the rating is saved, the name refused
    assert field.id == "t-name" and field.has_class("-refused"), f"the cursor: {field}"
    assert not editor.query_one("#f-occult").has_class("-refused"), "Occult 2 not marked"
    assert app.session.state.events == before + 1, "the rating is saved"
    return 1


async def the_add_by_name_boxes_are_whole_and_reached_by_tab_at_80x24(pilot) -> None:
    """In both languages."""
    await pilot.press("f3", "alt+right", "alt+right")
    await settle(pilot)
    editor = pilot.app.screen
    assert isinstance(editor, EditDialog), "F3 opens the editor"
    screen = editor.region
    for group, name in (("discipline", "obeah"), ("background", "herd")):
        box = editor.query_one(f"#new-{group}", Input)
        button = editor.query_one(f"#add-{group}")
        for widget in (box, button):  # on screen, inside the dialog, not cut
            assert screen.contains_region(widget.region), (widget, widget.region)
        placeholder = Text(box.placeholder).cell_len
        assert box.content_region.width >= max(12, placeholder), box.content_region
        for _ in range(30):  # hang guard: Tab moves on until the box has the cursor
            if editor.focused is box:
                break
            await pilot.press("tab")
        assert editor.focused is box, f"Tab reaches #new-{group}"
        await pilot.press(*name, "enter")
        await settle(pilot)
        added = [r for r in editor.ratings.values() if r.name == f"{group}:{name}"]
        assert added and editor.focused is editor.query_one(f"#{added[0].field_id}"), (
            f"{group}:{name} is added and has the cursor"
        )


@run_async
async def test_the_editor_in_english_saves_refuses_adds_and_is_reached_by_keyboard(
    tmp_path: Path,
) -> None:
    await _run(
        demo_app(tmp_path),
        [
            f3_builds_the_tab_it_shows_and_the_tabs_are_reached_by_keyboard,
            f3_restyles_nothing_unmounted_and_the_dialog_once,
            the_add_by_name_boxes_are_whole_and_reached_by_tab_at_80x24,
            a_change_in_each_group_is_one_event_and_undo_takes_it_back,
            ratings_of_several_groups_are_one_set_and_texts_one_event_each,
            a_discipline_is_added_and_removed_from_the_editor,
            a_refused_rating_gets_the_cursor_and_a_mark_on_its_tab,
            a_rating_that_is_not_a_number_and_a_taken_name_get_the_cursor,
            a_refused_change_keeps_the_form_and_does_not_resend_what_was_saved,
        ],
    )


@run_async
async def test_the_editor_and_the_sheet_in_russian(tmp_path: Path) -> None:
    await _run(
        demo_app(tmp_path, "ru"),
        [
            ctrl_o_shows_the_selected_characters_sheet_read_only,
            the_add_by_name_boxes_are_whole_and_reached_by_tab_at_80x24,
            a_refused_rating_gets_the_cursor_and_a_mark_on_its_tab,
        ],
    )


SHOTS = {
    "editor_attributes": ["f3"],
    "editor_advantages": ["f3", "alt+right", "alt+right"],
    "editor_identity": ["f3", "alt+left"],
    "sheet": ["ctrl+o"],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("shot", list(SHOTS))
def test_snapshot_sheet(snap_compare, tmp_path: Path, shot: str, size, lang: str) -> None:
    app = demo_app(tmp_path, lang)
    try:
        assert snap_compare(app, press=SHOTS[shot], terminal_size=size)
    finally:
        if app.session is not None:
            app.session.close()
