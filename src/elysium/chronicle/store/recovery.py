"""The writer's recovery on open (and ``elysium repair``): finish or undo an interrupted
chapter close, repair damaged files, and restore the newest consistent state.

Every action keeps the original first (``NAME.damaged-DATE``, renamed when the file is being
replaced, copied when it stays in use) and says what it did in one sentence. When events
were lost, or the checkpoint held a newer state than the readable events, a ``recovered``
event is written: it names the lost sequence numbers and carries the changes from the
folded events to the state restored, so the log, replay and the state agree again.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol

from elysium.chronicle import state as st
from elysium.chronicle.errors import Line, StoreError, value
from elysium.chronicle.events import Event, encode, now_iso
from elysium.chronicle.jsonsafe import digest
from elysium.chronicle.store.chapters import encode_closed, read_closed
from elysium.chronicle.store.files import (
    atomic_write,
    copy_aside,
    create_new,
    move_aside,
    read_bounded,
    remove_quietly,
    replace_keeping,
)
from elysium.chronicle.store.index import ChapterEntry
from elysium.chronicle.store.journal import scan
from elysium.chronicle.store.reading import Opened, read_survey
from elysium.chronicle.store.resolve import Outcome, Plan, compute, plan
from elysium.chronicle.store.survey import (
    INDEX,
    JournalFile,
    Survey,
    closed_name,
    consistent,
    events_phrase,
)
from elysium.i18n.message import Msg, Told


class Recovering(Protocol):
    """What recovery asks of the store it opens for writing (a
    :class:`~elysium.chronicle.store.store.Store`): where it is, where to report, and the
    writer's own steps."""

    root: Path
    report: list[str]

    def closed_entry(self, number: int) -> ChapterEntry | None: ...
    def adopt_closed(self, entry: ChapterEntry) -> None: ...
    def retire_journal(self, path: Path) -> None: ...
    def attach(self, chapter: int, size: int, tail: bytes) -> None: ...
    def begin_journal(self, chapter: int, first_line: bytes) -> None: ...
    def append(self, event: Event) -> None: ...
    def checkpoint(self, state: st.State) -> None: ...
    def start_chapter(self, event: Event, number: int, state: st.State) -> None: ...


def recover(store: Recovering, full: bool = False) -> Opened:
    report = store.report
    sv = read_survey(store.root, tolerate=full, verify=full)
    if sv.temps:
        removed = sum(remove_quietly(p) for p in sv.temps)
        report.append(Line("store.removed_temps", n=removed))
    kept: list[str] = []
    if sv.index_damage:
        aside = move_aside(store.root / INDEX)
        kept.append(aside.name)
        report.append(Line("store.index_rebuilt", detail=value(sv.index_damage), kept=aside.name))
    elif sv.index_missing:
        report.append(Line("store.index_was_missing"))
    p = plan(sv)
    _roll_back(store, sv, p, kept)
    for n in p.chain:
        _repair_journal(store, sv.journals[n], kept)
    out = compute(sv, p, full or (sv.index is not None and sv.index.version < 2))
    if sv.index is not None and not sv.index_damage and not out.fast:
        _keep_disagreeing(store, sv, out, kept)
    _repair_closed(store, sv, out, kept)
    _record_digests(store, sv, out)
    for n in p.forward:
        _complete_close(store, sv, n)
    state = _open_journal(store, sv, p, out, kept)
    if report or not out.fast or (sv.index is not None and sv.index.version < 2):
        try:
            store.checkpoint(state)
        except StoreError as exc:
            report.append(Line("store.index_not_yet", error=exc))
    return Opened(state, list(report))


def _roll_back(store: Recovering, sv: Survey, p: Plan, kept: list[str]) -> None:
    """Undo a close that never committed: its half-made next journal and closed file go."""
    if p.empty_top is not None:
        jf = p.empty_top
        if jf.raw:
            aside = move_aside(jf.path)
            kept.append(aside.name)
            store.report.append(
                Line("store.rolled_back_kept", name=jf.path.name, kept=aside.name, chapter=p.open)
            )
        else:
            remove_quietly(jf.path)
            store.report.append(Line("store.rolled_back_empty", name=jf.path.name, chapter=p.open))
    for n in p.stray:
        path = sv.closed.pop(n)
        journal = sv.journals.get(n)
        if journal is not None and _same_events(path, journal):
            remove_quietly(path)  # written by the close that did not commit: derived, equal
            if p.empty_top is None:
                store.report.append(Line("store.close_undone", chapter=n))
        else:
            aside = move_aside(path)
            kept.append(aside.name)
            store.report.append(Line("store.stray_kept", name=path.name, kept=aside.name))


