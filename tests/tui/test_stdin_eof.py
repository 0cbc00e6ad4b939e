"""End of file on stdin is a hang-up (:mod:`elysium.tui.driver`): the app leaves cleanly,
everything acknowledged saved, instead of Textual's input thread reading nothing again and
again, a core's worth, for ever (a players' watcher outlived its killed tmux that way).

The terminal check that polls the terminal's settings (EIO once it is gone) never saw a
stdin that is not a terminal at all (a pipe, ``/dev/null``: ENOTTY, so it stopped looking),
nor an output terminal other than stdin. Each process here runs in a session of its own, as
under ``su``, so no SIGHUP reaches it: only what it reads and writes can tell it to leave.
"""

from __future__ import annotations

import fcntl
import os
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from elysium.chronicle.session import Session
from tests.pty_helpers import journal_events
from tests.pty_output import Gathered
from tests.tui_helpers import demo_copy

LEAVE = 60  # seconds: a hang guard (it leaves in well under one)


class Detached(Gathered):
    """``elysium ARGS`` with its output on a pty (read here) and ``stdin`` as given, in a
    session of its own (no controlling terminal: no SIGHUP when a terminal goes)."""

    def __init__(self, args: list[str], stdin: int) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
        env.pop("TEXTUAL", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "elysium", *args, "--lang", "en"],
            stdin=stdin,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.gather()

    def wait_for(self, needle: bytes) -> None:
        end = time.monotonic() + LEAVE  # hang guard: the screen is up in a few seconds
        while needle not in self.shown():
            assert time.monotonic() < end, f"{needle!r} never appeared on the screen"
            assert self.proc.poll() is None, f"it left before showing {needle!r}"
            time.sleep(0.05)

    def left(self) -> int:
        """Its exit status, once it has left (killed, and the test failed, if it never)."""
        try:
            return self.proc.wait(LEAVE)  # hang guard: it leaves in well under a second
        except subprocess.TimeoutExpired:
            raise AssertionError("it never left: end of file was not taken as a hang-up") from None

    def hang_up(self) -> None:
        """Close the terminal's other side (the pty master), as a killed tmux does."""
        if self.master >= 0:
            self.stop_reading()  # else its read would keep the terminal open in the kernel
            os.close(self.master)
            self.master = -1

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(LEAVE)  # hang guard
        self.hang_up()


def _chronicle(tmp_path: Path) -> Path:
    return demo_copy(tmp_path)


def test_the_players_screen_leaves_when_its_stdin_reaches_its_end(tmp_path: Path) -> None:
    root = _chronicle(tmp_path)
    read, write = os.pipe()
    term = Detached(["watch", str(root), "--players"], stdin=read)
    os.close(read)
    try:
        term.wait_for(b"Characters")
        os.close(write)  # the other end is gone: the watcher reads end of file
        write = -1
        assert term.left() == 0
        term.reader.join(LEAVE)  # hang guard: the rest of its output
        assert b"\x1b[?1049l" in term.shown()  # the terminal given back (no alternate screen)
    finally:
        if write >= 0:
            os.close(write)
        term.close()


def test_the_players_screen_started_on_an_empty_stdin_leaves(tmp_path: Path) -> None:
    root = _chronicle(tmp_path)
    with open(os.devnull, "rb") as nothing:
        term = Detached(["watch", str(root), "--players"], stdin=nothing.fileno())
    try:
        assert term.left() == 0
    finally:
        term.close()


def test_the_dashboard_leaves_on_end_of_file_with_everything_saved(tmp_path: Path) -> None:
    root = _chronicle(tmp_path)
    read, write = os.pipe()
    term = Detached([str(root)], stdin=read)
    os.close(read)
    try:
        term.wait_for(b"Vitals")
        time.sleep(0.5)  # the command bar takes the keys once the dashboard is drawn
        os.write(write, b"award Lucien 3\r")
        end = time.monotonic() + LEAVE  # hang guard: saved in well under a second
        while not any(e.type == "xp" for e in journal_events(root)):
            assert time.monotonic() < end, "the command never reached the journal"
            time.sleep(0.05)
        os.close(write)
        write = -1
        assert term.left() == 0
    finally:
        if write >= 0:
            os.close(write)
        term.close()
    s = Session.open(root)  # the lock is free again and nothing needed repair
    assert s.report == []
    assert s.state.characters["lucien marchetti"].xp == 3 + 2  # 2 from the demo
    s.close()


@pytest.mark.parametrize("args", [["watch", "{root}", "--players"], ["{root}"]])
def test_an_app_whose_output_terminal_closes_leaves_though_its_stdin_stays_open(
    tmp_path: Path, args: list[str]
) -> None:
    """Its input a pipe that never ends, its output on a terminal that goes: the old check
    looked only at stdin (not a terminal: it stopped looking) and the app lived on."""
    root = _chronicle(tmp_path)
    read, write = os.pipe()
    term = Detached([a.format(root=root) for a in args], stdin=read)
    os.close(read)
    try:
        term.wait_for(b"Characters" if "--players" in args else b"Vitals")
        term.hang_up()  # the terminal is gone; stdin is still open
        assert term.left() == 0
    finally:
        os.close(write)
        term.close()
