"""Starting the dashboard: which chronicle, which language, and what to do when it is busy.

The command history and the chronicle last opened live in the state directory
(``$XDG_STATE_HOME/elysium``); older versions kept them in the data directory, and the first
use moves them over.
"""

from __future__ import annotations

import contextlib
import sys
from datetime import datetime
from pathlib import Path

from elysium.chronicle.errors import ChronicleError, Line, LockedError, StoreError
from elysium.chronicle.paths import (
    FILE_MODE,
    check_file,
    data_dir,
    ensure_private_dir,
    open_private,
    resolve_chronicle,
    state_dir,
    write_all,
)
from elysium.chronicle.session import Session
from elysium.config import Config, load_config
from elysium.i18n import Msg, detect_lang, t

RECENT = "recent"
HISTORY = "history"
HISTORY_KEEP = 500  # commands remembered across sessions
HISTORY_BYTES = 1 << 20  # the most of the history file read back


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
    """Note the chronicle last opened (so a bare ``elysium`` reopens it)."""
    import os

    path = state_file(RECENT)
    ensure_private_dir(path.parent)
    fd = open_private(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        os.write(fd, str(root).encode("utf-8"))
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

    from elysium.chronicle.files import write_msg
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


def recent() -> Path | None:
    try:
        text = state_file(RECENT).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    path = Path(text) if text else None
    return path if path and (path / "journal").is_dir() else None


def fresh_demo(name: str | None = None) -> Path:
    """A private copy of the shipped demo chronicle in the data directory."""
    from elysium.demo import fresh_copy

    ensure_private_dir(data_dir())
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = data_dir() / (name or f"demo-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = data_dir() / f"{name or 'demo-' + stamp}-{n}"
    return fresh_copy(target)


def choose(dir_arg: str | None, demo: bool) -> Path:
    if demo:
        return fresh_demo()
    if dir_arg:
        return resolve_chronicle(dir_arg)
    last = recent()
    if last is not None:
        return last
    return fresh_demo("demo")  # the first run


def launch(
    dir_arg: str | None,
    demo: bool,
    lang: str | None,
    readonly: bool,
    config: Config | None = None,
) -> int:
    """Open the chronicle and run the dashboard; always close the store on the way out.
    ``lang`` is ``--lang`` (None when not given: then the config's language, then the
    locale's); ``config`` is read from the config file unless the caller already has it."""
    from elysium.tui.app import make_app

    config = load_config() if config is None else config
    lang = lang or config.language or detect_lang()

    try:
        root = choose(dir_arg, demo)
    except ChronicleError as exc:
        print(t("cli.error", lang, prog="elysium", error=exc.render(lang)), file=sys.stderr)
        return 2
    session: Session | None = None
    locked = None
    try:
        session = Session.open(root, readonly=readonly)
    except LockedError:
        locked = root
    except StoreError as exc:
        print(t("cli.error", lang, prog="elysium", error=exc.render(lang)), file=sys.stderr)
        return 2
    if session is not None and not session.readonly:
        with contextlib.suppress(StoreError, OSError):  # a convenience; a full disk is fine
            remember(root)
    report = session.report if session else ()
    app = make_app(session, lang, report=report, locked=locked, config=config)
    try:
        app.run()
    finally:
        if app.session is not None:
            app.session.close()
    return app.return_code or 0
