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
(as Elysium wrote and checked it, one entry a line), its entries are read a line at a time;
any other is read whole and checked entry by entry as before, so damage is named exactly as
``check`` names it. A record whose checksum holds but whose content was forged to be
malformed is found by the readers that decode it; one that is never decoded is taken as
its checksum says.
"""

from __future__ import annotations

import hashlib
import heapq
import re
import zlib
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from io import FileIO
from pathlib import Path

from elysium.chronicle.chapters import (
    MAX_CLOSED,
    ClosedRead,
    admit,
    check_place,
    entry_damage,
    header_into,
    read_closed,
)
from elysium.chronicle.errors import Invalid, Line, NotRegularError, StoreError, repair_hint, value
from elysium.chronicle.events import Event, decode_body
from elysium.chronicle.files import OversizeError, open_checked, read_bounded
from elysium.chronicle.index import Index, IndexDamage, read_index
from elysium.chronicle.journal import MAX_JOURNAL, checked_seq, scan
from elysium.chronicle.jsonsafe import MAX_DEPTH, check_depth, loads, loads_text
from elysium.chronicle.paths import check_file
from elysium.chronicle.survey import (
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

CHUNK = 1 << 18
# The end of an event's bytes: its number, time, type (a plain word), version and wall time.
_TAIL = re.compile(
    rb'"seq":(\d{1,13}),"time":(\{[^{}]*\}),"type":"([a-z_]{1,40})","v":\d{1,3},'
    rb'"wall":"[^"\\]*"\}\Z'
)
_HEADER = re.compile(rb'\{"chapter":(\{.*\}),\Z')
_ENTRY = re.compile(rb'"(\d{1,12})":\{"c":"([0-9a-f]{8})","e":(\{.*\})\},?\Z')


@dataclass(slots=True)
class Record:
    """One event as read: its number and type from its own bytes; the event itself when it
    was decoded (``event``), else on demand (:meth:`decoded`)."""

    seq: int
    kind: str | None  # the event's type; None until decoded, when not plainly written
    chapter: int  # the chapter whose file holds it
    body: bytes | None = None  # the event's bytes, as checksummed
    event: Event | None = None

    def decoded(self) -> Event:
        """The event (ValueError if its bytes do not hold one)."""
        if self.event is None:
            assert self.body is not None
            self.event = decode_body(self.body)
        return self.event


Want = Callable[[Record], bool]


def everything(record: Record) -> bool:
    return True


class Stream:
    """The events of every chapter (or of ``chapter``), oldest first, read as they are
    used. Iterate once; :attr:`warnings` is complete when the iteration is."""

    def __init__(self, root: Path, chapter: int | None = None, want: Want = everything) -> None:
        self.root = root
        self.chapter = chapter
        self.want = want
        self.warnings: list[str] = []
        self.numbers, self._sources = _sources(root, chapter)
        self._problems: dict[int, list[str]] = {}

    def close(self) -> None:
        for source in self._sources:
            source.close()

    def __iter__(self) -> Iterator[Record]:
        streams = [source.records(self) for source in self._sources]
        merged = (
            heapq.merge(*streams, key=_seq)
            if len(streams) > 1
            else iter(streams[0] if streams else ())
        )
        expect = 1
        gaps: list[tuple[int, int]] = []
        recovered: list[Event] = []
        try:
            for record in merged:
                if record.seq > expect:
                    gaps.append((expect, record.seq - 1))
                expect = max(expect, record.seq + 1)
                if record.kind == "recovered" and record.event is not None:
                    recovered.append(record.event)
                yield record
        finally:
            self.close()
        lines: list[str] = []
        for n in self.numbers:
            lines.extend(self._problems.get(n, []))
        gaps = without_explained(gaps, explained(recovered))
        if self.chapter is None and gaps:
            lines.append(Line("store.unreadable", events=events_phrase(gaps)))
        if lines:
            lines.append(Line(repair_hint(self.root)))
        self.warnings = lines

    def events(self) -> Iterator[Event]:
        """The decoded events (for a stream that wants every one)."""
        for record in self:
            yield record.decoded()

    def _decode(self, record: Record) -> bool:
        return record.kind is None or record.kind == "recovered" or self.want(record)

    def _problem(self, number: int, line: str) -> None:
        self._problems.setdefault(number, []).append(line)


def _seq(record: Record) -> int:
    return record.seq


def _sources(root: Path, chapter: int | None) -> tuple[list[int], list[_Source]]:
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
    if chapter is not None:
        if chapter not in numbers:
            raise StoreError("store.no_such_chapter", chapter=chapter, chapters=numbers)
        wanted = [chapter]
    else:
        wanted = numbers
    sources: list[_Source] = []
    try:
        for n in wanted:
            if n in chain:
                sources.append(_Journal(n, chain[n]))
            else:
                entry = index.chapters.get(n) if index is not None else None
                sources.append(_Closed(n, closed[n], entry.digest if entry else None))
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


class _Source:
    number: int
    path: Path
    file: FileIO | None = None
    size: int = 0
    tail: bytes = b""  # an unfinished last line

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None

    def records(self, stream: Stream) -> Iterator[Record]:
        raise NotImplementedError

    def _lines(self, hasher: hashlib._Hash | None = None) -> Iterator[bytes]:
        """Every whole line of the file as it was when opened (an unfinished last one, a
        writer's record in progress, is left out)."""
        assert self.file is not None
        left, rest = self.size, b""
        while left > 0:
            data = self.file.read(min(CHUNK, left))
            if not data:
                break
            left -= len(data)
            if hasher is not None:
                hasher.update(data)
            parts = (rest + data).split(b"\n")
            rest = parts.pop()
            yield from parts
        self.tail = rest


class _Journal(_Source):
    """An open chapter's journal: one checksummed record a line."""

    def __init__(self, number: int, path: Path) -> None:
        self.number, self.path = number, path
        try:
            self.file, self.size = open_checked(path, MAX_JOURNAL)
        except OversizeError:
            self.file = None  # too large to be a journal: it holds no events

    def records(self, stream: Stream) -> Iterator[Record]:
        if self.file is None:
            return
        last = bad = 0
        for line in self._lines():
            try:
                record = _plain(line[5:-16], checked_seq(line), self.number)
                if stream._decode(record):
                    record.seq = record.decoded().seq
                seq = record.seq
                if seq <= last:
                    raise Invalid("chapters.out_of_order", seq=seq, last=last)
            except ValueError:
                bad += 1
                continue
            last = seq
            yield record
        if bad:
            stream._problem(self.number, Line("store.bad_records", name=self.path.name, n=bad))


def _plain(body: bytes, seq: int, number: int) -> Record:
    """A record, its type read from the end of its bytes when it is plainly written."""
    m = _tail(body)
    kind = m.group(3).decode() if m is not None and int(m.group(1)) == seq else None
    return Record(seq, kind, number, body)


def _tail(body: bytes) -> re.Match[bytes] | None:
    return _TAIL.match(body, max(0, body.rfind(b'"seq":')))


class _Closed(_Source):
    """A closed chapter's file (see :mod:`elysium.chronicle.chapters`)."""

    def __init__(self, number: int, path: Path, digest: str | None) -> None:
        self.number, self.path, self.digest = number, path, digest
        self.trouble: str | None = None
        try:
            self.file, self.size = open_checked(path, MAX_CLOSED)
        except StoreError as exc:  # not a regular file, or too large: named, not read
            self.trouble = Line(exc.msg)

    def records(self, stream: Stream) -> Iterator[Record]:
        if self.file is None:
            if self.trouble is not None:
                stream._problem(self.number, self.trouble)
            return
        hasher = hashlib.sha256()
        plain = _canonical(self._lines(hasher)) and self.tail == b""
        sha = hasher.hexdigest()
        if self.digest is not None and self.digest != sha:
            stream._problem(self.number, Line("store.digest_mismatch", name=self.path.name))
        out = ClosedRead()
        if plain and self.digest == sha:
            self.file.seek(0)
            done = yield from self._lines_read(stream, out)
        else:
            done = 0
        if done is not None:  # read whole: what the lines did not settle
            self.file.seek(0)
            out = read_closed(self.file.read(self.size), self.number)
            for event in out.events[done:]:
                yield Record(event.seq, event.type, self.number, event=event)
        damage = [
            Line("store.entry_damage", name=self.path.name, detail=value(d)) for d in out.damage
        ]
        for line in damage[:5]:
            stream._problem(self.number, line)
        if len(damage) > 5:
            stream._problem(
                self.number, Line("store.more_damaged", name=self.path.name, n=len(damage) - 5)
            )

    def _lines_read(self, stream: Stream, out: ClosedRead) -> Generator[Record, None, int | None]:
        """The entries a line at a time. Returns None when done, or how many events were
        given when a line turned out to need the whole file read (JSON that only parses
        line by line: the whole read then salvages the same entries, in the same order)."""
        lines = self._lines()
        given = last = 0
        try:
            header_into(out, _json(_HEADER.match(next(lines)), 2), self.number)
        except _WholeRead:
            return given
        next(lines)  # "events":{
        for line in lines:
            m = _ENTRY.match(line)
            if m is None:
                continue  # the closing braces
            key, crc, body = m.group(1).decode(), m.group(2).decode(), m.group(3)
            tail = _tail(body)
            record = (
                Record(int(tail.group(1)), tail.group(3).decode(), self.number, body)
                if tail
                else None
            )
            try:
                if record is None or zlib.crc32(body) != int(crc, 16) or stream._decode(record):
                    event = admit({"c": crc, "e": _json(m, 3)}, self.number, last)
                    record = Record(event.seq, event.type, self.number, event=event)
                else:
                    chapter = loads(tail.group(2)).get("chapter", self.number)  # type: ignore[union-attr]
                    check_place(record.seq, chapter, self.number, last)
            except _WholeRead:
                return given
            except ValueError as exc:
                out.damage.append(entry_damage(key, exc))
                continue
            last = record.seq
            given += 1
            yield record
        return None


class _WholeRead(Exception):
    """An entry's JSON that the whole file's parse would refuse: read the file whole."""


def _json(m: re.Match[bytes] | None, depth: int) -> object:
    """The JSON value the match ends with, which sits ``depth`` deep in the whole file:
    _WholeRead when the whole file's parse would have refused it."""
    if m is None:
        raise _WholeRead
    try:
        found = loads_text(m.group(m.lastindex or 0).decode("utf-8"))
        check_depth(found, MAX_DEPTH - depth + 1)
    except (ValueError, UnicodeDecodeError):
        raise _WholeRead from None
    return found


def _canonical(lines: Iterator[bytes]) -> bool:
    """Whether a closed chapter's file is laid out as Elysium writes it (every line read,
    for the digest): the header, ``"events":{``, one entry a line numbered from 1 with a
    comma after all but the last, the closing braces."""
    ok, expect, state, previous = True, 1, "header", b""
    for line in lines:
        if state == "header":
            ok, state = _HEADER.match(line) is not None, "events"
        elif state == "events":
            ok = ok and line in (b'"events":{', b'"events":{}}')
            state = "entries" if line == b'"events":{' else "done"
        elif state == "entries" and line == b"}}":
            ok = ok and expect > 1 and not previous.endswith(b",")
            state = "done"
        elif state == "entries":
            m = _ENTRY.match(line)
            ok = ok and m is not None and int(m.group(1)) == expect
            ok = ok and (expect == 1 or previous.endswith(b","))
            expect += 1
        else:
            ok = False
        previous = line
    return ok and state == "done"
