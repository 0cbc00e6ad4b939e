"""A chapter's file read a record at a time (for :mod:`elysium.chronicle.store.stream` and the
replay's :mod:`elysium.chronicle.store.timeline`).

A journal's records are checked as a full read checks them (checksum, order), each decoded
only when wanted (a reader that wants records by type alone: the others are only checked);
its number and type are read from the end of its bytes. A closed chapter's file is hashed
first, then read a line at a time when it is the file the checkpoint's digest names, laid
out as Elysium writes it (or searched for the entries a reader wants by type, see
:mod:`~elysium.chronicle.store.found`); any other is read whole by
:func:`~elysium.chronicle.store.chapters.read_closed`, so its damage is named exactly as before.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from io import FileIO
from pathlib import Path
from typing import TYPE_CHECKING, Any

from elysium.chronicle.errors import Invalid, Line, StoreError, value
from elysium.chronicle.events import Event, decode_body
from elysium.chronicle.jsonsafe import MAX_DEPTH, check_depth, loads_text
from elysium.chronicle.store.chapters import (
    MAX_CLOSED,
    ClosedRead,
    admit,
    check_place,
    entry_damage,
    header_into,
    read_closed,
)
from elysium.chronicle.store.files import OversizeError, open_checked
from elysium.chronicle.store.index import ChapterEntry
from elysium.chronicle.store.journal import MAX_JOURNAL, checked_seq
from elysium.chronicle.text import plain_json_bytes

if TYPE_CHECKING:
    from elysium.chronicle.store.stream import Stream

CHUNK = 1 << 18
# The end of an event's bytes: its number, time, type (a plain word), version and wall time.
TAIL = re.compile(
    rb'"seq":(\d{1,13}),"time":(\{[^{}]*\}),"type":"([a-z_]{1,40})","v":\d{1,3},'
    rb'"wall":"[^"\\]*"\}\Z'
)
HEADER = re.compile(rb'\{"chapter":(\{.*\}),\Z')
ENTRY = re.compile(rb'"(\d{1,12})":\{"c":"([0-9a-f]{8})","e":(\{.*\})\},?\Z')
# An entry whose event is plainly written: its number, chapter and type read from its end.
_PLAIN_ENTRY = re.compile(
    rb'"(\d{1,12})":\{"c":"([0-9a-f]{8})","e":(\{.*"seq":(\d{1,13}),'
    rb'"time":\{"chapter":(\d{1,10}),[^{}]*\},"type":"([a-z_]{1,40})","v":\d{1,3},'
    rb'"wall":"[^"\\]*"\})\},?\Z'
)


@dataclass(slots=True)
class Record:
    """One event as read: its number and type from its own bytes; the event itself when it
    was decoded (``event``), else on demand (:meth:`decoded`)."""

    seq: int
    kind: str | None  # the event's type; None until decoded, when not plainly written
    chapter: int  # the chapter whose file holds it
    raw: bytes = b""  # what was read; the event's bytes, as checksummed, from start to stop
    start: int = 0
    stop: int = 0
    event: Event | None = None
    seen: Any = None  # what the stream's reader read of it at a glance, instead of decoding

    @property
    def body(self) -> bytes:
        return self.raw[self.start : self.stop]

    def decoded(self) -> Event:
        """The event (ValueError if its bytes do not hold one)."""
        if self.event is None:
            self.event = decode_body(self.body)
        return self.event


Want = Callable[[Record], bool]


def everything(record: Record) -> bool:
    return True


class Source:
    number: int
    path: Path
    file: FileIO | None = None
    size: int = 0
    tail: bytes = b""  # an unfinished last line
    runs: list[list[int]]  # the numbers read, as runs [first, last]

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None

    def records(self, stream: Stream) -> Iterator[Record]:
        raise NotImplementedError

    def _count(self, seq: int) -> None:
        runs = self.runs
        if runs and runs[-1][1] + 1 == seq:
            runs[-1][1] = seq
        else:
            runs.append([seq, seq])

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


class JournalSource(Source):
    """An open chapter's journal: one checksummed record a line."""

    def __init__(self, number: int, path: Path) -> None:
        self.number, self.path = number, path
        try:
            self.file, self.size = open_checked(path, MAX_JOURNAL)
        except OversizeError:
            self.file = None  # too large to be a journal: it holds no events

    def records(self, stream: Stream) -> Iterator[Record]:
        self.runs = []
        if self.file is None:
            return
        last = bad = 0
        number, decode, runs = self.number, stream._decode, self.runs
        quiet = stream.only_wanted or stream.skim(number)
        # A reader that wants records by their type alone: the others are only checked.
        kinds = stream.kinds | {"recovered"} if quiet and stream.kinds is not None else None
        match, crc = TAIL.match, zlib.crc32
        run = [0, -1]  # the run of numbers being read (counted into runs when it breaks)
        record: Record | None
        for line in self._lines():
            try:
                # The checksum verified, then the number and type read from the record's
                # end (checked_seq names any fault; a type not plainly written: decode).
                end = len(line) - 16
                m = match(line, max(0, line.rfind(b'"seq":', 0, end)), end)
                if m is None or line[:5] != b'{"e":' or line[end : end + 6] != b',"c":"':
                    record = Record(checked_seq(line), None, number, line, 5, end)
                elif line[-2:] != b'"}' or crc(memoryview(line)[5:end]) != int(line[-10:-2], 16):
                    raise Invalid("record.checksum")
                else:
                    seq, kind = int(m.group(1)), m.group(3).decode()
                    skip = kinds is not None and kind not in kinds
                    record = None if skip else Record(seq, kind, number, line, 5, end)
                if record is not None:
                    wanted = decode(record)
                    if wanted:
                        record.seq = stream._read(record)
                    seq = record.seq
                if seq <= last:
                    raise Invalid("chapters.out_of_order", seq=seq, last=last)
            except ValueError:
                bad += 1
                continue
            last = seq
            if seq == run[1] + 1:
                run[1] = seq
            else:
                run = [seq, seq]
                runs.append(run)
            if record is None:
                continue
            if record.kind == "recovered":
                stream._recovered.append(record.decoded())
            if wanted or not quiet:
                yield record
        if bad:
            stream._problem(self.number, Line("store.bad_records", name=self.path.name, n=bad))


