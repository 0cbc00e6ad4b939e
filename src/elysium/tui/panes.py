"""The four panes. Each is handed the state (attributes down) and posts a message when the
Storyteller picks something (messages up); none of them changes the chronicle."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import RichLog, Static

from elysium.chronicle.events import Event
from elysium.chronicle.state import State
from elysium.describe import ROLL_TYPES, describe, when
from elysium.i18n import t
from elysium.tui import render


class VitalsPane(VerticalScroll, can_focus=True):
    """Health, blood, Willpower and status for every character; up / down (or a click)
    picks one. A plain table in a scrolling pane: cheap to draw, so the dashboard paints
    at once. In a narrow terminal (``compact``) the level name folds away; the marks and
    the penalty stay."""

    BINDINGS = [
        Binding("up", "move(-1)", "Previous", show=False, id="vitals_up"),
        Binding("down", "move(1)", "Next", show=False, id="vitals_down"),
        Binding("home", "move(-1000)", "First", show=False, id="vitals_first"),
        Binding("end", "move(1000)", "Last", show=False, id="vitals_last"),
    ]

    @dataclass
    class CharacterSelected(Message):
        key: str | None

    def __init__(self, lang: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.border_title = t("ui.pane.vitals", lang)
        self.compact = False
        self.body = Static("", markup=False)
        self._keys: list[str] = []
        self._rows: dict[str, list[Text]] = {}
        self._state: State | None = None
        self._cursor = 0

    def compose(self):
        yield self.body

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            if self._state is not None:
                state, self._state = self._state, None
                self.show(state)

    def show(self, state: State) -> None:
        """Redraw from the state, keeping the selected character. Rows of characters that
        did not change are reused."""
        previous = self._state
        self._state = state
        selected = self.selected_key
        rows = {}
        for key, c in state.characters.items():
            reuse = previous is not None and previous.characters.get(key) is c
            rows[key] = self._rows[key] if reuse and key in self._rows else self._cells(c)
        self._rows = rows
        self._keys = list(state.characters)
        if selected in self._keys:
            self._cursor = self._keys.index(selected)
        self._cursor = max(0, min(self._cursor, len(self._keys) - 1))
        self._draw()

    @property
    def row_count(self) -> int:
        return len(self._keys)

    def row(self, key: str) -> list[Text]:
        return self._rows[key]

    def names(self) -> list[str]:
        return [self._rows[k][0].plain for k in self._keys]

    def _draw(self) -> None:
        """Lay the table out by hand: column widths from the cells, padded with spaces.
        (Far cheaper than a general table widget, so the first frame comes sooner.)"""
        labels = ["ui.col.name", "ui.col.health"]
        if not self.compact:
            labels.append("ui.col.level")
        labels += ["ui.col.blood", "ui.col.wp", "ui.col.status"]
        header = [Text(t(label, self.lang), style="bold") for label in labels]
        rows = [self._rows[key] for key in self._keys]
        widths = [
            max([header[i].cell_len, *(row[i].cell_len for row in rows)])
            for i in range(len(labels))
        ]
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append("  ")
        out.append_text(_join(header, widths))
        for index, row in enumerate(rows):
            chosen = index == self._cursor
            line = Text("› " if chosen else "  ")
            line.append_text(_join(row, widths))
            if chosen:
                line.stylize("reverse" if self.has_focus else "bold")
            out.append("\n")
            out.append_text(line)
        self.body.update(out)

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
        if not self._keys:
            return None
        return self._keys[max(0, min(self._cursor, len(self._keys) - 1))]

    def select(self, index: int) -> None:
        if not self._keys:
            return
        index = max(0, min(index, len(self._keys) - 1))
        if index != self._cursor:
            self._cursor = index
            self._draw()
            self.scroll_to(y=max(0, index + 1 - self.size.height // 2), animate=False)
            self.post_message(self.CharacterSelected(self._keys[index]))

    def action_move(self, step: int) -> None:
        self.select(self._cursor + step)

    def on_click(self, event) -> None:
        row = event.y + int(self.scroll_y) - 1  # the first line is the header
        if 0 <= row < len(self._keys):
            self.select(row)

    def on_focus(self) -> None:
        self._draw()

    def on_blur(self) -> None:
        self._draw()


def _join(cells: list[Text], widths: list[int]) -> Text:
    """Cells padded to their column widths, two spaces apart."""
    line = Text()
    for i, (cell, width) in enumerate(zip(cells, widths, strict=True)):
        if i:
            line.append("  ")
        line.append_text(cell)
        if i < len(cells) - 1:
            line.append(" " * (width - cell.cell_len))
    return line


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
        text, line = render.initiative(state, self.lang)
        self.body.update(text)
        # Keep the one acting (or declaring) now in view, however small the pane.
        self.call_after_refresh(
            lambda: self.scroll_to(y=max(0, line - self.size.height // 2), animate=False)
        )


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

    def _entry(self, event: Event) -> tuple[set[str], Text]:
        line = Text()
        line.append(when(event, self.lang) + " ", style="dim")
        line.append(describe(event, self.lang))  # plain: names are user text
        names = ("who", "attacker", "target")  # an extended action's target is a number
        who = {v for k, v in event.data.items() if k in names and v and isinstance(v, str)}
        for part in ("sides", "rolls"):  # resisted and teamwork rolls: every roller
            rolls = event.data.get(part)
            if isinstance(rolls, list):
                who |= {str(r["who"]) for r in rolls if isinstance(r, dict) and r.get("who")}
        return who, line

    def add_events(self, events: list[Event]) -> None:
        """Append events (only the rolls are shown)."""
        new = [self._entry(e) for e in events if e.type in ROLL_TYPES]
        self.entries.extend(new)
        shown = [line for who, line in new if self.filter_name is None or self.filter_name in who]
        if shown:
            self.write(Text("\n").join(shown))  # one write: one layout, however many lines
        if len(self.entries) > self.MAX:
            self.entries = self.entries[-self.MAX :]
        self._update_title()

    def replace_events(self, events: list[Event]) -> None:
        """Show exactly these events (a replay jump)."""
        self.entries = []
        self.clear()
        self.add_events(events)

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
        shown = [
            line
            for who, line in self.entries
            if self.filter_name is None or self.filter_name in who
        ]
        if shown:
            self.write(Text("\n").join(shown))
        self._update_title()
        self.scroll_end(animate=False)

    def _update_title(self) -> None:
        title = Text(t("ui.pane.log", self.lang))
        if self.filter_name:
            title.append(" · " + t("ui.filter", self.lang, name=self.filter_name))  # plain
        self.border_title = title


def four_panes(lang: str):
    """The grid of the four panes, shared by the dashboard and the replay."""
    from textual.containers import Container

    return Container(
        VitalsPane(lang, id="vitals"),
        InitiativePane(lang, id="initiative"),
        RollLog(lang, id="log"),
        BeastPane(lang, id="beast"),
        id="panes",
    )
