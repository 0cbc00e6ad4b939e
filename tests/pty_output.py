"""What a pseudo-terminal's program writes, gathered as the tests that run one read it."""

from __future__ import annotations

import os
import select
import threading

LOOK = 0.05  # seconds the reader waits for output before it looks whether to stop


class Gathered:
    """Everything the pty's master side (``self.master``) gives, gathered into ``output``
    (under ``lock``) by a thread of its own until the far side closes or :meth:`stop_reading`
    is called; :meth:`gather` starts it once the program is running.

    The reader never sits in ``read`` waiting: a thread blocked there holds the master open
    in the kernel even once its descriptor is closed, so closing it to hang up the terminal
    would hang nothing up while the program stayed quiet. It waits in short ``select``\\ s
    instead and stops when asked, before the descriptor is closed."""

    master: int

    def gather(self) -> None:
        self.output = bytearray()
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while not self.stopping.is_set():
            try:
                ready, _, _ = select.select([self.master], [], [], LOOK)
                if not ready:
                    continue
                chunk = os.read(self.master, 65536)
            except (OSError, ValueError):
                return
            if not chunk:
                return
            with self.lock:
                self.output.extend(chunk)

    def stop_reading(self) -> None:
        """The reader out of the master's way (before the master is closed)."""
        self.stopping.set()
        self.reader.join(10)  # hang guard: it looks every LOOK seconds

    def shown(self) -> bytes:
        with self.lock:
            return bytes(self.output)
