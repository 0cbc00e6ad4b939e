"""Replaying a chronicle: the state at any event, without re-rolling a die.

Every event carries the before and after values of what it changed, so a state is reached
from any known state by patches: forward with each event's changes, backward with them
reversed (the same patch undo makes). A replay opened on a session starts from the state the
chronicle holds now, which is the state after the last event of the latest chapter: opening
at the end costs an index of the chapter (:mod:`elysium.chronicle.store.timeline`) and nothing
else, a step one patch. Going further, the nearest known state is patched to the one asked
for, and every ``EVERY``-th state on the way is kept, so coming back is cheap. The states
carry no undo history (a replay cannot undo; the history's shape depends on every step since
the chapter began).

Scene and round marks are read once per event, from the end of its bytes, when a mark is
first looked for around it.
"""

from __future__ import annotations

import contextlib
from bisect import bisect_left, insort
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from elysium.chronicle.events import Event
from elysium.chronicle.state import NEW, State, invert, patch
from elysium.chronicle.store.timeline import Timeline
from elysium.i18n.message import Refusal

if TYPE_CHECKING:
    from elysium.chronicle.session import Session

EVERY = 256
MARKS_AT_ONCE = 2048  # events whose marks are read together
_UNKNOWN, _NONE, _SCENE, _ROUND, _BOTH = range(5)


class NotInChapter(Refusal, ValueError):
    """A jump to an event the replayed chapter does not hold (told in the reader's
    language; still a ValueError to callers)."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A place on the timeline worth jumping to."""

    index: int  # position on the timeline
    kind: str  # "scene" or "round"


