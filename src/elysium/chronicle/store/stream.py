"""A chronicle's events a record at a time: ``log``, ``export``, ``stats`` and the replay
hold the record in hand, never the whole chronicle.

A :class:`Stream` goes through the chapters' files in order of sequence numbers, checking
every record's checksum and order as the full read always did, and decodes an event only
when its reader wants it (``want``): ``stats`` decodes only the records that hold rolls,
``export`` only its chapter's. A record's number and type are read from its own bytes
without decoding it (an event is written with sorted keys, and ``seq``, ``time``, ``type``,
``v`` and ``wall`` come last); a record whose bytes do not read plainly is decoded. What
could not be read is in :attr:`Stream.warnings` once the stream is exhausted, in the words
and order the full read used.

A closed chapter's file is hashed first: when it is the file the checkpoint's digest names
(as Elysium wrote and checked it, one entry a line), its entries are read a line at a time,
or the few a reader wants by type are found by a search of its bytes (the digest vouching
for the others, see :mod:`~elysium.chronicle.store.found`); any other is read whole and checked
entry by entry as before, so damage is named exactly as ``check`` names it. A record
whose checksum holds but whose content was forged to be malformed is found by the readers
that decode it; one that is never decoded is taken as its checksum says.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from elysium.chronicle.errors import Line, NotRegularError, StoreError, repair_hint
from elysium.chronicle.events import Event
from elysium.chronicle.store.entries import Record, Want, everything
from elysium.chronicle.store.files import OversizeError, read_bounded
from elysium.chronicle.store.index import Index, IndexDamage, read_index
from elysium.chronicle.store.journal import MAX_JOURNAL, scan
from elysium.chronicle.store.paths import check_file
from elysium.chronicle.store.records import ClosedSource, JournalSource, Source
from elysium.chronicle.store.survey import (
    CHAPTER_DIR,
    CLOSED_RE,
    INDEX,
    JOURNAL_DIR,
    JOURNAL_RE,
    events_phrase,
    explained,
    list_names,
    without_explained,
)

__all__ = ["Record", "Stream", "Want", "everything"]


class Stream:
    """The events of every chapter (or of ``chapter``), oldest first, read as they are
    used. Iterate once; :attr:`warnings` is complete when the iteration is.

    ``want`` says which records to decode (every one by default); with ``only_wanted`` the
    others are checked but not given. ``kinds``, instead of ``want``: the records of these
    types are wanted (a closed chapter whose digest holds is then searched for them, see
    :mod:`~elysium.chronicle.store.found`). ``glance`` reads a wanted record without decoding
    it when it can (its answer, with a ``seq``, in :attr:`Record.seen`; None: decode it).
    Chapters that ``skim`` names are only checked (for
    the warnings): a closed one whose file its digest names, whose numbers run unbroken
    and which holds no repair is then hashed, not read line by line."""

    def __init__(
        self,
        root: Path,
        chapter: int | None = None,
        want: Want = everything,
        only_wanted: bool = False,
        skim: Callable[[int], bool] | None = None,
        glance: Callable[[Record], Any] | None = None,
        kinds: frozenset[str] | None = None,
    ) -> None:
        self.root = root
        self.chapter = chapter
        self.kinds = kinds
        self.want = want if kinds is None else (lambda record: record.kind in kinds)
        self.only_wanted = only_wanted
        self.skim = skim or (lambda number: False)
        self.glance = glance
        self.warnings: list[str] = []
        self.numbers, self._sources = _sources(root, chapter)
        self._problems: dict[int, list[str]] = {}
        self._recovered: list[Event] = []  # repairs name the events they lost

    def close(self) -> None:
        for source in self._sources:
            source.close()

    def __iter__(self) -> Iterator[Record]:
        streams = [source.records(self) for source in self._sources]
        merged = _merged(streams) if len(streams) != 1 else streams[0]
        try:
            yield from merged
        finally:
            self.close()
        lines: list[str] = []
        for n in self.numbers:
            lines.extend(self._problems.get(n, []))
        if self.chapter is None:
            gaps = _gaps(sorted(run for source in self._sources for run in source.runs))
            gaps = without_explained(gaps, explained(self._recovered))
            if gaps:
                lines.append(Line("store.unreadable", events=events_phrase(gaps)))
        if lines:
            lines.append(Line(repair_hint(self.root)))
        self.warnings = lines

    def events(self) -> Iterator[Event]:
        """The decoded events (for a stream that wants every one)."""
        for record in self:
            yield record.decoded()

    # --- what a source asks of its reader (:class:`~elysium.chronicle.store.entries.Reader`)

    def number_of(self, record: Record) -> int:
        """The number of a wanted record: read at a glance when the reader can, else from
        the decoded event."""
        if self.read_at_glance(record):
            return record.seq
        return record.decoded().seq

    def read_at_glance(self, record: Record) -> bool:
        """Whether the reader's glance read the record (a checksum-verified one whose type
        is known; its number is then the glance's)."""
        if self.glance is None or record.kind is None or record.kind == "recovered":
            return False
        seen = self.glance(record)
        if seen is None:
            return False
        record.seen, record.seq = seen, seen.seq
        return True

    def decodes(self, record: Record) -> bool:
        return record.kind is None or record.kind == "recovered" or self.want(record)

    def problem(self, number: int, line: str) -> None:
        self._problems.setdefault(number, []).append(line)

    def recovered(self, event: Event) -> None:
        self._recovered.append(event)


