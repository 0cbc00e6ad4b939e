"""The terminal's output outlives the terminal (:mod:`elysium.tui.driver`): after a hang-up
every write to the pty fails (EIO); the output thread must keep taking from its queue, or the
app's leaving waits forever for a place in it (Textual's holds 30 writes)."""

from __future__ import annotations

import contextlib
import os
import threading

from textual.drivers._writer_thread import MAX_QUEUED_WRITES, WriterThread
from textual.drivers.linux_driver import LinuxDriver

from elysium.tui.app import ElysiumApp
from elysium.tui.driver import SurvivingDriver, TerminalOutput


def test_after_a_hang_up_the_output_thread_drops_writes_and_stops() -> None:
    master, slave = os.openpty()
    terminal = os.fdopen(slave, "w", encoding="utf-8")
    output = TerminalOutput(terminal)
    thread = WriterThread(output)  # type: ignore[arg-type]
    thread.start()
    thread.write("\x1b[?1049h a frame")
    os.close(master)  # the link dropped: sshd closed the pty

    def leave() -> None:  # more writes than the queue holds, then Textual's stop
        for _ in range(3 * MAX_QUEUED_WRITES):
            thread.write("\x1b[?25h")
        thread.stop()

    leaving = threading.Thread(target=leave, daemon=True)
    leaving.start()
    leaving.join(5)
    assert not leaving.is_alive(), "writing to the gone terminal blocked"
    assert not thread.is_alive()
    assert output.gone  # the failure was seen, and dropped what followed
    assert output.fileno() == slave  # the rest is the file's
    with contextlib.suppress(OSError):  # what it still holds cannot be written either
        terminal.close()


def test_the_app_runs_on_the_surviving_driver(monkeypatch) -> None:
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    driver = ElysiumApp().get_driver_class()
    assert driver is SurvivingDriver and issubclass(driver, LinuxDriver)


def test_a_watcher_whose_terminal_closes_without_a_hang_up_leaves(tmp_path) -> None:
    """Started where its terminal is not its controlling one (``su``, a killed tmux), the
    players' watcher gets no SIGHUP when the terminal goes; reads then return nothing at
    once and Textual's input thread would spin on them for ever. It sees the terminal gone
    (its settings cannot be read: EIO) and leaves within a few seconds."""
    import subprocess
    import sys
    import time

    from elysium.cli import main
    from tests.chronicle_helpers import COTERIE, new_session

    root, to = tmp_path / "c", tmp_path / "shared"
    new_session(root, COTERIE).close()
    assert main(["share", str(root), "--to", str(to)]) == 0
    master, slave = os.openpty()
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "elysium", "watch", str(to), "--lang", "en"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,  # a session of its own with no controlling terminal
    )
    os.close(slave)
    seen = b""
    end = time.monotonic() + 30
    while b"Characters" not in seen and time.monotonic() < end:
        with contextlib.suppress(OSError):
            seen += os.read(master, 65536)
    assert b"Characters" in seen, "the players' screen never started"
    os.close(master)  # the terminal is gone; no SIGHUP reaches the watcher
    closed = time.monotonic()
    try:
        proc.wait(60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    # It looks at its terminal once a second (SurvivingDriver.LOOK); spinning, it never leaves.
    assert time.monotonic() - closed < 30  # hang guard
