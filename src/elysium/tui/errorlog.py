"""The error log: what failed in the screen, with its whole traceback, for the Storyteller
to send to whoever maintains Elysium.

A dialog that raises is closed and the dashboard says so in one line; the traceback goes
here instead of over the terminal. It lives in the state directory
(``$XDG_STATE_HOME/elysium/errors.log``), private to the user (0600), appended, each entry
stamped with the time. Past ``KEEP`` bytes the log is moved aside to ``errors.log.1`` (the
one before is dropped), so it never grows past about twice that. Writing it never raises:
a log that cannot be written must not become a second failure.
"""

from __future__ import annotations

import os
import traceback
from datetime import datetime
from pathlib import Path

from elysium import __version__
from elysium.chronicle.errors import StoreError
from elysium.chronicle.store.paths import ensure_private_dir, open_private, state_dir, write_all

ERRORS = "errors.log"
KEEP = 1 << 20  # bytes: past this the log is moved aside (errors.log.1) and begun again
ENTRY = 64 << 10  # the most one entry may take (a traceback through a huge value's repr)


def error_log() -> Path:
    """Where errors are logged: ``errors.log`` in the state directory."""
    return state_dir() / ERRORS


def entry(error: BaseException, where: str, now: datetime | None = None) -> str:
    """One entry: a stamped header line (the time, the version, where it failed), then the
    traceback as Python prints it."""
    stamp = (now or datetime.now()).astimezone().isoformat(timespec="seconds")
    told = "".join(traceback.format_exception(error))
    if len(told) > ENTRY:
        told = told[: ENTRY // 2] + "\n[…]\n" + told[-ENTRY // 2 :]
    return f"--- {stamp} elysium {__version__}: {where}\n{told.rstrip()}\n\n"


def record(error: BaseException, where: str) -> Path | None:
    """Append ``error`` (with its traceback) to the log; the log's path, or None when it
    could not be written (a full disk, a state directory that is not ours)."""
    path = error_log()
    try:
        ensure_private_dir(path.parent)
        _rotate(path)
        fd = open_private(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            write_all(fd, entry(error, where).encode("utf-8", "replace"))
        finally:
            os.close(fd)
    except (OSError, StoreError):
        return None
    return path


def _rotate(path: Path) -> None:
    """A log past ``KEEP`` bytes becomes ``errors.log.1`` (replacing the one before)."""
    try:
        size = os.lstat(path).st_size
    except FileNotFoundError:
        return
    if size >= KEEP:
        os.replace(path, path.with_name(ERRORS + ".1"))


def summary(error: BaseException, width: int = 160) -> str:
    """The error in one line for the status line: its type and the first line of what it
    says, cut to ``width`` characters."""
    said = str(error).strip().splitlines()
    text = f"{type(error).__name__}: {said[0]}" if said else type(error).__name__
    return text if len(text) <= width else text[: width - 1] + "…"
