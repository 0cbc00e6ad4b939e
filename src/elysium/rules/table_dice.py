"""Physical dice at a real table, asked for one step at a time.

An attack's damage pool depends on its successes and the soak pool on the damage, so a
Storyteller rolling real dice cannot type every face up front. :class:`TableDice` is a
:class:`~elysium.rules.dice.DiceSource` that hands out the faces typed so far, one list per
throw, and raises :class:`NeedFaces` at the first throw it has no faces for: the command is
then run again with that step's faces added. Nothing is written until every step has its
faces, so stopping half way changes nothing.

A step may be left to the fallback source ("roll this one for me"); the faces it drew are
written back into the typed list, so running the command again gives the same result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from elysium.rules.dice import DiceSource, RollRequest, RollResult, check_faces
from elysium.rules.errors import RulesError

# One entry per throw: the faces typed, or None for "let the fallback roll this step".
Typed = list[tuple[int, ...] | None]


@dataclass(frozen=True, slots=True)
class Step:
    """One throw the table must make: how many dice, and what for."""

    count: int
    what: Any  # the caller's label for the roll (the chronicle passes a catalog message)
    difficulty: int | None
    reroll: bool = False  # the rule of ten's extra dice for the tens just thrown


@dataclass(frozen=True, slots=True)
class Scored:
    """A roll finished at the table: its label and its scored result."""

    what: Any
    result: RollResult


class NeedFaces(Exception):
    """The command needs faces for ``step`` before it can go on; ``scored`` are the rolls
    already finished, to show the table how the action is going."""

    def __init__(self, step: Step, scored: tuple[Scored, ...]) -> None:
        super().__init__(f"{step.count} dice needed")
        self.step = step
        self.scored = scored


class TableDice:
    """Faces typed step by step; ``about`` names the roll the next throws belong to."""

    def __init__(self, typed: Typed, fallback: DiceSource) -> None:
        self.typed = typed  # shared with whoever asks the table: a fallback roll is kept
        self.fallback = fallback
        self._next = 0
        self._what: Any = None
        self._request: RollRequest | None = None
        self._throws = 0  # throws made for the current roll (the rule of ten's come later)
        self.scored: list[Scored] = []

    def about(self, what: Any, request: RollRequest | None) -> None:
        """The next throws are for this roll (labels the prompt)."""
        self._what, self._request, self._throws = what, request, 0

    def finished(self, result: RollResult) -> None:
        """The current roll is scored: it joins what the table is shown."""
        self.scored.append(Scored(self._what, result))

    def draw(self, count: int) -> tuple[int, ...]:
        if count == 0:
            return ()  # a soak pool of 0 throws nothing: nothing to ask
        difficulty = self._request.difficulty if self._request is not None else None
        step = Step(count, self._what, difficulty, reroll=self._throws > 0)
        self._throws += 1
        if self._next >= len(self.typed):
            raise NeedFaces(step, tuple(self.scored))
        faces = self.typed[self._next]
        if faces is None:
            faces = tuple(self.fallback.draw(count))
            self.typed[self._next] = faces
        faces = tuple(check_faces(faces))
        if len(faces) != count:
            raise RulesError("dice.step_count", need=count, given=len(faces))
        self._next += 1
        return faces


def read_faces(text: str) -> tuple[int, ...]:
    """Faces as a Storyteller types them: ``8 3 10`` or ``8,3,10``; a 0 is a 10, as most
    d10s print it."""
    words = text.replace(",", " ").split()
    faces = []
    for word in words:
        if not word.isdigit():
            raise RulesError("dice.step_not_face", word=word)
        value = int(word)
        faces.append(10 if value == 0 else value)
    return tuple(check_faces(faces))