def tail_of(body: bytes) -> re.Match[bytes] | None:
    return TAIL.match(body, max(0, body.rfind(b'"seq":')))


class ClosedSource(Source):
    """A closed chapter's file (see :mod:`elysium.chronicle.store.chapters`)."""

    def __init__(self, number: int, path: Path, entry: ChapterEntry | None) -> None:
        self.number, self.path, self.entry = number, path, entry
        self.digest = entry.digest if entry is not None else None
        self.trouble: str | None = None
        try:
            self.file, self.size = open_checked(path, MAX_CLOSED)
        except StoreError as exc:  # not a regular file, or too large: named, not read
            self.trouble = Line(exc.msg)

    def records(self, stream: Stream) -> Iterator[Record]:
        self.runs = []
        if self.file is None:
            if self.trouble is not None:
                stream._problem(self.number, self.trouble)
            return
        sha, repairs, lines, end = self._hash()
        if self.digest is not None and self.digest != sha:
            stream._problem(self.number, Line("store.digest_mismatch", name=self.path.name))
        if sha == self.digest and stream.skim(self.number) and not repairs and self._ran():
            return
        out = ClosedRead()
        done: int | None = 0
        if sha == self.digest:  # as Elysium wrote and checked it: searched, or line by line
            from elysium.chronicle.store.found import found_read, searchable

            self.file.seek(0)
            if searchable(self, stream, repairs, lines, end):  # or the entries of the types wanted
                done = yield from found_read(self, stream, out)
            else:
                done = yield from self._lines_read(stream, out)
        if done is not None:  # read whole: what the lines did not settle
            self.file.seek(0)
            out = read_closed(self.file.read(self.size), self.number)
            for event in out.events[done:]:
                record = Record(event.seq, event.type, self.number, event=event)
                if self._counted(stream, record, True):
                    yield record
        damage = [
            Line("store.entry_damage", name=self.path.name, detail=value(d)) for d in out.damage
        ]
        for line in damage[:5]:
            stream._problem(self.number, line)
        if len(damage) > 5:
            stream._problem(
                self.number, Line("store.more_damaged", name=self.path.name, n=len(damage) - 5)
            )

    def _hash(self) -> tuple[str | None, bool, int, bytes]:
        """The file's SHA-256 (None if it changed size), whether it holds a repair, how
        many line ends it holds and its last bytes (for :func:`found.searchable`)."""
        assert self.file is not None
        self.file.seek(0)
        hasher, needle, carry, left = hashlib.sha256(), b'"type":"recovered"', b"", self.size
        repairs, lines = False, 0
        while left > 0:
            data = self.file.read(min(CHUNK * 4, left))
            if not data:
                return None, True, lines, carry
            left -= len(data)
            hasher.update(data)
            repairs = repairs or needle in carry + data[: len(needle)] or needle in data
            lines += data.count(b"\n")
            carry = data[-len(needle) :]
        return hasher.hexdigest(), repairs, lines, carry

    def _ran(self) -> bool:
        """When the checkpoint's record of the chapter says its numbers run unbroken from
        its first to its last, count them as read: True."""
        entry = self.entry
        if entry is None or entry.count is None:
            return False
        if entry.count == 0:
            return True
        if entry.first is None or entry.last is None:
            return False
        if entry.count != entry.last - entry.first + 1:
            return False
        self.runs = [[entry.first, entry.last]]
        return True

    def _counted(self, stream: Stream, record: Record, wanted: bool) -> bool:
        """Count a record read; whether to give it."""
        self._count(record.seq)
        if record.kind == "recovered":
            stream._recovered.append(record.decoded())
        return wanted or not (stream.only_wanted or stream.skim(self.number))

    def _lines_read(self, stream: Stream, out: ClosedRead) -> Generator[Record, None, int | None]:
        """The entries a line at a time. Returns None when done, or how many events were
        given when a line is not laid out as Elysium writes it (the whole read then gives
        the same entries first, in the same order, and judges the rest)."""
        lines = self._lines()
        given = last = 0
        try:
            header_into(out, _json(HEADER.match(next(lines, b"")), 2), self.number)
        except _WholeRead:
            return given
        opening = next(lines, b"")
        if opening == b'"events":{}}':
            return None if next(lines, None) is None and self.tail == b"" else given
        if opening != b'"events":{':
            return given
        number, expect = self.number, 1
        quiet = stream.only_wanted or stream.skim(number)
        comma: bool | None = None  # whether the entry before ended with a comma
        closing = False
        plain_match, entry_match = _PLAIN_ENTRY.match, ENTRY.match
        for line in lines:
            if closing:
                return given  # a line after the closing braces
            if line == b"}}":
                if expect == 1 or comma:
                    return given  # no entry before the braces, or a comma before them
                closing = True
                continue
            if comma is False:
                return given  # an entry after the one without a comma (the last)
            m = plain_match(line) or entry_match(line)
            if m is None or int(m.group(1)) != expect:
                return given
            comma = line.endswith(b",")
            expect += 1
            try:
                record, wanted = read_entry(stream, m, number, last)
            except _WholeRead:
                return given
            except ValueError as exc:
                out.damage.append(entry_damage(m.group(1).decode(), exc))
                continue
            last = record.seq
            given += 1
            self._count(last)
            if record.kind == "recovered":
                stream._recovered.append(record.decoded())
            if wanted or not quiet:
                yield record
        return None if closing and self.tail == b"" else given


