"""Day and torpor (RULES.md §6; V20 p. 282, 303-304; cheat sheet "Днём и в торпоре")."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from elysium.rules.character import Character
from elysium.rules.dice import RollRequest
from elysium.rules.errors import RulesError
from elysium.rules.health import Condition, Status, wounded_pool
from elysium.rules.tables import (
    DAY_NOTICE_DIFFICULTY,
    DAY_WAKE_DIFFICULTY,
    DAY_WAKE_FULL,
    TORPOR_LENGTH,
)


def day_cap(c: Character, pool: int) -> int:
    """By day no pool exceeds Humanity / Path."""
    return max(0, min(pool, c.morality_rating))


def day_pool(c: Character, pool: int, refusal: str = "day.pool_empty") -> int:
    """A pool by day: wound penalties, then no more dice than Humanity / Path. A pool that
    falls to 0 cannot be rolled."""
    wounded = wounded_pool(pool, c.health, frenzied=c.frenzied, willpower=c.ignore_wounds)
    dice = day_cap(c, wounded)
    if dice < 1:
        raise RulesError(refusal, who=c.name)
    return dice


def notice_request(c: Character) -> RollRequest:
    """Noticing a disturbance by day: Perception + Auspex, difficulty 8 (capped by day)."""
    pool = day_pool(c, c.trait("perception") + c.disciplines.get("auspex", 0), "day.no_dice")
    return RollRequest(pool, DAY_NOTICE_DIFFICULTY)


def wake_request(c: Character) -> RollRequest:
    """Waking by day: Humanity / Path, difficulty 8."""
    if c.morality_rating < 1:
        raise RulesError("day.no_morality", who=c.name)
    return RollRequest(day_pool(c, c.morality_rating), DAY_WAKE_DIFFICULTY)


def torpor_wake_request(c: Character) -> RollRequest:
    """Rising from torpor once its time is up: a blood point, then the waking roll
    (Humanity / Path, difficulty 8). The body is not acting yet: no wound penalty."""
    if c.status() is not Status.TORPOR:
        raise RulesError("day.not_in_torpor", who=c.name)
    if c.morality_rating < 1:
        raise RulesError("day.no_morality", who=c.name)
    if c.blood < 1:
        raise RulesError("day.torpor_blood", who=c.name)
    if c.health.incapacitated and c.blood < 2:
        # At 0 blood an incapacitated vampire falls straight back into torpor.
        raise RulesError("day.torpor_blood_left", who=c.name)
    return RollRequest(c.morality_rating, DAY_WAKE_DIFFICULTY)


def rise_from_torpor(c: Character, successes: int) -> Character:
    """Pay the blood point; on a success the vampire is out of torpor."""
    c = replace(c, blood=c.blood - 1)
    if successes < 1:
        return c
    return replace(c, health=replace(c.health, condition=Condition.ACTIVE))


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
