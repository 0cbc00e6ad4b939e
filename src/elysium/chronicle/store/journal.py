"""Reading a chapter's journal: every record's checksum verified, damage located exactly.

A journal is append-only lines (see :mod:`elysium.chronicle.events`). Scanning sorts its
bytes into good records, damaged records (a whole line whose checksum, JSON or sequence is
wrong) and at most one unfinished last line: a write cut off before it was acknowledged, or
one being written right now by the writer.
"""

from __future__ import annotations

import contextlib
import os
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from elysium.chronicle.errors import Invalid
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
    start: int = 0  # bytes before this were proven intact by a digest, not scanned
    start_seq: int = 0  # the last sequence number in those bytes
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

    @property
    def holds_records(self) -> bool:
        return bool(self.records) or self.start > 0

    def good_bytes(self, raw: bytes) -> bytes:
        """The journal as it should be: the good records only, in order."""
        return raw[: self.start] + b"".join(raw[r.start : r.end] for r in self.records)


def scan(raw: bytes, decode_from: int = 0, start: int = 0, after_seq: int = 0) -> Scan:
    """Check every record of ``raw`` from byte ``start`` on (the bytes before it already
    proven intact by the checkpoint's SHA-256, ``after_seq`` the last sequence in them).
    Records starting before ``decode_from`` are verified by checksum only (a checkpoint
    already holds their effect); the rest are fully decoded."""
    out = Scan(size=len(raw), start=start, start_seq=after_seq)
    lines = raw[start:].split(b"\n")
    last_line = lines.pop()  # what follows the last newline: empty, or an unfinished record
    pos = start
    last_seq = after_seq
    records = out.records
    for line in lines:
        end = pos + len(line) + 1
        try:
            if pos >= decode_from:
                event: Event | None = decode(line)
                seq = event.seq  # type: ignore[union-attr]
            else:
                event = None
                seq = checked_seq(line)
            if seq <= last_seq:
                raise Invalid("chapters.out_of_order", seq=seq, last=last_seq)
        except ValueError as exc:
            out.bad.append((pos, end, str(exc)))
        else:
            records.append(Record(pos, end, seq, event))
            last_seq = seq
        pos = end
    if last_line:
        out.torn = (pos, len(raw))
    return out


_SEQ = re.compile(rb'"seq":(\d{1,13})[,}]')


def checked_seq(line: bytes) -> int:
    """Verify a record's checksum and read its sequence number without parsing it all."""
    if line[:5] != b'{"e":' or line[-16:-10] != b',"c":"' or line[-2:] != b'"}':
        split_record(line)  # raises with the precise reason
    body = line[5:-16]
    try:
        expected = int(line[-10:-2], 16)
    except ValueError:
        raise Invalid("record.checksum_unreadable") from None
    if zlib.crc32(body) & 0xFFFFFFFF != expected:
        raise Invalid("record.checksum")
    # Keys are sorted, and nothing after "seq" (time, type, v, wall) holds one: the last
    # "seq" is the event's own.
    m = _SEQ.match(body, body.rfind(b'"seq":'))
    if not m:
        raise Invalid("record.no_seq")
    return int(m.group(1))


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
