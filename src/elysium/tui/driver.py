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

A terminal can also go without a SIGHUP reaching us (a watcher started through ``su``, in a
session of its own, when tmux is killed), and stdin can be at its end without being a
terminal at all (a pipe, ``/dev/null``): Textual's input thread then reads nothing at once,
again and again, a core's worth, for ever. Here a read of end of file (or one that fails) is
a hang-up: the app leaves as a dropped link makes it leave.
"""

from __future__ import annotations

import contextlib
import errno
import os
import selectors
import signal
import termios
import threading
from codecs import getincrementaldecoder
from typing import IO, Any

from textual._parser import ParseError
from textual._xterm_parser import XTermParser
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
        whose terminal is not its controlling one, when tmux is killed) usually shows first
        in the input thread (:meth:`run_input_thread`: end of file); an idle screen's output
        may be on another terminal than its input (stdin a pipe), and that one's going is
        seen here. Once a terminal is gone its settings cannot be read (EIO): then we hang
        up on ourselves, and the app leaves the way a dropped SSH link makes it leave."""
        watched = {self.fileno}
        with contextlib.suppress(AttributeError, OSError, ValueError):
            watched.add(self._file.fileno())  # type: ignore[union-attr]
        while watched and not self.exit_event.wait(self.LOOK):
            for fd in sorted(watched):
                try:
                    termios.tcgetattr(fd)
                except termios.error as exc:
                    if exc.args and exc.args[0] == errno.EIO:
                        self._hang_up()
                        return
                    watched.discard(fd)  # not a terminal at all: nothing to watch there
                except (OSError, ValueError):
                    watched.discard(fd)

    def _hang_up(self) -> None:
        """The terminal is gone: the app's SIGHUP handler makes it leave (everything being
        saved saved first)."""
        os.kill(os.getpid(), signal.SIGHUP)

    def run_input_thread(self) -> None:
        """Textual's input loop (as in Textual 8's :class:`LinuxDriver`), but a read that
        returns nothing or fails is the terminal gone, not a key: Textual's loop would take
        it again at once, for ever. Then reading stops and the app is told to hang up (on
        its own loop: its SIGHUP handler is in place by the time it runs)."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode
        try:
            while not self.exit_event.is_set():
                if selector.select(0.1):
                    try:
                        data = os.read(self.fileno, 1024 * 4)
                    except (BlockingIOError, InterruptedError):
                        continue  # taken by another reader, or a signal: nothing yet
                    except OSError:  # EIO: the terminal's other side is closed
                        data = b""
                    if not data:
                        self._app.call_later(self._hang_up)
                        return
                    for event in parser.feed(decode(data)):
                        self.process_message(event)
                for event in parser.tick():
                    self.process_message(event)
            for event in parser.tick():  # a lone Esc waiting to be told from a sequence
                self.process_message(event)
        finally:
            selector.close()
            with contextlib.suppress(EOFError, ParseError):
                for _event in parser.feed(""):
                    pass


def surviving(driver: type[Driver]) -> type[Driver]:
    """``driver``, or the surviving one in place of Textual's own terminal driver."""
    return SurvivingDriver if driver is LinuxDriver else driver
