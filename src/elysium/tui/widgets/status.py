"""The status line: what the last command did, or why it was refused.

Errors are said here, in bold (and red where there is colour), never in a toast: a toast
lies over the roll log and the Morality pane at 80x24, hiding the roll the Storyteller wants
to read. The line is two rows high, always: a message that grows or shrinks would cost a
layout pass, and with it the whole screen sent again (about 12 KB at 80x24). On a narrow
screen it takes the footer's row, and when the message fits in one row the second shows the
keys as the footer would. A message longer than two rows ends with the key that shows it
whole (see ``DashboardScreen.action_said``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from elysium.i18n import t
from elysium.tui.widgets.line import changed_span, cut_at, segments

ROWS = 2  # the status line's height (styles/app.tcss)


class StatusLine(Widget):
    """Two rows: the last message, and then its rest or (narrow) the keys. A row whose text
    did not change is not sent again (the keys' row, most of the time)."""

    def __init__(self, more: str = "", keys: Callable[[int], Text] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.more = more  # ``… (ctrl+l: all)``: the end of a message cut short
        self.keys = keys  # the footer's keys as a line of text that fits a width
        self.full = Text()
        self.rows = 1  # rows the message takes
        self.lines: list[Text] = [Text(), Text()]
        self.strips: dict[int, Strip] = {}  # each row as last drawn
        self._style: Style | None = None  # see style_now

    @property
    def plain(self) -> str:
        return self.full.plain

    @property
    def text(self) -> Text:
        return Text("\n").join(self.lines)

    def render(self) -> Text:
        """Both rows as one text (what the benches read; painting is ``render_line``)."""
        return self.text

    def show(self, message: Text) -> None:
        self.full = message
        self._fit()

    def on_resize(self) -> None:
        self._fit(everything=True)

    def _fit(self, everything: bool = False) -> None:
        width = self.content_size.width
        plain = self.full.plain
        if width <= 0 or ("\n" not in plain and "\t" not in plain and cell_len(plain) <= width):
            lines = [self.full.copy()]  # one row as it is: what wrapping it would give
        else:
            lines = list(self.full.wrap(self.app.console, width))
        if len(lines) > ROWS:
            last = lines[ROWS - 1]
            last.rstrip()
            more = Text(self.more, style="dim")
            last.truncate(max(0, width - more.cell_len))
            lines = [*lines[: ROWS - 1], Text.assemble(last, more)]
        self.rows = max(1, len(lines))
        if self.rows == 1:
            narrow = self.keys is not None and self.screen.has_class("-narrow")
            lines.append(self.keys(width) if narrow and self.keys else Text())
        regions = []
        for y, (old, new) in enumerate(zip(self.lines, lines, strict=True)):
            if everything or y not in self.strips:
                self.strips.pop(y, None)
                regions.append(Region(0, y, self.size.width, 1))
            elif old != new:
                regions.extend(self._repaint_changed(y, new, self.style_now()))
        self.lines = lines
        if regions:
            self.refresh(*regions)

    def _repaint_changed(self, y: int, text: Text, style: Style) -> list[Region]:
        """Row ``y`` drawn anew, and of it only the cells that differ to be repainted (the
        end of a message as long as the last one, or a blank end, is not sent again)."""
        strip = self._draw(text, style)
        span = changed_span(self.strips.get(y), strip)
        if span is None:
            self.strips[y] = strip
            return []
        self.strips[y] = cut_at(strip, span)
        x1, x2 = span
        gutter = self.content_region.x - self.region.x  # the padding before the text
        return [Region(gutter + x1, y, x2 - x1, 1)]

    def style_now(self) -> Style:
        """The line's style, worked out once until it is restyled (a theme, the narrow
        screen): every message is drawn in it, and working it out costs more than drawing."""
        if self._style is None:
            self._style = self.rich_style
        return self._style

    def notify_style_update(self) -> None:
        self._style = None  # and the rows drawn in the old style are drawn again
        self.strips.clear()
        super().notify_style_update()

    def _draw(self, text: Text, style: Style | None = None) -> Strip:
        width = self.content_size.width
        style = self.style_now() if style is None else style
        if not text:
            return Strip.blank(width, style)  # the second row, most of the time
        strip = Strip(segments(text, self.app.console)).adjust_cell_length(width, style)
        return strip.apply_style(style).simplify()

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        if y >= len(self.lines) or width <= 0:
            return Strip.blank(width, self.style_now())
        strip = self.strips.get(y)
        if strip is None or strip.cell_length != width:
            strip = self.strips[y] = self._draw(self.lines[y])
        return strip


def with_warnings(said: str, warnings: Iterable[Any], lang: str) -> tuple[str, bool]:
    """A command's result and what went wrong after it was saved (the players' view not
    published): the event stands, so the result comes first, then the trouble, as an error."""
    told = [w.render(lang) if hasattr(w, "render") else str(w) for w in warnings]
    if not told:
        return said, False
    return f"{said} — {'; '.join(told)}", True


def report_line(report: Iterable[Any], readonly: bool, lang: str) -> str:
    """What opening found, in one line: the first finding, how many more, and how to
    repair; ``elysium check`` lists them all."""
    label = t("ui.damaged" if readonly else "ui.recovered", lang)
    lines = [line.render(lang) if hasattr(line, "render") else line for line in report]
    hints = [line for line in lines if "elysium repair" in line]
    found = [line for line in lines if line not in hints] or lines
    key = "ui.more_check" if readonly else "ui.more"
    more = t(key, lang, n=len(found) - 1) if len(found) > 1 else ""
    tail = f"; {hints[0]}" if hints else ""
    return f"{label}: {found[0]}{more}{tail}"


def key_hints(screen: Any, width: int = 0) -> Text:
    """The keys the footer shows (the user's keymap applied), as one dim line that fits
    ``width``: two spaces between keys, or one when that is too long; then Help, which the
    command bar's placeholder names too, goes; never a key cut in half (in Russian during a
    fight the keys need 90 columns of 78)."""
    from elysium.tui import keys

    lang = screen.app.lang
    said = [
        (key.id, f"{keys.shown(screen.app, key.id)} {t(key.label, lang)}")
        for key in (*keys.DASHBOARD, *keys.APP)
        if key.show and screen.check_action(key.action, ()) is not False
    ]
    words = [text for _, text in said]
    line = "  ".join(words)
    if width > 0 and len(line) > width:
        line = " ".join(words)
        if len(line) > width:
            words = [text for key_id, text in said if key_id != "help"]
            while len(" ".join(words)) > width and len(words) > 1:
                words.pop(-2)  # the key before Quit: Quit stays last
            line = " ".join(words)
    return Text(line, style="dim")  # one colour: a few bytes
