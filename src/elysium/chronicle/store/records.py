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
import zlib
from collections.abc import Generator, Iterator
from io import FileIO
from pathlib import Path

from elysium.chronicle.errors import Invalid, Line, StoreError, value
from elysium.chronicle.store import found
from elysium.chronicle.store.chapters import (
    MAX_CLOSED,
    ClosedRead,
    entry_damage,
    header_into,
    read_closed,
)
from elysium.chronicle.store.entries import (
    CHUNK,
    ENTRY,
    HEADER,
    PLAIN_ENTRY,
    TAIL,
    Reader,
    Record,
    WholeRead,
    matched_json,
    read_entry,
)
from elysium.chronicle.store.files import OversizeError, open_checked
from elysium.chronicle.store.index import ChapterEntry
from elysium.chronicle.store.journal import MAX_JOURNAL, checked_seq


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

    def records(self, stream: Reader) -> Iterator[Record]:
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

    def records(self, stream: Reader) -> Iterator[Record]:
        self.runs = []
        if self.file is None:
            return
        last = bad = 0
        number, decode, runs = self.number, stream.decodes, self.runs
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
                        record.seq = stream.number_of(record)
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
                stream.recovered(record.decoded())
            if wanted or not quiet:
                yield record
        if bad:
            stream.problem(self.number, Line("store.bad_records", name=self.path.name, n=bad))


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

    def records(self, stream: Reader) -> Iterator[Record]:
        self.runs = []
        if self.file is None:
            if self.trouble is not None:
                stream.problem(self.number, self.trouble)
            return
        sha, repairs, lines, end = self._hash()
        if self.digest is not None and self.digest != sha:
            stream.problem(self.number, Line("store.digest_mismatch", name=self.path.name))
        if sha == self.digest and stream.skim(self.number) and not repairs and self._ran():
            return
        out = ClosedRead()
        done: int | None = 0
        if sha == self.digest:  # as Elysium wrote and checked it: searched, or line by line
            self.file.seek(0)
            if found.searchable(
                self, stream, repairs, lines, end
            ):  # or the entries of the types wanted
                done = yield from found.found_read(self, stream, out)
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
            stream.problem(self.number, line)
        if len(damage) > 5:
            stream.problem(
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

    def _counted(self, stream: Reader, record: Record, wanted: bool) -> bool:
        """Count a record read; whether to give it."""
        self._count(record.seq)
        if record.kind == "recovered":
            stream.recovered(record.decoded())
        return wanted or not (stream.only_wanted or stream.skim(self.number))

    def _lines_read(self, stream: Reader, out: ClosedRead) -> Generator[Record, None, int | None]:
        """The entries a line at a time. Returns None when done, or how many events were
        given when a line is not laid out as Elysium writes it (the whole read then gives
        the same entries first, in the same order, and judges the rest)."""
        lines = self._lines()
        given = last = 0
        try:
            header_into(out, matched_json(HEADER.match(next(lines, b"")), 2), self.number)
        except WholeRead:
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
        plain_match, entry_match = PLAIN_ENTRY.match, ENTRY.match
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
            except WholeRead:
                return given
            except ValueError as exc:
                out.damage.append(entry_damage(m.group(1).decode(), exc))
                continue
            last = record.seq
            given += 1
            self._count(last)
            if record.kind == "recovered":
                stream.recovered(record.decoded())
            if wanted or not quiet:
                yield record
        return None if closing and self.tail == b"" else given