def _merged(streams: list[Iterator[Record]]) -> Iterator[Record]:
    """``heapq.merge`` of the streams by number (the first stream first among equals), a
    stream's records given in a run while they come before any other's next: chapters
    are read in order, so a run is most often a whole chapter, not a heap step a record."""
    heads: list[tuple[int, int, Record, Iterator[Record]]] = []
    for i, stream in enumerate(streams):
        for record in stream:
            heads.append((record.seq, i, record, stream))
            break
    heapq.heapify(heads)
    while heads:
        _, i, record, stream = heads[0]
        bound = min(heads[1:3], default=None)  # the next of the others comes first of these
        yield record
        for record in stream:
            if bound is not None and (record.seq, i) > bound[:2]:
                heapq.heapreplace(heads, (record.seq, i, record, stream))
                break
            yield record
        else:
            heapq.heappop(heads)


def _gaps(runs: list[list[int]]) -> list[tuple[int, int]]:
    """The numbers from 1 to the last read that no run of numbers read holds."""
    out: list[tuple[int, int]] = []
    expect = 1
    for first, last in runs:
        if first > expect:
            out.append((expect, first - 1))
        expect = max(expect, last + 1)
    return out


def _sources(root: Path, chapter: int | None) -> tuple[list[int], list[Source]]:
    """The chapters to read, in the order the full read took them, each file opened now
    (so a chapter closed by a writer meanwhile is still read whole, or FileNotFoundError
    says to start again)."""
    index = _index(root)
    journals = _listing(root / JOURNAL_DIR, JOURNAL_RE)
    closed = _listing(root / CHAPTER_DIR, CLOSED_RE)
    if not journals and not closed and index is None:
        raise StoreError("store.no_chapters", root=root)
    for path in journals.values():
        try:
            check_file(path)
        except NotRegularError as exc:
            raise StoreError("store.with_hint", error=exc, hint=repair_hint(root)) from None
    chain = dict(journals)
    if len(chain) > 1 and not _holds_records(chain[max(chain)]):
        del chain[max(chain)]  # a close that never committed: its journal is not a chapter
    top = max(chain) if chain else None
    stray = {n for n in closed if top is not None and n >= top}
    numbers = sorted((set(closed) - stray) | set(chain))
    if chapter is not None and chapter not in numbers:
        raise StoreError("store.no_such_chapter", chapter=chapter, chapters=numbers)
    wanted = numbers if chapter is None else [chapter]
    sources: list[Source] = []
    try:
        for n in wanted:
            if n in chain:
                sources.append(JournalSource(n, chain[n]))
            else:
                entry = index.chapters.get(n) if index is not None else None
                sources.append(ClosedSource(n, closed[n], entry))
    except BaseException:
        for source in sources:
            source.close()
        raise
    return wanted, sources


def _index(root: Path) -> Index | None:
    try:
        return read_index(root / INDEX)
    except (FileNotFoundError, IndexDamage, OversizeError):
        return None  # the closed chapters are read whole then, as when it is damaged
    except NotRegularError as exc:
        raise StoreError("store.with_hint", error=exc, hint=repair_hint(root)) from None


def _listing(directory: Path, pattern: re.Pattern[str]) -> dict[int, Path]:
    out = {}
    for name in list_names(directory):
        m = pattern.match(name)
        if m and int(m.group(1)) >= 1:
            out[int(m.group(1))] = directory / name
    return out


def _holds_records(path: Path) -> bool:
    try:
        return scan(read_bounded(path, MAX_JOURNAL)).holds_records
    except OversizeError:
        return False
