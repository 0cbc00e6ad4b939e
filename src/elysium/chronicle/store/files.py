"""Writing and reading files so that a crash, a full disk or a planted symlink never costs a
save.

- New content goes to a temp file with an unpredictable name, created exclusively
  (``O_CREAT|O_EXCL|O_NOFOLLOW``) in the target's directory, fsynced, then renamed into
  place; the directory is fsynced after. A failure removes the temp file.
- Errors become one sentence (:func:`write_error`): a full disk, a quota, a file-size limit.
- A damaged file is kept aside as ``NAME.damaged-DATE``: renamed when it is being replaced
  anyway, copied when it stays in use; a copy identical to one already kept is not made
  twice, so retries do not pile up names.
- Temp files left by a killed process are recognised by name and removed by the next writer.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import re
import stat
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from io import FileIO
from pathlib import Path

from elysium.chronicle.errors import Line, NotRegularError, StoreError
from elysium.chronicle.store import faults
from elysium.chronicle.store.paths import FILE_MODE, check_file, fsync_dir, write_all
from elysium.i18n.message import Msg

# Ours: ".NAME.tmp-<16 hex>"; older versions wrote ".NAME.<pid>.tmp" and ".NAME.tmp".
TEMP_RE = re.compile(r"^\..+\.(tmp-[0-9a-f]{16}|\d+\.tmp|tmp)$")
DAMAGED = ".damaged-"


def write_msg(exc: OSError, what: Msg | str | None = None) -> Msg:
    """One sentence for a failed write, saying what to do about it: ``what`` failed (by
    default "could not save"), why, and that nothing was changed."""
    label = Msg("store.could_not_save") if what is None else what
    if exc.errno == errno.ENOSPC:
        why: Msg | str = Msg("store.disk_full")
    elif exc.errno == errno.EDQUOT:
        why = Msg("store.quota_exhausted")
    elif exc.errno == errno.EFBIG:
        why = Msg("store.file_size_limit")
    else:
        why = (exc.strerror or str(exc)).rstrip(".")
        return Msg("store.write_failed", what=label, why=why)
    return Msg("store.write_failed_space", what=label, why=why)


def write_error(exc: OSError, what: Msg | str | None = None) -> Line:
    """:func:`write_msg` as a report line (English as a string, any language by render)."""
    return Line(write_msg(exc, what))


def temp_name(path: Path) -> Path:
    """An unpredictable name beside ``path`` (``secrets.token_hex(8)``'s 16 hex digits, from
    the same ``os.urandom``: without importing ``secrets``, which loads OpenSSL's HMAC)."""
    return path.with_name(f".{path.name}.tmp-{os.urandom(8).hex()}")


def write_temp(path: Path, data: bytes, mode: int = FILE_MODE) -> Path:
    """A fully written, fsynced temp file beside ``path``; nothing left behind on failure."""
    tmp = temp_name(path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    fd = os.open(tmp, flags, mode)
    try:
        os.fchmod(fd, mode)
        write_all(fd, data)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    os.close(fd)
    faults.reach("temp-written")
    return tmp


def atomic_write(
    path: Path, data: bytes, *, mode: int = FILE_MODE, what: Msg | None = None
) -> None:
    """Replace ``path`` with ``data`` in one step: readers see the old file or the new one."""
    check_file(path)
    _publish(path, data, what or Msg("store.could_not_write", name=path.name), os.replace, mode)


def create_new(path: Path, data: bytes, *, what: Msg | None = None) -> None:
    """Make ``path`` with ``data``, all or nothing, and never over an existing file: the
    name appears only once every byte is on disk (a link fails where a file exists)."""
    _publish(path, data, what or Msg("store.could_not_create", name=path.name), os.link)


def _publish(
    path: Path,
    data: bytes,
    label: Msg,
    put: Callable[[Path, Path], None],
    mode: int = FILE_MODE,
) -> None:
    """Write ``data`` to a fresh temp file beside ``path``, then ``put`` it in place;
    whatever happens, no temp file is left behind."""
    try:
        tmp = write_temp(path, data, mode)
    except OSError as exc:
        raise StoreError(write_msg(exc, label)) from None
    try:
        put(tmp, path)
        fsync_dir(path.parent)
    except FileExistsError:
        raise StoreError("store.already_exists", what=label, name=path.name) from None
    except OSError as exc:
        raise StoreError(write_msg(exc, label)) from None
    finally:
        remove_quietly(tmp)  # after a rename it is already gone


def read_bounded(path: Path, limit: int, start: int = 0) -> bytes:
    """The bytes of a regular file we own (from byte ``start`` on), refusing FIFOs, devices,
    symlinks and files over ``limit`` bytes (a huge file is damage, not a chronicle)."""
    with open_bounded(path, limit) as (f, size):
        if start:
            f.seek(start)
        parts = [f.read(max(0, size - start) + 1)]  # one allocation: the size is known
        total = start + len(parts[0])
        while total > size:  # it grew meanwhile (a writer appending)
            more = f.read(1 << 20)
            if not more:
                break
            parts.append(more)
            total += len(more)
            if total > limit:
                raise OversizeError("store.grew_past", name=path.name, limit=limit)
        return parts[0] if len(parts) == 1 else b"".join(parts)


@contextlib.contextmanager
def open_bounded(path: Path, limit: int) -> Iterator[tuple[FileIO, int]]:
    """A regular file we own, open for reading, and its size (checked as
    :func:`read_bounded` checks it)."""
    f, size = open_checked(path, limit)
    with f:
        yield f, size


def open_checked(path: Path, limit: int) -> tuple[FileIO, int]:
    """:func:`open_bounded` for a reader that keeps the file open a while (a stream going
    through it a piece at a time); the caller closes it."""
    check_file(path)
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularError("store.not_regular", name=path.name)
        if info.st_size > limit:
            raise OversizeError("store.oversize", name=path.name, size=info.st_size, limit=limit)
        return FileIO(fd, "rb", closefd=True), info.st_size
    except BaseException:
        os.close(fd)
        raise


class OversizeError(StoreError):
    """A file too large to be one of ours."""


def stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S")


def _aside_name(path: Path) -> Path:
    base = f"{path.name}{DAMAGED}{stamp()}"
    target = path.with_name(base)
    n = 1
    while target.exists() or target.is_symlink():
        n += 1
        target = path.with_name(f"{base}-{n}")
    return target


def kept_copy(path: Path, data: bytes) -> Path | None:
    """A ``.damaged-`` sibling already holding exactly ``data``, if there is one."""
    for other in path.parent.glob(f"{glob.escape(path.name)}{DAMAGED}*"):
        with contextlib.suppress(OSError):
            if other.stat().st_size == len(data) and other.read_bytes() == data:
                return other
    return None


def move_aside(path: Path) -> Path:
    """Rename a damaged file out of the way (no space needed); returns its new name."""
    return _aside(path, os.rename)


def link_aside(path: Path) -> Path:
    """Keep the file's current inode under a ``.damaged-`` name (the caller then replaces
    ``path`` with new content by rename, so the kept bytes never change). A name already
    holding this inode (a repair interrupted before) is reused."""
    with contextlib.suppress(OSError):
        for other in path.parent.glob(f"{glob.escape(path.name)}{DAMAGED}*"):
            if os.path.samefile(other, path):
                return other
    return _aside(path, os.link)


def replace_keeping(path: Path, data: bytes, what: Msg) -> Path:
    """Replace a damaged file with ``data``, keeping the original as ``.damaged-``: the new
    content is written first, so a full disk or a crash at any point loses neither."""
    try:
        tmp = write_temp(path, data)
    except OSError as exc:
        raise StoreError(write_msg(exc, what)) from None
    try:
        aside = link_aside(path)
        os.replace(tmp, path)
        fsync_dir(path.parent)
    except OSError as exc:
        remove_quietly(tmp)
        raise StoreError(write_msg(exc, what)) from None
    return aside


def _aside(path: Path, keep: Callable[[Path, Path], None]) -> Path:
    target = _aside_name(path)
    try:
        keep(path, target)
        fsync_dir(path.parent)
    except OSError as exc:
        raise StoreError(
            write_msg(exc, Msg("store.could_not_keep_aside", name=path.name))
        ) from None
    return target


def copy_aside(path: Path, data: bytes) -> Path:
    """Keep a copy of ``data`` (the file stays in use); reuses an identical earlier copy."""
    existing = kept_copy(path, data)
    if existing is not None:
        return existing
    target = _aside_name(path)
    _publish(target, data, Msg("store.could_not_keep_copy", name=path.name), os.link)
    return target


def stale_temps(directory: Path) -> list[Path]:
    """Temp files of ours in ``directory`` (left by a process killed mid-write)."""
    try:
        names = os.listdir(directory)
    except OSError:
        return []
    return [directory / n for n in sorted(names) if TEMP_RE.match(n)]


def remove_quietly(path: Path) -> bool:
    try:
        path.unlink()
    except OSError:
        return False
    return True
