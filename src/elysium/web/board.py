"""What the page shows, followed: one thread reads the chronicle's players' view when the
kernel says its directory changed (:mod:`elysium.chronicle.notify`; every ``POLL`` seconds
where it cannot say) and bumps a version when it changed; each ``/board?after=N`` waits on
a condition until the version passes N (or ``WAIT`` seconds), so a new event reaches every
open page at once and an idle page costs nothing. What a version looks like in a language
is made once (:meth:`Board.answer`), however many pages wait for it."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.players import PlayersSource
from elysium.chronicle.text import clean_text
from elysium.i18n.message import Refusal

POLL = 0.1  # seconds between looks at the files
WAIT = 25.0  # seconds a /board request waits for a change before answering "no change"


class Page:
    """A page's ``/board`` request waiting for a version past ``after``. ``send(version,
    view, writer, none)`` answers it from the follower's thread the moment the version
    grows, without waiting on the network, and returns what the socket did not take at once
    (its own thread sends that): one thread writing fifty sockets is quicker than fifty
    threads woken to write one each."""

    def __init__(self, after: int, send: Callable[[int, Any, bool, str], bytes]) -> None:
        self.after = after
        self.send = send
        self.taken = False  # answered by the follower
        self.left = b""


class Board:
    """The view as the source gives it, and a version that grows with each change (the
    view, the writer's presence, or the view failing its check or passing it again)."""

    def __init__(
        self,
        source: PlayersSource,
        warn: Callable[[Refusal], None] | None = None,
        notify: bool | None = None,
    ):
        self.source = source
        self.notify = notify  # False: poll only; None: as the environment says (notify.py)
        self.view: dict[str, Any] | None = None
        self.writer = False
        self.version = 0
        self.withdrawn = False  # there was a view, and there is none now
        self.error: Refusal | None = None  # why the view cannot be shown now (a 503)
        self.waiting = 0  # /board requests waiting for a change now
        self.warn = warn  # told each new error once (the Storyteller's terminal)
        self.changed = threading.Condition()
        self.stopping = threading.Event()
        self.pages: list[Page] = []  # the /board requests waiting, to answer at a change
        self._made: dict[tuple[int, Hashable], bytes] = {}  # (version, what): its answer
        self._making = threading.Lock()

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
            self._answer_pages()
            self.changed.notify_all()
        return True

    def _answer_pages(self) -> None:
        """Under the lock, the version just grown: every waiting page answered from here.
        A page whose answer fails to be made is left to its own thread (which says why)."""
        if self.error is not None:
            return  # a 503: each page's own thread says it
        none, waiting, self.pages = self.none(), self.pages, []
        for page in waiting:
            if page.after == self.version:
                self.pages.append(page)
                continue
            try:
                page.left = page.send(self.version, self.view, self.writer, none)
            except Exception:
                self.pages.append(page)
                continue
            page.taken = True

    def none(self) -> str:
        """What the page says with no view: withdrawn, or not shared yet."""
        return "players.withdrawn" if self.withdrawn else "players.none_yet"

    def follow(self) -> None:
        """Look whenever the source's directories change, and every ``SAFETY`` seconds
        besides (a killed writer shows in no file); every ``POLL`` seconds with no watch."""
        from elysium.chronicle.notify import SAFETY, source_dirs, watching

        watch = watching(source_dirs(self.source), self.notify)
        # A change between the first look (made before this thread started) and the watch
        # would be heard of by nobody until the safety net: one look now that it listens.
        self.look_safely()
        try:
            while not self.stopping.is_set():
                if watch is not None and (watch.whole or watch.again()):
                    watch.wait(SAFETY)
                elif not self.stopping.wait(POLL) and watch is not None:
                    watch.drain()  # a directory not watched now: the others' events
                if watch is not None and watch.failed:
                    watch.close()
                    watch = None
                if not self.stopping.is_set():
                    self.look_safely()
        finally:
            if watch is not None:
                watch.close()

    def look_safely(self) -> None:
        """:meth:`look`, a failure said once and followed past: the thread must not end."""
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

    def answer(self, version: int, what: Hashable, make: Callable[[], bytes]) -> bytes:
        """``make()`` for this version and ``what`` (a language), made by the first page
        to ask and shared with every other page waiting on the same version: a change
        reaching fifty TVs is drawn once, not fifty times. Older versions are dropped."""
        with self._making:
            made = self._made.get((version, what))
            if made is None:
                made = make()
                self._made = {k: v for k, v in self._made.items() if k[0] >= version - 1}
                self._made[version, what] = made
            return made

    def now(self) -> tuple[int, dict[str, Any] | None, bool, Refusal | None]:
        with self.changed:
            return self.version, self.view, self.writer, self.error

    def wait(
        self, after: int, page: Page | None = None
    ) -> tuple[int, dict[str, Any] | None, bool, Refusal | None]:
        """The board once its version is not ``after`` (or after ``WAIT`` seconds); at once
        while the view cannot be shown: the page asks again by itself. With ``page``, the
        follower may answer it itself meanwhile (``page.taken``)."""
        with self.changed:
            self.waiting += 1
            if page is not None:
                self.pages.append(page)
            try:
                self.changed.wait_for(
                    lambda: (
                        self.version != after or self.error is not None or self.stopping.is_set()
                    ),
                    timeout=WAIT,
                )
            finally:
                self.waiting -= 1
                if page is not None and page in self.pages:
                    self.pages.remove(page)
            return self.version, self.view, self.writer, self.error
