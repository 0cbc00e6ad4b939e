"""Events: every change to a chronicle, typed and versioned, as one checksummed line.

A journal line is ``{"e":<event>,"c":"<crc32 of the event's bytes>"}``: valid JSON, and the
checksum covers the exact bytes written, so a torn or altered record is always detected.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from typing import Any

SCHEMA_VERSION = 1
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
    def from_dict(cls, d: dict[str, Any]) -> Event:
        if not isinstance(d, dict):
            raise ValueError("an event must be an object")
        v = d.get("v")
        if not isinstance(v, int) or v > SCHEMA_VERSION or v < 1:
            raise ValueError(f"unsupported event schema version {v!r}")
        seq = d.get("seq")
        if not isinstance(seq, int) or seq < 1:
            raise ValueError("an event needs a positive sequence number")
        kind = d.get("type")
        if not isinstance(kind, str) or not kind:
            raise ValueError("an event needs a type")
        return cls(
            seq=seq,
            type=kind,
            time=dict(d.get("time") or {}),
            wall=str(d.get("wall", "")),
            cmd=str(d.get("cmd", "")),
            data=dict(d.get("data") or {}),
            changes=dict(d.get("changes") or {}),
            v=v,
        )


def encode(event: Event) -> bytes:
    """The journal line for an event, newline included."""
    body = json.dumps(
        event.to_dict(), ensure_ascii=False, separators=(",", ":"), sort_keys=True
    ).encode("utf-8")
    crc = zlib.crc32(body) & 0xFFFFFFFF
    return _HEAD + body + b',"c":"' + f"{crc:08x}".encode() + b'"}\n'


def decode(line: bytes) -> Event:
    """Parse and verify one journal line (without its newline); ValueError if damaged."""
    if not line.startswith(_HEAD) or len(line) < len(_HEAD) + _TAIL_LEN + 2:
        raise ValueError("not a journal record")
    body = line[len(_HEAD) : -_TAIL_LEN]
    tail = line[-_TAIL_LEN:]
    if not (tail.startswith(b',"c":"') and tail.endswith(b'"}')):
        raise ValueError("record checksum missing")
    try:
        expected = int(tail[6:14], 16)
    except ValueError:
        raise ValueError("record checksum unreadable") from None
    if zlib.crc32(body) & 0xFFFFFFFF != expected:
        raise ValueError("record checksum does not match")
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"record is not valid JSON: {exc}") from None
    return Event.from_dict(data)
