"""Being told that a followed directory changed (Linux inotify), instead of only asking.

A follower (``watch``, the players' screen, ``serve``'s board) asks its source ``changed()``
on a timer; with a :class:`DirWatch` it also asks the moment the kernel says something in
the source's directories was written, created, renamed or removed, so a change shows within
milliseconds instead of up to a poll period later. The directories are watched, not the
files: a writer replaces ``view.json`` and ``chronicle.json`` by renaming a temp file over
them (a new inode each time), and a chapter's journal is created in ``journal/``.

The kernel is asked through ``ctypes`` on the C library (no package to install). The timer
stays, slower, as the safety net: for what no file shows (a writer killed, its heartbeat
left saying it runs), and for a watch lost (the directory removed: it is watched again once
it is back). There is no watch, and the follower polls as before, where the kernel cannot
be asked or would not know: not Linux, ``inotify_init1`` failing, the watch limit reached
(``ENOSPC``), a network file system (NFS, SMB, FUSE, 9p, Ceph, AFS: another host's writes
raise no event here), or ``ELYSIUM_NOTIFY=0`` in the environment (``watching(..., False)``
from code), which the tests and ``bench/watch_bench.py`` use to measure the poll alone.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import select
import sys
import time
from collections.abc import Iterable
from pathlib import Path

SWITCH = "ELYSIUM_NOTIFY"  # "0": never watch, poll only
SAFETY = 0.5  # seconds between the safety net's looks while the kernel tells of changes
# Seconds from the first event of a burst to the look: a file written in place (truncated,
# then written) or a temp file renamed over one is several events in a few microseconds;
# looking after the burst reads the file once, whole, not its empty middle.
QUIET = 0.005
# What a writer does to a file: written, closed after writing, attributes changed, created,
# removed, renamed in or out; and the directory itself removed or moved. Never IN_OPEN,
# IN_ACCESS or IN_CLOSE_NOWRITE: the follower's own reads would wake it.
IN_MODIFY, IN_ATTRIB, IN_CLOSE_WRITE = 0x2, 0x4, 0x8
IN_MOVED_FROM, IN_MOVED_TO, IN_CREATE, IN_DELETE = 0x40, 0x80, 0x100, 0x200
IN_DELETE_SELF, IN_MOVE_SELF, IN_IGNORED, IN_ONLYDIR = 0x400, 0x800, 0x8000, 0x01000000
MASK = (
    IN_MODIFY
    | IN_ATTRIB
    | IN_CLOSE_WRITE
    | IN_MOVED_FROM
    | IN_MOVED_TO
    | IN_CREATE
    | IN_DELETE
    | IN_DELETE_SELF
    | IN_MOVE_SELF
    | IN_ONLYDIR
)
IN_NONBLOCK, IN_CLOEXEC = os.O_NONBLOCK, os.O_CLOEXEC
# statfs's f_type of the file systems where another host's writes raise no event here.
REMOTE = {
    0x6969,  # NFS
    0x517B,  # SMB
    0xFF534D42,  # CIFS
    0xFE534D42,  # SMB2
    0x65735546,  # FUSE (sshfs and the like)
    0x01021997,  # 9p
    0x00C36400,  # Ceph
    0x5346414F,  # AFS
    0x564C,  # NCP
}
EVENT_HEADER = 16  # struct inotify_event: wd, mask, cookie, len (then the name)


def c_library() -> ctypes.CDLL | None:
    """The C library with inotify's calls typed (None off Linux or without them)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.inotify_init1.argtypes = [ctypes.c_int]
        libc.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
        libc.inotify_rm_watch.argtypes = [ctypes.c_int, ctypes.c_int]
        libc.statfs.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    except (OSError, AttributeError):
        return None
    return libc


def remote(libc: ctypes.CDLL, path: Path) -> bool:
    """Whether ``path`` is on a network file system (its ``statfs`` type; unknown: no)."""
    buffer = ctypes.create_string_buffer(256)  # struct statfs is 120 bytes on 64-bit Linux
    if libc.statfs(os.fsencode(path), buffer) != 0:
        return False
    kind = ctypes.c_long.from_buffer(buffer).value & 0xFFFFFFFF  # f_type comes first
    return kind in REMOTE


