"""Day and torpor (RULES.md §6; V20 p. 282, 303-304; cheat sheet "Днём и в торпоре")."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from elysium.rules.character import Character
from elysium.rules.dice import RollRequest
from elysium.rules.errors import RulesError
from elysium.rules.tables import (
    DAY_NOTICE_DIFFICULTY,
    DAY_WAKE_DIFFICULTY,
    DAY_WAKE_FULL,
    TORPOR_LENGTH,
)


def day_cap(c: Character, pool: int) -> int:
    """By day no pool exceeds Humanity / Path."""
    return max(0, min(pool, c.morality_rating))


def notice_request(c: Character) -> RollRequest:
    """Noticing a disturbance by day: Perception + Auspex, difficulty 8 (capped by day)."""
    pool = day_cap(c, c.trait("perception") + c.disciplines.get("auspex", 0))
    if pool < 1:
        raise RulesError("day.no_dice", who=c.name)
    return RollRequest(pool, DAY_NOTICE_DIFFICULTY)


def wake_request(c: Character) -> RollRequest:
    """Waking by day: Humanity / Path, difficulty 8."""
    if c.morality_rating < 1:
        raise RulesError("day.no_morality", who=c.name)
    return RollRequest(c.morality_rating, DAY_WAKE_DIFFICULTY)


@dataclass(frozen=True, slots=True)
class Awake:
    turns: int  # turns of action; 0 sleeps on
    whole_scene: bool  # five successes: awake for the rest of the scene


def wake_result(successes: int) -> Awake:
    """Each success is a turn of action; five keep the vampire up for the scene."""
    if successes >= DAY_WAKE_FULL:
        return Awake(successes, True)
    return Awake(max(0, successes), False)


def torpor_length(rating: int, voluntary: bool = False) -> tuple[Fraction, str]:
    """How long torpor from wounds lasts by Humanity / Path (V20 p. 304); voluntary torpor
    lasts half as long. Returns (amount, unit) with unit day, week, month or year."""
    if rating not in TORPOR_LENGTH:
        raise RulesError("day.rating_range", rating=rating)
    amount, unit = TORPOR_LENGTH[rating]
    length = Fraction(amount, 2) if voluntary else Fraction(amount)
    return length, unit
