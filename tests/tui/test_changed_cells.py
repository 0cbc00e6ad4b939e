"""The part of a line that changed (``widgets.line.changed_span``), against the plain
definition: the first and the last cell that differ, found cell by cell."""

from __future__ import annotations

import random

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from elysium.tui.widgets.line import cells, changed_span

STYLES = [None, Style(bold=True), Style(color="red"), Style(dim=True, italic=True)]
WORDS = ["Lucien", " ", "rolls", "7", "✓", "日本", "··", "  ", "/X..", "successes"]


def a_strip(rng: random.Random, width: int) -> Strip:
    segments = [Segment(rng.choice(WORDS), rng.choice(STYLES)) for _ in range(rng.randint(1, 8))]
    return Strip(segments).adjust_cell_length(width)


def brute(old: Strip, new: Strip) -> tuple[int, int] | None:
    a, b = cells(old), cells(new)
    differ = [x for x in range(max(len(a), len(b))) if x >= len(a) or x >= len(b) or a[x] != b[x]]
    return None if not differ else (differ[0], differ[-1] + 1)


def test_the_changed_span_is_the_first_to_the_last_cell_that_differs() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        width = rng.randint(1, 40)
        old = a_strip(rng, width)
        new = old if rng.random() < 0.1 else a_strip(rng, width)
        if rng.random() < 0.3:  # a small edit of the old line: most segments the same
            parts = list(old)
            at = rng.randrange(len(parts))
            parts[at] = Segment(rng.choice(WORDS), rng.choice(STYLES))
            new = Strip(parts).adjust_cell_length(width)
        assert changed_span(old, new) == brute(old, new), (list(old), list(new))


def test_the_same_cells_cut_into_other_segments_have_not_changed() -> None:
    old = Strip([Segment("ab", None), Segment("cd", None)])
    new = Strip([Segment("a", None), Segment("bcd", None)])
    assert changed_span(old, new) is None
    assert changed_span(None, new) == (0, 4)
