"""Following the players' view (issue 15): what ``elysium watch`` and ``elysium serve`` show
the table, read from a shared directory or projected from a chronicle in memory.

Both sources answer the questions a follower asks many times a second (has anything changed?
is the writer there?) from ``stat`` calls, and give the view (an ``elysium-players``
dict, :mod:`elysium.chronicle.projection`) only when something changed.

- :class:`SharedView` reads ``view.json`` in a directory ``elysium share`` publishes to. It
  never writes there and never reaches the chronicle; the writer is there while its
  heartbeat is not marked stopped and, on this host, its process is alive.
- :class:`ProjectedView` follows a chronicle read-only (never its lock) and projects it: the
  Storyteller's preview, and what ``serve`` shows when pointed at the chronicle itself.
"""

from __future__ import annotations

import os
import socket
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from elysium.chronicle.errors import StoreError
from elysium.chronicle.follow import ChronicleSource, FileStamp, stamp_of
from elysium.chronicle.projection import project
from elysium.chronicle.share import EVENTS_READ, VIEW
from elysium.chronicle.store.survey import INDEX, JOURNAL_DIR
from elysium.chronicle.view_check import ViewRefused, accept, read_view


def is_shared_view(path: Path) -> bool:
    """A directory ``elysium share`` publishes to (or the view file itself), not a chronicle:
    a directory with neither a chronicle's index nor its journal (one whose view was
    withdrawn, or is not yet published, is still where the players look)."""
    try:
        if path.is_file():
            return path.name == VIEW
        return path.is_dir() and not (path / INDEX).exists() and not (path / JOURNAL_DIR).exists()
    except PermissionError as exc:  # told as the directory the user named, not a file in it
        raise PermissionError(exc.errno, exc.strerror, str(path)) from None


def writer_alive(writer: Mapping[str, Any]) -> bool:
    """Whether the heartbeat's writer is still there: not marked stopped and, when it runs on
    this host, its process alive (another user's process answers EPERM: alive)."""
    if not writer or writer.get("stopped", True):
        return False
    pid, host = writer.get("pid"), writer.get("host")
    if not isinstance(pid, int) or host != socket.gethostname():
        return True  # another host's process cannot be asked; its heartbeat is all there is
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class SharedView:
    """The view ``elysium share`` publishes, as its files say."""

    def __init__(self, path: Path) -> None:
        self.path = path if path.name == VIEW and path.is_file() else path / VIEW
        self._seen: FileStamp | object = object()  # never equal to a stamp: read first
        self.view: dict[str, Any] | None = None

    def changed(self) -> bool:
        return stamp_of(self.path) != self._seen

    def watched(self) -> list[Path]:
        """The file's directory: the writer renames a new file over it."""
        return [self.path.parent]

    def writing(self) -> bool:
        return self.view is not None and writer_alive(self.view.get("writer") or {})

    def read(self) -> dict[str, Any] | None:
        """The view now, checked and cleaned (:mod:`.view_check`); None when there is none
        (withdrawn, or not yet published). ViewRefused when the file is not a good view:
        the last good one stays :attr:`view`, and the file is read again only once it
        changes (a hostile file is not parsed ten times a second)."""
        before = stamp_of(self.path)
        try:
            view = read_view(self.path)
        except ViewRefused:
            self._seen = before
            raise
        self._seen, self.view = before, view
        return view

    def again(self) -> None:
        self._seen = object()

    def close(self) -> None:
        pass


class ProjectedView:
    """A chronicle followed read-only and projected as the players would see it."""

    def __init__(self, root: Path, npcs: str = "words") -> None:
        self.follow = ChronicleSource(root, tail=EVENTS_READ)
        self.npcs = npcs
        self.recent: deque[Any] = deque(maxlen=EVENTS_READ)
        self.view: dict[str, Any] | None = None

    def changed(self) -> bool:
        return self.follow.changed()

    def watched(self) -> list[Path]:
        return self.follow.watched()

    def writing(self) -> bool:
        return self.follow.writing()

    def read(self) -> dict[str, Any]:
        update = self.follow.read()
        if update.whole:
            self.recent.clear()
        self.recent.extend(update.events)
        writer = {"stopped": not self.writing()}
        # Through the same gate as a shared file: the front ends draw only checked views.
        self.view = accept(project(update.state, self.recent, self.npcs, writer))
        return self.view

    def again(self) -> None:
        self.follow.again()

    def close(self) -> None:
        self.follow.close()


PlayersSource = SharedView | ProjectedView


def players_source(path: Path, npcs: str | None = None) -> PlayersSource:
    """The right source for ``path``: a shared view's directory, or a chronicle projected with
    its share setting's NPC mode (or ``npcs``)."""
    if not path.exists():
        raise StoreError("players.nothing_here", path=path)
    if is_shared_view(path):
        if npcs is not None:  # the writer chose when it shared: elysium share --npcs
            raise StoreError("players.npcs_on_shared", path=path)
        return SharedView(path)
    if npcs is None:
        from elysium.chronicle.share import setting

        found = setting(path)
        npcs = found.npcs if found else "words"
    return ProjectedView(path, npcs)
