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
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from textual.dom import DOMNode

Work = Callable[[], Any]
Done = Callable[[Any], None]


class Failed:
    """What a piece of work raised, handed to its ``done`` instead of a result."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


class Runner:
    """A queue of (work, done) pairs drained by one task on ``owner``'s loop, the work done
    in one thread of its own (kept warm: a command costs no thread start)."""

    def __init__(self, owner: DOMNode) -> None:
        self.owner = owner
        self.jobs: deque[tuple[Work, Done]] = deque()
        self.idle = asyncio.Event()
        self.idle.set()
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="chronicle")
        self.task: asyncio.Task | None = None

    @property
    def busy(self) -> bool:
        return not self.idle.is_set()

    def submit(self, work: Work, done: Done) -> None:
        self.jobs.append((work, done))
        if self.idle.is_set():
            self.idle.clear()
            self.task = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.jobs:
                work, done = self.jobs.popleft()
                try:
                    result = await loop.run_in_executor(self.thread, work)
                except Exception as exc:  # handed to ``done``: it says what went wrong
                    result = Failed(exc)
                try:
                    done(result)
                except Exception as exc:  # a bug showing one result must not stop the queue
                    from elysium.tui import errorlog

                    self.owner.log.error("showing a result failed", exc)
                    errorlog.record(exc, f"showing a result in {type(self.owner).__name__}")
        finally:
            self.jobs.clear()
            self.idle.set()

    async def settled(self) -> None:
        """Wait until everything asked has been done (before quitting)."""
        await self.idle.wait()

    def close(self) -> None:
        """No more work: the thread ends once what it is doing is done (never cut short)."""
        self.thread.shutdown(wait=False)

    def finish(self) -> None:
        """Wait for the thread to end what it is doing (before the store is closed under
        it: an app that ended on a failure did not wait for :meth:`settled`)."""
        self.thread.shutdown(wait=True)
