"""From what a survey found to the chronicle's newest consistent state.

Two decisions, taken the same way by every reader and by the writer's recovery:

1. **Interrupted chapter closes.** The newest journal is the open chapter. If it holds no
   whole record, the close that was starting it never committed: it is rolled back and
   the chapter before stays open. Older journals beside it belong to closes that did commit
   (their successor has its first record): those are completed.
2. **The state.** Fast path: the checkpoint covers exactly the bytes its journal starts
   with (SHA-256), so the state is the checkpoint plus the records after it. Otherwise
   every readable event is folded from the start (F); if the checkpoint, sealed and valid,
   holds a newer state than F (events lost from the journal after it was written), that
   newer state wins and the lost events are named. A checkpoint is never replaced by an
   older state without being kept.

   A checkpoint is believed newer only when its numbers could be true of its journal
   (:func:`doubt`): it is sealed (format 1 had no seal, so it proves nothing), the record
   that ends at its offset, if the journal still has one there, is its last event, and the
   events it claims after the journal's last readable record fit in the bytes between
   (every record is at least :data:`MIN_RECORD` bytes). Otherwise it is damage: the
   journal's events win, and both files are kept as they were. When every event a
   checkpoint covers can be read (``check``, ``repair``, any slow open), the state they
   make must be the checkpoint's own; one that differs is damage too.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from elysium.chronicle import state as st
from elysium.chronicle.events import Event, encode
from elysium.chronicle.store.survey import (
    JournalFile,
    Survey,
    consistent,
    fold,
    gaps_in,
    newer_events,
    read_closed_file,
)
from elysium.i18n.message import Msg

# The shortest line the journal's encoder can write: no event's record is shorter.
MIN_RECORD = len(encode(Event(seq=1, type="x", time={}, wall="")))


@dataclass(slots=True)
class Plan:
    open: int | None  # the journal that stays open
    empty_top: JournalFile | None  # a newest journal with no whole record (close rolled back)
    forward: list[int]  # older journals whose closes are completed
    stray: list[int]  # closed files for chapters at or after the open one

    @property
    def chain(self) -> list[int]:
        """The journals in play, oldest first."""
        return [*self.forward, *([self.open] if self.open is not None else [])]


def plan(sv: Survey) -> Plan:
    journals = dict(sv.journals)
    empty_top = None
    if len(journals) > 1:
        top = max(journals)
        if not journals[top].scan.holds_records:
            empty_top = journals.pop(top)
    open_n = max(journals) if journals else None
    forward = sorted(n for n in journals if n != open_n)
    stray = sorted(n for n in sv.closed if open_n is not None and n >= open_n)
    return Plan(open_n, empty_top, forward, stray)


@dataclass(slots=True)
class Outcome:
    """The state to use, and what the events on disk say about it."""

    state: st.State
    fast: bool  # the checkpoint matched its journal
    folded: st.State | None = None  # F: every readable event folded (slow path only)
    adopted: bool = False  # the checkpoint was newer than the readable events
    gaps: list[tuple[int, int]] = field(default_factory=list)
    skipped: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # damage found in closed files
    damaged_closed: dict[int, list[Event]] = field(default_factory=dict)  # readable events
    closed_raw: dict[int, bytes] = field(default_factory=dict)  # bytes of sound closed files
    journal_missing: int | None = None  # no journal at all: the chapter that should be open
    realigned: int | None = None  # the state's chapter set to the open journal's
    doubted: Msg | None = None  # why a checkpoint claiming more was not believed
    differs: bool = False  # every event it covers is readable, and they make another state


def compute(sv: Survey, p: Plan, full: bool = False) -> Outcome:
    """The newest consistent state (see the module's docstring)."""
    snap = sv.index.snapshot if sv.index else None
    chain = p.chain
    sound = all(not sv.journals[n].scan.bad for n in chain)
    if (
        not full
        and snap is not None
        and snap.chapter in chain
        and sound
        and consistent(sv, sv.journals[snap.chapter])
    ):
        later = newer_events(sv, snap.seq, chain[chain.index(snap.chapter) :])
        state, skipped = fold(snap.state, later)
        return Outcome(state, fast=True, skipped=skipped)
    out = Outcome(st.State(), fast=False)
    events: list[Event] = []
    for number in sorted(set(sv.closed) - set(p.stray) - set(chain)):
        got, raw, problems = read_closed_file(sv, number)
        events.extend(got.events)
        if problems:
            out.problems.extend(problems)
            out.damaged_closed[number] = got.events
        elif raw is not None:
            out.closed_raw[number] = raw
    for number in chain:
        events.extend(newer_events(sv, 0, [number]))
    events.sort(key=lambda e: e.seq)
    if snap is None:
        folded, skipped = fold(st.State(), events)
    else:  # folded in two, to see the state the checkpoint's own events make
        at_snap, skipped = fold(st.State(), [e for e in events if e.seq <= snap.seq])
        folded, more = fold(at_snap, [e for e in events if e.seq > snap.seq])
        skipped += more
        out.differs = (
            at_snap.events == snap.seq
            and not skipped
            and not gaps_in(events, snap.seq)
            and st.to_dict(at_snap) != st.to_dict(snap.state)
        )
    # Events skipped before a repair's `recovered` event were made good by it.
    repaired = max((e.seq for e in events if e.type == "recovered"), default=0)
    out.skipped = [seq for seq in skipped if seq > repaired]
    out.folded = folded
    target = folded
    lossy = bool(out.skipped) or bool(gaps_in(events, folded.events))
    newer = snap is not None and (snap.seq > folded.events or (snap.seq == folded.events and lossy))
    if newer and sv.index is not None:
        out.doubted = doubt(sv, events)
        newer = out.doubted is None
    if out.differs:
        newer = False  # its events are all here, and they say otherwise
    if snap is not None and newer and snap.state.chapter >= folded.chapter:
        later = [e for e in events if e.seq > snap.seq]
        target, more = fold(snap.state, later)
        out.skipped.extend(more)
        out.adopted = True
    if p.open is not None and target.chapter < p.open:
        # The open journal is a later chapter than the events say: the `chapter` event that
        # began it was lost. The state follows the files (a repair records why).
        out.realigned = p.open
        target = replace(target, chapter=p.open)
    if p.open is None:
        # Every journal is gone, and the open chapter's events with it; it opens anew after
        # the last closed one.
        out.journal_missing = max(max(sv.closed, default=0) + 1, target.chapter)
        if target.chapter != out.journal_missing:
            target = replace(target, chapter=out.journal_missing)
    out.state = target
    out.gaps = gaps_in(events, target.events)
    return out


def doubt(sv: Survey, events: list[Event]) -> Msg | None:
    """Why the checkpoint's numbers cannot be true of the journal it covers (a message), or
    None when they can. ``events`` are every readable event, oldest first."""
    assert sv.index is not None
    snap = sv.index.snapshot
    if sv.index.version < 2:
        return Msg("store.doubt_unsealed", seq=snap.seq)
    # What the files say came before the checkpoint's chapter began.
    last_seq = max(
        [e.seq for e in events if e.seq <= snap.seq and e.time.get("chapter", 0) < snap.chapter]
        + [
            c.last
            for n, c in sv.index.chapters.items()
            if n < snap.chapter and c.last is not None and c.last <= snap.seq
        ],
        default=0,
    )
    last_end = 0
    jf = sv.journals.get(snap.chapter)
    if jf is not None:
        for record in jf.full_scan().records:
            if record.end > snap.offset:
                break
            last_seq, last_end = record.seq, record.end
        if last_end == snap.offset and last_seq != snap.seq:
            return Msg("store.doubt_seq", seq=snap.seq, found=last_seq, offset=snap.offset)
    room = (snap.offset - last_end) // MIN_RECORD
    if snap.seq - last_seq > room:
        return Msg(
            "store.doubt_room", seq=snap.seq, offset=snap.offset, most=last_seq + max(room, 0)
        )
    return None
