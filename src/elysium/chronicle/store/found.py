"""A closed chapter's entries of the types a reader wants, found by a search of its bytes.

``stats`` wants the entries that hold rolls, about four in ten. The line read checks every
entry (its layout, checksum, number and place) to give those few, and that is most of what
it costs. Yet when the file is the one the checkpoint's digest names, the digest covers
every byte of it: a byte flipped anywhere breaks the digest, and the file is then read as
before, its damage named entry by entry. So when it is also laid out exactly as Elysium
writes it (the header the checkpoint describes, one entry a line, as many lines as the
checkpoint counts events, numbered without a break, no repair), the wanted entries are found
by the bytes Elysium writes for their type (``"type":"roll","v":``, which every such entry
holds whatever else it holds), each read and checked as the line read checks it, and the
others are taken as the digest vouches for them (as ``export`` takes the chapters it skims).
An entry found that is not what the search expects hands the rest of the file to the whole
read, as the line read does.
"""

from __future__ import annotations

import os
import re
import zlib
from collections.abc import Generator, Iterator
from functools import lru_cache
from io import FileIO
from typing import Protocol

from elysium.chronicle.jsonsafe import canonical
from elysium.chronicle.store.chapters import ClosedRead, header_into
from elysium.chronicle.store.entries import (
    CHUNK,
    ENTRY,
    PLAIN_ENTRY,
    Reader,
    Record,
    WholeRead,
    read_entry,
)
from elysium.chronicle.store.index import ChapterEntry


class Searched(Protocol):
    """What the search reads of a closed chapter's source, and the numbers it counts there."""

    number: int
    entry: ChapterEntry | None  # what the checkpoint says of the chapter
    file: FileIO | None
    size: int
    runs: list[list[int]]


_END = b'"}}\n}}\n'  # the last entry's end (no comma after it), the closing braces


def _header(number: int, count: int, first: int, last: int) -> dict[str, dict[str, int]]:
    return {"1": {"count": count, "first": first, "last": last, "number": number}}


def _head(header: dict[str, dict[str, int]]) -> bytes:
    """The file's first two lines as :func:`~elysium.chronicle.store.chapters.encode_closed`
    writes them."""
    return b'{"chapter":' + canonical(header) + b',\n"events":{\n'


def searchable(source: Searched, stream: Reader, repairs: bool, lines: int, end: bytes) -> bool:
    """Whether a closed chapter whose digest holds may be searched (see above): the reader
    wants records by their type alone and is given no others, and the file is laid out as
    Elysium writes it (``lines`` and ``end`` as hashing it found)."""
    entry = source.entry
    if stream.kinds is None or not stream.only_wanted or repairs or entry is None:
        return False
    count, first, last = entry.count, entry.first, entry.last
    if not count or first is None or last is None or last - first + 1 != count:
        return False
    if lines != count + 3 or not end.endswith(_END) or source.file is None:
        return False
    head = _head(_header(source.number, count, first, last))
    return os.pread(source.file.fileno(), len(head), 0) == head


@lru_cache(maxsize=8)
def _marker(kinds: frozenset[str]) -> re.Pattern[bytes]:
    """The bytes every entry of one of these types holds, as Elysium writes it (the quote
    before left out: the search goes faster from a letter than from a quote)."""
    names = b"|".join(re.escape(kind.encode()) for kind in sorted(kinds))
    return re.compile(rb'type":"(' + names + rb')","v":')


def found_read(
    source: Searched, stream: Reader, out: ClosedRead
) -> Generator[Record, None, int | None]:
    """The wanted entries of a :func:`searchable` chapter, found by their type. Returns
    None when done, or how many entries came before one that is not as the search expects
    (the whole read then gives the same ones first, as after the line read)."""
    entry = source.entry
    assert entry is not None and entry.first is not None and entry.last is not None
    assert entry.count is not None and stream.kinds is not None
    number, first = source.number, entry.first
    header_into(out, _header(number, entry.count, first, entry.last), number)
    finditer = _marker(stream.kinds).finditer
    plain_match, entry_match = PLAIN_ENTRY.match, ENTRY.match
    line = 0  # the line ends before the place counted to: the next entry is line - 1
    for data, stop in _pieces(source):
        at = 0
        for hit in finditer(data, 0, stop):
            start = data.rfind(b"\n", 0, hit.start()) + 1
            if start < at:
                continue  # another marker in the entry just read (inside its data)
            line += data.count(b"\n", at, start)
            at = data.index(b"\n", hit.end())
            key = line - 1  # the entry's number in the file: its line after two
            record = _glanced(stream, data, start, at, hit.group(1), number, key, first + key - 1)
            if record is not None:
                yield record
                continue
            m = plain_match(data, start, at) or entry_match(data, start, at)
            if m is None or int(m.group(1)) != key:
                return _given(source, first, key)
            try:
                record, wanted = read_entry(stream, m, number, first + key - 2)
            except (ValueError, WholeRead):
                return _given(source, first, key)
            if record.seq != first + key - 1:
                return _given(source, first, key)
            if wanted:  # (not: the marker was inside the data of an entry of another type)
                yield record
        line += data.count(b"\n", at, stop)
    if line != entry.count + 3:
        return _given(source, first, line - 1)  # the file was cut short since it was hashed
    source.runs = [[first, entry.last]]
    return None


# An entry's beginning: its number in the file and its checksum.
_ENTRY_HEAD = re.compile(rb'"([1-9][0-9]{0,11})":\{"c":"([0-9a-f]{8})","e":')


def _glanced(
    stream: Reader,
    data: bytes,
    start: int,
    stop: int,
    kind: bytes,
    number: int,
    key: int,
    seq: int,
) -> Record | None:
    """Entry ``key`` of the file (from ``start`` to ``stop``, numbered ``seq`` if the file
    is as Elysium writes it) read at the reader's glance, when the line read would read it so:
    its checksum that of its bytes, its event of the type found and in its place. None:
    read it as the line read reads it (which says why, or that it is not so)."""
    if stream.glance is None:
        return None
    head = _ENTRY_HEAD.match(data, start, stop)
    end = stop - 1 if data[stop - 1] == 0x2C else stop  # (a comma after all but the last)
    if head is None or int(head.group(1)) != key or data[end - 1] != 0x7D:
        return None
    body = data[head.end() : end - 1]
    if zlib.crc32(body) != int(head.group(2), 16):
        return None
    record = Record(seq, kind.decode(), number, body, 0, len(body))
    if not stream.read_at_glance(record) or record.seq != seq or record.seen.type != record.kind:
        return None
    return record if record.seen.time.get("chapter") == number else None


def _given(source: Searched, first: int, key: int) -> int:
    """The entries before entry ``key`` are read (the digest vouches for them): counted."""
    given = max(0, key - 1)
    source.runs = [[first, first + given - 1]] if given else []
    return given


def _pieces(source: Searched) -> Iterator[tuple[bytes, int]]:
    """The file in pieces, each with where its last whole line ends."""
    assert source.file is not None
    source.file.seek(0)
    left, rest = source.size, b""
    while left > 0:
        data = source.file.read(min(CHUNK, left))
        if not data:
            break
        left -= len(data)
        data = rest + data
        stop = data.rfind(b"\n") + 1
        yield data, stop
        rest = data[stop:]
