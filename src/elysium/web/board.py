"""What the page shows, followed: one thread reads the chronicle's players' view every
``POLL`` seconds and bumps a version when it changed; each ``/board?after=N`` waits on a
condition until the version passes N (or ``WAIT`` seconds), so a new event reaches every
open page at once and an idle page costs nothing."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.players import PlayersSource
from elysium.chronicle.text import clean_text
from elysium.i18n.message import Refusal

POLL = 0.1  # seconds between looks at the files
WAIT = 25.0  # seconds a /board request waits for a change before answering "no change"


class Board:
    """The view as the source gives it, and a version that grows with each change (the
    view, the writer's presence, or the view failing its check or passing it again)."""

    def __init__(self, source: PlayersSource, warn: Callable[[Refusal], None] | None = None):
        self.source = source
        self.view: dict[str, Any] | None = None
        self.writer = False
        self.version = 0
        self.withdrawn = False  # there was a view, and there is none now
        self.error: Refusal | None = None  # why the view cannot be shown now (a 503)
        self.waiting = 0  # /board requests waiting for a change now
        self.warn = warn  # told each new error once (the Storyteller's terminal)
        self.changed = threading.Condition()
        self.stopping = threading.Event()

    def look(self) -> bool:
        """Read what changed; True when the page must change."""
        writer = self.source.writing() if self.view is not None else False
        view, error = self.view, self.error
        if self.source.changed():
            try:
                view, error = self.source.read(), None
            except ChronicleError as exc:
                error = exc
            writer = self.source.writing() if view is not None else False
        same_error = str(error) == str(self.error)
        if view == self.view and writer == self.writer and same_error and self.version:
            return False
        if error is not None and not same_error and self.warn is not None:
            self.warn(error)
        with self.changed:
            self.withdrawn = view is None and (self.view is not None or self.withdrawn)
            self.view, self.writer, self.error = view, writer, error
            self.version += 1
            self.changed.notify_all()
        return True

    def none(self) -> str:
        """What the page says with no view: withdrawn, or not shared yet."""
        return "players.withdrawn" if self.withdrawn else "players.none_yet"

    def follow(self) -> None:
        while not self.stopping.wait(POLL):
            try:
                self.look()
            except Exception as exc:  # a bad moment in the files; say it, keep following
                error = Refusal("players.cannot_read", error=clean_text(repr(exc)[:200]))
                with self.changed:
                    new = str(error) != str(self.error)
                    self.error = error
                    if new:
                        self.version += 1
                        self.changed.notify_all()
                if new and self.warn is not None:
                    self.warn(error)

    def now(self) -> tuple[int, dict[str, Any] | None, bool, Refusal | None]:
        with self.changed:
            return self.version, self.view, self.writer, self.error

    def wait(self, after: int) -> tuple[int, dict[str, Any] | None, bool, Refusal | None]:
        """The board once its version is not ``after`` (or after ``WAIT`` seconds); at once
        while the view cannot be shown: the page asks again by itself."""
        with self.changed:
            self.waiting += 1
            try:
                self.changed.wait_for(
                    lambda: (
                        self.version != after or self.error is not None or self.stopping.is_set()
                    ),
                    timeout=WAIT,
                )
            finally:
                self.waiting -= 1
            return self.version, self.view, self.writer, self.error
