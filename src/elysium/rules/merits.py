"""Merits and Flaws: named advantages and drawbacks on the sheet, each worth points.

V20 (core rules, "Merits and Flaws"): each costs (a Merit) or gives back (a Flaw) 1 to 7
points; the seeds and RULES.md say nothing more of them, so the rest is the Storyteller's:
a Merit or Flaw may carry one modifier, dice or difficulty, that a roll applies when it
names it (``roll Marcus dex+brawl merit "Lightning Reflexes"``). The books' Merits change
many things a program cannot know; the modifier is what the Storyteller decides it does to
a roll. Pure: values in, values or a :class:`RulesError` out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from elysium.rules.errors import RulesError

MERIT, FLAW = "merit", "flaw"
KINDS = (MERIT, FLAW)
POINTS_MIN, POINTS_MAX = 1, 7  # V20 "Merits and Flaws": from 1 to 7 points each
MAX_DICE = 5  # a modifier's dice either way: a sanity bound, not a rule
MAX_DIFFICULTY_STEP = 3  # a modifier's difficulty either way: a sanity bound, not a rule
MAX_MERIT_NAME = 60  # characters in a name: a sanity bound, not a rule
MAX_MERITS = 30  # Merits (or Flaws) one character may carry: a sanity bound
STORED_FIELDS = ("name", "points", "dice", "difficulty")  # the last two only when not 0


@dataclass(frozen=True, slots=True)
class Merit:
    """One Merit or Flaw: its name, its points and what it does to a roll that names it."""

    name: str
    points: int
    dice: int = 0  # dice added to (or, negative, taken from) a roll that names it
    difficulty: int = 0  # added to a roll's difficulty that names it

    @property
    def modifies(self) -> bool:
        return bool(self.dice or self.difficulty)

    def to_dict(self) -> dict[str, Any]:
        """``{"name", "points"}`` and the modifier only when there is one."""
        out: dict[str, Any] = {"name": self.name, "points": self.points}
        if self.dice:
            out["dice"] = self.dice
        if self.difficulty:
            out["difficulty"] = self.difficulty
        return out


def check_merit(m: Merit, kind: str = MERIT) -> Merit:
    """Refuse a Merit or Flaw whose values no sheet could hold."""
    for value in (m.points, m.dice, m.difficulty):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError("merit.not_whole", value=value)
    if not m.name.strip() or len(m.name) > MAX_MERIT_NAME:
        raise RulesError("merit.bad_name", most=MAX_MERIT_NAME)
    if not POINTS_MIN <= m.points <= POINTS_MAX:
        raise RulesError(
            f"{kind}.bad_points", low=POINTS_MIN, high=POINTS_MAX, value=m.points, name=m.name
        )
    if m.dice and m.difficulty:
        raise RulesError("merit.one_modifier", name=m.name)
    if abs(m.dice) > MAX_DICE:
        raise RulesError("merit.bad_dice", most=MAX_DICE, value=m.dice)
    if abs(m.difficulty) > MAX_DIFFICULTY_STEP:
        raise RulesError("merit.bad_difficulty", most=MAX_DIFFICULTY_STEP, value=m.difficulty)
    return m


def check_list(merits: tuple[Merit, ...], kind: str = MERIT) -> tuple[Merit, ...]:
    """A sheet's list: each valid, no name twice (any case), not too many."""
    seen: set[str] = set()
    for m in merits:
        check_merit(m, kind)
        if m.name.casefold() in seen:
            raise RulesError(f"{kind}.twice", name=m.name)
        seen.add(m.name.casefold())
    if len(merits) > MAX_MERITS:
        raise RulesError(f"{kind}.too_many", most=MAX_MERITS)
    return merits


def find_merit(merits: tuple[Merit, ...], name: str) -> Merit | None:
    """The one called ``name`` (any case), or the only one whose name starts with it."""
    wanted = name.strip().casefold()
    if not wanted:
        return None
    for m in merits:
        if m.name.casefold() == wanted:
            return m
    matches = [m for m in merits if m.name.casefold().startswith(wanted)]
    return matches[0] if len(matches) == 1 else None


def with_merit(merits: tuple[Merit, ...], merit: Merit, kind: str = MERIT) -> tuple[Merit, ...]:
    """The list with ``merit`` added, or replacing the one of the same name (any case)."""
    check_merit(merit, kind)
    wanted = merit.name.casefold()
    if any(m.name.casefold() == wanted for m in merits):
        return tuple(merit if m.name.casefold() == wanted else m for m in merits)
    return check_list((*merits, merit), kind)


def without_merit(merits: tuple[Merit, ...], name: str) -> tuple[Merit, ...]:
    return tuple(m for m in merits if m.name.casefold() != name.casefold())


def merit_from(data: Any, kind: str = MERIT) -> Merit:
    """A Merit or Flaw read back from a save or an import (its shape already checked)."""
    if isinstance(data, Merit):
        return check_merit(data, kind)
    if not isinstance(data, dict):
        raise RulesError("merit.not_table", fields=list(STORED_FIELDS))
    unknown = sorted(str(k) for k in set(data) - set(STORED_FIELDS))
    if unknown:
        raise RulesError("merit.unknown_field", field=unknown[0][:40], fields=list(STORED_FIELDS))
    if not isinstance(data.get("name"), str) or "points" not in data:
        raise RulesError("merit.needs_name_points")
    return check_merit(Merit(**data), kind)
