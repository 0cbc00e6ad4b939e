"""Following a chronicle another process writes (``elysium watch``), never taking its lock.

A follower asks its :class:`Source` two cheap questions many times a second (has anything
changed? is the writer there?) and only when something changed reads what is new. The
chronicle's own source, :class:`ChronicleSource`, answers the first from a few ``stat``
calls: the checkpoint (``chronicle.json``), the journal directory and the open chapter's
journal. When only that journal grew, the records past what was read are decoded and applied
to the state in memory (nothing else is read); a checkpoint, a chapter close, a journal cut
back or replaced (a restarted writer's recovery) or anything that does not follow on is read
again whole, the way the read-only dashboard opens.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from elysium.chronicle import state as st
from elysium.chronicle.events import Event, decode
from elysium.chronicle.session import Session
from elysium.chronicle.store.journal import MAX_JOURNAL
from elysium.chronicle.store.reading import writer_active
from elysium.chronicle.store.survey import INDEX, JOURNAL_DIR, JOURNAL_RE, journal_name

LOG_TAIL = 300  # events read for the roll log when the chronicle is read whole

FileStamp = tuple[int, int, int] | None  # inode, size, mtime (ns); None: no such file


@dataclass(frozen=True, slots=True)
class Update:
    """What a read found: the state now and the events to show. ``whole``: the events are
    the newest ones read anew (the log shows exactly them); otherwise they follow on from
    the last update's."""

    state: st.State
    events: list[Event]
    whole: bool
    report: list = field(default_factory=list)


class Source(Protocol):
    """Something a watching screen follows: a chronicle directory (later also a shared
    projection). ``changed`` and ``writing`` are cheap and called from the screen's thread
    many times a second; ``read`` may read files and runs in a worker thread."""

    def changed(self) -> bool: ...

    def writing(self) -> bool: ...

    def read(self) -> Update: ...

    def again(self) -> None: ...  # the next read reads everything

    def watched(self) -> list[Path]: ...  # the directories a change shows in

    def close(self) -> None: ...


def stamp_of(path: Path) -> FileStamp:
    """A file's inode, size and change time, None when it is not there: what a follower
    compares to see a change without reading the file."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


@dataclass(frozen=True, slots=True)
class Stamp:
    """The files a change shows in, as ``stat`` sees them."""

    index: FileStamp
    journals: FileStamp  # the directory: a journal created or removed
    chapter: int  # the newest journal's chapter (0: none)
    journal: FileStamp


class ChronicleSource:
    """A chronicle directory read read-only: the state and newest events as its writer
    saves them."""

    def __init__(self, root: Path, tail: int = LOG_TAIL) -> None:
        self.root = root
        self.tail = tail
        self.session: Session | None = None
        self._seen: Stamp | None = None  # the files as they were when last read
        self._offset = 0  # bytes of ``_seen.chapter``'s journal applied (or fewer)

    def stamp(self) -> Stamp:
        journals = self.root / JOURNAL_DIR
        try:
            names = os.listdir(journals)
        except OSError:
            names = []
        numbers = [int(m.group(1)) for n in names if (m := JOURNAL_RE.match(n))]
        chapter = max(numbers, default=0)
        return Stamp(
            stamp_of(self.root / INDEX),
            stamp_of(journals),
            chapter,
            stamp_of(journals / journal_name(chapter)) if chapter else None,
        )

    def changed(self) -> bool:
        return self.stamp() != self._seen

    def watched(self) -> list[Path]:
        """Where a change shows (for :mod:`.notify`): the checkpoint and the lock in the
        directory, the journals in theirs."""
        return [self.root, self.root / JOURNAL_DIR]

    def writing(self) -> bool:
        return writer_active(self.root)

    def read(self) -> Update:
        """What is new since the last read (the first reads everything). A failure
        (StoreError) leaves the last state as it was, to be read again."""
        before = self.stamp()  # taken first: a change while reading is seen next time
        if self.session is not None and self._follows(before):
            events = self._journal_tail(before)
            if events is not None:
                self._seen = before
                return Update(self.session.state, events, whole=False)
        return self._whole(before)

    def again(self) -> None:
        """Read everything again next time (a writer came back: it may have repaired)."""
        self._seen = None

    def _follows(self, now: Stamp) -> bool:
        """Only the open chapter's journal grew since the last read."""
        seen = self._seen
        if seen is None or now.journal is None or seen.journal is None:
            return False
        same_files = (now.index, now.journals, now.chapter) == (
            seen.index,
            seen.journals,
            seen.chapter,
        )
        grew = now.journal[0] == seen.journal[0] and now.journal[1] >= self._offset
        return same_files and grew

    def _journal_tail(self, now: Stamp) -> list[Event] | None:
        """The whole records past the offset, applied to the state; None when they do not
        follow on from it (read everything again)."""
        assert self.session is not None
        path = self.root / JOURNAL_DIR / journal_name(now.chapter)
        try:
            with open(path, "rb") as f:
                f.seek(self._offset)
                data = f.read(MAX_JOURNAL)
        except OSError:
            return None
        end = data.rfind(b"\n") + 1  # an unfinished last line is the writer's, mid-write
        state = self.session.state
        events: list[Event] = []
        for line in data[:end].split(b"\n")[:-1]:
            try:
                event = decode(line)
                if event.seq <= state.events:
                    continue  # the read that gave this state had it already
                if event.seq != state.events + 1:
                    return None
                state = st.apply(state, event)
            except ValueError:
                return None
            events.append(event)
        self._offset += end
        self.session.state = state
        return events

    def _whole(self, before: Stamp) -> Update:
        session = Session.open(self.root, readonly=True)
        events = session.store.tail_events(self.tail)
        if self.session is not None:
            self.session.close()
        self.session = session
        self._seen = before
        # The state holds at least the whole records the newest journal held before.
        same = before.chapter == session.state.chapter and before.journal is not None
        self._offset = _line_start(self.root, before) if same else 0
        return Update(session.state, events, whole=True, report=session.report)

    def close(self) -> None:
        if self.session is not None:
            self.session.close()


def _line_start(root: Path, stamp: Stamp) -> int:
    """Where the last whole record of the stamped journal ends (a writer may have been
    mid-line when it was stamped)."""
    assert stamp.journal is not None
    size = stamp.journal[1]
    start = max(0, size - 65536)
    try:
        with open(root / JOURNAL_DIR / journal_name(stamp.chapter), "rb") as f:
            f.seek(start)
            data = f.read(size - start)
    except OSError:
        return 0
    cut = data.rfind(b"\n")
    return start + cut + 1 if cut >= 0 else 0
