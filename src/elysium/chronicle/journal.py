"""Reading a chapter's journal: every record's checksum verified, damage located exactly.

A journal is append-only lines (see :mod:`elysium.chronicle.events`). Scanning sorts its
bytes into good records, damaged records (a whole line whose checksum, JSON or sequence is
wrong) and at most one unfinished last line: a write cut off before it was acknowledged, or
one being written right now by the writer.
"""

from __future__ import annotations

import contextlib
import os
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from elysium.chronicle.events import Event, decode, split_record

MAX_JOURNAL = 512 * 1024 * 1024  # a chapter of 50,000 events is about 25 MB


@dataclass(frozen=True, slots=True)
class Record:
    start: int
    end: int  # just past the newline
    seq: int
    event: Event | None  # decoded only from ``decode_from`` on


@dataclass(slots=True)
class Scan:
    """What a journal's bytes hold."""

    size: int
    records: list[Record] = field(default_factory=list)
    bad: list[tuple[int, int, str]] = field(default_factory=list)  # (start, end, why)
    torn: tuple[int, int] | None = None  # an unfinished last line

    @property
    def events(self) -> list[Event]:
        return [r.event for r in self.records if r.event is not None]

    @property
    def seqs(self) -> list[int]:
        return [r.seq for r in self.records]

    @property
    def sound(self) -> bool:
        return not self.bad and self.torn is None

    def good_bytes(self, raw: bytes) -> bytes:
        """The journal as it should be: the good records only, in order."""
        return b"".join(raw[r.start : r.end] for r in self.records)


def scan(raw: bytes, decode_from: int = 0) -> Scan:
    """Check every record of ``raw``. Records starting before ``decode_from`` are verified
    by checksum only (a checkpoint already holds their effect), the rest fully decoded."""
    out = Scan(size=len(raw))
    pos = 0
    last_seq = 0
    while pos < len(raw):
        end = raw.find(b"\n", pos)
        if end < 0:
            out.torn = (pos, len(raw))
            break
        line = raw[pos:end]
        try:
            if pos >= decode_from:
                event = decode(line)
                seq = event.seq
            else:
                seq = _checked_seq(line)
                event = None
            if seq <= last_seq:
                raise ValueError(f"sequence {seq} does not follow {last_seq}")
        except ValueError as exc:
            out.bad.append((pos, end + 1, str(exc)))
        else:
            out.records.append(Record(pos, end + 1, seq, event))
            last_seq = seq
        pos = end + 1
    return out


def _checked_seq(line: bytes) -> int:
    """Verify a record's checksum and read its sequence number without parsing it all."""
    body, crc = split_record(line)
    if zlib.crc32(body) & 0xFFFFFFFF != crc:
        raise ValueError("record checksum does not match")
    at = body.find(b'"seq":')
    if at < 0:
        raise ValueError("record has no sequence number")
    digits = bytearray()
    for b in body[at + 6 : at + 26]:
        if 48 <= b <= 57:
            digits.append(b)
        else:
            break
    if not digits:
        raise ValueError("record has no sequence number")
    return int(digits)


def tail(path: Path, count: int, chunk: int = 1 << 16) -> list[Event]:
    """The good records among the last ``count`` lines (a long chapter costs no more than a
    short one to show the newest entries)."""
    with open(path, "rb") as f:
        f.seek(0, os.SEEK_END)
        end = f.tell()
        data = b""
        pos = end
        while pos > 0 and data.count(b"\n") <= count:
            step = min(chunk, pos)
            pos -= step
            f.seek(pos)
            data = f.read(step) + data
    lines = data.split(b"\n")
    if pos > 0:
        lines = lines[1:]  # the first line may be cut
    events = []
    for line in lines[-(count + 1) :]:
        if line:
            with contextlib.suppress(ValueError):
                events.append(decode(line))
    return events[-count:]
