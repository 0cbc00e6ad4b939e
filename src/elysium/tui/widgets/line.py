"""One line of text that repaints only itself, and only when its text changed; and the part of
a line that changed, so that a widget drawn line by line repaints only those cells."""

from __future__ import annotations

from rich.cells import cell_len, get_character_cell_size
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

Cell = tuple[str, Style | None]


class Line(Widget):
    """A one-line widget (top bar, status line). Setting :attr:`text` to what is already
    shown sends nothing; a new text repaints this line alone: the height is fixed, so no
    layout pass is needed (``Static.update`` would run one)."""

    DEFAULT_CSS = "Line { height: 1; width: 1fr; }"

    text: reactive[Text] = reactive(Text, layout=False)

    def __init__(self, text: Text | str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.set_reactive(Line.text, Text(text) if isinstance(text, str) else text)

    def render(self) -> Text:
        return self.text

    @property
    def plain(self) -> str:
        return self.text.plain


def segments(text: Text, console: Console) -> list[Segment]:
    """One line of text as segments, its own style under its spans: what wrapping it would
    give. (Rich's ``Text.render`` leaves out the style of a text that has no spans.)"""
    out = list(text.render(console, ""))
    if text.style and not text.spans:
        out = list(Segment.apply_style(out, console.get_style(text.style)))
    return out


def cells(strip: Strip | list) -> list[Cell]:
    """A strip (or a list of its segments) cell by cell: the character and its style (the
    second cell of a wide character is ``""``)."""
    out: list[Cell] = []
    for text, style, _control in strip:
        if text.isascii():
            out.extend((ch, style) for ch in text)
            continue
        for ch in text:
            out.append((ch, style))
            if get_character_cell_size(ch) == 2:
                out.append(("", style))
    return out


def changed_span(old: Strip | None, new: Strip) -> tuple[int, int] | None:
    """The columns ``[x1, x2)`` where ``new`` differs from ``old`` (all of it when nothing
    was drawn), or None when they are the same: what a repaint of this line must send.

    Whole segments that are the same at either end are skipped first (a line changed in
    one cell keeps most of its segments); only the segments between are compared cell by
    cell."""
    if old is None:
        return 0, new.cell_length
    a, b = list(old), list(new)
    if a == b:
        return None
    n = min(len(a), len(b))
    first = 0
    x1 = 0
    while first < n and a[first] == b[first]:
        x1 += cell_len(a[first].text)
        first += 1
    last = 0
    while last < n - first and a[-1 - last] == b[-1 - last]:
        last += 1
    mid_a, mid_b = cells(a[first : len(a) - last]), cells(b[first : len(b) - last])
    m = min(len(mid_a), len(mid_b))
    start = 0
    while start < m and mid_a[start] == mid_b[start]:
        start += 1
    end_a, end_b = len(mid_a), len(mid_b)
    while end_a > start and end_b > start and mid_a[end_a - 1] == mid_b[end_b - 1]:
        end_a -= 1
        end_b -= 1
    if start == end_a == end_b:
        return None  # the same cells, cut into segments differently
    return x1 + start, x1 + max(end_a, end_b)


CUT_WORTH = 40  # cells: about what a segment's colours cost to send (an SGR, a reset)


def cut_at(strip: Strip, span: tuple[int, int]) -> Strip:
    """``strip`` with its segments split where ``span`` starts and ends, where that saves
    bytes: Textual writes whole segments, so a repaint of those cells then sends them and no
    more; but each new segment costs its colours again, so a segment is split only when
    more than :data:`CUT_WORTH` of its cells would be sent for nothing."""
    x1, x2 = span
    width = strip.cell_length
    cuts = []
    start = 0
    for text, _style, _control in strip:
        end = start + cell_len(text)
        if start < x1 < end and x1 - start > CUT_WORTH:
            cuts.append(x1)
        if start < x2 < end and end - x2 > CUT_WORTH:
            cuts.append(x2)
        start = end
    if not cuts:
        return strip
    return Strip.join(strip.divide([*cuts, width]))