def read_entry(stream: Stream, m: re.Match[bytes], number: int, last: int) -> tuple[Record, bool]:
    """One entry of chapter ``number``'s file (the one its digest names), matched by
    _PLAIN_ENTRY or ENTRY, after the one numbered ``last``: its record, and whether the
    reader wants it. ValueError says why the entry is damaged; _WholeRead that the whole
    file's read must judge it."""
    crc, body = m.group(2), m.group(3)
    plain = m.re is _PLAIN_ENTRY
    record = Record(int(m.group(4)) if plain else 0, None, number, body, 0, len(body))
    if plain:
        record.kind = m.group(6).decode()
    wanted = stream._decode(record)
    if not plain or zlib.crc32(body) != int(crc, 16):
        # Read as the whole file's read reads an entry.
        doc = {"c": crc.decode(), "e": _json(m, 4)}
        event = admit(doc, number, last)
        record = Record(event.seq, event.type, number, event=event)
    elif wanted and stream._glanced(record):
        check_place(record.seq, record.seen.time.get("chapter"), number, last)
    elif wanted:
        # As Elysium wrote it (the file is the one the digest names, the entry plainly
        # written and its checksum that of its bytes): decoded as such.
        event = _plain_event(body)
        check_place(event.seq, event.time.get("chapter", number), number, last)
        record = Record(event.seq, event.type, number, event=event)
    elif record.seq <= last or int(m.group(5)) != number:
        check_place(record.seq, int(m.group(5)), number, last)  # says why
    return record, wanted


class _WholeRead(Exception):
    """An entry's JSON that the whole file's parse would refuse: read the file whole."""


def _json(m: re.Match[bytes] | None, depth: int) -> object:
    """The JSON value of the match's third group (or its last), which sits ``depth`` deep
    in the whole file: _WholeRead when the whole file's parse would have refused it."""
    if m is None:
        raise _WholeRead
    return _deep_json(m.group(min(3, m.lastindex or 0)), depth)[1]


def _deep_json(raw: bytes, depth: int) -> tuple[str, object]:
    try:
        text = raw.decode("utf-8")
        found = loads_text(text)
        if text.count("{") + text.count("[") > MAX_DEPTH - depth + 1:
            check_depth(found, MAX_DEPTH - depth + 1)
    except (ValueError, UnicodeDecodeError):
        raise _WholeRead from None
    return text, found


def _plain_event(body: bytes) -> Event:
    """The event of a plain entry of a file as Elysium wrote it (ValueError if it is not
    one; _WholeRead if its JSON is what the whole file's parse would refuse)."""
    _text, found = _deep_json(body, 4)
    return Event.from_dict(found, clean=not plain_json_bytes(body))
