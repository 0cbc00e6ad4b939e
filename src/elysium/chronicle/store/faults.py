"""Named crash points, so tests can stop the store at every step of a write.

``ELYSIUM_CRASH_AT=STEP`` (or ``STEP:N`` for its N-th time) makes the process kill itself
with SIGKILL when it reaches that step: exactly what a power cut or ``kill -9`` there would
leave on disk. In-process tests set :data:`hook` instead. Reaching a step costs a dict
lookup; with neither set, nothing happens.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable

STEPS = (
    "temp-written",  # a temp file is complete, not yet renamed into place
    "close:closed-written",  # the closed chapter's file is in place
    "close:journal-created",  # the next chapter's journal exists: the close is committed
    "close:index-written",  # the checkpoint names the closed chapter's digest
    "close:old-removed",  # the old journal is gone: the close is complete
    "checkpoint:written",
    "append:written",  # a record is on disk, not yet acknowledged
)

hook: Callable[[str], None] | None = None
_seen: dict[str, int] = {}


def _parse(text: str) -> tuple[str, int] | None:
    if not text:
        return None
    head, sep, tail = text.rpartition(":")
    if sep and tail.isdigit():
        return head, int(tail)
    return text, 1


_plan = _parse(os.environ.get("ELYSIUM_CRASH_AT", ""))


def reach(step: str) -> None:
    if hook is not None:
        hook(step)
    if _plan is not None and step == _plan[0]:
        _seen[step] = _seen.get(step, 0) + 1
        if _seen[step] == _plan[1]:
            os.kill(os.getpid(), signal.SIGKILL)
