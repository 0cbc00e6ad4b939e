"""The dashboard in a real pseudo-terminal: a command is acknowledged, the SSH link drops
(SIGHUP), and the event is on disk; an idle dashboard sends nothing over the link."""

from __future__ import annotations

import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from elysium.chronicle.events import decode
from elysium.chronicle.session import Session
from tests.pty_output import Gathered
from tests.tui_helpers import demo_copy


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


def _events(root: Path) -> list:
    out = []
    for journal in (root / "journal").glob("*.jsonl"):
        for line in journal.read_bytes().split(b"\n"):
            if line:
                out.append(decode(line))
    return out


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(TERM="xterm-256color", LANG="C.UTF-8", COLUMNS="100", LINES="30")
    env.pop("TEXTUAL", None)
    return env


def test_sighup_after_an_acknowledged_command_loses_nothing(tmp_path: Path) -> None:
    root = demo_copy(tmp_path)
    term = Terminal(root, _env(tmp_path))
    try:
        term.wait_for(b"Vitals")
        time.sleep(0.5)
        term.type("award Lucien 3\r")
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if any(e.type == "xp" for e in _events(root)):
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the command never reached the journal")
        term.proc.send_signal(signal.SIGHUP)
        term.proc.wait(15)
    finally:
        term.close()
    s = Session.open(root)  # the lock is free again and nothing needed repair
    assert s.report == []
    assert s.state.characters["lucien marchetti"].xp == 3 + 2  # 2 from the demo
    s.close()


def test_an_idle_dashboard_sends_nothing(tmp_path: Path) -> None:
    root = demo_copy(tmp_path)
    term = Terminal(root, _env(tmp_path))
    try:
        term.wait_for(b"Vitals")
        term.wait_quiet()  # the first paint and the log finished
        before = term.received()
        time.sleep(2.5)
        assert term.received() == before, "the idle dashboard kept writing to the terminal"
        # Switching windows or tmux panes: the terminal reports focus out and in. Nothing
        # on the screen changes, so nothing is sent (Textual would repaint it all).
        term.type("\x1b[O")
        time.sleep(0.5)
        term.type("\x1b[I")
        time.sleep(1.0)
        assert term.received() == before, "a focus change repainted the dashboard"
        term.proc.send_signal(signal.SIGTERM)
        term.proc.wait(15)
    finally:
        term.close()
