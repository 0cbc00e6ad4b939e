"""How the start screen looks (issue 14): the first screen when there is no last chronicle,
at 80x24 and 160x48, in both languages. The test's home is empty, so the list holds only
the demo.

Update after a deliberate change with ``--snapshot-update`` and look at the SVGs."""

from __future__ import annotations

import pytest

from elysium.tui.app import make_app

SIZES = [(80, 24), (160, 48)]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_start_screen(snap_compare, size, lang: str) -> None:
    assert snap_compare(make_app(None, lang), terminal_size=size)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_snapshot_start_screen_new_name(snap_compare, lang: str) -> None:
    """Ctrl+N: the name of a new chronicle being typed."""
    assert snap_compare(make_app(None, lang), press=["ctrl+n", *"Saga"], terminal_size=(80, 24))
