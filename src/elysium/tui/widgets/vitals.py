"""The Vitals pane: one widget per character row, so a command that changes one character
repaints one line of the terminal.

The pane is bound to the screen's state and selection. It works out, for each row, the
character, whether it is the chosen one, and the column widths; a row repaints only when one
of those changed. A row lays itself out for the width it has: when the full row does not fit,
the level name folds away and the blood boxes shrink (the marks and the penalty stay).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import reactive, var
from textual.widget import Widget
from textual.widgets import Static

from elysium.chronicle.state import State
from elysium.i18n import t
from elysium.rules.character import Character
from elysium.tui import keys, render
from elysium.tui.messages import CharacterChosen

NAME_WIDTH = (22, 16)  # the most a name takes: full row, compact row
BLOOD_BOXES = (10, 6)
LABELS = (
    "ui.col.name",
    "ui.col.health",
    "ui.col.level",
    "ui.col.blood",
    "ui.col.wp",
    "ui.col.status",
)
LEVEL = 2  # the column that folds away in a compact row


def cells(c: Character, lang: str, compact: bool) -> list[Text]:
    """A character's cells, every column (the level is dropped when laid out compact)."""
    name = Text(c.name)  # user text: never markup
    name.truncate(NAME_WIDTH[compact], overflow="ellipsis")
    return [
        name,
        render.health_marks(c, lang, with_penalty=True),
        render.health_level(c, lang),
        render.blood_boxes(c, lang, boxes=BLOOD_BOXES[compact]),
        render.willpower(c),
        render.status_words(c, lang),
    ]


@dataclass(frozen=True)
class Columns:
    """Column widths for the full and the compact layout, and the width a full row needs."""

    full: tuple[int, ...] = (0,) * len(LABELS)
    compact: tuple[int, ...] = (0,) * len(LABELS)

    @property
    def full_width(self) -> int:
        return 2 + sum(self.full) + 2 * (len(self.full) - 1)

    def widths(self, compact: bool) -> tuple[int, ...]:
        return self.compact if compact else self.full


def layout(row: list[Text], widths: tuple[int, ...], compact: bool) -> Text:
    """Cells padded to their column widths, two spaces apart (the level left out when
    compact). A hand-made table: far cheaper than a general table widget."""
    line = Text(no_wrap=True, overflow="ellipsis")
    shown = [i for i in range(len(row)) if not (compact and i == LEVEL)]
    for n, i in enumerate(shown):
        if n:
            line.append("  ")
        line.append_text(row[i])
        if n < len(shown) - 1:
            line.append(" " * (widths[i] - row[i].cell_len))
    return line


