"""A closed chapter's file: a TinyDB document that survives damage one event at a time.

The document has two tables: ``chapter`` (its number, first and last sequence numbers and
count) and ``events``, each document ``{"c": CRC, "e": EVENT}`` where CRC is the checksum
the event's journal record carried. It is written one event per line (whitespace JSON
allows), so when a flipped bit breaks the JSON the other lines are still read one by one:
a damaged file gives up only the events actually hit. The index holds a SHA-256 of the
whole file, checked before the file is trusted.

Files written before this format (format 1) hold bare events; they are still read.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from elysium.chronicle.errors import Invalid, Line, reason
from elysium.chronicle.events import Event, crc
from elysium.chronicle.jsonsafe import loads
from elysium.i18n.message import Msg

MAX_CLOSED = 512 * 1024 * 1024
_LINE = re.compile(rb'^"(\d{1,12})":(\{.*\}),?$')


@dataclass(slots=True)
class ClosedRead:
    """The events that could be read from a closed chapter's file, and what was wrong."""

    events: list[Event] = field(default_factory=list)
    damage: list[str] = field(default_factory=list)
    first: int | None = None  # from the file's own header, when readable
    last: int | None = None


def encode_closed(number: int, events: list[Event]) -> bytes:
    """The file's bytes. Built through TinyDB's own tables, then laid out a line per event."""
    from tinydb import TinyDB  # only when a chapter closes: reading one needs no TinyDB
    from tinydb.storages import MemoryStorage

    memory = TinyDB(storage=MemoryStorage)
    memory.table("chapter").insert(
        {
            "number": number,
            "first": events[0].seq if events else 0,
            "last": events[-1].seq if events else 0,
            "count": len(events),
        }
    )
    memory.table("events").insert_multiple({"c": crc(e), "e": e.to_dict()} for e in events)
    document = memory.storage.read() or {}
    parts = [b'{"chapter":', _dump(document["chapter"]), b',\n"events":{']
    docs = document.get("events", {})
    lines = [_dump(str(k)) + b":" + _dump(v) for k, v in docs.items()]
    parts.append(b"\n" + b",\n".join(lines) + b"\n" if lines else b"")
    parts.append(b"}}\n")
    return b"".join(parts)


def _dump(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()


def read_closed(raw: bytes, number: int) -> ClosedRead:
    """Every event whose checksum holds; the damage named. Never raises for content."""
    out = ClosedRead()
    try:
        document = loads(raw)
        if not isinstance(document, dict) or not isinstance(document.get("events"), dict):
            raise Invalid("chapters.not_chapter")
        docs = list(document["events"].items())
        header = document.get("chapter")
    except ValueError as exc:
        out.damage.append(Line("chapters.unreadable", why=reason(exc)))
        docs, header = _salvage(raw)
    header_into(out, header, number)
    last = 0
    for key, doc in docs:
        try:
            event = admit(doc, number, last)
        except ValueError as exc:
            out.damage.append(entry_damage(key, exc))
            continue
        out.events.append(event)
        last = event.seq
    return out


def admit(doc: Any, number: int, last: int) -> Event:
    """The event of one entry of chapter ``number``'s file, after the one numbered
    ``last``; ValueError says why it cannot be read."""
    event = _event(doc)
    check_place(event.seq, event.time.get("chapter", number), number, last)
    return event


def check_place(seq: int, chapter: Any, number: int, last: int) -> None:
    """An entry must belong to the file's chapter and come after the one before it."""
    if chapter != number:
        raise Invalid(Msg("chapters.other_chapter", chapter=chapter))
    if seq <= last:
        raise Invalid("chapters.out_of_order", seq=seq, last=last)


def entry_damage(key: Any, exc: ValueError) -> str:
    return Line("chapters.entry", entry=str(key)[:12], why=reason(exc))


def header_into(out: ClosedRead, header: Any, number: int) -> None:
    if header is None:
        return  # format 1 files have none
    doc = next(iter(header.values()), None) if isinstance(header, dict) else None
    if not isinstance(doc, dict) or doc.get("number") != number:
        out.damage.append(Line("chapters.header"))
        return
    first, last = doc.get("first"), doc.get("last")
    if isinstance(first, int) and isinstance(last, int) and 0 < first <= last:
        out.first, out.last = first, last


def _event(doc: Any) -> Event:
    if isinstance(doc, dict) and "e" in doc and "c" in doc:
        event = Event.from_dict(doc["e"])
        if crc(event) != doc["c"]:
            raise Invalid("chapters.checksum", seq=event.seq)
        return event
    return Event.from_dict(doc)  # format 1: a bare event, no checksum of its own


def _salvage(raw: bytes) -> tuple[list[tuple[str, Any]], Any]:
    """Documents from the lines that still parse on their own."""
    docs: list[tuple[str, Any]] = []
    header = None
    for line in raw.split(b"\n"):
        if line.startswith(b'{"chapter":') and line.endswith(b","):
            try:
                header = loads(line[len(b'{"chapter":') : -1])
            except ValueError:
                header = None
            continue
        m = _LINE.match(line.strip())
        if not m:
            continue
        try:
            docs.append((m.group(1).decode(), loads(m.group(2))))
        except ValueError:
            continue
    return docs, header


def missing(seqs: list[int], first: int, last: int) -> list[tuple[int, int]]:
    """Ranges of sequence numbers from ``first`` to ``last`` that the sorted ``seqs`` lack."""
    out: list[tuple[int, int]] = []
    expect = first
    for seq in seqs:
        if seq > last:
            break
        if seq > expect:
            out.append((expect, seq - 1))
        expect = max(expect, seq + 1)
    if expect <= last:
        out.append((expect, last))
    return out
