"""The dashboard as a user's terminal runs it: a program on the slave side of a
pseudo-terminal, read and typed to on the master side, and the events its journal holds."""

from __future__ import annotations

import fcntl
import os
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from elysium.chronicle.events import decode
from tests.pty_output import Gathered


class Terminal(Gathered):
    """The app running on the slave side of a pty; we read and type on the master side."""

    def __init__(
        self,
        root: Path,
        env: dict[str, str],
        args: tuple[str, ...] = ("--lang", "en"),
        program: tuple[str, ...] = ("-m", "elysium"),
    ) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))

        def controlling_tty() -> None:
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.proc = subprocess.Popen(
            [sys.executable, *program, str(root), *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            preexec_fn=controlling_tty,
            close_fds=True,
        )
        os.close(slave)
        self.gather()

    def received(self) -> int:
        with self.lock:
            return len(self.output)

    def wait_for(self, needle: bytes, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                if needle in self.output:
                    return
            time.sleep(0.05)
        raise AssertionError(f"{needle!r} never appeared on the screen")

    def wait_quiet(self, quiet: float = 1.0, timeout: float = 60) -> None:
        """Until nothing has arrived for ``quiet`` seconds (the first paint and whatever
        follows it done, however long a loaded machine takes over them)."""
        end = time.monotonic() + timeout
        seen, since = self.received(), time.monotonic()
        while time.monotonic() - since < quiet:
            if time.monotonic() > end:
                raise AssertionError(f"the screen never went quiet ({self.received()} bytes)")
            time.sleep(0.05)
            if self.received() != seen:
                seen, since = self.received(), time.monotonic()

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        os.close(self.master)


def journal_events(root: Path) -> list:
    out = []
    for journal in (root / "journal").glob("*.jsonl"):
        for line in journal.read_bytes().split(b"\n"):
            if line:
                out.append(decode(line))
    return out


def terminal_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(TERM="xterm-256color", LANG="C.UTF-8", COLUMNS="100", LINES="30")
    env.pop("TEXTUAL", None)
    return env
