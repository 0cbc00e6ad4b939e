"""Where chronicles live, and the checks that keep them private and inside their folder.

A user's chronicles are under ``$XDG_DATA_HOME/elysium`` (``~/.local/share/elysium``) unless
they name a directory; what a session leaves behind (the command history, the chronicle last
opened) is under the state directory, and the settings under the config directory, both found
by ``platformdirs`` (the XDG variables on Linux). Directories are made 0700 and files 0600
whatever the umask; a save file that is a symlink or belongs to someone else is refused.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from pathlib import Path

from elysium.chronicle.errors import NotRegularError, StoreError

DIR_MODE = 0o700
FILE_MODE = 0o600


def data_dir() -> Path:
    """``$XDG_DATA_HOME/elysium``, or ``~/.local/share/elysium``."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "elysium"


def state_dir() -> Path:
    """``$XDG_STATE_HOME/elysium``, or ``~/.local/state/elysium``: history and the last
    chronicle, which are worth keeping but are not saves."""
    found = linux_user_dir("XDG_STATE_HOME", ".local/state")
    if found is not None:
        return found
    from platformdirs import user_state_dir  # macOS, Windows, Android: their own places

    return Path(user_state_dir("elysium", appauthor=False))


def config_dir() -> Path:
    """``$XDG_CONFIG_HOME/elysium``, or ``~/.config/elysium``: where ``config.toml`` lives."""
    found = linux_user_dir("XDG_CONFIG_HOME", ".config")
    if found is not None:
        return found
    from platformdirs import user_config_dir  # as state_dir

    return Path(user_config_dir("elysium", appauthor=False))


def linux_user_dir(variable: str, under_home: str) -> Path | None:
    """platformdirs' answer on Linux, worked out here because every start reads the config
    directory and importing platformdirs costs some 6 ms: the XDG variable when it is an
    absolute path, else ``under_home`` in HOME, then ``elysium``. None where platformdirs
    must decide (another system, Android, a HOME that is not an absolute path)."""
    home = os.environ.get("HOME", "")
    android = hasattr(sys, "getandroidapilevel") or "ANDROID_DATA" in os.environ
    if sys.platform != "linux" or android or not home.startswith("/"):
        return None
    base = os.environ.get(variable, "")
    if not base.startswith("/"):
        base = home.rstrip("/") + "/" + under_home
    return Path(base) / "elysium"


def resolve_chronicle(arg: str) -> Path:
    """A plain name means a chronicle in the data directory; anything with a slash, or that
    starts with ``.`` or ``~``, is a path the user chose."""
    text = arg.strip()
    if not text:
        raise StoreError("store.name_a_chronicle")
    if "\x00" in text:
        raise StoreError("store.name_nul")
    if "/" in text or os.sep in text or text.startswith((".", "~")):
        return Path(text).expanduser().absolute()
    if any(ord(c) < 0x20 for c in text):
        raise StoreError("store.name_control")
    root = data_dir()
    target = (root / text).absolute()
    if target.parent != root.absolute():
        raise StoreError("store.name_leaves", name=arg, root=root)
    return target


def make_private_dirs(path: Path) -> None:
    """Create ``path`` and each missing parent 0700 whatever the umask; directories that
    exist are left as they are. (``mkdir(parents=True)`` gives the parents the umask's mode:
    under umask 002 a group-writable data directory would let the group move a chronicle
    away and put another in its place.)"""
    missing: list[Path] = []
    here = path
    while not os.path.lexists(here) and here != here.parent:
        missing.append(here)
        here = here.parent
    for directory in reversed(missing):
        try:
            directory.mkdir(mode=DIR_MODE)
        except FileExistsError:  # made meanwhile by someone else: not ours to chmod
            continue
        os.chmod(directory, DIR_MODE)


def ensure_private_dir(path: Path) -> None:
    """Create (0700, and its missing parents too) or check a directory: it must be ours
    and not a symlink."""
    try:
        make_private_dirs(path)
    except OSError as exc:
        raise StoreError("store.cannot_create", path=path, why=exc.strerror) from None
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        raise StoreError("store.dir_symlink", path=path)
    if not stat.S_ISDIR(info.st_mode):
        raise StoreError("store.not_a_dir", path=path)
    if info.st_uid != os.getuid():
        raise StoreError("store.not_ours", path=path)
    if stat.S_IMODE(info.st_mode) != DIR_MODE:
        os.chmod(path, DIR_MODE)


def check_file(path: Path) -> None:
    """An existing save file must be a regular file we own, not a symlink."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(info.st_mode):
        raise NotRegularError("store.file_symlink", name=path.name)
    if not stat.S_ISREG(info.st_mode):
        raise NotRegularError("store.not_regular", name=path.name)
    if info.st_uid != os.getuid():
        raise StoreError("store.not_ours", path=path.name)


def open_private(path: Path, flags: int) -> int:
    """``os.open`` with 0600, never following a symlink, and the mode forced to 0600."""
    check_file(path)
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_CLOEXEC, FILE_MODE)
    except OSError as exc:
        raise StoreError("store.cannot_open", name=path.name, why=exc.strerror) from None
    os.fchmod(fd, FILE_MODE)
    return fd


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes) -> None:
    """Write every byte (``os.write`` may write fewer), then fsync: on disk when it returns."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
    os.fsync(fd)


def check_chronicle_dir(root: Path) -> None:
    """A chronicle directory: there, a real directory (not a symlink), with a journal."""
    try:
        info = os.lstat(root)
    except FileNotFoundError:
        raise StoreError("store.no_chronicle", root=root) from None
    if stat.S_ISLNK(info.st_mode):
        raise StoreError("store.dir_symlink", path=root)
    if not stat.S_ISDIR(info.st_mode):
        raise StoreError("store.not_a_dir", path=root)
    for sub in ("journal", "chapters"):
        with contextlib.suppress(FileNotFoundError):
            if stat.S_ISLNK(os.lstat(root / sub).st_mode):
                raise StoreError("store.symlink", path=root / sub)
    if not (root / "journal").is_dir():
        raise StoreError("store.not_a_chronicle", root=root)
