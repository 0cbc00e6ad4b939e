"""Dice sources and the scoring of one roll (RULES.md §1; V20 p. 264-267).

A roll is thrown by a :class:`DiceSource` (a seeded generator, or faces a Storyteller typed in
after rolling physical dice) and scored by :func:`score`. Both sources go through the same
scoring code, so a typed roll and a generated one can never be judged differently.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Protocol

from elysium.rules.errors import RulesError
from elysium.rules.profiles import V20, Profile, RerolledOnes
from elysium.rules.tables import (
    DEFAULT_DIFFICULTY,
    MAX_DIFFICULTY,
    MAX_POOL,
    MIN_DIFFICULTY,
    degree_of,
)

FACES = range(1, 11)


class RollKind(StrEnum):
    """Damage and soak rolls follow their own rules: they never botch."""

    ACTION = "action"
    DAMAGE = "damage"  # V20 p. 291: never botches, never fewer than 1 die
    SOAK = "soak"  # V20 p. 291: reflexive, never botches; a pool of 0 rolls nothing


class Outcome(StrEnum):
    BOTCH = "botch"
    FAILURE = "failure"
    SUCCESS = "success"


class DiceSource(Protocol):
    """Where faces come from. ``draw`` returns ``count`` faces, each 1-10."""

    def draw(self, count: int) -> tuple[int, ...]: ...


class SeededDice:
    """A generator with its own ``random.Random``; the same seed gives the same faces."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def draw(self, count: int) -> tuple[int, ...]:
        return tuple(self._rng.randint(1, 10) for _ in range(count))


class TypedDice:
    """Faces the Storyteller read off physical dice, handed out in the order typed."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = tuple(check_faces(faces))
        self._next = 0

    @property
    def remaining(self) -> int:
        """Faces typed but not yet used (a roll must use all of them)."""
        return len(self._faces) - self._next

    def draw(self, count: int) -> tuple[int, ...]:
        if count > self.remaining:
            raise RulesError("dice.faces_short", need=self._next + count, given=len(self._faces))
        out = self._faces[self._next : self._next + count]
        self._next += count
        return out


def check_faces(faces: Iterable[int]) -> list[int]:
    """Faces must be whole numbers 1-10; anything else is refused, never clamped."""
    out = []
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int) or face not in FACES:
            raise RulesError("dice.bad_face", face=face)
        out.append(face)
    return out


def check_difficulty(difficulty: int) -> int:
    """Difficulty 2-10 (V20 p. 265); outside that is an input error, never clamped."""
    if isinstance(difficulty, bool) or not isinstance(difficulty, int):
        raise RulesError("dice.difficulty_not_whole", difficulty=difficulty)
    if not MIN_DIFFICULTY <= difficulty <= MAX_DIFFICULTY:
        raise RulesError(
            "dice.difficulty_range", low=MIN_DIFFICULTY, high=MAX_DIFFICULTY, difficulty=difficulty
        )
    return difficulty


@dataclass(frozen=True, slots=True)
class RollRequest:
    """What is to be rolled: pool, difficulty and the options declared before the roll."""

    pool: int
    difficulty: int = DEFAULT_DIFFICULTY
    specialty: bool = False
    willpower: bool = False
    kind: RollKind = RollKind.ACTION

    def __post_init__(self) -> None:
        check_difficulty(self.difficulty)
        if isinstance(self.pool, bool) or not isinstance(self.pool, int):
            raise RulesError("dice.pool_not_whole", pool=self.pool)
        if self.pool > MAX_POOL:
            raise RulesError("dice.pool_too_big", max=MAX_POOL, pool=self.pool)
        if self.kind is RollKind.ACTION and self.pool < 1:
            raise RulesError("dice.pool_empty", pool=self.pool)
        if self.kind is RollKind.SOAK and self.pool < 0:
            raise RulesError("dice.soak_negative", pool=self.pool)
        if self.willpower and self.kind is not RollKind.ACTION:
            raise RulesError("dice.willpower_not_action")

    @property
    def dice(self) -> int:
        """The dice actually thrown: a damage pool never drops below 1 (V20 p. 291)."""
        if self.kind is RollKind.DAMAGE:
            return max(1, self.pool)
        return max(0, self.pool)

    @property
    def can_botch(self) -> bool:
        """Damage and soak never botch; neither does a roll with Willpower spent."""
        return self.kind is RollKind.ACTION and not self.willpower


@dataclass(frozen=True, slots=True)
class RollResult:
    """A scored roll. ``successes`` is the net total, Willpower's success included."""

    request: RollRequest
    dice: tuple[int, ...]
    rerolls: tuple[int, ...] = ()  # rule of ten: extra dice, in the order thrown
    rolled_successes: int = 0  # successes on the dice before any 1 cancels (10s doubled)
    cancelling_ones: int = 0
    successes: int = 0
    botch: bool = False
    forgiven: bool = False  # a botch the house rule turned into a failure
    automatic: bool = False  # taken without rolling (V20 p. 267)

    @property
    def outcome(self) -> Outcome:
        if self.botch:
            return Outcome.BOTCH
        return Outcome.SUCCESS if self.successes > 0 else Outcome.FAILURE

    @property
    def degree(self) -> str | None:
        """``marginal`` … ``phenomenal`` for a success, None otherwise."""
        return degree_of(self.successes) if self.outcome is Outcome.SUCCESS else None

    def to_dict(self) -> dict[str, Any]:
        """The fields a log line or ``--json`` needs, as plain values."""
        return {
            "pool": self.request.pool,
            "difficulty": self.request.difficulty,
            "specialty": self.request.specialty,
            "willpower": self.request.willpower,
            "kind": self.request.kind.value,
            "dice": list(self.dice),
            "rerolls": list(self.rerolls),
            "rolled_successes": self.rolled_successes,
            "ones": self.cancelling_ones,
            "successes": self.successes,
            "botch": self.botch,
            "forgiven": self.forgiven,
            "automatic": self.automatic,
            "outcome": self.outcome.value,
            "degree": self.degree,
        }


