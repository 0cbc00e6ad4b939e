"""Willpower: spending a point and regaining them (RULES.md §8; V20 p. 127, 285-286)."""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from elysium.rules.character import Character
from elysium.rules.errors import RulesError
from elysium.rules.health import Status
from elysium.rules.tables import WILLPOWER_REGAIN


class Use(StrEnum):
    """What a point of Willpower buys (cheat sheet "Воля")."""

    SUCCESS = "success"  # +1 automatic success, once per turn, before the roll
    RESIST_INSTINCT = "resist_instinct"  # suppress an instinctive act, each turn tempted
    DERANGEMENT = "derangement"  # hold off a derangement
    IGNORE_WOUNDS = "ignore_wounds"  # one turn without wound penalties
    ABORT = "abort"  # abort a declared action to defend
    BEAST = "beast"  # a turn of self-control in frenzy or Rötschreck
    OTHER = "other"  # a power's cost, or the ST's call


def spend_willpower(c: Character, use: Use = Use.OTHER) -> Character:
    """Spend a point. The automatic success is once per turn; ignoring wound penalties is
    not possible while incapacitated or in torpor."""
    if c.willpower_points < 1:
        raise RulesError("willpower.none_left", who=c.name)
    status = c.status()
    if status in (Status.FINAL_DEATH, Status.DEAD):
        raise RulesError("willpower.dead", who=c.name)
    if use is Use.IGNORE_WOUNDS:
        if status in (Status.INCAPACITATED, Status.TORPOR):
            raise RulesError("willpower.no_lift")
        if c.ignore_wounds:
            raise RulesError("willpower.already_ignoring", who=c.name)
        return replace(c, willpower_points=c.willpower_points - 1, ignore_wounds=True)
    if use is Use.SUCCESS:
        if c.willpower_spent_turn:
            raise RulesError("willpower.already_spent", who=c.name)
        if status is not Status.ACTIVE:
            raise RulesError("willpower.cannot_act", who=c.name, status=status.value)
        return replace(c, willpower_points=c.willpower_points - 1, willpower_spent_turn=True)
    return replace(c, willpower_points=c.willpower_points - 1)


def regain_willpower(c: Character, reason: str, points: int | None = None) -> Character:
    """Regain points: ``story`` (all of them, at the end of a story), or at the ST's
    discretion ``waking`` (+1), ``outstanding_act`` (+1), ``nature`` (1-3)."""
    if reason == "story":
        return replace(c, willpower_points=c.willpower)
    if reason not in WILLPOWER_REGAIN:
        allowed = ["story", *WILLPOWER_REGAIN]
        raise RulesError("willpower.unknown_regain", reason=reason, allowed=allowed)
    low, high = WILLPOWER_REGAIN[reason]
    amount = low if points is None else points
    if not low <= amount <= high:
        raise RulesError("willpower.regain_range", reason=reason, low=low, high=high, amount=amount)
    return replace(c, willpower_points=min(c.willpower, c.willpower_points + amount))
