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
