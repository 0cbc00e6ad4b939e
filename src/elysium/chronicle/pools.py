"""A character's dice pool for ``roll NAME TRAIT+TRAIT``: one function for the command and
for the roll dialog's preview, so the odds shown before a roll are the odds of that roll
(wound penalties, frenzy, and a Willpower point spent to ignore wounds this turn)."""

from __future__ import annotations

from dataclasses import dataclass

from elysium.chronicle.errors import CommandError
from elysium.rules.character import Character
from elysium.rules.health import wounded_pool
from elysium.rules.traits import VIRTUE_NAMES, WILLPOWER, normalise


@dataclass(frozen=True, slots=True)
class TraitPool:
    """The parts of a pool and the dice it comes to."""

    names: tuple[str, ...]  # normalised trait names, or numbers of dice as typed
    values: tuple[int, ...]  # each part's rating (or its number)
    total: int  # the parts added up
    pool: int  # after wound penalties
    reflexive: bool  # a Virtue or Willpower alone: wounds do not count

    @property
    def penalty(self) -> int:
        return self.pool - self.total

    def ratings(self) -> list[tuple[str, int]]:
        """The traits (not the plain numbers) with their ratings."""
        return [(n, v) for n, v in zip(self.names, self.values, strict=True) if not is_whole(n)]


def trait_pool(c: Character, expr: str) -> TraitPool:
    """The pool of ``dex+brawl`` (or ``willpower``, or ``dex+2``) for ``c`` as it stands."""
    parts = [p for p in expr.replace(" ", "").split("+") if p]
    if not parts:
        raise CommandError("roll.name_traits")
    names: list[str] = []
    values: list[int] = []
    for part in parts:
        if is_whole(part):
            names.append(part)
            values.append(int(part))
        else:
            values.append(c.trait(part))
            names.append(normalise(part))
    reflexive = len(names) == 1 and (names[0] in VIRTUE_NAMES or names[0] == WILLPOWER)
    total = sum(values)
    pool = wounded_pool(
        total, c.health, reflexive=reflexive, frenzied=c.frenzied, willpower=c.ignore_wounds
    )
    return TraitPool(tuple(names), tuple(values), total, pool, reflexive)


def is_whole(word: str) -> bool:
    """A plain number of dice (``2``), not a trait name."""
    try:
        int(word)
    except ValueError:
        return False
    return True
