"""The user's own state files: the command history, the chronicles opened lately (the last
first) and, per chronicle, what the dashboard showed (see :mod:`elysium.tui.views`).

They live in the state directory (``$XDG_STATE_HOME/elysium``), private to the user; older
versions kept them in the data directory, and the first use moves them over. Both are
conveniences, not saves: a failure is told, never raised.
"""

from __future__ import annotations

from pathlib import Path

from elysium.chronicle.errors import Line, StoreError
from elysium.chronicle.store.paths import (
    FILE_MODE,
    check_file,
    data_dir,
    ensure_private_dir,
    open_private,
    state_dir,
    write_all,
)
from elysium.i18n import Msg

RECENT = "recent"
HISTORY = "history"
HISTORY_KEEP = 500  # commands remembered across sessions
HISTORY_BYTES = 1 << 20  # the most of the history file read back
RECENT_KEEP = 10  # chronicles offered by "Open recent…"


def state_file(name: str) -> Path:
    """``name`` (``history`` or ``recent``) in the state directory; one left in the data
    directory by an older version is moved over first (best effort: if it cannot be moved,
    it is used where it is)."""
    import os

    new, old = state_dir() / name, data_dir() / name
    if os.path.lexists(new) or not os.path.lexists(old):
        return new
    try:
        check_file(old)  # never a symlink or someone else's file
    except StoreError:
        return new
    try:
        ensure_private_dir(state_dir())
        try:
            os.rename(old, new)  # the same file system: one step
            os.chmod(new, FILE_MODE)  # private, whatever it was
        except OSError:  # another file system: copy what is ever read, then let go
            _copy_private(old, new)
            old.unlink()
    except (OSError, StoreError):
        return new if os.path.lexists(new) else old
    return new


def _copy_private(old: Path, new: Path) -> None:
    """The last ``HISTORY_BYTES`` of ``old`` (all that is ever read) as a new 0600 file;
    nothing is left at ``new`` if that fails."""
    import os

    with open(old, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        f.seek(max(0, size - HISTORY_BYTES))
        data = f.read(HISTORY_BYTES)
    fd = open_private(new, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        write_all(fd, data)
    except BaseException:
        os.close(fd)
        new.unlink()
        raise
    os.close(fd)


def remember(root: Path) -> None:
    """Note the chronicle last opened (so a bare ``elysium`` reopens it), before the others
    opened lately (``Open recent…``): one path a line, the last opened first."""
    import os

    path = state_file(RECENT)
    ensure_private_dir(path.parent)
    others = [p for p in _remembered() if p != root]
    lines = [str(root), *map(str, others)][:RECENT_KEEP]
    fd = open_private(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        os.write(fd, "\n".join(lines).encode("utf-8"))
    finally:
        os.close(fd)


def load_history() -> list[str]:
    """The commands typed in earlier sessions (private to this user, in the state directory);
    only the file's last 1 MiB is read, and only lines a command could be."""
    import os

    from elysium.chronicle.parser import MAX_COMMAND
    from elysium.chronicle.text import clean_text

    try:
        fd = os.open(state_file(HISTORY), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return []
    try:
        size = os.fstat(fd).st_size
        raw = os.pread(fd, HISTORY_BYTES, max(0, size - HISTORY_BYTES))
    except OSError:
        return []
    finally:
        os.close(fd)
    lines = raw.decode("utf-8", "replace").splitlines()
    kept = [clean_text(line) for line in lines if line.strip() and len(line) <= MAX_COMMAND]
    return kept[-HISTORY_KEEP:]


def append_history(command: str) -> str | None:
    """Remember one typed command. History is a convenience, not a save: a failure is
    returned as one sentence for the screen to mention, never raised."""
    import os

    from elysium.chronicle.store.files import write_msg
    from elysium.chronicle.text import clean_text

    line = clean_text(command).strip()
    if not line:
        return None
    try:
        path = state_file(HISTORY)
        ensure_private_dir(path.parent)
        fd = open_private(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            os.write(fd, (line + "\n").encode("utf-8"))
        finally:
            os.close(fd)
    except OSError as exc:
        why = write_msg(exc).values["why"]
        return Line("store.what_why", what=Msg("store.history_not_saved"), why=why)
    except StoreError as exc:
        return Line("store.what_why", what=Msg("store.history_not_saved"), why=exc)
    return None


def _remembered() -> list[Path]:
    """Every path in the recent file (an older version wrote only one), as written."""
    try:
        text = state_file(RECENT).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    return [Path(line) for line in text.splitlines() if line.strip()][:RECENT_KEEP]


def _is_chronicle(path: Path) -> bool:
    try:
        return (path / "journal").is_dir()
    except OSError:
        return False


def recents() -> list[Path]:
    """The chronicles opened lately that are still there, the last opened first."""
    return [p for p in _remembered() if _is_chronicle(p)]


def recent() -> Path | None:
    """The chronicle last opened, if it is still there."""
    last = _remembered()[:1]
    return last[0] if last and _is_chronicle(last[0]) else None


def chronicles() -> list[Path]:
    """What the start screen offers: the chronicles opened lately, then the others in the
    data directory (made with ``elysium new`` and never opened here), by name."""
    import os

    seen = recents()
    try:
        names = sorted(os.listdir(data_dir()))
    except OSError:
        names = []
    found = [data_dir() / name for name in names]
    return seen + [p for p in found if p not in seen and _is_chronicle(p)]
