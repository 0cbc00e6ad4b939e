"""What a chronicle directory holds, read without changing a byte.

Readers (``state``, a read-only dashboard), ``elysium check`` and the writer's recovery all
start here. A survey reads the checkpoint and the journals, verifies their records, and
lists the closed chapters; a file that vanishes mid-read (a writer closing a chapter) raises
``FileNotFoundError`` so the caller reads again, which gives every reader a consistent view
at any moment of a write.

Opening reads the open chapter's journal only from the checkpoint's window on (see
:mod:`elysium.chronicle.store.index`): when those bytes are the ones the checkpoint covered and
the records after them are sound, nothing before is needed. Anything else (damage, an
older checkpoint, a repair, ``check``) reads and verifies the journals whole.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from elysium.chronicle import state as st
from elysium.chronicle.errors import (
    Line,
    NotRegularError,
    StoreError,
    detail,
    repair_hint,
    value,
)
from elysium.chronicle.events import Event
from elysium.chronicle.jsonsafe import digest
from elysium.chronicle.store.chapters import MAX_CLOSED, ClosedRead, missing, read_closed
from elysium.chronicle.store.files import OversizeError, read_bounded, stale_temps
from elysium.chronicle.store.index import Index, IndexDamage, Snapshot, read_index
from elysium.chronicle.store.journal import MAX_JOURNAL, Scan, checked_seq, scan
from elysium.i18n.message import Msg

INDEX = "chronicle.json"
JOURNAL_DIR = "journal"
CHAPTER_DIR = "chapters"
LOCK = ".lock"
JOURNAL_RE = re.compile(r"^chapter-(\d{4,7})\.jsonl$")
CLOSED_RE = re.compile(r"^chapter-(\d{4,7})\.json$")


def journal_name(chapter: int) -> str:
    return f"chapter-{chapter:04d}.jsonl"


def closed_name(chapter: int) -> str:
    return f"chapter-{chapter:04d}.json"


@dataclass(slots=True)
class JournalFile:
    number: int
    path: Path
    raw: bytes  # the file's bytes from ``base`` on
    scan: Scan  # positions in ``raw``
    oversize: Line | None = None  # why the file was not read: too large to be a journal
    covered: bool = False  # it holds exactly the bytes the checkpoint covered
    base: int = 0  # bytes before ``raw`` that were not read (the checkpoint covers them)

    @property
    def size(self) -> int:
        return self.base + len(self.raw)

    def full_scan(self) -> Scan:
        """Every record verified one by one (not only proven by the checkpoint's digest),
        reading the bytes before the window first if they were not read."""
        if self.base:
            self.raw = read_bounded(self.path, MAX_JOURNAL)
            self.base = 0
            self.scan = scan(self.raw)
        elif self.scan.start:
            self.scan = scan(self.raw)
        return self.scan


@dataclass(slots=True)
class Survey:
    root: Path
    index: Index | None
    index_damage: str | None  # why the checkpoint cannot be used; None if fine or missing
    index_missing: bool
    journals: dict[int, JournalFile]
    closed: dict[int, Path]
    temps: list[Path] = field(default_factory=list)
    identity: tuple[int, int, int] | None = None  # the checkpoint's inode, size, mtime

    @property
    def numbers(self) -> list[int]:
        return sorted(set(self.journals) | set(self.closed))


def take(
    root: Path, decode_all: bool = False, tolerate: bool = False, verify: bool = False
) -> Survey:
    """Read the checkpoint and journals; list closed chapters and stray temp files. A
    symlink, FIFO or directory at a save file's name is refused, naming ``elysium repair``;
    with ``tolerate`` (the repair itself) it is reported as damage, to be set aside.
    ``decode_all`` decodes every record; ``verify`` checks every record's checksum, not only
    those after the checkpoint (``repair``)."""
    index_path = root / INDEX
    identity = _identity(index_path)
    index: Index | None = None
    damage: str | None = None
    missing_index = False
    try:
        index = read_index(index_path)
    except FileNotFoundError:
        missing_index = True
    except (IndexDamage, OversizeError) as exc:
        damage = detail(exc)
    except NotRegularError as exc:
        if not tolerate:
            raise StoreError("store.with_hint", error=exc, hint=repair_hint(root)) from None
        damage = detail(exc)
    journals: dict[int, JournalFile] = {}
    closed: dict[int, Path] = {}
    jdir, cdir = root / JOURNAL_DIR, root / CHAPTER_DIR
    snap = index.snapshot if index is not None else None
    names = [n for n in list_names(jdir) if (m := JOURNAL_RE.match(n)) and int(m.group(1)) >= 1]
    quick = len(names) == 1 and not (decode_all or verify)
    for name in names:
        number = int(name[len("chapter-") : -len(".jsonl")])  # chapters count from 1
        path = jdir / name
        try:
            jf = _from_window(number, path, snap) if quick else None
            if jf is None:
                jf = _whole_journal(number, path, snap, decode_all, verify)
        except (OversizeError, NotRegularError) as exc:
            if isinstance(exc, NotRegularError) and not tolerate:
                raise StoreError("store.with_hint", error=exc, hint=repair_hint(root)) from None
            jf = JournalFile(number, path, b"", scan(b""), Line(exc.msg))
        journals[number] = jf
    for name in list_names(cdir):
        m = CLOSED_RE.match(name)
        if m and int(m.group(1)) >= 1:
            closed[int(m.group(1))] = cdir / name
    temps = [*stale_temps(root), *stale_temps(jdir), *stale_temps(cdir)]
    return Survey(root, index, damage, missing_index, journals, closed, temps, identity)


def _from_window(number: int, path: Path, snap: Snapshot | None) -> JournalFile | None:
    """The checkpoint's journal read from its window on; None unless those bytes are the
    ones it covered and everything after them is whole, sound records."""
    if snap is None or snap.chapter != number or snap.journal is None:
        return None
    part = read_bounded(path, MAX_JOURNAL, start=snap.window)
    end = snap.offset - snap.window
    if len(part) < end or digest(part[:end]) != snap.journal:
        return None
    if _last_seq(part, end) != snap.seq:
        return None
    found = scan(part, start=end, after_seq=snap.seq)
    if not found.sound:
        return None
    return JournalFile(number, path, part, found, covered=True, base=snap.window)


def _whole_journal(
    number: int, path: Path, snap: Snapshot | None, decode_all: bool, verify: bool
) -> JournalFile:
    raw = read_bounded(path, MAX_JOURNAL)
    jf = JournalFile(number, path, raw, Scan(size=0))
    mine = snap is not None and snap.chapter == number
    if snap is not None and mine and snap.window <= snap.offset <= len(raw):
        jf.covered = (
            snap.journal is not None
            and digest(raw[snap.window : snap.offset]) == snap.journal
            and _last_seq(raw, snap.offset) == snap.seq
        )
    if snap is not None and jf.covered and not (decode_all or verify):
        # The digest proves the covered bytes intact: scan only what follows.
        jf.scan = scan(raw, start=snap.offset, after_seq=snap.seq)
    else:
        offset = snap.offset if snap is not None and mine else 0
        jf.scan = scan(raw, decode_from=0 if decode_all else offset)
    return jf


def _last_seq(raw: bytes, offset: int) -> int | None:
    """The sequence number of the record ending at ``offset`` (the checkpoint's last)."""
    if offset <= 0 or raw[offset - 1 : offset] != b"\n":
        return None
    start = raw.rfind(b"\n", 0, offset - 1) + 1
    try:
        return checked_seq(raw[start : offset - 1])
    except ValueError:
        return None


def list_names(directory: Path) -> list[str]:
    try:
        return sorted(os.listdir(directory))
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise StoreError("store.cannot_read_dir", name=directory.name, why=exc.strerror) from None


def _identity(path: Path) -> tuple[int, int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns


def unchanged(sv: Survey) -> bool:
    """True if the checkpoint is still the one the survey read (no write in between)."""
    return _identity(sv.root / INDEX) == sv.identity


def consistent(sv: Survey, jf: JournalFile | None) -> bool:
    """Whether the checkpoint covers exactly the bytes this journal starts with."""
    if sv.index is None or jf is None:
        return False
    snap = sv.index.snapshot
    if snap.chapter != jf.number or snap.offset > jf.size:
        return False
    if snap.journal is not None:
        return jf.covered
    # Format 1 had no digest: the record ending at the offset must be the snapshot's event.
    ends = [r for r in jf.scan.records if r.end == snap.offset]
    return bool(ends) and ends[0].seq == snap.seq


def newer_events(sv: Survey, after: int, chapters: list[int]) -> list[Event]:
    """Decoded events with ``seq > after`` from the given journals, in order."""
    out: list[Event] = []
    for number in chapters:
        jf = sv.journals[number]
        if jf.scan.start and after < jf.scan.start_seq:
            jf.full_scan()
        for r in jf.scan.records:
            if r.seq > after:
                event = r.event
                if event is None:  # covered by checksum only; decode now
                    from elysium.chronicle.events import decode

                    event = decode(jf.raw[r.start : r.end - 1])
                out.append(event)
    return out


def read_closed_file(sv: Survey, number: int) -> tuple[ClosedRead, bytes | None, list[str]]:
    """A closed chapter's readable events, its bytes, and what is wrong with it (a digest
    that does not match the checkpoint's, damaged entries, missing events)."""
    path = sv.closed[number]
    problems: list[str] = []
    try:
        raw = read_bounded(path, MAX_CLOSED)
    except FileNotFoundError:
        raise
    except StoreError as exc:
        return ClosedRead(), None, [Line(exc.msg)]
    entry = sv.index.chapters.get(number) if sv.index else None
    if entry is not None and entry.digest is not None and entry.digest != digest(raw):
        problems.append(Line("store.digest_mismatch", name=path.name))
    got = read_closed(raw, number)
    problems.extend(
        Line("store.entry_damage", name=path.name, detail=value(d)) for d in got.damage[:5]
    )
    if len(got.damage) > 5:
        problems.append(Line("store.more_damaged", name=path.name, n=len(got.damage) - 5))
    return got, raw, problems


def events_phrase(ranges: list[tuple[int, int]]) -> Msg:
    """``event 4`` or ``events 4–9, 12`` (``…, and 3 more`` past the sixth range)."""
    single = len(ranges) == 1 and ranges[0][0] == ranges[0][1]
    shown = describe_ranges(ranges)
    if len(ranges) > 6:
        return Msg("store.events_more", ranges=shown, more=len(ranges) - 6)
    return Msg("store.event" if single else "store.events", ranges=shown)


def describe_ranges(ranges: list[tuple[int, int]]) -> str:
    """The first six ranges: ``4–9, 12``."""
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in ranges[:6])


def explained(events: list[Event]) -> list[tuple[int, int]]:
    """Ranges a ``recovered`` event already names as lost (repaired before)."""
    out: list[tuple[int, int]] = []
    for e in events:
        if e.type != "recovered":
            continue
        lost = e.data.get("lost")
        for pair in lost if isinstance(lost, list) else []:
            if (
                isinstance(pair, list)
                and len(pair) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in pair)
                and 0 < pair[0] <= pair[1] < e.seq
            ):
                out.append((pair[0], pair[1]))
    return out


def gaps_in(events: list[Event], upto: int) -> list[tuple[int, int]]:
    """Sequence numbers up to ``upto`` that no event holds and no repair has named."""
    return without_explained(missing(sorted(e.seq for e in events), 1, upto), explained(events))


def without_explained(
    gaps: list[tuple[int, int]], named: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """``gaps`` less the ranges a repair has ``named`` as lost."""
    for a, b in named:
        kept: list[tuple[int, int]] = []
        for x, y in gaps:
            if y < a or x > b:
                kept.append((x, y))
                continue
            if x < a:
                kept.append((x, a - 1))
            if y > b:
                kept.append((b + 1, y))
        gaps = kept
    return gaps


def fold(state: st.State, events: list[Event]) -> tuple[st.State, list[int]]:
    """Apply events after ``state``; those that no longer fit (after lost ones) are
    skipped and their numbers returned."""
    skipped: list[int] = []
    for event in events:
        if event.seq <= state.events:
            continue
        try:
            state = st.apply(state, event)
        except ValueError:
            skipped.append(event.seq)
            state = replace(state, events=event.seq)  # its number stays taken
    return state, skipped
