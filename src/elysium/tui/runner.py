"""The chronicle's work, off the screen's thread and in order.

On a shared server the home directory may sit on a network file system where one fsync
takes 100 ms or more. Every piece of work that touches the store (a command, reading the
log, the history file, statistics) is queued here and run in a thread, one at a time, in the
order asked; its result is handed back on the screen's thread. Typing, scrolling and dialogs
stay live meanwhile, and the screen still shows a result only once it is durable.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from textual.dom import DOMNode

Work = Callable[[], Any]
Done = Callable[[Any], None]


class Failed:
    """What a piece of work raised, handed to its ``done`` instead of a result."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


class Runner:
    """A queue of (work, done) pairs: the work done in one thread of its own (kept warm: a
    command costs no thread start), one at a time and in order, each ``done`` called on
    ``owner``'s loop with the work's result.

    The hop is as short as it can be, because every command takes it twice: the work is
    handed to the thread as it is asked (not at the loop's next turn), and its result comes
    back through one ``call_soon_threadsafe`` (no task woken in between). The next work is
    started before the last result is shown, so a command queued behind another is saved
    while the first one's result is drawn."""

    def __init__(self, owner: DOMNode) -> None:
        self.owner = owner
        # Waiting (the running one is not), each with the context it was asked in: its
        # ``done`` runs there (Textual finds its app and message pump through it).
        self.jobs: deque[tuple[Work, Done, contextvars.Context]] = deque()
        self.idle = asyncio.Event()
        self.idle.set()
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="chronicle")
        self.loop: asyncio.AbstractEventLoop | None = None
        self.running: object | None = None  # the work in the thread now

    @property
    def busy(self) -> bool:
        return not self.idle.is_set()

    def submit(self, work: Work, done: Done) -> None:
        self.jobs.append((work, done, contextvars.copy_context()))
        if self.idle.is_set():
            self.idle.clear()
            self.loop = asyncio.get_running_loop()
            self._start()

    def _start(self) -> None:
        """The next waiting work into the thread; its result to :meth:`_finished`."""
        loop = self.loop
        assert loop is not None
        work, done, context = self.jobs.popleft()
        try:
            future = self.thread.submit(work)
        except RuntimeError as exc:  # closed: the screen is going
            self.running = exc
            loop.call_soon(self._finished, None, done, exc, context=context)
            return
        self.running = future

        def back(f: Future) -> None:  # in the thread, the work done
            with contextlib.suppress(RuntimeError):  # the loop closed: the app is gone
                loop.call_soon_threadsafe(self._finished, f, done, None, context=context)

        future.add_done_callback(back)

    def _finished(self, future: Future | None, done: Done, refused: Exception | None) -> None:
        self.running = None
        if future is None:
            result: Any = Failed(refused or RuntimeError("not run"))
        else:
            error = future.exception()
            # An exception is handed to ``done``: it says what went wrong.
            result = future.result() if error is None else Failed(error)
        if self.jobs:
            self._start()  # saving the next while this result is drawn
        try:
            done(result)
        except Exception as exc:  # a bug showing one result must not stop the queue
            from elysium.tui import errorlog

            self.owner.log.error("showing a result failed", exc)
            errorlog.record(exc, f"showing a result in {type(self.owner).__name__}")
        if self.running is None:  # ``done`` may have asked for more
            if self.jobs:
                self._start()
            else:
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
