"""What a pseudo-terminal's program writes, gathered as the tests that run one read it."""

from __future__ import annotations

import os
import threading


class Gathered:
    """Everything the pty's master side (``self.master``) gives, gathered into ``output``
    (under ``lock``) by a thread of its own until the far side closes; :meth:`gather` starts
    it once the program is running."""

    master: int

    def gather(self) -> None:
        self.output = bytearray()
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            with self.lock:
                self.output.extend(chunk)

    def shown(self) -> bytes:
        with self.lock:
            return bytes(self.output)