def die_value(face: int, difficulty: int, specialty: bool) -> int:
    """Successes one die is worth: 0, 1, or 2 for a specialty 10 (V20 p. 101)."""
    if face == 10:
        return 2 if specialty else 1
    return 1 if face >= difficulty else 0


def rerolls_needed(dice: Sequence[int], rerolls: Sequence[int]) -> int:
    """How many reroll faces the rule of ten calls for, given what has been thrown so far.

    Every 10, on the first throw or on a reroll, is rolled again.
    """
    return sum(1 for f in dice if f == 10) + sum(1 for f in rerolls if f == 10)


def score(
    request: RollRequest,
    dice: Sequence[int],
    rerolls: Sequence[int] = (),
    profile: Profile = V20,
) -> RollResult:
    """Judge thrown faces by the book. Pure: the same faces always give the same result."""
    dice = tuple(check_faces(dice))
    rerolls = tuple(check_faces(rerolls))
    if len(dice) != request.dice:
        raise RulesError("dice.faces_mismatch", dice=request.dice, given=len(dice))
    house = profile.house
    if rerolls and not house.rule_of_ten:
        raise RulesError("dice.rerolls_without_rule")
    if house.rule_of_ten and len(rerolls) != rerolls_needed(dice, rerolls):
        raise RulesError(
            "dice.rerolls_mismatch", need=rerolls_needed(dice, rerolls), given=len(rerolls)
        )

    diff, spec = request.difficulty, request.specialty
    first = sum(die_value(f, diff, spec) for f in dice)
    extra = sum(die_value(f, diff, spec) for f in rerolls)
    rolled = first + extra

    ones = sum(1 for f in dice if f == 1)
    if house.rule_of_ten_ones is RerolledOnes.CANCEL:
        ones += sum(1 for f in rerolls if f == 1)
    if request.kind is not RollKind.ACTION and not house.ones_cancel_on_damage:
        ones = 0

    net = max(0, rolled - ones)
    if request.willpower:
        net += 1  # V20 p. 267: this success is never cancelled by 1s
    # V20 p. 266: a botch is no success rolled at all and at least one 1.
    botch = request.can_botch and first == 0 and any(f == 1 for f in dice)
    return RollResult(
        request=request,
        dice=dice,
        rerolls=rerolls,
        rolled_successes=rolled,
        cancelling_ones=ones,
        successes=net,
        botch=botch,
    )


def roll(request: RollRequest, source: DiceSource, profile: Profile = V20) -> RollResult:
    """Throw the pool from ``source`` (and the rule of ten's rerolls), then score it."""
    dice = source.draw(request.dice)
    rerolls: list[int] = []
    if profile.house.rule_of_ten:
        pending = rerolls_needed(dice, ())
        while pending:
            thrown = source.draw(pending)
            rerolls.extend(thrown)
            pending = sum(1 for f in thrown if f == 10)
    return score(request, dice, rerolls, profile)


def roll_faces(request: RollRequest, faces: Sequence[int], profile: Profile = V20) -> RollResult:
    """Score faces typed by the Storyteller; every typed face must be used."""
    source = TypedDice(faces)
    result = roll(request, source, profile)
    if source.remaining:
        raise RulesError("dice.faces_unused", used=len(faces) - source.remaining, given=len(faces))
    return result


def automatic_success(request: RollRequest, profile: Profile = V20) -> RollResult:
    """One marginal success without rolling, when the pool allows it (V20 p. 267).

    The caller must not offer this in combat or a tense scene; the rules only check numbers.
    """
    if request.kind is not RollKind.ACTION:
        raise RulesError("dice.always_rolled")
    if not profile.auto_success_allowed(request.pool, request.difficulty):
        key = "dice.auto_needs_more" if profile.auto_success_needs_more else "dice.auto_needs"
        raise RulesError(key, difficulty=request.difficulty, pool=request.pool)
    return RollResult(request=request, dice=(), successes=1, automatic=True)


def forgive_botch(result: RollResult) -> RollResult:
    """The house rule's forgiven first botch: the same dice, judged a plain failure."""
    if not result.botch:
        return result
    return replace(result, botch=False, forgiven=True)
