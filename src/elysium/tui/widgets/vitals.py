"""The Vitals pane: one widget per character row, so a command that changes one character
repaints one line of the terminal (and of it, only the cells that changed).

The pane is bound to the screen's state and selection. It works out, for each row, the
character, whether it is the chosen one, and the column widths; a row repaints only when one
of those changed. A row lays itself out for the width it has (``Columns.fit``): the marks,
the blood numbers and Willpower always; names as long as they are before anything else;
then the status words; then one blood box per point for the pools that fit (never a scaled
bar); then the level's name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.reactive import reactive, var
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from elysium.chronicle.state import State
from elysium.i18n import t
from elysium.rules.character import Character
from elysium.tui import keys, render
from elysium.tui.messages import CharacterChosen
from elysium.tui.widgets.line import changed_span, cut_at, segments

SEP = 2  # spaces between two columns
NAME_LEAST = 8  # a name is cut no shorter than this, however narrow the pane
LABELS = (
    "ui.col.name",
    "ui.col.health",
    "ui.col.level",
    "ui.col.blood",
    "ui.col.wp",
    "ui.col.status",
)
NAME, HEALTH, LEVEL, BLOOD, WP, STATUS = range(len(LABELS))


@dataclass(frozen=True)
class Cells:
    """A character's cells before they are laid out; the blood cell is only its numbers
    (the boxes are drawn for the width there is)."""

    character: Character
    row: tuple[Text, ...]
    dazed: bool = False
    widths: tuple[int, ...] = field(init=False)  # each cell's width, worked out once

    def __post_init__(self) -> None:
        object.__setattr__(self, "widths", tuple(cell.cell_len for cell in self.row))

    @property
    def pool(self) -> int:
        return max(0, self.character.blood_max)


def dazed_in_fight(state: State) -> frozenset[str]:
    """Who the fight has dazed (losing their next action): nobody outside a fight."""
    return frozenset((state.combat or {}).get("dazed") or ())


def cells(c: Character, lang: str, dazed: bool = False) -> Cells:
    return Cells(
        c,
        (
            name_cell(c, lang),
            render.health_marks(c, lang, with_penalty=True),
            render.health_level(c, lang),
            render.blood_numbers(c, lang),
            render.willpower(c),
            render.status_words(c, lang, dazed),
        ),
        dazed,
    )


def name_cell(c: Character, lang: str) -> Text:
    """The name (user text: never markup), marked when the NPC is kept off the players'
    view, so the Storyteller knows the table does not see it."""
    name = Text(c.name)
    if c.hidden and not c.player:
        name.append(" " + t("vitals.offstage", lang), style="dim")
    return name


@dataclass(frozen=True)
class Columns:
    """Each column's widest cell (its label included) and the blood pools there are: what
    a row needs to lay itself out for any width."""

    widths: tuple[int, ...] = (0,) * len(LABELS)
    numbers: int = 0  # the widest blood numbers (the label aside)
    pools: tuple[int, ...] = ()

    def fit(self, width: int) -> Layout:
        return _fit(self, width)


@dataclass(frozen=True)
class Layout:
    """The widths a row is drawn with: ``level`` 0 when the level column folds away,
    ``boxes`` the largest pool drawn as boxes (0: every pool as numbers)."""

    widths: tuple[int, ...]
    boxes: int

    @property
    def shown(self) -> tuple[int, ...]:
        return tuple(i for i, w in enumerate(self.widths) if w or i != LEVEL)


@lru_cache(maxsize=64)
def _fit(columns: Columns, width: int) -> Layout:
    """Share ``width`` out: the health marks, the blood numbers and Willpower always; then
    names as long as they are, then the status words, then one box per blood point for the
    pools that fit, then the level's name. Spare width is left after the last column."""
    natural = columns.widths
    widths = [0] * len(LABELS)
    for i in (HEALTH, BLOOD, WP):
        widths[i] = natural[i]
    left = width - sum(widths) - SEP * (len(LABELS) - 2)
    widths[NAME] = max(min(natural[NAME], left), min(natural[NAME], NAME_LEAST))
    left -= widths[NAME]
    widths[STATUS] = max(0, min(natural[STATUS], left))
    left -= widths[STATUS]

    def blood(boxes: int) -> int:
        return max(natural[BLOOD], boxes + 1 + columns.numbers)

    boxes = max((p for p in columns.pools if blood(p) - natural[BLOOD] <= left), default=0)
    if boxes:
        widths[BLOOD] = blood(boxes)
        left -= widths[BLOOD] - natural[BLOOD]
    if natural[LEVEL] + SEP <= left:
        widths[LEVEL] = natural[LEVEL]
    return Layout(tuple(widths), boxes)


def layout(row: list[Text], at: Layout) -> Text:
    """Cells padded to their column widths, two spaces apart, the names cut to theirs. A
    hand-made table: far cheaper than a general table widget."""
    line = Text(no_wrap=True, overflow="ellipsis")
    shown = at.shown
    for n, i in enumerate(shown):
        if n:
            line.append(" " * SEP)
        cell = row[i]
        if cell.cell_len > at.widths[i]:
            cell = cell.copy()
            cell.truncate(at.widths[i], overflow="ellipsis")
        line.append_text(cell)
        if n < len(shown) - 1:
            line.append(" " * (at.widths[i] - cell.cell_len))
    return line


