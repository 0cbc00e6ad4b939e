"""The chronicle's work, off the screen's thread and in order.

On a shared server the home directory may sit on a network file system where one fsync
takes 100 ms or more. Every piece of work that touches the store (a command, reading the
log, the history file, statistics) is queued here and run in a thread, one at a time, in the
order asked; its result is handed back on the screen's thread. Typing, scrolling and dialogs
stay live meanwhile, and the screen still shows a result only once it is durable.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import Any

from textual.dom import DOMNode

Work = Callable[[], Any]
Done = Callable[[Any], None]


class Failed:
    """What a piece of work raised, handed to its ``done`` instead of a result."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


class Runner:
    """A queue of (work, done) pairs drained by one worker of ``owner``."""

    def __init__(self, owner: DOMNode) -> None:
        self.owner = owner
        self.jobs: deque[tuple[Work, Done]] = deque()
        self.idle = asyncio.Event()
        self.idle.set()

    @property
    def busy(self) -> bool:
        return not self.idle.is_set()

    def submit(self, work: Work, done: Done) -> None:
        self.jobs.append((work, done))
        if self.idle.is_set():
            self.idle.clear()
            self.owner.run_worker(self._drain(), name="chronicle", group="chronicle")

    async def _drain(self) -> None:
        try:
            while self.jobs:
                work, done = self.jobs.popleft()
                try:
                    result = await asyncio.to_thread(work)
                except Exception as exc:  # handed to ``done``: it says what went wrong
                    result = Failed(exc)
                try:
                    done(result)
                except Exception as exc:  # a bug showing one result must not stop the queue
                    self.owner.log.error("showing a result failed", exc)
        finally:
            self.jobs.clear()
            self.idle.set()

    async def settled(self) -> None:
        """Wait until everything asked has been done (before quitting)."""
        await self.idle.wait()
