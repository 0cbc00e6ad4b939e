"""Sharing the players' view (issue 15): where a chronicle's projection is published, and
writing it there for a Unix group to read, never opening the chronicle itself.

The setting lives in the Storyteller's own state directory (``shares.json``, 0600), keyed
by the chronicle's path, so the chronicle's files are untouched and nothing in the shared
directory is ever read back: a player who can write there reaches nothing of the writer.
The view is one file, ``view.json`` (0640, the group's), replaced atomically (a temp file,
fsynced, renamed); the directory is 0750. Its ``writer`` part is the heartbeat: pid, host,
the time of the last update, and ``stopped`` once the writer closes cleanly.
"""

from __future__ import annotations

import contextlib
import grp
import json
import os
import socket
import stat
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from elysium.chronicle.errors import CommandError
from elysium.chronicle.store.files import remove_quietly, write_temp
from elysium.chronicle.store.paths import data_dir, fsync_dir, make_private_dirs, state_dir

VIEW = "view.json"
SHARED_FILE = 0o640
SHARED_DIR = 0o750
SETTINGS = "shares.json"
NPC_MODES = ("words", "hidden")
EVENTS_READ = 60  # recent events read for the public rolls


@dataclass(frozen=True, slots=True)
class Share:
    """Where one chronicle's view goes, for which group, and how NPCs are shown."""

    to: Path
    group: str | None = None
    npcs: str = "words"

    def to_dict(self) -> dict[str, Any]:
        return {"to": str(self.to), "group": self.group, "npcs": self.npcs}


def default_target(root: Path) -> Path:
    """A sibling of the data directory (``~/.local/share/elysium-shared/NAME``): the data
    directory itself is 0700 and stays so."""
    return data_dir().parent / "elysium-shared" / root.name


def _settings_path() -> Path:
    return state_dir() / SETTINGS


def _read_all() -> dict[str, Any]:
    try:
        data = json.loads(_settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write_all(data: dict[str, Any]) -> None:
    path = _settings_path()
    make_private_dirs(path.parent)
    tmp = write_temp(path, json.dumps(data, indent=1, sort_keys=True).encode())
    try:
        os.replace(tmp, path)
        fsync_dir(path.parent)
    finally:
        remove_quietly(tmp)


def setting(root: Path) -> Share | None:
    """The share set for the chronicle at ``root``, or None."""
    found = _read_all().get(str(root.resolve()))
    if not isinstance(found, dict) or not isinstance(found.get("to"), str):
        return None
    group = found.get("group") if isinstance(found.get("group"), str) else None
    npcs = found.get("npcs") if found.get("npcs") in ("words", "hidden") else "words"
    return Share(Path(found["to"]), group, str(npcs))


def remember(root: Path, share: Share | None) -> None:
    data = _read_all()
    key = str(root.resolve())
    if share is None:
        data.pop(key, None)
    else:
        data[key] = share.to_dict()
    _write_all(data)


def group_id(name: str | None) -> int:
    """The group's id (-1: leave the group as it is)."""
    if name is None:
        return -1
    try:
        return grp.getgrnam(name).gr_gid
    except KeyError:
        raise CommandError("share.no_group", group=name) from None


def check_member(name: str | None) -> None:
    """Only a group one belongs to can be given a file (root aside): said before anything
    is written, with what the administrator has to do."""
    gid = group_id(name)
    if gid == -1 or os.geteuid() == 0 or gid in (os.getegid(), *os.getgroups()):
        return
    raise CommandError("share.not_member", group=name)


def check_target(root: Path, to: Path) -> None:
    """The view never goes into, or over, a chronicle, and never into a directory that holds
    anything else: ``share`` makes its directory 0750 and the group's, which must not
    happen to a home or a web root (a new or empty directory, or the one shared before)."""
    real, chronicle = to.resolve(), root.resolve()
    if real == chronicle or chronicle in real.parents or real in chronicle.parents:
        raise CommandError("share.inside_chronicle", to=str(to))
    if (real / "chronicle.json").exists() or (real / "journal").is_dir():
        raise CommandError("share.inside_chronicle", to=str(to))
    if real.is_dir():
        others = [p.name for p in real.iterdir() if p.name != VIEW]
        if others:
            raise CommandError("share.not_empty", to=str(to), found=sorted(others)[0])


def prepare(share: Share) -> None:
    """The shared directory, 0750 and the group's."""
    to = share.to
    to.mkdir(mode=SHARED_DIR, parents=True, exist_ok=True)
    info = os.stat(to, follow_symlinks=False)
    if not stat.S_ISDIR(info.st_mode):
        raise CommandError("share.not_a_directory", to=str(to))
    os.chmod(to, SHARED_DIR | (info.st_mode & stat.S_ISGID))  # a setgid parent's bit stays
    gid = group_id(share.group)
    if gid != -1 and info.st_gid != gid:
        os.chown(to, -1, gid)


def heartbeat(stopped: bool = False, writer: tuple[int, str] | None = None) -> dict[str, Any]:
    """Who publishes and whether it stopped; ``writer``: another process's pid and host (the
    writer holding the chronicle while ``elysium share`` publishes for it)."""
    pid, host = writer or (os.getpid(), socket.gethostname())
    return {
        "pid": pid,
        "host": host,
        "updated": datetime.now(UTC).isoformat(timespec="milliseconds"),
        "stopped": stopped,
    }


def publish(share: Share, view: dict[str, Any]) -> Path:
    """Write ``view`` as ``view.json`` in the shared directory, all at once."""
    prepare(share)
    path = share.to / VIEW
    data = json.dumps(view, ensure_ascii=False, indent=1).encode("utf-8")
    tmp = write_temp(path, data, SHARED_FILE)
    try:
        gid = group_id(share.group)
        if gid != -1:
            os.chown(tmp, -1, gid)
        os.replace(tmp, path)
        fsync_dir(share.to)
    finally:
        remove_quietly(tmp)
    return path


def withdraw(share: Share) -> None:
    """Remove the published view (and the directory, when nothing else is in it)."""
    remove_quietly(share.to / VIEW)
    with contextlib.suppress(OSError):
        share.to.rmdir()


def publish_state(
    share: Share,
    state: Any,
    recent: list[Any],
    stopped: bool = False,
    last: tuple[Any, bool] | None = None,
    writer: tuple[int, str] | None = None,
) -> tuple[Any, bool]:
    """The players' view of ``state`` and its ``recent`` events, published with a heartbeat,
    unless it is ``last`` (what was published before) again: a hidden roll or a note changes
    nothing the table sees, so the file is not touched and no watcher wakes up to notice
    that the Storyteller did something. Returns what is published now."""
    from elysium.chronicle.projection import project

    view = project(state, recent, share.npcs)
    now = (view, stopped)
    if now != last:
        publish(share, view | {"writer": heartbeat(stopped, writer)})
    return now