def blood_cell(cells: Cells, at: Layout) -> Text:
    """One box per blood point when the pool is no larger than the layout's ``boxes`` (the
    boxes padded so the numbers line up), else the numbers alone."""
    numbers = cells.row[BLOOD]
    if not 0 < cells.pool <= at.boxes:
        return numbers
    out = render.blood_boxes(cells.character)
    out.append(" " * (at.boxes - cells.pool + 1))
    out.append_text(numbers)
    return out


class VitalsRow(Widget):
    """One character's line. It draws from its character, its place as the chosen row and
    the column widths; when any of them changes the line is drawn again and only the cells
    that differ are repainted (a wound rewrites its marks and level, not the name; an award,
    which the row does not show, repaints nothing)."""

    character: reactive[Character | None] = reactive(None, layout=False, repaint=False)
    chosen: reactive[bool] = reactive(False, layout=False, repaint=False)
    focused: reactive[bool] = reactive(False, layout=False, repaint=False)
    columns: reactive[Columns] = reactive(Columns, layout=False, repaint=False)
    dazed: reactive[bool] = reactive(False, layout=False, repaint=False)

    def __init__(self, key: str, lang: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.key = key
        self.lang = lang
        self._cells: Cells | None = None
        self._strip: Strip | None = None  # the line as last drawn
        self._width = -1
        self._drawn_from: tuple[object, ...] = ()  # what it was drawn from (see _inputs)
        self._styles: tuple[Style, Style] | None = None  # the row's style and background

    def know(self, known: Cells | None) -> None:
        """The cells the pane worked out for this row's next character (they are not
        worked out twice)."""
        if known is not None:
            self._cells = known

    def cells(self) -> Cells:
        c = self.character
        assert c is not None
        if self._cells is None or self._cells.character is not c or self._cells.dazed != self.dazed:
            self._cells = cells(c, self.lang, self.dazed)
        return self._cells

    def render(self) -> Text:
        """What the row shows, as text (:meth:`render_line` paints it)."""
        if self.character is None:
            return Text()
        at = self.columns.fit(self.size.width - 2)
        known = self.cells()
        row = list(known.row)
        row[BLOOD] = blood_cell(known, at)
        line = Text("› " if self.chosen else "  ", no_wrap=True, overflow="ellipsis")
        line.append_text(layout(row, at))
        if self.chosen:
            line.stylize("reverse" if self.focused else "bold")
        return render.without_colour(line) if self.app.no_color else line

    def notify_style_update(self) -> None:
        self._styles = None  # restyled (a theme, the pane's focus, the narrow screen)
        super().notify_style_update()

    def _draw(self, width: int) -> Strip:
        """The line as Textual would draw :meth:`render`: the text in the row's style, the
        rest of the width in its background alone. The row's style is worked out once until
        it is restyled: it costs a fifth of drawing the row."""
        if self._styles is None:
            style = self.rich_style
            self._styles = (style, Style(bgcolor=style.bgcolor))
        style, background = self._styles
        strip = Strip(segments(self.render(), self.app.console)).apply_style(style)
        return strip.adjust_cell_length(width, background)

    def _inputs(self) -> tuple[object, ...]:
        """What the line is drawn from (cells compared by their text, not their character)."""
        row = self.cells().row if self.character is not None else ()
        return (row, self.chosen, self.focused, self.columns, self.dazed, self._width)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if self._strip is None or self._width != width:
            self._strip, self._width = self._draw(width), width
            self._drawn_from = self._inputs()
        return self._strip

    def _changed(self) -> None:
        """Something the row draws from changed: draw it, repaint the cells that differ. A
        change the row does not show (experience, a Merit) draws nothing: its cells, its
        place and the widths are as they were."""
        if self._strip is None or not self.is_mounted:
            return  # never painted: it is drawn when Textual asks for it
        drawn_from = self._drawn_from
        self._drawn_from = self._inputs()
        if self._drawn_from == drawn_from:
            return
        new = self._draw(self._width)
        span = changed_span(self._strip, new)
        if span is None:
            return
        self._strip = cut_at(new, span)
        x1, x2 = span
        self.refresh(Region(x1, 0, x2 - x1, 1))

    def watch_character(self) -> None:
        self._changed()

    def watch_chosen(self) -> None:
        self._changed()

    def watch_focused(self) -> None:
        self._changed()

    def watch_columns(self) -> None:
        self._changed()

    def watch_dazed(self) -> None:
        self._changed()

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
        line = Text("  ", no_wrap=True, overflow="ellipsis")
        line.append_text(layout(self.labels, self.columns.fit(self.size.width - 2)))
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
        self._cells: dict[str, Cells] = {}
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
        dazed = dazed_in_fight(state)
        for key, row in self._rows.items():
            row.dazed = key in dazed
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
        dazed = dazed_in_fight(state)
        for key, row in self._rows.items():
            c = state.characters[key]
            row.know(self._cells.get(key))
            if row.dazed != (key in dazed):
                row.dazed = key in dazed
            if row.character is not c:
                row.character = c

    def _columns(self, state: State) -> Columns:
        """Every column as wide as its widest cell (cells worked out again only for the
        characters that changed)."""
        widths = list(self._label_widths)
        numbers = 0
        cache = {}
        dazed = dazed_in_fight(state)
        for key, c in state.characters.items():
            known = self._cells.get(key)
            if known is None or known.character is not c or known.dazed != (key in dazed):
                known = cells(c, self.lang, key in dazed)
            cache[key] = known
            widths = [max(pair) for pair in zip(widths, known.widths, strict=True)]
            numbers = max(numbers, known.widths[BLOOD])
        self._cells = cache
        pools = tuple(sorted({known.pool for known in cache.values()} - {0}))
        return Columns(tuple(widths), numbers, pools)

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
