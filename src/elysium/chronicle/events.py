"""Events: every change to a chronicle, typed and versioned, as one checksummed line.

A journal line is ``{"e":<event>,"c":"<crc32 of the event's bytes>"}``: valid JSON, and the
checksum covers the exact bytes written, so a torn or altered record is always detected.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeGuard

from elysium.chronicle.errors import Invalid
from elysium.chronicle.jsonsafe import loads_text, short_numbers
from elysium.chronicle.text import clean_deep, plain_json_bytes

SCHEMA_VERSION = 1
MAX_SEQ = 10**12
MAX_TIME = 10**9  # nights, chapters, scenes and turns
MAX_TEXT = 16_384  # a command line is at most 4,096 characters; its event line a few more
_HEAD = b'{"e":'
_TAIL_LEN = len(b',"c":"00000000"}')


@dataclass(frozen=True, slots=True)
class Event:
    """One change. ``changes`` carries before/after values so that undo, redo and replay
    never re-run the rules and never re-roll; ``data`` is what the log shows (faces,
    pools, results)."""

    seq: int
    type: str
    time: dict[str, int]
    wall: str
    cmd: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    changes: dict[str, Any] = field(default_factory=dict)
    v: int = SCHEMA_VERSION

    def to_dict(self) -> dict[str, Any]:
        return {
            "v": self.v,
            "seq": self.seq,
            "type": self.type,
            "time": self.time,
            "wall": self.wall,
            "cmd": self.cmd,
            "data": self.data,
            "changes": self.changes,
        }

    @classmethod
    def from_dict(cls, d: Any, clean: bool = True) -> Event:
        """Rebuild and validate an event read from a file; ValueError if it is not one.
        Its text is neutralised: a crafted record cannot reach a terminal as control codes
        (``clean`` False: the caller knows it holds none, see :func:`plain_json`)."""
        # (``type(x) is int`` first: what JSON gives, answered without two isinstance calls)
        if not isinstance(d, dict):
            raise Invalid("event.not_object")
        v = d.get("v")
        if not (type(v) is int or _whole(v)) or v > SCHEMA_VERSION or v < 1:
            raise Invalid("event.schema", version=str(v)[:20])
        seq = d.get("seq")
        if not (type(seq) is int or _whole(seq)) or not 1 <= seq <= MAX_SEQ:
            raise Invalid("event.seq")
        kind = d.get("type")
        if not isinstance(kind, str) or not kind or len(kind) > 40:
            raise Invalid("event.type")
        time = d.get("time") or {}
        if not isinstance(time, dict):
            raise Invalid("event.time", seq=seq)
        for k, n in time.items():
            if not ((type(n) is int or _whole(n)) and 0 <= n <= MAX_TIME and isinstance(k, str)):
                raise Invalid("event.time", seq=seq)
        wall, cmd = d.get("wall", ""), d.get("cmd", "")
        if not isinstance(wall, str) or not isinstance(cmd, str) or len(cmd) > MAX_TEXT:
            raise Invalid("event.text", seq=seq)
        data, changes = d.get("data") or {}, d.get("changes") or {}
        if not isinstance(data, dict) or not isinstance(changes, dict):
            raise Invalid("event.data", seq=seq)
        wall = wall[:40]
        if clean:
            kind, wall, cmd, data = (
                clean_deep(kind),
                clean_deep(wall),
                clean_deep(cmd),
                clean_deep(data),
            )
        # changes: names inside are neutralised when the state is built
        return cls(seq, kind, dict(time), wall, cmd, data, changes, v)


def now_iso() -> str:
    """The wall clock an event is stamped with (UTC, to the second): the log says when a
    line was played, the state never reads it."""
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def encode(event: Event) -> bytes:
    """The journal line for an event, newline included."""
    body = body_bytes(event)
    check = zlib.crc32(body) & 0xFFFFFFFF
    return _HEAD + body + b',"c":"' + f"{check:08x}".encode() + b'"}\n'


def split_record(line: bytes) -> tuple[bytes, int]:
    """The event bytes of a journal line and the checksum it claims; ValueError if the
    line is not shaped like a record."""
    if not line.startswith(_HEAD) or len(line) < len(_HEAD) + _TAIL_LEN + 2:
        raise Invalid("record.not_record")
    body = line[len(_HEAD) : -_TAIL_LEN]
    tail = line[-_TAIL_LEN:]
    if not (tail.startswith(b',"c":"') and tail.endswith(b'"}')):
        raise Invalid("record.checksum_missing")
    try:
        return body, int(tail[6:14], 16)
    except ValueError:
        raise Invalid("record.checksum_unreadable") from None


def decode(line: bytes) -> Event:
    """Parse and verify one journal line (without its newline); ValueError if damaged."""
    body, expected = split_record(line)
    if zlib.crc32(body) & 0xFFFFFFFF != expected:
        raise Invalid("record.checksum")
    return decode_body(body)


def decode_body(body: bytes) -> Event:
    """The event in a record's checksummed bytes (ValueError if it is not one)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise Invalid("json.not_utf8") from None
    found = loads_text(text, short=short_numbers(body))
    return Event.from_dict(found, clean=not plain_json_bytes(body))


def crc(event: Event) -> str:
    """The checksum a record of this event carries (closed chapter files keep it too)."""
    return f"{zlib.crc32(body_bytes(event)) & 0xFFFFFFFF:08x}"


def body_bytes(event: Event) -> bytes:
    return json.dumps(
        event.to_dict(), ensure_ascii=False, separators=(",", ":"), sort_keys=True
    ).encode("utf-8")


# The events that are rolls (or carry one): the log's filter of rolls, the players' view.
COMPOUND_TYPES = frozenset(
    {"resist", "teamwork", "extended_start", "extended_roll", "extended_end"}
)
ROLL_TYPES = COMPOUND_TYPES | frozenset(
    {
        *("roll", "power", "damage", "attack", "defend", "frenzy", "rotschreck"),
        *("degeneration", "initiative", "feat", "day", "torpor_wake", "feed_stop"),
    }
)


def undone(events: Iterable[Event]) -> set[int]:
    """Steps taken back (and not brought back again) among ``events``: they did not happen.
    Only the undos and redos count, so a stream can be read for them first."""
    out: set[int] = set()
    for e in events:
        target = e.data.get("target")
        if not isinstance(target, int):
            continue
        if e.type == "undo":
            out.add(target)
        elif e.type == "redo":
            out.discard(target)
    return out
