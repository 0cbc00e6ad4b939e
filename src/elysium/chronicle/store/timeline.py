"""One chapter's events by position, kept as places in its file and read again when shown.

The replay needs any event of a chapter of any length at once, but never all of them at
the same time: indexing a chapter keeps where each readable record lies (its checksum
verified on the way), and an event is decoded when it is asked for, a thousand or so kept
at a time. Its number, time and type (for finding events and marks) are read from the end
of its bytes without decoding it. A closed chapter whose file is not the one the checkpoint's
digest names (damaged, or written before digests) is read whole into memory, as before.

Records are kept when their checksum holds (damage always breaks it); the order of their
numbers is not checked here, and one that holds its checksum but does not decode (only a
forged record can) is shown as an unreadable event that changes nothing.
"""

from __future__ import annotations

import hashlib
import os
import re
import zlib
from array import array
from collections import OrderedDict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from elysium.chronicle.events import Event, decode
from elysium.chronicle.jsonsafe import loads
from elysium.chronicle.store.chapters import admit, read_closed
from elysium.chronicle.store.entries import CHUNK, ENTRY, HEADER, TAIL
from elysium.chronicle.store.records import ClosedSource, JournalSource
from elysium.chronicle.store.stream import Stream

KEEP = 1024  # decoded events kept (a log window after a jump, stepping back through it)
# The end of an event written as Elysium writes it: its night, scene and type.
_PLACE = re.compile(
    rb'"time":\{"chapter":\d{1,10},"night":(\d{1,10}),"scene":(\d{1,10}),"turn":\d{1,10}\},'
    rb'"type":"([a-z_]{1,40})","v":\d{1,3},"wall":"[^"\\]*"\}'
)


