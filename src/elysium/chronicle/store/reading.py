"""Reading a chronicle without changing it: read-only opening, the event history, the
newest entries, and ``elysium check``.

Each function reads everything it uses in one pass and raises ``FileNotFoundError`` when a
file vanished or the checkpoint changed meanwhile; the store then reads again. What looks
like an interrupted write is only reported as damage when no writer holds the lock: while one
does, it is the writer's work in progress. Each is handed the chronicle's directory alone, so
reading knows nothing of the writer.
"""

from __future__ import annotations

import fcntl
import os
from dataclasses import dataclass, field
from pathlib import Path

from elysium.chronicle import state as st
from elysium.chronicle.errors import Line, StoreError, repair_hint, value
from elysium.chronicle.events import Event
from elysium.chronicle.store.chapters import MAX_CLOSED, read_closed
from elysium.chronicle.store.files import read_bounded
from elysium.chronicle.store.journal import tail as journal_tail
from elysium.chronicle.store.resolve import Outcome, Plan, compute, plan
from elysium.chronicle.store.survey import (
    CHAPTER_DIR,
    CLOSED_RE,
    JOURNAL_DIR,
    JOURNAL_RE,
    LOCK,
    Survey,
    consistent,
    events_phrase,
    list_names,
    take,
    unchanged,
)


@dataclass
class Opened:
    """What opening found: the state, and a sentence for each thing recovery did or saw."""

    state: st.State
    report: list[str] = field(default_factory=list)


class Changed(FileNotFoundError):
    """The chronicle changed while it was being read: read it again."""


def read_survey(
    root: Path, decode_all: bool = False, tolerate: bool = False, verify: bool = False
) -> Survey:
    sv = take(root, decode_all=decode_all, tolerate=tolerate, verify=verify)
    if not sv.journals and not sv.closed and sv.index is None:
        raise StoreError("store.no_chapters", root=root)
    return sv


def findings(sv: Survey, p: Plan, out: Outcome, active: bool) -> list[str]:
    """What is wrong, one sentence each; in-between states of a live writer left out."""
    lines: list[str] = []
    settled = not active
    if sv.index_damage:
        lines.append(Line("store.index_damaged", detail=value(sv.index_damage)))
    elif sv.index_missing and settled:
        lines.append(Line("store.index_missing"))
    if p.empty_top is not None:
        lines.append(Line("store.empty_top", name=p.empty_top.path.name, chapter=p.open))
    if settled:
        lines.extend(Line("store.close_incomplete", chapter=n) for n in p.forward)
        lines.extend(Line("store.stray", name=sv.closed[n].name) for n in p.stray)
    for n in p.chain:
        jf = sv.journals[n]
        if jf.oversize:
            lines.append(jf.oversize)
        if jf.scan.bad:
            lines.append(Line("store.bad_records", name=jf.path.name, n=len(jf.scan.bad)))
        if jf.scan.torn is not None and settled:
            lines.append(Line("store.torn", name=jf.path.name))
    snap_journal = sv.journals.get(sv.index.snapshot.chapter) if sv.index else None
    if sv.index is not None and not out.fast and not consistent(sv, snap_journal):
        lines.append(Line("store.index_disagrees", n=sv.index.snapshot.seq))
    if out.doubted is not None:
        lines.append(Line("store.index_doubted", why=out.doubted))
    if out.differs and sv.index is not None:
        lines.append(Line("store.index_differs", seq=sv.index.snapshot.seq))
    lines.extend(out.problems)
    if out.realigned is not None:
        lines.append(Line("store.realigned", chapter=out.realigned))
    if out.journal_missing is not None:
        lines.append(Line("store.journal_missing", chapter=out.journal_missing))
    if out.adopted and out.folded is not None:
        lines.append(
            Line(
                "store.adopted",
                end=out.folded.events,
                seq=sv.index.snapshot.seq if sv.index else "?",
            )
        )
    if out.gaps:
        lines.append(Line("store.unreadable", events=events_phrase(out.gaps)))
    if out.skipped:
        lines.append(
            Line("store.no_longer_fit", events=events_phrase([(s, s) for s in out.skipped]))
        )
    return lines


def look(root: Path, full: bool = False) -> Opened:
    """Open read-only: the newest consistent state and what is wrong, nothing written."""
    sv = read_survey(root, verify=full)
    if not unchanged(sv):  # the checkpoint and the journals come from one moment
        raise Changed(root)
    p = plan(sv)
    out = compute(sv, p, full)  # closed chapters never change: read them at leisure
    report = findings(sv, p, out, writer_active(root))
    if report:
        report.append(Line(repair_hint(root)))
    return Opened(out.state, report)


def tail(root: Path, count: int) -> list[Event]:
    """The newest ``count`` events, reading journals from their ends: showing the log of a
    long chapter costs no more than a short one's (nothing else is read)."""
    if count <= 0:
        return []
    journals, closed = _listing(root)
    out: list[Event] = []
    for n in sorted(set(journals) | set(closed), reverse=True):
        want = count - len(out)
        if n in journals:
            events = journal_tail(journals[n], want)
        else:
            raw = read_bounded(closed[n], MAX_CLOSED)
            events = read_closed(raw, n).events[-want:]
        out = [e for e in events if not out or e.seq < out[0].seq] + out
        if len(out) >= count:
            break
    return out[-count:]


def _listing(root: Path) -> tuple[dict[int, Path], dict[int, Path]]:
    found: tuple[dict[int, Path], dict[int, Path]] = ({}, {})
    for directory, pattern, table in (
        (root / JOURNAL_DIR, JOURNAL_RE, found[0]),
        (root / CHAPTER_DIR, CLOSED_RE, found[1]),
    ):
        for name in list_names(directory):
            m = pattern.match(name)
            if m and int(m.group(1)) >= 1:
                table[int(m.group(1))] = directory / name
    return found


@dataclass(slots=True)
class Verdict:
    sound: bool
    lines: list[str]


def check(root: Path) -> Verdict:
    """Verify every file and checksum; what is damaged, one line each."""
    sv = read_survey(root, decode_all=True)
    if not unchanged(sv):
        raise Changed(root)
    p = plan(sv)
    out = compute(sv, p, full=True)
    active = writer_active(root)
    lines = findings(sv, p, out, active)
    if sv.index is not None:
        for n in sorted(set(sv.closed) - set(p.stray) - set(p.chain)):
            entry = sv.index.chapters.get(n)
            if entry is None or entry.digest is None:
                lines.append(Line("store.no_digest", name=sv.closed[n].name))
    if sv.temps and not active:
        lines.append(Line("store.temps", n=len(sv.temps)))
    if lines:
        return Verdict(False, lines)
    total = out.state.events
    chapters = len(set(sv.closed) | set(p.chain))
    key = "store.sound_open" if active else "store.sound"
    return Verdict(True, [Line(key, chapters=chapters, events=total)])


def writer_active(root: Path) -> bool:
    """Whether a process holds the write lock now (asked without disturbing it)."""
    try:
        fd = os.open(root / LOCK, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False
