"""The Vitals pane's layout: columns as wide as what they hold (names first), one blood box
per point or the numbers alone (never a scaled bar), and a pane as tall as its rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.tui.widgets.panes import LogPane
from elysium.tui.widgets.vitals import (
    BLOOD,
    LEVEL,
    NAME,
    STATUS,
    Columns,
    VitalsHeader,
    VitalsPane,
    VitalsRow,
)
from tests.tui_helpers import check, demo_app, run_async, settle

SMALL = (80, 24)
LARGE = (200, 55)
LONG = "Анна Петровна Воронцова-Дашкова"  # 31 letters: longer than the old 16-column cut


def rows(app) -> dict[str, str]:
    return {row.key: row.render().plain for row in app.query(VitalsRow)}


def boxes(line: str) -> int:
    return line.count("▮") + line.count("▯")


# --- sharing the width out ----------------------------------------------------------------

#            name health level blood wp status
COLUMNS = Columns((31, 10, 10, 11, 3, 10), numbers=11, pools=(10, 11, 14, 20))

FITS = [
    # width, name, status, boxes, level shown
    (200, 31, 10, 20, True),  # everything: every pool boxed, the level's name too
    (100, 31, 10, 20, False),  # every pool boxed; no room left for the level
    (90, 31, 10, 14, False),  # the 20-point pool is told in numbers, the others boxed
    (75, 31, 10, 0, False),  # no box fits: numbers for everyone, the name still whole
    (70, 31, 7, 0, False),  # the status words get what the name leaves
    (63, 31, 0, 0, False),  # the name before the status words
    (40, 8, 0, 0, False),  # too narrow for anything: the name cut, but not to nothing
]


@pytest.mark.parametrize(("width", "name", "status", "boxed", "level"), FITS)
def test_the_width_goes_to_names_then_status_then_boxes_then_the_level(
    width: int, name: int, status: int, boxed: int, level: bool
) -> None:
    at = COLUMNS.fit(width)
    assert at.widths[NAME] == name
    assert at.widths[STATUS] == status
    assert at.boxes == boxed
    assert (at.widths[LEVEL] > 0) is level
    if boxed:
        assert at.widths[BLOOD] == boxed + 1 + COLUMNS.numbers


# --- on the screen ------------------------------------------------------------------------


async def at_80_columns_a_long_name_is_shown_whole(pilot) -> None:
    app = pilot.app
    app.dashboard.run_command(f'add "{LONG}" vampire')
    await settle(pilot)
    line = rows(app)[LONG.lower()]
    assert LONG in line and "…" not in line  # was cut at 16: "Анна Петровна В…"
    header = app.query_one(VitalsHeader).render().plain
    # The Status column follows the longest name, not a fixed cut.
    status = app.query_one(VitalsHeader).render().plain.rstrip().split()[-1]
    assert header.index(status) > len(LONG)


async def blood_is_one_box_a_point_or_numbers(pilot, size) -> None:
    app = pilot.app
    state = app.session.state
    for key, line in rows(app).items():
        c = state.characters[key]
        assert boxes(line) in (0, c.blood_max), line  # never 6 boxes for 11 points
        assert f"{c.blood}/{c.blood_max}" in line
        if boxes(line):
            assert line.count("▮") == c.blood
    drawn = rows(app)
    ilse = drawn["ilse varga"]
    assert boxes(ilse) == 11 and ilse.count("▮") == 6  # 6 of 11 (one spent on Celerity)
    anselm = drawn["brother anselm"]  # 19 of 20: boxed only where 20 boxes fit
    assert boxes(anselm) == (20 if size == LARGE else 0)


async def the_wide_vitals_pane_is_as_tall_as_its_rows(pilot) -> None:
    app = pilot.app
    vitals = app.query_one(VitalsPane)
    count = len(app.session.state.characters)
    assert vitals.outer_size.height == count + 1 + 2  # the rows, the header, the frame
    log = app.query_one(LogPane)
    assert log.region.y == vitals.region.bottom  # the roll log takes the rest
    assert log.outer_size.height > 30


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [SMALL, LARGE], ids=lambda s: f"{s[0]}x{s[1]}")
@run_async
async def test_the_vitals_pane_boxes_blood_a_point_a_box_and_gives_names_and_rows_room(
    tmp_path: Path, lang: str, size
) -> None:
    """One dashboard a size, its checks in turn: the blood boxes on the demo as it is, then,
    at 80 columns, a long name added; at 200, the pane's height."""
    app = demo_app(tmp_path, lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await check("blood boxes", blood_is_one_box_a_point_or_numbers(pilot, size))
        if size == SMALL:
            await check("long name", at_80_columns_a_long_name_is_shown_whole(pilot))
        else:
            await check("pane height", the_wide_vitals_pane_is_as_tall_as_its_rows(pilot))
    app.session.close()
