"""The four panes. Each is handed the state (attributes down) and posts a message when the
Storyteller picks something (messages up); none of them changes the chronicle."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import DataTable, RichLog, Static

from elysium.chronicle.events import Event
from elysium.chronicle.state import State
from elysium.describe import ROLL_TYPES, describe, when
from elysium.i18n import t
from elysium.tui import render


class VitalsPane(DataTable):
    """Health, blood, Willpower and status for every character; the cursor picks one.

    In a narrow terminal (``compact``) the level name folds away; the marks and the penalty
    stay.
    """

    @dataclass
    class CharacterSelected(Message):
        key: str | None

    def __init__(self, lang: str, **kwargs) -> None:
        super().__init__(cursor_type="row", zebra_stripes=False, **kwargs)
        self.lang = lang
        self.border_title = t("ui.pane.vitals", lang)
        self.compact = False
        self._layout: bool | None = None
        self._keys: list[str] = []
        self._state: State | None = None

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            if self._state is not None:
                state, self._state = self._state, None
                self.show(state)

    def show(self, state: State) -> None:
        """Redraw from the state, keeping the selected row. When the same characters are
        shown in the same layout, only the rows of characters that changed are redrawn."""
        previous = self._state
        self._state = state
        same_people = (
            previous is not None
            and list(previous.characters) == list(state.characters)
            and self.columns
            and self._layout == self.compact
        )
        if same_people:
            for key, c in state.characters.items():
                if previous.characters.get(key) is not c:
                    for column, cell in zip(self.columns, self._cells(c), strict=True):
                        self.update_cell(key, column, cell, update_width=True)
            return
        selected = self.selected_key
        self.clear(columns=True)
        self._layout = self.compact
        labels = ["ui.col.name", "ui.col.health"]
        if not self.compact:
            labels.append("ui.col.level")
        labels += ["ui.col.blood", "ui.col.wp", "ui.col.status"]
        for label in labels:
            self.add_column(Text(t(label, self.lang)))
        self._keys = list(state.characters)
        for key, c in state.characters.items():
            self.add_row(*self._cells(c), key=key)
        if selected in self._keys:
            self.move_cursor(row=self._keys.index(selected))

    def _cells(self, c) -> list[Text]:
        width = 16 if self.compact else 22
        name = Text(c.name)  # user text: never markup
        name.truncate(width, overflow="ellipsis")
        cells = [name, render.health_marks(c, self.lang, with_penalty=True)]
        if not self.compact:
            cells.append(render.health_level(c, self.lang))
        cells += [
            render.blood_boxes(c, self.lang, boxes=6 if self.compact else 10),
            render.willpower(c),
            render.status_words(c, self.lang),
        ]
        return cells

    @property
    def selected_key(self) -> str | None:
        if not self._keys or self.cursor_row is None or self.cursor_row >= len(self._keys):
            return None
        return self._keys[self.cursor_row]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self.post_message(self.CharacterSelected(event.row_key.value))


class InitiativePane(VerticalScroll):
    """Round, phase, acting order, who acts now, declarations, delays, the dazed."""

    def __init__(self, lang: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.border_title = t("ui.pane.initiative", lang)
        self.body = Static("", markup=False)

    def compose(self):
        yield self.body

    def show(self, state: State) -> None:
        # Only the fight and who can act matter here; skip the redraw otherwise.
        shown = (
            state.combat,
            tuple((c.name, c.can_act()) for c in state.characters.values()),
        )
        if shown == getattr(self, "_shown", None):
            return
        self._shown = shown
        self.body.update(render.initiative(state, self.lang))


class BeastPane(VerticalScroll):
    """Humanity or Path, Virtues, checks in progress, the trigger tables, the sins."""

    def __init__(self, lang: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.border_title = t("ui.pane.beast", lang)
        self.body = Static("", markup=False)

    def compose(self):
        yield self.body

    def show(self, state: State, key: str | None) -> None:
        c = state.characters.get(key) if key else None
        shown = (
            None
            if c is None
            else (
                key,
                c.name,
                c.morality,
                c.morality_rating,
                tuple(c.virtues.items()),
                c.frenzy,
                c.fear,
                c.derangements,
                c.lost,
            )
        )
        if shown == getattr(self, "_shown", ()):
            return  # what this pane shows of the character has not changed
        self._shown = shown
        self.body.update(render.beast(c, self.lang))


class RollLog(RichLog):
    """Every roll with its faces, newest at the bottom; filterable by character."""

    MAX = 500
    filter_name: reactive[str | None] = reactive(None)

    def __init__(self, lang: str, **kwargs) -> None:
        super().__init__(
            wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=20, **kwargs
        )
        self.lang = lang
        self.border_title = t("ui.pane.log", lang)
        self.entries: list[tuple[set[str], Text]] = []

    def add_events(self, events: list[Event]) -> None:
        for event in events:
            if event.type not in ROLL_TYPES:
                continue
            line = Text()
            line.append(when(event, self.lang) + " ", style="dim")
            line.append(describe(event, self.lang))  # plain: names are user text
            who = {
                str(v) for k, v in event.data.items() if k in ("who", "attacker", "target") and v
            }
            self.entries.append((who, line))
            if self.filter_name is None or self.filter_name in who:
                self.write(line)
        if len(self.entries) > self.MAX:
            self.entries = self.entries[-self.MAX :]
        self._update_title()

    def on_resize(self, event) -> None:
        """Lines are wrapped when written: rewrap them when the width changes."""
        width = event.size.width
        if self.entries and width != getattr(self, "_width", width):
            self.call_after_refresh(self._rewrite)
        self._width = width

    def watch_filter_name(self, _old: str | None, _new: str | None) -> None:
        self._rewrite()

    def _rewrite(self) -> None:
        self.clear()
        for who, line in self.entries:
            if self.filter_name is None or self.filter_name in who:
                self.write(line)
        self._update_title()
        self.scroll_end(animate=False)

    def _update_title(self) -> None:
        title = Text(t("ui.pane.log", self.lang))
        if self.filter_name:
            title.append(" · " + t("ui.filter", self.lang, name=self.filter_name))  # plain
        self.border_title = title