class Timeline:
    """A chapter's readable events in order (see the module's docstring)."""

    def __init__(self, chapter: int, events: list[Event] | None = None) -> None:
        self.chapter = chapter
        self._events = events  # in memory (a small chronicle, or a damaged closed chapter)
        self._fd: int | None = None
        self._file: Any = None
        self._closed = False  # entries of a closed chapter's file, not journal records
        self._offsets = array("q")
        self._lengths = array("q")
        self._crcs = array("L")
        self._kept: OrderedDict[int, Event] = OrderedDict()

    @classmethod
    def of_events(cls, events: list[Event], chapter: int) -> Timeline:
        return cls(chapter, [e for e in events if e.time.get("chapter", 1) == chapter])

    @classmethod
    def read(cls, root: Path, chapter: int) -> Timeline:
        """Index ``chapter``'s file (its records' places, checksums verified)."""
        stream = Stream(root, chapter)
        source = stream._sources[0]
        line = cls(chapter)
        try:
            if isinstance(source, JournalSource):
                if source.file is not None:
                    line._index_journal(source.file, source.size)
            elif (
                isinstance(source, ClosedSource)
                and source.file is not None
                and not line._index_closed(source)
            ):
                source.file.seek(0)
                line._events = read_closed(source.file.read(source.size), chapter).events
        except BaseException:
            stream.close()
            raise
        if line._events is None and source.file is not None:
            line._file, source.file = source.file, None  # kept open: events are read again
            line._fd = line._file.fileno()
        stream.close()
        return line

    def _index_journal(self, file: Any, size: int) -> None:
        append_o, append_l = self._offsets.append, self._lengths.append
        crc = zlib.crc32
        for start, data, begin, end in _pieces(file, size):
            view = memoryview(data)
            while begin < end:
                stop = data.find(b"\n", begin, end)
                if stop < 0:
                    break
                body = stop - 16
                if (
                    body > begin + 5
                    and data[begin : begin + 5] == b'{"e":'
                    and data[body : body + 6] == b',"c":"'
                    and data[stop - 2 : stop] == b'"}'
                    and _hex(data[stop - 10 : stop - 2]) == crc(view[begin + 5 : body])
                ):
                    append_o(start + begin)
                    append_l(stop - begin)
                begin = stop + 1

    def _index_closed(self, source: ClosedSource) -> bool:
        """Index a closed chapter's entries; False when its file must be read whole."""
        assert source.file is not None
        hasher = hashlib.sha256()
        if not (canonical(source._lines(hasher)) and source.tail == b""):
            return False
        if source.digest is None or source.digest != hasher.hexdigest():
            return False
        source.file.seek(0)
        position = 0
        for line in source._lines():
            m = ENTRY.match(line)
            if m is not None and zlib.crc32(m.group(3)) == int(m.group(2), 16):
                self._offsets.append(position + m.start(3))
                self._lengths.append(m.end(3) - m.start(3))
                self._crcs.append(int(m.group(2), 16))
            elif m is not None:
                return False  # an entry the whole read must judge
            position += len(line) + 1
        self._closed = True
        return True

    def __len__(self) -> int:
        return len(self._events) if self._events is not None else len(self._offsets)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _bytes(self, i: int) -> bytes:
        assert self._fd is not None
        return os.pread(self._fd, self._lengths[i], self._offsets[i])

    def event(self, i: int) -> Event:
        if self._events is not None:
            return self._events[i]
        found = self._kept.get(i)
        if found is not None:
            self._kept.move_to_end(i)
            return found
        raw = self._bytes(i)
        try:
            if self._closed:
                doc = {"c": f"{self._crcs[i]:08x}", "e": loads(raw)}
                event = admit(doc, self.chapter, 0)
            else:
                event = decode(raw)
        except ValueError:
            event = self._unreadable(i, raw)
        self._kept[i] = event
        if len(self._kept) > KEEP:
            self._kept.popitem(last=False)
        return event

    def _unreadable(self, i: int, raw: bytes) -> Event:
        seq = self.seq(i) if self.tail_of(raw) is not None else (self.seq(i - 1) + 1 if i else 1)
        line = f"event {seq} cannot be read"
        return Event(seq, "unreadable", {"chapter": self.chapter}, "", "", {"line": line})

    def tail_of(self, raw: bytes) -> tuple[int, dict[str, Any], str] | None:
        body = raw if self._closed else raw[5:-16]
        m = TAIL.match(body, max(0, body.rfind(b'"seq":')))
        if m is None:
            return None
        try:
            time = loads(m.group(2))
        except ValueError:
            return None
        return int(m.group(1)), time if isinstance(time, dict) else {}, m.group(3).decode()

    def about(self, i: int) -> tuple[int, dict[str, Any], str]:
        """The number, time and type of the event at ``i`` (read without decoding it when
        its bytes are plainly written)."""
        if self._events is None and i not in self._kept:
            found = self.tail_of(self._bytes(i))
            if found is not None:
                return found
        e = self.event(i)
        return e.seq, e.time, e.type

    def seq(self, i: int) -> int:
        return self.about(i)[0]

    def places(self, start: int, stop: int) -> list[tuple[tuple[Any, Any], str]]:
        """For each event from ``start`` to ``stop``: its (night, scene) and its type, read
        from its file in one piece."""
        if self._events is not None or start >= stop:
            return [_place(self.about(i)) for i in range(start, stop)]
        assert self._fd is not None
        base = self._offsets[start]
        block = os.pread(self._fd, self._offsets[stop - 1] + self._lengths[stop - 1] - base, base)
        out = []
        trim = 0 if self._closed else 16
        offsets, lengths, match, rfind = self._offsets, self._lengths, _PLACE.fullmatch, block.rfind
        for i in range(start, stop):
            at = offsets[i] - base
            end = at + lengths[i] - trim
            m = match(block, rfind(b'"time":', at, end), end)
            if m is not None:
                out.append(((int(m.group(1)), int(m.group(2))), m.group(3).decode()))
            else:
                out.append(_place(self.about(i)))
        return out

    def window(self, start: int, stop: int) -> list[Event]:
        return [self.event(i) for i in range(start, stop)]


def _place(about: tuple[int, dict[str, Any], str]) -> tuple[tuple[Any, Any], str]:
    _seq, time, kind = about
    return (time.get("night"), time.get("scene")), kind


def _hex(text: bytes) -> int:
    try:
        return int(text, 16)
    except ValueError:
        return -1


def _pieces(file: Any, size: int) -> Iterator[tuple[int, bytes, int, int]]:
    """The file in pieces that end at a line's end: (where the piece starts in the file,
    its bytes, where its first line starts, where its last whole line ends)."""
    start, rest = 0, b""
    left = size
    while left > 0:
        data = file.read(min(CHUNK * 4, left))
        if not data:
            break
        left -= len(data)
        data = rest + data
        end = data.rfind(b"\n") + 1
        yield start, data, 0, end
        start += end
        rest = data[end:]


def canonical(lines: Iterator[bytes]) -> bool:
    """Whether a closed chapter's file is laid out as Elysium writes it (every line read,
    for the digest): the header, ``"events":{``, one entry a line numbered from 1 with a
    comma after all but the last, the closing braces."""
    ok, expect, state, previous = True, 1, "header", b""
    for line in lines:
        if state == "header":
            ok, state = HEADER.match(line) is not None, "events"
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
