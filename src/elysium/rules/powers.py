"""A character's named rolls (a dice bot's macros): a power's pool, difficulty and cost.

``Majesty = charisma+intimidation, diff 7, 1 Willpower`` is saved with the sheet so the
Storyteller rolls it by name. The pool is a trait expression as ``roll`` takes it; the cost is
paid in blood (within the generation's per-turn limit, cheat sheet "Кровь") or Willpower.
Pure: values in, values or a :class:`RulesError` out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from elysium.rules.errors import RulesError

MAX_POWER_NAME = 40
MAX_POOL_TEXT = 100
MAX_COST = 10  # no power in the books costs more at once; the per-turn limit is lower still
MAX_POWERS = 50


@dataclass(frozen=True, slots=True)
class Power:
    """One named roll: what it rolls, against what, and what it costs."""

    name: str
    pool: str  # a trait expression: ``charisma+intimidation``, ``wits+3``
    difficulty: int = 6
    blood: int = 0  # blood points paid each time it is used
    willpower: int = 0  # Willpower points paid each time it is used

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "pool": self.pool,
            "difficulty": self.difficulty,
            "blood": self.blood,
            "willpower": self.willpower,
        }


def check_power(p: Power) -> Power:
    """Refuse a power whose values no sheet could hold."""
    if not p.name.strip() or len(p.name) > MAX_POWER_NAME:
        raise RulesError("power.bad_name", most=MAX_POWER_NAME)
    if not p.pool.strip() or len(p.pool) > MAX_POOL_TEXT:
        raise RulesError("power.bad_pool", most=MAX_POOL_TEXT)
    if not 2 <= p.difficulty <= 10:
        raise RulesError("power.bad_difficulty", value=p.difficulty)
    for cost in (p.blood, p.willpower):
        if not 0 <= cost <= MAX_COST:
            raise RulesError("power.bad_cost", most=MAX_COST, value=cost)
    if p.blood and p.willpower:
        raise RulesError("power.one_cost")
    return p


def find_power(powers: tuple[Power, ...], name: str) -> Power | None:
    """The power called ``name`` (any case), or the one whose name starts with it."""
    wanted = name.strip().casefold()
    if not wanted:
        return None
    for p in powers:
        if p.name.casefold() == wanted:
            return p
    matches = [p for p in powers if p.name.casefold().startswith(wanted)]
    return matches[0] if len(matches) == 1 else None


def with_power(powers: tuple[Power, ...], power: Power) -> tuple[Power, ...]:
    """The list with ``power`` added, or replacing the one of the same name."""
    check_power(power)
    wanted = power.name.casefold()
    if any(p.name.casefold() == wanted for p in powers):
        return tuple(power if p.name.casefold() == wanted else p for p in powers)
    if len(powers) >= MAX_POWERS:
        raise RulesError("power.too_many", most=MAX_POWERS)
    return (*powers, power)


def without_power(powers: tuple[Power, ...], name: str) -> tuple[Power, ...]:
    return tuple(p for p in powers if p.name.casefold() != name.casefold())


def power_from(data: Any) -> Power:
    """A power read back from a save (already shape-checked)."""
    if isinstance(data, Power):
        return check_power(data)
    return check_power(Power(**dict(data)))
