"""What a chronicle's dashboard showed when it was left: the character selected and where
each pane was scrolled. Reopening the chronicle shows it the same way.

Kept in the user's state directory (``views.json``, private), one entry per chronicle, never
in the chronicle itself: two Storytellers looking at one chronicle each keep their own. A
convenience, not a save: a failure to read or write it is ignored.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget

from elysium.tui.widgets.panes import PANES
from elysium.tui.widgets.rolllog import RollLog

VIEWS = "views.json"
KEEP = 50  # chronicles remembered


def _scroll_of(pane: Widget) -> int:
    """Where a pane is scrolled: a pane of text from its top; the roll log by its distance
    from the newest line (its lines are wrapped again on reopening)."""
    if isinstance(pane, VerticalScroll):
        return round(pane.scroll_y)
    log = pane.query_one(RollLog)
    log.wrap_all()
    return max(0, len(log.lines) - log.height - log.top)


def _scroll_to(pane: Widget, y: int) -> None:
    if isinstance(pane, VerticalScroll):
        pane.scroll_to(y=y, animate=False)
        return
    log = pane.query_one(RollLog)
    log.wrap_all()
    log.top = max(0, len(log.lines) - log.height - y)
    log.refresh()


def capture(screen: Screen) -> dict[str, Any]:
    """The selection and every pane's scroll of a dashboard on the screen now."""
    scroll: dict[str, int] = {}
    for pane in PANES:
        with contextlib.suppress(Exception):
            scroll[pane.kept] = _scroll_of(screen.query_one(f"#{pane.id}"))
    return {"selected": getattr(screen, "selected", None), "scroll": scroll}


def restore(screen: Screen, view: dict[str, Any]) -> None:
    """Scroll each pane as ``view`` says (the selection is given to the screen when it is
    built). Values out of range are clamped by the panes themselves."""
    scroll = view.get("scroll")
    if not isinstance(scroll, dict):
        return
    for pane in PANES:
        y = scroll.get(pane.kept)
        if isinstance(y, int) and y > 0:
            with contextlib.suppress(Exception):
                _scroll_to(screen.query_one(f"#{pane.id}"), y)


def _path() -> Path:
    from elysium.tui.userstate import state_file

    return state_file(VIEWS)


def _read() -> dict[str, Any]:
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def load(root: Path) -> dict[str, Any]:
    """What ``root``'s dashboard showed last (empty when nothing is known)."""
    view = _read().get(str(root))
    return view if isinstance(view, dict) else {}


def save(root: Path, view: dict[str, Any]) -> None:
    """Remember ``view`` for ``root`` (the most recent last; the oldest forgotten)."""
    import os

    from elysium.chronicle.errors import StoreError
    from elysium.chronicle.store.paths import ensure_private_dir, open_private, write_all

    views = _read()
    views.pop(str(root), None)
    views[str(root)] = view
    kept = dict(list(views.items())[-KEEP:])
    with contextlib.suppress(OSError, StoreError):
        path = _path()
        ensure_private_dir(path.parent)
        fd = open_private(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        try:
            write_all(fd, json.dumps(kept, ensure_ascii=False).encode("utf-8"))
        finally:
            os.close(fd)
