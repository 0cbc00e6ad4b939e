"""Textual's terminal driver, made to outlive its terminal (issue 15: the SSH link drops).

When sshd gives a dropped link up it closes the session's pty: the app gets SIGHUP (and
SIGCONT, on which Textual starts its application mode again) and from then on every write
to the terminal fails (EIO). Textual writes from one thread that takes frames from a queue
of at most 30; the first failed write ends that thread, and every later write only fills the
queue. Leaving writes about a dozen sequences (mouse, paste, alternate screen, cursor) and
then waits for the queue to take one more: measured over SSH, 22 or 23 of the 30 places
were taken by then. A few more frames (a screen or a toast open, a slower save) and leaving
would wait forever, the chronicle's lock held. Here the thread's file drops what the gone
terminal cannot take, so the thread lives on and the queue keeps draining.
"""

from __future__ import annotations

import errno
import os
import signal
import termios
import threading
from typing import IO, Any

from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver


class TerminalOutput:
    """The terminal's output file; once a write or flush fails (the terminal is gone) the
    rest are dropped. Everything else is the file's."""

    def __init__(self, file: IO[str]) -> None:
        self._file = file
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                self._file.write(text)
            except OSError:
                self.gone = True
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._file.flush()
            except OSError:
                self.gone = True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


class SurvivingDriver(LinuxDriver):
    """The Linux (and macOS) driver, its output thread writing through :class:`TerminalOutput`,
    and a look every ``LOOK`` seconds at whether the terminal is still there."""

    LOOK = 1.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self._file is not None:  # sys.__stderr__, None without one
            self._file = TerminalOutput(self._file)  # type: ignore[assignment]

    def start_application_mode(self) -> None:
        super().start_application_mode()
        threading.Thread(target=self._watch_terminal, name="terminal-watch", daemon=True).start()

    def _watch_terminal(self) -> None:
        """A terminal closed without a SIGHUP reaching us (a watcher started through ``su``,
        whose terminal is not its controlling one, when tmux is killed): reads then return
        nothing at once and Textual's input thread spins on them, a core's worth, for ever.
        The terminal's settings cannot be read once it is gone (EIO): then we hang up on
        ourselves, and the app leaves the way a dropped SSH link makes it leave."""
        while not self.exit_event.wait(self.LOOK):
            try:
                termios.tcgetattr(self.fileno)
            except termios.error as exc:
                if exc.args and exc.args[0] == errno.EIO:
                    os.kill(os.getpid(), signal.SIGHUP)
                    return
            except (OSError, ValueError):
                return  # not a terminal at all: nothing to watch


def surviving(driver: type[Driver]) -> type[Driver]:
    """``driver``, or the surviving one in place of Textual's own terminal driver."""
    return SurvivingDriver if driver is LinuxDriver else driver
