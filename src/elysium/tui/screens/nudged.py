"""A watching screen's two ways of hearing of a change: the kernel's nudge and the timer.

Both ``watch`` screens (the Storyteller's and the players') look at their source on a timer
every ``POLL`` seconds. With a :class:`~elysium.chronicle.notify.DirWatch` over the
source's directories, its descriptor sits in the app's event loop (``add_reader``: no
thread), so a change is looked at the moment the kernel tells of it (``QUIET`` seconds after
the burst's first event, so a file written in place is read whole); the timer then looks
only every ``SAFETY`` seconds, the safety net for what no file shows (a killed writer) and
for a directory not watched just now. Without a watch (see :mod:`elysium.chronicle.notify`)
every tick looks, as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

from elysium.chronicle.notify import QUIET, SAFETY, DirWatch, source_dirs, watching


class Nudged:
    """Runs ``look`` from :meth:`tick` (the screen's timer) when the safety net is due or
    there is no watch, and ``nudge`` (by default ``look``) when the kernel says the source
    changed: a screen passes one that posts ``look`` to itself, so it runs as a message
    does, in the screen's own context."""

    def __init__(
        self,
        source: object,
        look: Callable[[], None],
        nudge: Callable[[], object] | None = None,
        allowed: bool | None = None,
    ):
        self.look = look
        self.nudge = nudge or look
        self.last = 0.0  # when ``look`` last ran (monotonic)
        self.pending = False  # a look is due QUIET seconds after a burst's first event
        self.watch: DirWatch | None = watching(source_dirs(source), allowed)
        self.loop: asyncio.AbstractEventLoop | None = None
        if self.watch is None:
            return
        try:
            self.loop = asyncio.get_running_loop()
            self.loop.add_reader(self.watch.fileno(), self._nudge)
        except (RuntimeError, NotImplementedError, OSError, ValueError):
            self.close()  # no loop that takes a descriptor: the timer alone

    @property
    def notified(self) -> bool:
        """Whether the kernel tells of changes now (else every tick looks)."""
        return self.watch is not None

    def _nudge(self) -> None:
        watch = self.watch
        if watch is None:
            return
        if watch.failed:  # the descriptor broke: back to the timer alone
            self.close()
            return
        if watch.drain() and not self.pending:  # the look comes once the burst is over
            self.pending = True
            assert self.loop is not None
            self.loop.call_later(QUIET, self._nudged)

    def _nudged(self) -> None:
        self.pending = False
        if self.watch is not None:
            self.watch.drain()  # the rest of the burst: this look sees it
            self.last = time.monotonic()
            self.nudge()

    def tick(self) -> None:
        """The timer: look when there is no whole watch, else only every ``SAFETY`` s."""
        watch = self.watch
        whole = watch is not None and (watch.whole or watch.again())
        if whole and time.monotonic() - self.last < SAFETY:
            return
        self._run()

    def _run(self) -> None:
        self.last = time.monotonic()
        self.look()

    def close(self) -> None:
        watch, self.watch = self.watch, None
        if watch is None:
            return
        if self.loop is not None:
            with contextlib.suppress(RuntimeError, OSError, ValueError):
                self.loop.remove_reader(watch.fileno())
        watch.close()
