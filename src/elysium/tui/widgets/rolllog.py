"""The roll log: every roll with its faces, newest at the bottom, filterable by character.

Over SSH the bytes written to the terminal are the cost, and a terminal cannot scroll one
pane of a split screen: scrolling a log by a line rewrites every line of it. So the log
*jump-scrolls*: a new roll is written below the last one, repainting only its own lines;
when it would not fit, the view moves up by a third of the pane at once (never less than the
new roll), leaving room for the next rolls. Either way only the cells that changed are sent:
a line's blank end that stays blank is not. The newest roll is always in view, drawn in the same
frame as the rest of the command's result.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from elysium.chronicle.events import Event
from elysium.chronicle.omitted import is_omitted
from elysium.i18n import t
from elysium.tui.widgets.line import changed_span, cut_at, segments

MAX_ENTRIES = 500  # rolls kept in memory (the chronicle keeps them all)
MAX_LINES = 2000  # wrapped lines kept for scrolling back
JUMP_FROM = 12  # panes at least this tall jump-scroll; smaller ones scroll
KEEP_DRAWN = 256  # lines kept drawn in the pane's style (a few panes' worth)


COMPACT_BELOW = 60  # a log narrower than this drops the N1 C1 S2 T3 stamps (issue 14)


@dataclass(frozen=True)
class Entry:
    """One roll in the log: who rolled (for the filter), when, and what was rolled."""

    who: frozenset[str]
    time: tuple[object, ...]  # night, chapter, scene, turn
    stamp: Text  # ``N2 C2 S1 T2``: the wide form's prefix
    body: Text
    seq: int = 0  # the event's number: an undo names it

    @property
    def line(self) -> Text:
        """The wide form: the stamp, then the roll."""
        return Text.assemble(self.stamp, self.body)

    def __iter__(self) -> Iterator[object]:
        """``who, line = entry(...)``, as before the narrow form had its own parts."""
        return iter((self.who, self.line))


@dataclass(frozen=True)
class LogMark:
    """The log's contents at one moment (see :meth:`RollLog.mark`)."""

    entries: list[Entry]
    lines: list[Strip]
    top: int
    time: tuple[object, ...] | None
    undone: set[int]
    left_out: set[int]
    keyword: set[int]
    toggles: list[tuple[int, int, bool]]
    partial: bool  # only the newest lines were wrapped yet


def entry(event: Event, lang: str, told: str | None = None) -> Entry:
    """A roll's entry (``told``: the event already described), with the names of everyone
    who rolled in it (for the filter)."""
    from elysium.tell.events import describe, when

    if is_omitted(event.data):  # the log marks what is left out as it stands (see RollLog)
        told = describe(replace(event, data={**event.data, "omitted": False}), lang)
    body = Text(describe(event, lang) if told is None else told)  # plain: user text
    names = ("who", "attacker", "target")  # an extended action's target is a number
    who = {v for k, v in event.data.items() if k in names and v and isinstance(v, str)}
    for part in ("sides", "rolls"):  # resisted and teamwork rolls: every roller
        rolls = event.data.get(part)
        if isinstance(rolls, list):
            who |= {str(r["who"]) for r in rolls if isinstance(r, dict) and r.get("who")}
    time = tuple(event.time.get(k, "?") for k in ("night", "chapter", "scene", "turn"))
    stamp = Text(when(event, lang) + " ", style="dim")
    return Entry(frozenset(who), time, stamp, body, event.seq)


def struck(body: Text, lang: str) -> Text:
    """An undone roll: kept in the log (the table saw it thrown) but crossed out and said
    undone, so that nobody reads it as standing."""
    out = body.copy()
    out.stylize("strike dim")
    return Text.assemble(out, " ", Text(t("log.undone_mark", lang), style="bold"))


def time_line(time: tuple[object, ...], lang: str) -> Text:
    """The narrow form's heading: the game time in words, when it changes."""
    night, _chapter, scene, turn = time
    return Text(t("screen.log.time", lang, night=night, scene=scene, turn=turn), style="dim")


