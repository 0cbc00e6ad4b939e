"""The players' screen as it looks (issue 15): the demo's fight as the table sees it, at
80x24 and 200x55, English and Russian, and without colour.

Update after a deliberate change with ``--snapshot-update`` and look at the SVGs."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.players import ProjectedView
from elysium.chronicle.session import Session
from elysium.rules import SeededDice
from elysium.tui.app import make_players_app
from tests.tui_helpers import demo_copy, until

SIZES = [(80, 24), (200, 55)]


def _table(tmp_path: Path) -> Path:
    """The demo with its coterie marked as the players' and a few public and hidden rolls."""
    root = demo_copy(tmp_path)
    s = Session.open(root, rng=SeededDice(5))
    for command in (
        'set "Lucien Marchetti" player yes',
        'set "Ilse Varga" player yes',
        'set "Brother Anselm" player yes',
        'roll "Ilse Varga" 6 diff 7 dice 10,8,7,3,1,9',
        'roll "Det. Dana Price" 5 diff 6 hidden dice 9,9,9,9,9',
        'roll "Tomas Reyes" 4 diff 6 dice 6,2,1,8',
    ):
        s.execute(command)
    s.close()
    return root


async def _settled(pilot) -> None:
    """The screen has asked whether the writer is there and read everything there is (no
    read under way, nothing new on disk), and has drawn it."""
    app = pilot.app.screen

    def read() -> bool:
        return app.writer is not None and not app._reading and not app.source.changed()

    await until(pilot, read, "the players' screen read the view")
    await app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_players_screen(snap_compare, tmp_path: Path, size, lang: str) -> None:
    source = ProjectedView(_table(tmp_path))
    try:
        app = make_players_app(source, lang)
        assert snap_compare(app, terminal_size=size, run_before=_settled)
    finally:
        source.close()


def test_snapshot_players_screen_no_color(snap_compare, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    source = ProjectedView(_table(tmp_path), "hidden")
    try:
        app = make_players_app(source, "en")
        assert snap_compare(app, terminal_size=(80, 24), run_before=_settled)
    finally:
        source.close()
