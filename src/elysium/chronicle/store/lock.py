"""The writer's lock: one process writes a chronicle; the next is told who holds it."""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import socket
from pathlib import Path

from elysium.chronicle.errors import LockedError
from elysium.chronicle.store.paths import open_private
from elysium.i18n.message import Msg

_HOLDER = re.compile(r"pid (\d+) on (\S+) since (\S+)")


def holder(text: str) -> Msg | str:
    """Who holds the lock, as the holder wrote it (``pid N on HOST since TIME``), told in
    the reader's language; anything else is shown as it is."""
    m = _HOLDER.fullmatch(text)
    return Msg("store.holder", pid=m[1], host=m[2], since=m[3]) if m else text


def holder_of(path: Path) -> tuple[int, str] | None:
    """The pid and host the lock file at ``path`` names (whoever wrote it last)."""
    try:
        with open(path, "rb") as f:
            text = f.read(300).decode("utf-8", "replace").strip()
    except OSError:
        return None
    m = _HOLDER.fullmatch(text)
    return (int(m[1]), m[2]) if m else None


def acquire(path: Path, now: str) -> int:
    """Take the lock file at ``path`` (flock, not blocking) and return its descriptor, or
    raise LockedError naming the process that holds it."""
    fd = open_private(path, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        held = os.pread(fd, 300, 0).decode("utf-8", "replace").strip()
        os.close(fd)
        from elysium.chronicle.text import clean_name

        if not held:
            raise LockedError("store.locked") from None
        raise LockedError("store.locked_by", who=holder(clean_name(held)[:120])) from None
    # Who holds it is a courtesy for the next one refused: a full disk must not stop us.
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()} on {socket.gethostname()} since {now}".encode(), 0)
    return fd
