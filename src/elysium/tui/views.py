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

VIEWS = "views.json"
KEEP = 50  # chronicles remembered
SCROLLED = ("vitals", "initiative", "beast")  # VerticalScroll panes, by id


def capture(screen: Screen) -> dict[str, Any]:
    """The selection and every pane's scroll of a dashboard on the screen now. The roll log
    keeps its distance from the newest line (its lines are wrapped again on reopening)."""
    from elysium.tui.widgets.rolllog import RollLog

    scroll: dict[str, int] = {}
    for pane in SCROLLED:
        with contextlib.suppress(Exception):
            scroll[pane] = round(screen.query_one(f"#{pane}", VerticalScroll).scroll_y)
    with contextlib.suppress(Exception):
        log = screen.query_one(RollLog)
        scroll["rolls_back"] = max(0, len(log.lines) - log.height - log.top)
    return {"selected": getattr(screen, "selected", None), "scroll": scroll}


def restore(screen: Screen, view: dict[str, Any]) -> None:
    """Scroll each pane as ``view`` says (the selection is given to the screen when it is
    built). Values out of range are clamped by the panes themselves."""
    from elysium.tui.widgets.rolllog import RollLog

    scroll = view.get("scroll")
    if not isinstance(scroll, dict):
        return
    for pane in SCROLLED:
        y = scroll.get(pane)
        if isinstance(y, int) and y > 0:
            with contextlib.suppress(Exception):
                screen.query_one(f"#{pane}", VerticalScroll).scroll_to(y=y, animate=False)
    back = scroll.get("rolls_back")
    if isinstance(back, int) and back > 0:
        with contextlib.suppress(Exception):
            log = screen.query_one(RollLog)
            log.top = max(0, len(log.lines) - log.height - back)
            log.refresh()


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
