"""Replaying a chronicle: the state at any event, fast, without re-rolling a die.

States are the fold of the events (the same reducer the live chronicle uses). A checkpoint is
kept every ``EVERY`` events, so jumping anywhere costs at most ``EVERY`` small patches.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from elysium.chronicle.events import Event
from elysium.chronicle.state import State, apply
from elysium.i18n.message import Refusal

EVERY = 256


class NotInChapter(Refusal, ValueError):
    """A jump to an event the replayed chapter does not hold (told in the reader's
    language; still a ValueError to callers)."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A place on the timeline worth jumping to."""

    index: int  # position on the timeline
    kind: str  # "scene" or "round"


class Replay:
    """A chapter's timeline over the whole chronicle's events."""

    def __init__(self, events: list[Event], chapter: int | None = None) -> None:
        self.events = sorted(events, key=lambda e: e.seq)
        chapters = sorted({e.time.get("chapter", 1) for e in self.events}) or [1]
        self.chapter = chapter if chapter is not None else chapters[-1]
        self.chapters = chapters
        # Positions (into self.events) of this chapter's events: the timeline.
        self.timeline = [
            i for i, e in enumerate(self.events) if e.time.get("chapter", 1) == self.chapter
        ]
        self._checkpoints: list[int] = []  # event positions with a stored state
        self._states: list[State] = []
        state = State()
        for i, event in enumerate(self.events):
            state = _step(state, event)
            if i % EVERY == 0 or i == len(self.events) - 1:
                self._checkpoints.append(i)
                self._states.append(state)

    def __len__(self) -> int:
        return len(self.timeline)

    def event(self, cursor: int) -> Event:
        return self.events[self.timeline[cursor]]

    def state(self, cursor: int) -> State:
        """The chronicle exactly as it stood after the event at ``cursor``."""
        target = self.timeline[cursor]
        k = bisect_right(self._checkpoints, target) - 1
        position = self._checkpoints[k]
        state = self._states[k]
        for i in range(position + 1, target + 1):
            state = _step(state, self.events[i])
        return state

    def events_until(self, cursor: int) -> list[Event]:
        """This chapter's events up to and including ``cursor`` (for the roll log)."""
        return [self.events[i] for i in self.timeline[: cursor + 1]]

    def events_window(self, cursor: int, count: int) -> list[Event]:
        """The last ``count`` events of this chapter up to ``cursor``."""
        start = max(0, cursor + 1 - count)
        return [self.events[i] for i in self.timeline[start : cursor + 1]]

    def marks(self) -> list[Mark]:
        """Where scenes and combat rounds begin."""
        out = []
        last_scene = None
        for cursor, i in enumerate(self.timeline):
            e = self.events[i]
            scene = (e.time.get("night"), e.time.get("scene"))
            if scene != last_scene:
                out.append(Mark(cursor, "scene"))
                last_scene = scene
            if e.type in ("initiative", "combat_start"):
                out.append(Mark(cursor, "round"))
        return out

    def find(self, seq: int) -> int:
        """The timeline position of event number ``seq`` (ValueError if not in it)."""
        for cursor, i in enumerate(self.timeline):
            if self.events[i].seq == seq:
                return cursor
        raise NotInChapter("replay.not_in_chapter", seq=seq, chapter=self.chapter)

    def next_mark(self, cursor: int, kind: str, step: int) -> int:
        """The next (``step`` 1) or previous (-1) mark of ``kind`` from ``cursor``."""
        places = [m.index for m in self.marks() if m.kind == kind]
        if step > 0:
            later = [p for p in places if p > cursor]
            return later[0] if later else cursor
        earlier = [p for p in places if p < cursor]
        return earlier[-1] if earlier else cursor


def _step(state: State, event: Event) -> State:
    """Apply one event; one that no longer fits (after events lost to damage, which a
    ``recovered`` event names) leaves the state as it was, as recovery's fold does."""
    try:
        return apply(state, event)
    except ValueError:
        return state