class DirWatch:
    """An inotify descriptor over some directories: :meth:`fileno` turns readable when one
    changed; :meth:`drain` empties it. :attr:`whole` is False while a directory is not
    watched (not there yet, or removed): the follower then polls at its old pace, and
    :meth:`again` tries to watch it anew."""

    def __init__(self, libc: ctypes.CDLL, fd: int, dirs: list[Path]) -> None:
        self.libc, self.fd, self.dirs = libc, fd, dirs
        self.watched: dict[int, Path] = {}
        self.whole = False
        self.failed = False  # reading the descriptor failed: poll only from now on
        self.again()

    def again(self) -> bool:
        """Watch every directory not watched now; whether all of them are."""
        if self.failed:
            return False
        missing = [d for d in self.dirs if d not in self.watched.values()]
        for path in missing:
            wd = self.libc.inotify_add_watch(self.fd, os.fsencode(path), MASK)
            if wd >= 0:
                self.watched[wd] = path
        self.whole = len(self.watched) == len(self.dirs)
        return self.whole

    def fileno(self) -> int:
        return self.fd

    def drain(self) -> bool:
        """Read every event waiting (they are only a nudge: the source's ``stat`` says what
        changed); whether there was one. A watch the kernel dropped (its directory gone) is
        forgotten, to be made again by :meth:`again`."""
        woke = False
        while True:
            try:
                data = os.read(self.fd, 65536)
            except (BlockingIOError, InterruptedError):
                return woke
            except OSError:
                self.whole, self.failed = False, True
                return False
            if not data:
                return woke
            woke = True
            self._forget_dropped(data)

    def _forget_dropped(self, data: bytes) -> None:
        at = 0
        while at + EVENT_HEADER <= len(data):
            wd = int.from_bytes(data[at : at + 4], sys.byteorder, signed=True)
            mask = int.from_bytes(data[at + 4 : at + 8], sys.byteorder)
            size = int.from_bytes(data[at + 12 : at + 16], sys.byteorder)
            if mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) and wd in self.watched:
                del self.watched[wd]
                if not mask & IN_IGNORED:  # moved away: stop watching it where it went
                    self.libc.inotify_rm_watch(self.fd, wd)
                self.whole = False
            at += EVENT_HEADER + size

    def wait(self, timeout: float) -> bool:
        """Block until a directory changes or ``timeout`` seconds pass, then ``QUIET``
        seconds more for the rest of the burst; whether one changed."""
        try:
            ready, _, _ = select.select([self.fd], [], [], timeout)
        except (OSError, ValueError):  # closed under us: the follower is stopping
            return False
        if not ready:
            return False
        time.sleep(QUIET)
        return self.drain()

    def close(self) -> None:
        if self.fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = -1


def enabled() -> bool:
    """Whether the environment allows watching (``ELYSIUM_NOTIFY=0``: poll only)."""
    return os.environ.get(SWITCH, "1").strip() != "0"


def watching(dirs: Iterable[Path], allowed: bool | None = None) -> DirWatch | None:
    """A watch over ``dirs``, or None where the kernel cannot tell (see the module): the
    follower then polls. ``allowed``: False for no watch; None asks the environment."""
    dirs = list(dict.fromkeys(Path(d) for d in dirs))
    if not dirs or not (enabled() if allowed is None else allowed):
        return None
    libc = c_library()
    if libc is None or any(remote(libc, d) for d in dirs if d.exists()):
        return None
    fd = libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
    if fd < 0:  # EMFILE: the per-user limit of inotify instances reached
        return None
    watch = DirWatch(libc, fd, dirs)
    if not watch.watched:  # ENOSPC (the watch limit), or not one directory there
        watch.close()
        return None
    return watch


def source_dirs(source: object) -> list[Path]:
    """The directories a follower's source reads (its ``watched()``; none: poll only)."""
    found = getattr(source, "watched", None)
    return list(found()) if callable(found) else []
