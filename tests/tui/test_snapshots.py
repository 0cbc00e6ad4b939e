"""How the dashboard looks: every screen and dialog at 80x24 and 160x48, in both languages.

Update after a deliberate change with ``pytest tests/tui/test_snapshots.py --snapshot-update``
and look at the report before committing the SVGs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui_helpers import demo_app

SIZES = [(80, 24), (160, 48)]
SCREENS = {
    "dashboard": [],
    "roll_dialog": ["f2"],
    "editor": ["f3"],
    "npc_dialog": ["f4"],
    "help": ["f1"],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", list(SCREENS))
def test_snapshot(snap_compare, tmp_path: Path, screen: str, size, lang: str) -> None:
    app = demo_app(tmp_path, lang)
    try:
        assert snap_compare(app, press=SCREENS[screen], terminal_size=size)
    finally:
        if app.session is not None:
            app.session.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_locked_offer(snap_compare, tmp_path: Path, size, lang: str) -> None:
    from elysium.chronicle.session import Session
    from elysium.tui.app import make_app
    from tests.tui_helpers import demo_copy

    root = demo_copy(tmp_path)
    holder = Session.open(root)
    try:
        assert snap_compare(make_app(None, lang, locked=root), terminal_size=size)
    finally:
        holder.close()