class VitalsRow(Widget):
    """One character's line. It draws from its character, its place as the chosen row and
    the column widths; any of them changing repaints this line and no other."""

    character: reactive[Character | None] = reactive(None, layout=False)
    chosen: reactive[bool] = reactive(False, layout=False)
    focused: reactive[bool] = reactive(False, layout=False)
    columns: reactive[Columns] = reactive(Columns, layout=False)

    def __init__(self, key: str, lang: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.key = key
        self.lang = lang
        self._cells: dict[bool, tuple[Character, list[Text]]] = {}

    def cells(self, compact: bool) -> list[Text]:
        c = self.character
        assert c is not None
        cached = self._cells.get(compact)
        if cached is None or cached[0] is not c:
            cached = self._cells[compact] = (c, cells(c, self.lang, compact))
        return cached[1]

    def render(self) -> Text:
        if self.character is None:
            return Text()
        compact = self.size.width < self.columns.full_width
        line = Text("› " if self.chosen else "  ", no_wrap=True, overflow="ellipsis")
        line.append_text(layout(self.cells(compact), self.columns.widths(compact), compact))
        if self.chosen:
            line.stylize("reverse" if self.focused else "bold")
        return render.without_colour(line) if self.app.no_color else line

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(CharacterChosen(self.key))


class VitalsHeader(Widget):
    """The column names, laid out like the rows."""

    columns: reactive[Columns] = reactive(Columns, layout=False)

    def __init__(self, lang: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.labels = [Text(t(label, lang), style="bold") for label in LABELS]

    def render(self) -> Text:
        compact = self.size.width < self.columns.full_width
        line = Text("  ", no_wrap=True, overflow="ellipsis")
        line.append_text(layout(self.labels, self.columns.widths(compact), compact))
        return line


class VitalsPane(VerticalScroll, can_focus=True):
    """Health, blood, Willpower and status for every character; up / down (or a click)
    picks one. The pick is a message: the screen owns the selection and hands it back."""

    BINDINGS = [
        Binding("up", "move(-1)", "Previous", show=False, id="vitals_up"),
        Binding("down", "move(1)", "Next", show=False, id="vitals_down"),
        Binding("home", "move(-1000)", "First", show=False, id="vitals_first"),
        Binding("end", "move(1000)", "Last", show=False, id="vitals_last"),
    ]

    state: var[State | None] = var(None, always_update=True)
    selected: var[str | None] = var(None)

    def __init__(self, lang: str, state: State, selected: str | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.border_title = t("ui.pane.vitals", lang)
        self.header = VitalsHeader(lang, classes="vitals-header")
        self._rows: dict[str, VitalsRow] = {}
        self._cells: dict[str, tuple[Character, list[Text], list[Text]]] = {}
        self._label_widths = [Text(t(label, lang)).cell_len for label in LABELS]
        # The first frame is drawn from the state given here; binding only keeps it current.
        self.set_reactive(VitalsPane.state, state)
        self.set_reactive(VitalsPane.selected, selected)
        # An empty chronicle: how to add a character, where the rows would be (its key as
        # the user's keymap spells it, once mounted).
        self.empty = Static("", id="vitals-empty", markup=False)
        self._make_rows(state)

    def compose(self):
        yield self.header
        yield self.empty
        yield from self._rows.values()

    def on_mount(self) -> None:
        self.empty.update(t("ui.no_characters", self.lang, key=keys.shown(self.app, "npc")))

    # --- state down ------------------------------------------------------------------------

    def _make_rows(self, state: State) -> None:
        self._rows = {key: VitalsRow(key, self.lang) for key in state.characters}
        self.set_class(not self._rows, "-empty")
        columns = self._columns(state)
        self.header.columns = columns
        for key, row in self._rows.items():
            row.character = state.characters[key]
            row.columns = columns
            row.chosen = key == self.selected
            row.focused = self.has_focus

    def _fill(self, state: State) -> None:
        """Hand each row whose character changed its new character, and every row the
        widths when they changed; nothing else is touched (an unchanged character is the
        same object)."""
        columns = self._columns(state)
        if columns != self.header.columns:
            self.header.columns = columns
            for row in self._rows.values():
                row.columns = columns
        for key, row in self._rows.items():
            c = state.characters[key]
            if row.character is not c:
                row.character = c

    def _columns(self, state: State) -> Columns:
        """Every column as wide as its widest cell (cells worked out again only for the
        characters that changed)."""
        full = list(self._label_widths)
        compact = list(full)
        cache = {}
        for key, c in state.characters.items():
            known = self._cells.get(key)
            if known is None or known[0] is not c:
                known = (c, cells(c, self.lang, False), cells(c, self.lang, True))
            cache[key] = known
            for widths, row in ((full, known[1]), (compact, known[2])):
                for i, cell in enumerate(row):
                    widths[i] = max(widths[i], cell.cell_len)
        self._cells = cache
        return Columns(tuple(full), tuple(compact))

    def watch_state(self, state: State | None) -> None:
        if state is None or not self.is_mounted:
            return
        if list(state.characters) != list(self._rows):
            self._rebuild(state)
        else:
            self._fill(state)

    def _rebuild(self, state: State) -> None:
        """Characters came or went: new rows (a layout pass, as the pane's height changes)."""
        old = list(self._rows.values())
        self._make_rows(state)
        with self.app.batch_update():
            for row in old:
                row.remove()
            self.mount_all(self._rows.values())

    def watch_selected(self, old: str | None, new: str | None) -> None:
        for key in (old, new):
            row = self._rows.get(key or "")
            if row is not None:
                row.chosen = key == new
        row = self._rows.get(new or "")
        if row is not None and self.is_mounted:
            self.call_after_refresh(row.scroll_visible, animate=False)

    def on_focus(self) -> None:
        for row in self._rows.values():
            row.focused = True

    def on_blur(self) -> None:
        for row in self._rows.values():
            row.focused = False

    # --- messages up -----------------------------------------------------------------------

    @property
    def keys(self) -> list[str]:
        return list(self._rows)

    @property
    def row_count(self) -> int:
        return len(self._rows)

    def row(self, key: str) -> VitalsRow:
        return self._rows[key]

    def names(self) -> list[str]:
        return [row.character.name for row in self._rows.values() if row.character]

    def action_move(self, step: int) -> None:
        keys = self.keys
        if not keys:
            return
        at = keys.index(self.selected) if self.selected in keys else 0
        index = max(0, min(at + step, len(keys) - 1))
        if keys[index] != self.selected:
            self.post_message(CharacterChosen(keys[index]))