class Replay:
    """A chapter's timeline, and the chronicle's state at each of its events.

    ``Replay(events, chapter)`` replays events already read (every chapter's, oldest
    first); :meth:`open` replays a chronicle from its files, reading what it shows."""

    def __init__(self, events: list[Event], chapter: int | None = None) -> None:
        events = sorted(events, key=lambda e: e.seq)
        chapters = sorted({e.time.get("chapter", 1) for e in events}) or [1]
        chosen = chapter if chapter is not None else chapters[-1]
        line = Timeline.of_events(events, chosen)
        first = line.seq(0) if len(line) else None
        earlier = [e for e in events if first is not None and e.seq < first]
        self._setup(line, chapters, lambda: _fold(State(), earlier))

    @classmethod
    def open(cls, session: Session, chapter: int | None = None) -> Replay:
        """Replay ``chapter`` (by default the latest) of the session's chronicle, from its
        files; the session may be closed once this returns."""
        from elysium.chronicle.errors import StoreError

        store = session.store
        chapters = store.chapters()
        chosen = chapter if chapter is not None else chapters[-1]
        if chosen not in chapters:
            raise StoreError("store.no_such_chapter", chapter=chosen, chapters=chapters)
        line = store._retrying(lambda: Timeline.read(store.root, chosen))
        self = cls.__new__(cls)

        def before() -> State:
            """The state before the chapter: the earlier chapters folded (read once)."""
            first = line.seq(0) if len(line) else 0
            stream = store.stream(want=lambda r: r.seq < first)
            state = State()
            for record in stream:
                if record.seq >= first:
                    break
                state = _forward(state, record.decoded())
            stream.close()
            return state

        self._setup(line, chapters, before)
        now = session.state
        if len(line) and line.seq(len(line) - 1) == now.events:
            self._keep(len(line) - 1, replace(now, undo=(), redo=()))
        return self

    def _setup(self, line: Timeline, chapters: list[int], before: Callable[[], State]) -> None:
        self._line = line
        self.chapter = line.chapter
        self.chapters = chapters
        self._before = before
        self._known: dict[int, State] = {}  # position -> the state after that event
        self._places: list[int] = []  # the positions known, sorted
        self._last: tuple[int, State] | None = None  # the state shown last (for steps)
        self._prepared = -1  # states are known every EVERY events up to here
        self._marks = bytearray(len(line))  # _UNKNOWN until read
        # Events before the chapter, folded to reach the state before it (when wanted).
        self._prefix = line.seq(0) - 1 if len(line) else 0
        if len(line) and line.seq(0) == 1:
            self._keep(-1, State())  # the chapter begins the chronicle

    def close(self) -> None:
        """Let go of the chapter's file (a replay read from files keeps it open)."""
        self._line.close()

    def __enter__(self) -> Replay:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._line)

    def event(self, cursor: int) -> Event:
        return self._line.event(cursor)

    def events_until(self, cursor: int) -> list[Event]:
        """This chapter's events up to and including ``cursor``."""
        return self._line.window(0, cursor + 1)

    def events_window(self, cursor: int, count: int) -> list[Event]:
        """The last ``count`` events of this chapter up to ``cursor``."""
        return self._line.window(max(0, cursor + 1 - count), cursor + 1)

    # --- states ---------------------------------------------------------------------------

    def state(self, cursor: int) -> State:
        """The chronicle as it stood after the event at ``cursor`` (without undo history)."""
        if not 0 <= cursor < len(self._line):
            raise IndexError(cursor)
        if self._last is not None and self._last[0] == cursor:
            return self._last[1]
        start, state = self._nearest(cursor)
        position = start
        while position != cursor:
            if cursor > position:
                position += 1
                state = _forward(state, self._line.event(position))
            elif _removes(self._line.event(position)):
                # Reversed, it would put a character back at the end of the list rather
                # than where it stood: come from below instead.
                position, state = self._nearest(cursor, below=True)
                continue
            else:
                state = self._back(state, position)
                position -= 1
            if position % EVERY == 0:
                self._keep(position, state)
        self._last = (cursor, state)
        return state

    def prepare(self, seconds: float | None = None) -> bool:
        """Work out a state every ``EVERY`` events through the chapter, so that any jump
        costs at most that many patches; for ``seconds`` at most, if given (call again to
        go on: a screen can do this a slice at a time while it waits for keys). True once
        the whole chapter is prepared."""
        from time import perf_counter

        deadline = None if seconds is None else perf_counter() + seconds
        while self._prepared < len(self._line) - 1:
            if deadline is not None and perf_counter() >= deadline:
                return False
            target = min(len(self._line) - 1, (self._prepared // EVERY + 1) * EVERY)
            last = self._last
            self._keep(target, self.state(target))
            self._last = last  # preparing moves no cursor
            self._prepared = target
        return True

    def _nearest(self, cursor: int, below: bool = False) -> tuple[int, State]:
        """The known state closest to ``cursor`` (``below``: at or before it). The state
        before the chapter costs a pass over the earlier chapters: it is worked out only
        when nothing known is nearer."""
        i = bisect_left(self._places, cursor + 1 if below else cursor)
        candidates = self._places[max(0, i - 1) : i if below else i + 1]
        if self._last is not None and (not below or self._last[0] <= cursor):
            candidates.append(self._last[0])
        best = min(candidates, key=lambda p: abs(p - cursor), default=None)
        ahead = cursor + 1 + self._prefix  # from the state before the chapter
        if -1 not in self._known and (best is None or abs(best - cursor) > ahead):
            self._keep(-1, self._before())
            best = -1
        assert best is not None
        if self._last is not None and best == self._last[0]:
            return self._last
        return best, self._known[best]

    def _back(self, state: State, position: int) -> State:
        """From the state after the event at ``position`` to the one before it."""
        event = self._line.event(position)
        before = self._line.seq(position - 1) if position > 0 else event.seq - 1
        with contextlib.suppress(ValueError):  # one that did not fit changed nothing
            state = patch(state, invert(event.changes))
        return replace(state, events=before)

    def _keep(self, position: int, state: State) -> None:
        if position not in self._known:
            insort(self._places, position)
        self._known[position] = state

    # --- marks and finding events ---------------------------------------------------------

    def _mark(self, cursor: int, step: int = 1) -> int:
        found = self._marks[cursor]
        if found == _UNKNOWN:
            # A mark is looked for a stretch at a time, in one direction: read the stretch's
            # marks at once (and the event before it, for its scene).
            if step > 0:
                start, stop = cursor, min(len(self), cursor + MARKS_AT_ONCE)
            else:
                start, stop = max(0, cursor + 1 - MARKS_AT_ONCE), cursor + 1
            first = max(0, start - 1)
            places = self._line.places(first, stop)
            previous = places[0][0] if start > 0 else None
            for i, (scene_key, kind) in enumerate(places[start - first :], start):
                if self._marks[i] == _UNKNOWN:
                    scene = i == 0 or scene_key != previous
                    rounds = kind in ("initiative", "combat_start")
                    self._marks[i] = (
                        (_BOTH if rounds else _SCENE) if scene else (_ROUND if rounds else _NONE)
                    )
                previous = scene_key
            found = self._marks[cursor]
        return found

    def _is(self, cursor: int, kind: str, step: int = 1) -> bool:
        found = self._mark(cursor, step)
        return found == _BOTH or found == (_SCENE if kind == "scene" else _ROUND)

    def marks(self) -> list[Mark]:
        """Where scenes and combat rounds begin."""
        out = []
        for cursor in range(len(self._line)):
            for kind in ("scene", "round"):
                if self._is(cursor, kind):
                    out.append(Mark(cursor, kind))
        return out

    def next_mark(self, cursor: int, kind: str, step: int) -> int:
        """The next (``step`` 1) or previous (-1) mark of ``kind`` from ``cursor``."""
        places = range(cursor + 1, len(self._line)) if step > 0 else range(cursor - 1, -1, -1)
        return next((p for p in places if self._is(p, kind, step)), cursor)

    def find(self, seq: int) -> int:
        """The timeline position of event number ``seq`` (ValueError if not in it)."""
        low, high = 0, len(self._line)
        while low < high:  # numbers rise along the timeline
            middle = (low + high) // 2
            if self._line.seq(middle) < seq:
                low = middle + 1
            else:
                high = middle
        if low < len(self._line) and self._line.seq(low) == seq:
            return low
        raise NotInChapter("replay.not_in_chapter", seq=seq, chapter=self.chapter)


def _forward(state: State, event: Event) -> State:
    """Apply one event's changes; one that no longer fits (after events lost to damage,
    which a ``recovered`` event names) leaves the state as it was, as recovery's fold does."""
    try:
        return replace(patch(state, event.changes), events=event.seq)
    except ValueError:
        return state


def _removes(event: Event) -> bool:
    """Whether an event took a character out of the chronicle."""
    chars = event.changes.get("chars") if isinstance(event.changes, dict) else None
    return isinstance(chars, dict) and any(
        isinstance(c, dict) and isinstance(c.get(NEW), list) and c[NEW][-1:] == [None]
        for c in chars.values()
    )


def _fold(state: State, events: list[Event]) -> State:
    for event in events:
        state = _forward(state, event)
    return state
