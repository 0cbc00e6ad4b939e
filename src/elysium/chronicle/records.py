"""A chapter's file read a record at a time (for :mod:`elysium.chronicle.stream` and the
replay's :mod:`elysium.chronicle.timeline`).

A journal's records are checked as a full read checks them (checksum, order), each decoded
only when wanted; its number and type are read from the end of its bytes. A closed
chapter's file is hashed first, then read a line at a time when it is the file the
checkpoint's digest names, laid out as Elysium writes it; any other is read whole by
:func:`~elysium.chronicle.chapters.read_closed`, so its damage is named exactly as before.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from io import FileIO
from pathlib import Path
from typing import TYPE_CHECKING

from elysium.chronicle.chapters import (
    MAX_CLOSED,
    ClosedRead,
    admit,
    check_place,
    entry_damage,
    header_into,
    read_closed,
)
from elysium.chronicle.errors import Invalid, Line, StoreError, value
from elysium.chronicle.events import Event, decode_body
from elysium.chronicle.files import OversizeError, open_checked
from elysium.chronicle.journal import MAX_JOURNAL, checked_seq
from elysium.chronicle.jsonsafe import MAX_DEPTH, check_depth, loads, loads_text

if TYPE_CHECKING:
    from elysium.chronicle.stream import Stream

CHUNK = 1 << 18
# The end of an event's bytes: its number, time, type (a plain word), version and wall time.
TAIL = re.compile(
    rb'"seq":(\d{1,13}),"time":(\{[^{}]*\}),"type":"([a-z_]{1,40})","v":\d{1,3},'
    rb'"wall":"[^"\\]*"\}\Z'
)
_HEADER = re.compile(rb'\{"chapter":(\{.*\}),\Z')
ENTRY = re.compile(rb'"(\d{1,12})":\{"c":"([0-9a-f]{8})","e":(\{.*\})\},?\Z')


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


class Source:
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


class JournalSource(Source):
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
        number, decode = self.number, stream._decode
        for line in self._lines():
            try:
                seq, kind = _checked(line)
                record = Record(seq, kind, number, line[5:-16])
                if decode(record):
                    record.seq = seq = record.decoded().seq
                if seq <= last:
                    raise Invalid("chapters.out_of_order", seq=seq, last=last)
            except ValueError:
                bad += 1
                continue
            last = seq
            yield record
        if bad:
            stream._problem(self.number, Line("store.bad_records", name=self.path.name, n=bad))


def _checked(line: bytes) -> tuple[int, str | None]:
    """A journal record's number and type, its checksum verified (ValueError if it does
    not hold): :func:`~elysium.chronicle.journal.checked_seq`, in one step for a record
    plainly written (the type is then None: decode to know it)."""
    end = len(line) - 16
    m = TAIL.match(line, max(0, line.rfind(b'"seq":', 0, end)), end)
    if m is None or line[:5] != b'{"e":' or line[end : end + 6] != b',"c":"' or line[-2:] != b'"}':
        return checked_seq(line), None
    if zlib.crc32(memoryview(line)[5:end]) != int(line[-10:-2], 16):
        raise Invalid("record.checksum")
    return int(m.group(1)), m.group(3).decode()


def tail_of(body: bytes) -> re.Match[bytes] | None:
    return TAIL.match(body, max(0, body.rfind(b'"seq":')))


class ClosedSource(Source):
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
        plain = canonical(self._lines(hasher)) and self.tail == b""
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
            m = ENTRY.match(line)
            if m is None:
                continue  # the closing braces
            key, crc, body = m.group(1).decode(), m.group(2).decode(), m.group(3)
            tail = tail_of(body)
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


def canonical(lines: Iterator[bytes]) -> bool:
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
            m = ENTRY.match(line)
            ok = ok and m is not None and int(m.group(1)) == expect
            ok = ok and (expect == 1 or previous.endswith(b","))
            expect += 1
        else:
            ok = False
        previous = line
    return ok and state == "done"