def _same_events(path: Path, jf: JournalFile) -> bool:
    try:
        got = read_closed(read_bounded(path, 1 << 30), jf.number)
    except (StoreError, OSError):
        return False
    mine = [encode(e) for e in _decoded(jf)]
    return not got.damage and [encode(e) for e in got.events] == mine


def _decoded(jf: JournalFile) -> list[Event]:
    jf.full_scan()
    if any(r.event is None for r in jf.scan.records):
        jf.scan = scan(jf.raw)
    return jf.scan.events


def _repair_journal(store: Recovering, jf: JournalFile, kept: list[str]) -> None:
    """Damaged records: the journal is rewritten with the good ones (original kept aside).
    An unfinished last record only: cut off in place, which needs no free space."""
    found = jf.scan
    if jf.oversize:
        aside = move_aside(jf.path)
        kept.append(aside.name)
        store.report.append(Line("store.begun_afresh", what=value(jf.oversize), kept=aside.name))
        create_new(jf.path, b"", what=Msg("store.could_not_repair", name=jf.path.name))
        jf.oversize = None
        return
    if found.bad:
        good = found.good_bytes(jf.raw)
        aside = replace_keeping(jf.path, good, Msg("store.could_not_repair", name=jf.path.name))
        kept.append(aside.name)
        store.report.append(
            Line(
                "store.records_kept",
                name=jf.path.name,
                n=len(found.bad),
                good=len(found.records),
                kept=aside.name,
            )
        )
        jf.raw = good
        jf.scan = scan(good)
        return
    if found.torn is not None:
        start, end = found.torn
        try:
            torn = copy_aside(jf.path, jf.raw[start:end])
            note = Msg("store.torn_kept", n=end - start, kept=torn.name)
        except StoreError:
            note = Msg("store.torn_lost")
        fd = os.open(jf.path, os.O_WRONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        try:
            os.ftruncate(fd, start)  # in place: needs no free space
            os.fsync(fd)
        finally:
            os.close(fd)
        store.report.append(Line("store.torn_cut", name=jf.path.name, note=note))
        jf.raw = jf.raw[:start]
        jf.scan.torn = None
        jf.scan.size = start


def _keep_disagreeing(store: Recovering, sv: Survey, out: Outcome, kept: list[str]) -> None:
    """The checkpoint and the journal it covers disagree: keep both as they were."""
    assert sv.index is not None
    snap = sv.index.snapshot
    jf = sv.journals.get(snap.chapter)
    if jf is not None and consistent(sv, jf) and not out.differs:
        return  # the checkpoint is merely older than a closed chapter: nothing disagrees
    index_aside = copy_aside(store.root / INDEX, read_bounded(store.root / INDEX, 1 << 30))
    kept.append(index_aside.name)
    names = [index_aside.name]
    if jf is not None:
        jf.full_scan()  # the whole journal is what is kept
    if jf is not None and jf.raw and not any(k.startswith(jf.path.name) for k in kept):
        journal_aside = copy_aside(jf.path, jf.raw)
        kept.append(journal_aside.name)
        names.append(journal_aside.name)
    have = out.folded.events if out.folded else 0
    store.report.append(
        Line("store.disagree_kept", seq=snap.seq, have=have, kept=names[0])
        if len(names) == 1
        else Line("store.disagree_kept_both", seq=snap.seq, have=have, kept=names[0], also=names[1])
    )


def _repair_closed(store: Recovering, sv: Survey, out: Outcome, kept: list[str]) -> None:
    """A damaged closed chapter: kept aside, rewritten with the events still readable."""
    for n, events in sorted(out.damaged_closed.items()):
        path = sv.closed[n]
        body = encode_closed(n, events)
        if path.is_symlink() or not path.is_file():  # set aside by name, never followed
            aside = move_aside(path)
            atomic_write(path, body, what=Msg("store.could_not_repair", name=path.name))
        else:
            aside = replace_keeping(path, body, Msg("store.could_not_repair", name=path.name))
        kept.append(aside.name)
        store.adopt_closed(_entry(n, events, body))
        store.report.append(
            Line("store.closed_rewritten", name=path.name, kept=aside.name, n=len(events))
        )


def _entry(n: int, events: list[Event], body: bytes) -> ChapterEntry:
    return ChapterEntry(
        n,
        "closed",
        digest(body),
        events[0].seq if events else None,
        events[-1].seq if events else None,
        len(events),
    )


def _record_digests(store: Recovering, sv: Survey, out: Outcome) -> None:
    """Digests of closed chapters for the next checkpoint: the checkpoint's own, or those of
    files just read and found sound."""
    if sv.index is not None and not sv.index_damage:
        for n, entry in sv.index.chapters.items():
            known = store.closed_entry(n)
            if entry.status == "closed" and entry.digest and n in sv.closed and known is None:
                store.adopt_closed(entry)
    for n, raw in out.closed_raw.items():
        known = store.closed_entry(n)
        if known is None or known.digest != digest(raw):
            got = read_closed(raw, n)
            store.adopt_closed(_entry(n, got.events, raw))


def _complete_close(store: Recovering, sv: Survey, n: int) -> None:
    """A close that committed but did not finish: chapter ``n``'s file from its journal."""
    jf = sv.journals[n]
    path = store.root / "chapters" / closed_name(n)
    events = _decoded(jf)
    body = encode_closed(n, events)
    if n in sv.closed and _same_events(path, jf):
        body = read_bounded(path, 1 << 30)
    else:
        if n in sv.closed:
            move_aside(path)
        atomic_write(path, body, what=Msg("store.could_not_complete", chapter=n))
    store.adopt_closed(_entry(n, events, body))
    store.retire_journal(jf.path)
    store.report.append(Line("store.close_completed", chapter=n))


def _open_journal(
    store: Recovering, sv: Survey, p: Plan, out: Outcome, kept: list[str]
) -> st.State:
    """Attach the open journal, writing a ``recovered`` event first when events were lost or
    a newer state was restored; returns the state the writer goes on from."""
    target = out.state
    if p.open is not None:
        jf = sv.journals[p.open]
        store.attach(p.open, jf.size, jf.raw)
    lost = out.gaps
    folded = out.folded
    needs = bool(lost) or out.journal_missing is not None or out.realigned is not None
    needs = needs or bool(out.skipped)
    if folded is not None and (out.adopted or out.skipped):
        needs = needs or bool(st.diff(folded, target))
    if not needs:
        return target
    base = folded if folded is not None else target
    parts: list[Msg] = []
    if lost:
        parts.append(Msg("store.lost", events=events_phrase(lost)))
    if out.journal_missing is not None:
        parts.append(Msg("store.journal_was_missing", chapter=out.journal_missing))
    if out.adopted:
        parts.append(Msg("store.newer_restored"))
    if out.realigned is not None:
        parts.append(Msg("store.goes_on", chapter=out.realigned))
    if out.skipped:
        parts.append(Msg("store.left_out", events=events_phrase([(s, s) for s in out.skipped])))
    said = Told(lambda lang: "; ".join(part.render(lang) for part in parts))
    line = said.render("en")
    event = Event(
        seq=target.events + 1,
        type="recovered",
        time=target.time(),
        wall=now_iso(),
        cmd="repair",
        data={"lost": [list(g) for g in lost], "skipped": out.skipped, "kept": kept, "line": line},
        changes=st.diff(base, target),
    )
    after = st.apply(base, event)
    if p.open is None:
        store.begin_journal(target.chapter, encode(event))
    elif target.chapter > p.open:
        store.start_chapter(event, target.chapter, after)
    else:
        store.append(event)
    store.report.append(Line("store.recorded", what=said, seq=event.seq))
    return after
