"""One event's bytes as a chapter's file holds them, read and checked (for the sources of
:mod:`~elysium.chronicle.store.records` and the search of :mod:`~elysium.chronicle.store.found`).

A source reads its file and hands each record to its :class:`Reader` (a
:class:`~elysium.chronicle.store.stream.Stream`), which says which to decode, may read one at
a glance, and collects what was wrong. The two sources and the search share what is here, so
none of them needs the others or the stream.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from elysium.chronicle.events import Event, decode_body
from elysium.chronicle.jsonsafe import MAX_DEPTH, check_depth, loads_text, short_numbers
from elysium.chronicle.store.chapters import admit, check_place
from elysium.chronicle.text import plain_json_bytes

CHUNK = 1 << 18
# The end of an event's bytes: its number, time, type (a plain word), version and wall time.
TAIL = re.compile(
    rb'"seq":(\d{1,13}),"time":(\{[^{}]*\}),"type":"([a-z_]{1,40})","v":\d{1,3},'
    rb'"wall":"[^"\\]*"\}\Z'
)
HEADER = re.compile(rb'\{"chapter":(\{.*\}),\Z')
ENTRY = re.compile(rb'"(\d{1,12})":\{"c":"([0-9a-f]{8})","e":(\{.*\})\},?\Z')
# An entry whose event is plainly written: its number, chapter and type read from its end.
PLAIN_ENTRY = re.compile(
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


class Reader(Protocol):
    """What a source asks of the one reading it, and tells it."""

    kinds: frozenset[str] | None  # the types wanted, when they are wanted by type alone
    only_wanted: bool  # the records not wanted are checked, not given
    glance: Callable[[Record], Any] | None

    def skim(self, number: int) -> bool:
        """Whether chapter ``number`` is only checked (for the warnings)."""
        ...

    def decodes(self, record: Record) -> bool:
        """Whether the record is wanted (decoded, unless read at a glance)."""
        ...

    def read_at_glance(self, record: Record) -> bool:
        """Whether the reader's glance read the record (its number is then the glance's)."""
        ...

    def number_of(self, record: Record) -> int:
        """A wanted record's number, at a glance or from the decoded event."""
        ...

    def problem(self, number: int, line: str) -> None:
        """Chapter ``number``'s file holds something wrong, said by ``line``."""
        ...

    def recovered(self, event: Event) -> None:
        """A repair's record was read (it names the events a repair lost)."""
        ...


def tail_of(body: bytes) -> re.Match[bytes] | None:
    return TAIL.match(body, max(0, body.rfind(b'"seq":')))


def read_entry(stream: Reader, m: re.Match[bytes], number: int, last: int) -> tuple[Record, bool]:
    """One entry of chapter ``number``'s file (the one its digest names), matched by
    PLAIN_ENTRY or ENTRY, after the one numbered ``last``: its record, and whether the
    reader wants it. ValueError says why the entry is damaged; WholeRead that the whole
    file's read must judge it."""
    crc, body = m.group(2), m.group(3)
    plain = m.re is PLAIN_ENTRY
    record = Record(int(m.group(4)) if plain else 0, None, number, body, 0, len(body))
    if plain:
        record.kind = m.group(6).decode()
    wanted = stream.decodes(record)
    if not plain or zlib.crc32(body) != int(crc, 16):
        # Read as the whole file's read reads an entry.
        doc = {"c": crc.decode(), "e": matched_json(m, 4)}
        event = admit(doc, number, last)
        record = Record(event.seq, event.type, number, event=event)
    elif wanted and stream.read_at_glance(record):
        check_place(record.seq, record.seen.time.get("chapter"), number, last)
    elif wanted:
        # As Elysium wrote it (the file is the one the digest names, the entry plainly
        # written and its checksum that of its bytes): decoded as such.
        event = plain_event(body)
        check_place(event.seq, event.time.get("chapter", number), number, last)
        record = Record(event.seq, event.type, number, event=event)
    elif record.seq <= last or int(m.group(5)) != number:
        check_place(record.seq, int(m.group(5)), number, last)  # says why
    return record, wanted


class WholeRead(Exception):
    """An entry's JSON that the whole file's parse would refuse: read the file whole."""


def matched_json(m: re.Match[bytes] | None, depth: int) -> object:
    """The JSON value of the match's third group (or its last), which sits ``depth`` deep
    in the whole file: WholeRead when the whole file's parse would have refused it."""
    if m is None:
        raise WholeRead
    return _deep_json(m.group(min(3, m.lastindex or 0)), depth)[1]


def _deep_json(raw: bytes, depth: int) -> tuple[str, object]:
    try:
        text = raw.decode("utf-8")
        found = loads_text(text, short=short_numbers(raw))
        if text.count("{") + text.count("[") > MAX_DEPTH - depth + 1:
            check_depth(found, MAX_DEPTH - depth + 1)
    except (ValueError, UnicodeDecodeError):
        raise WholeRead from None
    return text, found


def plain_event(body: bytes) -> Event:
    """The event of a plain entry of a file as Elysium wrote it (ValueError if it is not
    one; WholeRead if its JSON is what the whole file's parse would refuse)."""
    _text, found = _deep_json(body, 4)
    return Event.from_dict(found, clean=not plain_json_bytes(body))
