"""The chronicle on disk: a journal that never loses an acknowledged event, sealed TinyDB
checkpoints, a lock against a second writer, and recovery that never overwrites a damaged
file.

Layout of a chronicle directory (0700, files 0600)::

    chronicle.json               TinyDB: meta, chapter index with digests, sealed snapshot
    journal/chapter-0002.jsonl   the open chapter: one checksummed event per line
    chapters/chapter-0001.json   a closed chapter's events (TinyDB, checksummed per event)
    .lock                        held (flock) by the one process writing

Appending an event writes one line and fsyncs before returning, then checks that the file
written is still the chronicle's (a directory deleted under a running writer stops it).
Every ``CHECKPOINT_EVERY`` events, at each chapter close and on exit the state is written to
``chronicle.json`` atomically, with the SHA-256 of the last ``WINDOW`` bytes (whole records)
of the journal it covers: the writer keeps them, so no checkpoint or opening reads it all.

Closing a chapter is crash-atomic; its steps, each a possible crash point::

    1. chapters/chapter-N.json written (temp, fsync, rename)       -> rolled back on open
    2. journal/chapter-M.jsonl created whole with its first record -> committed from here
    3. chronicle.json written with chapter N's digest             -> rolled forward on open
    4. journal/chapter-N.jsonl removed                             -> complete

Recovery (:mod:`elysium.chronicle.store.recovery`) finishes or undoes an interrupted close,
repairs damage, and keeps every original aside as ``NAME.damaged-DATE``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
from collections import deque
from pathlib import Path
from typing import Any

from elysium.chronicle import state as st
from elysium.chronicle.errors import Line, StoreError, repair_hint
from elysium.chronicle.events import Event, encode, now_iso
from elysium.chronicle.jsonsafe import digest
from elysium.chronicle.store import faults, reading, recovery
from elysium.chronicle.store.chapters import encode_closed
from elysium.chronicle.store.files import (
    atomic_write,
    create_new,
    read_bounded,
    remove_quietly,
    write_msg,
)
from elysium.chronicle.store.index import ChapterEntry, write_index
from elysium.chronicle.store.journal import MAX_JOURNAL, scan
from elysium.chronicle.store.lock import acquire
from elysium.chronicle.store.paths import (
    check_chronicle_dir,
    ensure_private_dir,
    fsync_dir,
    open_private,
    write_all,
)
from elysium.chronicle.store.reading import Opened, Verdict
from elysium.chronicle.store.signals import deferred_signals
from elysium.chronicle.store.stream import Stream, Want, everything
from elysium.chronicle.store.survey import (
    CHAPTER_DIR,
    INDEX,
    JOURNAL_DIR,
    LOCK,
    closed_name,
    journal_name,
)
from elysium.i18n.message import Msg

CHECKPOINT_EVERY = 500
WINDOW = 64 * 1024  # journal bytes a checkpoint's digest covers, at least (whole records)
READ_TRIES = 40  # a reader reads again while a writer is mid-write (each try a few ms)


class Store:
    """One chronicle directory, opened for writing (locked) or read-only."""

    def __init__(self, root: Path, readonly: bool) -> None:
        self.root = root
        self.readonly = readonly
        self.report: list[str] = []
        self.warnings: list[str] = []  # what the last read of events found wrong
        self._lock_fd: int | None = None
        self._journal_fd: int | None = None
        self._journal_id: tuple[int, int] | None = None
        self._journal_size = 0
        self._recent: deque[bytes] = deque()  # the journal's last records, WINDOW bytes or more
        self._recent_size = 0
        self._chapter = 0
        self._since_checkpoint = 0
        self._closed: dict[int, ChapterEntry] = {}  # digests of closed chapters' files
        self._pending: list[Path] = []  # old journals to remove once the index names them
        self._broken: Msg | None = None

    # --- opening and creating -------------------------------------------------------

    @classmethod
    def create(cls, root: Path, first: Event) -> tuple[Store, st.State]:
        """Make a new chronicle directory with its first event. Refuses to touch an existing
        chronicle."""
        if (root / INDEX).exists() or (root / JOURNAL_DIR).exists():
            raise StoreError("store.already_chronicle", root=root)
        if root.exists() and any(root.iterdir()):
            raise StoreError("store.not_empty", root=root)
        ensure_private_dir(root)
        store = cls(root, readonly=False)
        store._lock()
        try:
            ensure_private_dir(root / JOURNAL_DIR)
            ensure_private_dir(root / CHAPTER_DIR)
            store.begin_journal(first.time.get("chapter", 1), encode(first))
            state = st.apply(st.State(), first)
            store.checkpoint(state)
        except BaseException:
            store.close()
            raise
        return store, state

    @classmethod
    def open(cls, root: Path, readonly: bool = False, full: bool = False) -> tuple[Store, Opened]:
        """Open a chronicle, recovering what a crash or damage left (``full``: verify and
        repair every closed chapter too). Read-only opening takes no lock and changes no
        file; it reads again while a writer is mid-write, so its view is consistent."""
        check_chronicle_dir(root)
        store = cls(root, readonly)
        try:
            if readonly:
                opened = store._retrying(lambda: reading.look(root, full))
            else:
                ensure_private_dir(root)
                store._lock()
                ensure_private_dir(root / JOURNAL_DIR)
                ensure_private_dir(root / CHAPTER_DIR)
                opened = recovery.recover(store, full)
        except BaseException:
            store.close()
            raise
        return store, opened

    @classmethod
    def verify(cls, root: Path) -> Verdict:
        """``elysium check``: every file and checksum, nothing changed."""
        check_chronicle_dir(root)
        store = cls(root, readonly=True)
        return store._retrying(lambda: reading.check(root))

    def _retrying(self, read):
        """Run ``read`` until it sees no file vanish and no checkpoint change under it."""
        for attempt in range(READ_TRIES):
            try:
                return read()
            except FileNotFoundError:
                time.sleep(0.002 * (attempt + 1))
            except OSError as exc:
                raise StoreError("store.cannot_read", why=exc.strerror) from None
        raise StoreError("store.kept_changing")

    def _lock(self) -> None:
        self._lock_fd = acquire(self.root / LOCK, now_iso())

    # --- writing ----------------------------------------------------------------------

    def _writable(self) -> None:
        if self.readonly or self._lock_fd is None:
            raise StoreError("store.read_only")
        if self._broken is not None:
            raise StoreError(self._broken)

    def _journal_path(self, chapter: int | None = None) -> Path:
        return self.root / JOURNAL_DIR / journal_name(self._chapter if chapter is None else chapter)

    def attach(self, chapter: int, size: int, tail: bytes) -> None:
        """Append to ``chapter``'s journal from now on: it holds ``size`` bytes and ends with
        ``tail`` (whole records; its last ``WINDOW`` bytes are all the writer keeps)."""
        path = self._journal_path(chapter)
        fd = open_private(path, os.O_WRONLY | os.O_APPEND)
        info = os.fstat(fd)
        if info.st_size != size:
            os.close(fd)
            raise StoreError("store.changed_opening", name=path.name)
        if self._journal_fd is not None:
            os.close(self._journal_fd)
        self._journal_fd = fd
        self._journal_id = (info.st_dev, info.st_ino)
        self._journal_size = size
        self._chapter = chapter
        self._recent.clear()
        self._recent_size = 0
        if len(tail) > WINDOW:
            tail = tail[tail.rfind(b"\n", 0, len(tail) - WINDOW) + 1 :]
        for line in tail.split(b"\n")[:-1]:
            self._remember(line + b"\n")

    def _remember(self, line: bytes) -> None:  # the newest records, WINDOW bytes or a bit more
        self._recent.append(line)
        self._recent_size += len(line)
        while self._recent_size - len(self._recent[0]) >= WINDOW:
            self._recent_size -= len(self._recent.popleft())

    def begin_journal(self, chapter: int, first_line: bytes) -> None:
        """Create a chapter's journal whole, with its first record (never over a file)."""
        create_new(
            self._journal_path(chapter),
            first_line,
            what=Msg("store.could_not_start", chapter=chapter),
        )
        self.attach(chapter, len(first_line), first_line)

    def closed_entry(self, number: int) -> ChapterEntry | None:
        """What the next checkpoint says of closed chapter ``number`` (None: nothing yet)."""
        return self._closed.get(number)

    def adopt_closed(self, entry: ChapterEntry) -> None:
        """The next checkpoint names this closed chapter's file by ``entry`` (its digest)."""
        self._closed[entry.number] = entry

    def retire_journal(self, path: Path) -> None:
        """A closed chapter's old journal, removed once a checkpoint names the chapter."""
        self._pending.append(path)

    def _still_ours(self, size: int | None = None) -> None:
        """The journal we write must still be the chronicle's, under its path, and hold what
        we wrote (``size``): a directory removed or replaced, or a journal cut short, under a
        running writer stops it before anything more is acknowledged."""
        try:
            info = os.stat(self._journal_path())
            same = (info.st_dev, info.st_ino) == self._journal_id
            if same and size is not None and info.st_size != size:
                same = False
        except OSError:
            same = False
        if not same:
            self._broken = Msg("store.removed", root=self.root)
            raise StoreError(self._broken)

    def append(self, event: Event) -> None:
        """Write one event durably. Returns only once it is on disk under the chronicle's
        path; on any failure the journal is cut back and StoreError says what happened."""
        self._writable()
        if self._journal_fd is None:
            raise StoreError("store.no_journal")
        line = encode(event)
        fd = self._journal_fd
        start = self._journal_size
        with deferred_signals():
            try:
                write_all(fd, line)
            except OSError as exc:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, start)
                    os.fsync(fd)
                raise StoreError(write_msg(exc)) from None
            faults.reach("append:written")
            self._still_ours(start + len(line))
        self._journal_size = start + len(line)
        self._remember(line)
        self._since_checkpoint += 1

    def checkpoint_due(self) -> bool:
        return self._since_checkpoint >= CHECKPOINT_EVERY

    def checkpoint(self, state: st.State) -> None:
        """Write the sealed snapshot atomically (a failure leaves the old one in place), then
        remove old journals that the index now accounts for."""
        if self.readonly or self._journal_fd is None:
            return
        self._writable()
        self._still_ours()
        chapters = [self._closed[n] for n in sorted(self._closed) if n < self._chapter]
        chapters.append(ChapterEntry(self._chapter, "open"))
        write_index(
            self.root / INDEX,
            state,
            chapters,
            self._chapter,
            self._journal_size,
            hashlib.sha256(b"".join(self._recent)).hexdigest(),
            now_iso(),
            self._journal_size - self._recent_size,
        )
        faults.reach("checkpoint:written")
        self._since_checkpoint = 0
        if self._pending:
            faults.reach("close:index-written")
            for path in self._pending:
                remove_quietly(path)
            fsync_dir(self.root / JOURNAL_DIR)
            self._pending = []
            faults.reach("close:old-removed")

    def start_chapter(self, event: Event, number: int, state: st.State) -> None:
        """Close the current chapter and open ``number`` with ``event`` as its first record.
        Crash-atomic (see the module's docstring); ``state`` is the state after ``event``,
        checkpointed once the close is committed."""
        from elysium.chronicle.store.index import MAX_CHAPTER

        if number > MAX_CHAPTER:
            raise StoreError("store.most_chapters", most=MAX_CHAPTER)
        self._writable()
        self._still_ours()
        old = self._chapter
        old_path = self._journal_path(old)
        raw = read_bounded(old_path, MAX_JOURNAL)
        found = scan(raw)
        hint = repair_hint(self.root)
        if found.bad and len(raw) == self._journal_size:  # damage opening did not read
            said = Msg("store.bad_records", name=old_path.name, n=len(found.bad))
            raise StoreError("store.with_hint", error=said, hint=hint)
        if not found.sound or len(raw) != self._journal_size:
            raise StoreError("store.changed_meanwhile", name=old_path.name, hint=hint)
        events = found.events
        body = encode_closed(old, events)
        closed_path = self.root / CHAPTER_DIR / closed_name(old)
        atomic_write(closed_path, body, what=Msg("store.could_not_close", chapter=old))
        faults.reach("close:closed-written")
        line = encode(event)
        try:
            create_new(
                self._journal_path(number), line, what=Msg("store.could_not_start", chapter=number)
            )
        except StoreError:
            remove_quietly(closed_path)  # not committed: chapter `old` stays open
            raise
        faults.reach("close:journal-created")
        # Committed: the new chapter's first record is on disk.
        self._closed[old] = ChapterEntry(
            old,
            "closed",
            digest(body),
            events[0].seq if events else None,
            events[-1].seq if events else None,
            len(events),
        )
        self._pending.append(old_path)
        self.attach(number, len(line), line)
        try:
            self.checkpoint(state)
        except StoreError as exc:
            self.report.append(Line("store.checkpoint_postponed", error=exc))

    # --- reading -----------------------------------------------------------------------

    def events(self, chapter: int | None = None) -> list[Event]:
        """Every readable event (or one chapter's), oldest first, all in memory (a long
        chronicle is read with :meth:`stream`); what could not be read is in :attr:`warnings`."""
        stream = self.stream(chapter)
        events, self.warnings = list(stream.events()), stream.warnings
        return events

    def stream(self, chapter: int | None = None, want: Want | None = None, **how: Any) -> Stream:
        """The events of every chapter (or of ``chapter``) a record at a time, its files
        opened now; see :class:`elysium.chronicle.store.stream.Stream`."""
        return self._retrying(lambda: Stream(self.root, chapter, want or everything, **how))

    def tail_events(self, count: int) -> list[Event]:
        """The last ``count`` events, reading journals from their ends."""
        return self._retrying(lambda: reading.tail(self.root, count))

    def chapters(self) -> list[int]:
        """The chapters a reader can ask for (their files opened, none read)."""
        stream = self.stream()
        stream.close()
        return stream.numbers

    # --- closing -------------------------------------------------------------------------

    def close(self, state: st.State | None = None) -> None:
        """Checkpoint (when given the state) and release the lock. Safe to call twice."""
        try:
            if state is not None and not self.readonly and self._journal_fd is not None:
                with contextlib.suppress(StoreError, OSError):
                    self.checkpoint(state)
        finally:
            if self._journal_fd is not None:
                with contextlib.suppress(OSError):
                    os.close(self._journal_fd)
                self._journal_fd = None
            if self._lock_fd is not None:
                with contextlib.suppress(OSError):
                    os.ftruncate(self._lock_fd, 0)
                with contextlib.suppress(OSError):
                    os.close(self._lock_fd)
                self._lock_fd = None