class RollLog(Widget, can_focus=True):
    """A bounded log of rolls (see the module's note on jump scrolling). Up, down, Page Up,
    Page Down, Home, End and the mouse wheel look back; a new roll brings the end back."""

    BINDINGS = [
        Binding("up", "look(-1)", show=False, id="log_up"),
        Binding("down", "look(1)", show=False, id="log_down"),
        Binding("pageup", "look(-0.5)", show=False, id="log_page_up"),
        Binding("pagedown", "look(0.5)", show=False, id="log_page_down"),
        Binding("home", "look(-1000000)", show=False, id="log_first"),
        Binding("end", "look(1000000)", show=False, id="log_last"),
    ]

    filter_name: reactive[str | None] = reactive(None, init=False)

    def __init__(self, lang: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.title = Text(t("ui.pane.log", lang))
        self.entries: deque[Entry] = deque(maxlen=MAX_ENTRIES)
        self._time: tuple[object, ...] | None = None  # of the last entry shown (narrow form)
        self.lines: list[Strip] = []  # the shown entries, wrapped to the width
        self.top = 0  # the line shown on the first row
        self._width = 0
        self._partial = False  # only the newest lines are wrapped yet (see _wrap_newest)
        self._rows = 0  # the height of the last Resize (0: none yet)
        self.undone: set[int] = set()  # rolls taken back (and not brought back)
        self.left_out: set[int] = set()  # rolls left out of the statistics, as things stand
        self._keyword: set[int] = set()  # rolls left out by their own word (``omit``)
        self._toggles: list[tuple[int, int, bool]] = []  # ``omit N``: its number, N, out
        self._cuts: dict[int, tuple[int, int]] = {}  # rows repainted in part: the span
        self._style: Style | None = None  # the style of the frame being drawn
        self._drawn: dict[int, tuple[Strip, tuple[int, Style], Strip]] = {}  # see _styled

    # --- drawing -----------------------------------------------------------------------

    def _wrap(self, texts: list[Text]) -> list[Strip]:
        width = self._width
        if width <= 0:
            return []
        console = self.app.console
        strips = []
        for text in texts:
            plain = text.plain
            if "\n" not in plain and "\t" not in plain and text.cell_len <= width:
                lines: Iterable[Text] = (text,)  # one line that fits: as it is
            else:
                lines = text.wrap(console, width)  # what rendering it would wrap it to
            for line in lines:
                strip = Strip(segments(line, console)).adjust_cell_length(width)
                strips.append(strip.simplify())  # one escape sequence per colour run
        return strips

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if width != self._width and width > 0:
            # Laid out at a new width, its Resize not handled yet: wrapped now, the lines
            # are in this frame (the first frame showed an empty log and then all of it).
            self._width = width
            self._wrap_newest()
        index = self.top + y
        style = self.rich_style if self._style is None else self._style
        if index >= len(self.lines):
            return Strip.blank(width, style)
        line = self._styled(self.lines[index], width, style)
        span = self._cuts.pop(y, None)
        return line if span is None else cut_at(line, span)

    def _styled(self, line: Strip, width: int, style: Style) -> Strip:
        """A wrapped line in the pane's style, kept while it is in view: at 80x24 every roll
        moves every line of the log one row up, and each is drawn again where it lands."""
        kept = self._drawn.get(id(line))
        if kept is not None and kept[0] is line and kept[1] == (width, style):
            return kept[2]
        if len(self._drawn) > KEEP_DRAWN:
            self._drawn.clear()
        drawn = line.crop_extend(0, width, style).apply_style(style)
        self._drawn[id(line)] = (line, (width, style), drawn)
        return drawn

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines of one frame, all in the style worked out for it (once a frame, not
        once a line: a roll that scrolls the log at 80x24 draws every line of it)."""
        self._style = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._style = None

    def _shown_now(self, height: int) -> list[Strip | None]:
        """The lines in view, row by row (None: a blank row)."""
        lines, top = self.lines, self.top
        return [lines[i] if i < len(lines) else None for i in range(top, top + height)]

    def _repaint_changed(self, before: list[Strip | None], height: int) -> None:
        """Repaint, row by row, only the cells that differ from what was shown: a terminal
        cannot scroll one pane of a split screen, but the blank ends of the lines that moved
        need not be sent again, nor a line that stayed."""
        blank = Strip.blank(self._width)
        regions = []
        for y, (old, new) in enumerate(zip(before, self._shown_now(height), strict=True)):
            if new is old:
                continue
            span = changed_span(old or blank, new or blank)
            if span is not None:
                self._cuts[y] = span  # the repainted line is cut there (see render_line)
                regions.append(Region(span[0], y, span[1] - span[0], 1))
        if regions:
            self.refresh(*regions)

    @property
    def height(self) -> int:
        return max(1, self.size.height)

    def _append(self, texts: list[Text]) -> None:
        new = self._wrap(texts)
        if not new:
            return
        height = self.height  # asked once: a widget's size is worked out on each asking
        before = self._shown_now(height)
        first = len(self.lines)
        self.lines.extend(new)
        if len(self.lines) > MAX_LINES:
            cut = len(self.lines) - MAX_LINES
            del self.lines[:cut]
            first -= cut
            self.top = max(0, self.top - cut)
        end = len(self.lines)
        if not (first >= self.top and end - self.top <= height):
            # Jump: a third of the pane at once, so the next rolls fit below without moving
            # the rest. A small pane (at 80x24) simply scrolls: every line of history counts.
            slack = height // 3 if height >= JUMP_FROM else 0
            self.top = max(0, end - height + min(slack, max(0, height - len(new))))
        # It fits below what is shown: only its own lines are drawn; else what moved.
        self._repaint_changed(before, height)

    def _wrap_newest(self) -> None:
        """The newest lines that fill the pane, wrapped for the frame being drawn, and the
        older ones once it is drawn (:meth:`wrap_all`): at 10,000 events the log holds some
        170 rolls, whose wrapping (13 ms) the first frame waited for to show 8 lines."""
        self._time = None
        texts = self._shown(self.entries)
        lines: list[Strip] = []
        older = len(texts)
        while older and len(lines) < self.height:
            older -= 1
            lines[:0] = self._wrap([texts[older]])
        self.lines = lines[-MAX_LINES:]
        self.top = max(0, len(self.lines) - self.height)
        self._partial = older > 0
        if self._partial:
            self.call_after_refresh(self.wrap_all)

    def wrap_all(self) -> None:
        """Every line wrapped, after :meth:`_wrap_newest`; the view stays where it is."""
        if not self._partial:
            return
        below = len(self.lines) - self.top  # the lines from the top of the view down
        self._rewrite(repaint=False)
        self.top = max(0, len(self.lines) - below)

    def _rewrite(self, repaint: bool = True) -> None:
        """Wrap everything again (width or filter changed); the end in view."""
        self._partial = False
        self._time = None
        self.lines = self._wrap(self._shown(self.entries))[-MAX_LINES:]
        self.top = max(0, len(self.lines) - self.height)
        if repaint:
            self.refresh()

    @property
    def compact(self) -> bool:
        """Narrow: no stamp on each roll, the time in words above the rolls it changed for,
        each roll marked where it starts (two lines for an attack at 80 columns)."""
        return 0 < self._width < COMPACT_BELOW

    def _shown(self, entries: Iterable[Entry]) -> list[Text]:
        name = self.filter_name
        shown = [e for e in entries if name is None or name in e.who]
        lang = self.lang

        def body(e: Entry) -> Text:
            text = struck(e.body, lang) if e.seq in self.undone else e.body
            if e.seq in self.left_out:
                text = Text.assemble(text, " ", Text(t("log.omitted_mark", lang), style="dim"))
            return text

        if not self.compact:
            return [Text.assemble(e.stamp, body(e)) for e in shown]
        texts = []
        for e in shown:
            if e.time != self._time:
                self._time = e.time
                texts.append(time_line(e.time, lang))
            texts.append(Text.assemble("▸ ", body(e)))
        return texts

    def _follow_undos(self, events: Iterable[Event]) -> bool:
        """Keep :attr:`undone` up to date; whether a roll shown changed by it."""
        moved = set()
        for e in events:
            target = e.data.get("target")
            if e.type not in ("undo", "redo") or not isinstance(target, int):
                continue
            before = target in self.undone
            if e.type == "undo":
                self.undone.add(target)
            else:
                self.undone.discard(target)
            if before != (target in self.undone):
                moved.add(target)
        return bool(moved) and any(e.seq in moved for e in self.entries)

    def _follow_omits(self, events: Iterable[Event]) -> bool:
        """Keep :attr:`left_out` up to date (after :meth:`_follow_undos`: an undone toggle
        no longer counts); whether a roll already shown changed by it."""
        for e in events:
            if e.type == "omit" and isinstance(e.data.get("roll"), int):
                self._toggles.append((e.seq, e.data["roll"], bool(e.data.get("left_out"))))
            elif is_omitted(e.data):
                self._keyword.add(e.seq)
        left = set(self._keyword)
        for seq, roll, out in self._toggles:
            if seq not in self.undone:
                (left.add if out else left.discard)(roll)
        moved = left ^ self.left_out
        self.left_out = left
        return bool(moved) and any(e.seq in moved for e in self.entries)

    # --- what the screen calls ---------------------------------------------------------

    def add_events(self, events: Iterable[Event], told: str | None = None) -> None:
        """Append events (only the rolls are shown); ``told``: the one event's description,
        when the caller has it already."""
        from elysium.chronicle.events import ROLL_TYPES

        events = list(events)
        undone = self._follow_undos(events)
        if self._follow_omits(events) or undone:
            self._rewrite()  # an undo or redo of a roll shown: it is crossed out, or not
        new = [entry(e, self.lang, told) for e in events if e.type in ROLL_TYPES]
        if not new:
            return
        self.entries.extend(new)
        if self.top + self.height < len(self.lines):  # looking back: come to the end
            self.top = max(0, len(self.lines) - self.height)
            self.refresh()
        self._append(self._shown(new))

    def mark(self) -> LogMark:
        """What the log holds now, for :meth:`restore`: a result composed before its event
        was durable is taken back this way when the write fails."""
        return LogMark(
            list(self.entries), list(self.lines), self.top, self._time, set(self.undone),
            set(self.left_out), set(self._keyword), list(self._toggles), self._partial,
        )  # fmt: skip

    def restore(self, mark: LogMark) -> None:
        """Back to what :meth:`mark` saw (nothing of it was on screen yet: repaint all)."""
        self.entries = deque(mark.entries, maxlen=MAX_ENTRIES)
        self.lines, self.top, self._time = mark.lines, mark.top, mark.time
        self.undone, self.left_out = mark.undone, mark.left_out
        self._keyword, self._toggles = mark.keyword, mark.toggles
        self._cuts.clear()
        if mark.partial and not self._partial:  # the older lines were wrapped meanwhile
            self.call_after_refresh(self.wrap_all)
        self._partial = mark.partial
        self.refresh()

    def replace_events(self, events: Iterable[Event]) -> None:
        """Show exactly these events (a replay jump)."""
        from elysium.chronicle.events import ROLL_TYPES

        events = list(events)
        self.entries.clear()
        self.entries.extend(entry(e, self.lang) for e in events if e.type in ROLL_TYPES)
        self.undone.clear()
        self._keyword.clear()
        self._toggles.clear()
        self._follow_undos(events)
        self._follow_omits(events)
        self._rewrite()

    def on_resize(self, event: events.Resize) -> None:
        rows, self._rows = self._rows, max(1, event.size.height)
        if event.size.width != self._width:
            self._width = event.size.width
            self._rewrite()
        elif rows and self.top >= len(self.lines) - rows:
            # The end was in view (not looking back): it stays in view, the pane shorter
            # or taller (a terminal made shorter had hidden the newest rolls below it).
            self.top = max(0, len(self.lines) - self._rows)
            self.refresh()
        else:
            self.top = max(0, min(self.top, len(self.lines) - 1))

    def watch_filter_name(self, _old: str | None, _new: str | None) -> None:
        self._rewrite()
        title = Text(t("ui.pane.log", self.lang))
        if self.filter_name:
            title.append(" · " + t("ui.filter", self.lang, name=self.filter_name))  # plain
        self.title = title
        if isinstance(self.parent, Widget):
            self.parent.border_title = title  # the frame's title (see LogPane)

    # --- looking back ------------------------------------------------------------------

    def action_look(self, step: float) -> None:
        self.wrap_all()
        lines = int(step * self.height) if abs(step) < 1 else int(step)
        top = max(0, min(self.top + lines, len(self.lines) - self.height))
        if top != self.top:
            self.top = top
            self.refresh()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.action_look(-3)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.action_look(3)
