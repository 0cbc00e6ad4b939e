"""A pool's situational modifiers, each with its reason: what the character's condition
this turn adds to a roll's dice or difficulty, on top of its traits and wounds.

One function, :func:`situation`, decides them for every roll, attack, defence and feat, so
a roll, its odds in the dialog and its line in the log name the same modifiers:

- ``celerity``: +1 die a dot of Celerity not traded for actions, to a pool with Dexterity
  (V20 core rules; see :mod:`elysium.rules.celerity`);
- ``moving``: −1 die to act and move in the same turn at the level that allows only one of
  them (seed 004, «Серьёзно ранен»: «за ход либо действие, либо движение (оба - ещё
  −1d10)»); like a wound penalty, frenzy or a Willpower point set it aside;
- ``load``: +1 difficulty to a physical action while carrying more than the limit (seed
  002, "Переноска грузов": over the limit every physical action is harder by one);
- ``merit`` / ``flaw``: the modifier of a Merit or Flaw the roll names (:func:`named_mod`,
  :mod:`elysium.rules.merits`), told with its name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from elysium.i18n.message import Msg
from elysium.rules import movement as mv
from elysium.rules.celerity import celerity_dice
from elysium.rules.character import Character
from elysium.rules.merits import Merit
from elysium.rules.tables import MAX_DIFFICULTY, MIN_DIFFICULTY
from elysium.rules.traits import PHYSICAL

DEXTERITY = "dexterity"


@dataclass(frozen=True, slots=True)
class PoolMod:
    """One modifier: why, and what it does to the dice and the difficulty."""

    reason: str  # celerity, moving, load, merit, flaw
    dice: int = 0
    difficulty: int = 0
    name: str = ""  # a Merit's or Flaw's name (user text), for those reasons

    def note(self) -> Msg:
        """``Celerity +2`` / ``Стремительность +2``, in the reader's language; a Merit's
        by its name: ``Lightning Reflexes +1`` / ``Merit Eat Food: difficulty -1``."""
        n = self.dice or self.difficulty
        if self.name:
            part = "dice" if self.dice else "difficulty"
            return Msg(f"mod.{self.reason}.{part}", name=self.name, n=f"{n:+d}")
        return Msg(f"mod.{self.reason}", n=f"{n:+d}")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "reason": self.reason,
            "dice": self.dice,
            "difficulty": self.difficulty,
        }
        return {**out, "name": self.name} if self.name else out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PoolMod:
        """One read back from an event (older records have no ``name``)."""
        return cls(
            str(d.get("reason", "")),
            int(d.get("dice") or 0),
            int(d.get("difficulty") or 0),
            str(d.get("name") or ""),
        )


def named_mod(m: Merit, kind: str) -> PoolMod:
    """The modifier a Merit (``kind`` ``merit``) or Flaw (``flaw``) gives a roll naming it."""
    return PoolMod(kind, dice=m.dice, difficulty=m.difficulty, name=m.name)


def situation(
    c: Character, traits: Iterable[str], *, moving: bool = False, physical: bool = False
) -> tuple[PoolMod, ...]:
    """The modifiers of a pool of ``traits`` (normalised names) for ``c`` now. ``moving``:
    the character moves in the same turn; ``physical``: a physical action whatever its
    traits (a feat), else one with Strength, Dexterity or Stamina in its pool."""
    names = set(traits)
    mods: list[PoolMod] = []
    if DEXTERITY in names and celerity_dice(c):
        mods.append(PoolMod("celerity", dice=celerity_dice(c)))
    waived = c.frenzied or c.ignore_wounds
    cut = mv.wounded_move_and_act_penalty(c.health)
    if moving and cut and not waived:
        mods.append(PoolMod("moving", dice=cut))
    heavy = c.load and mv.encumbrance(c, c.load).difficulty
    if heavy and (physical or names & set(PHYSICAL)):
        mods.append(PoolMod("load", difficulty=heavy))
    return tuple(mods)


def dice_of(mods: Sequence[PoolMod]) -> int:
    return sum(m.dice for m in mods)


def with_difficulty(mods: Sequence[PoolMod], difficulty: int) -> int:
    """``difficulty`` with the modifiers' added, kept on the 2-10 scale (seed 000,
    «Сложность всегда варьируется от 2 до 10»), as the bearing keeps it: a Flaw's −1 at
    difficulty 2 rolls at 2, not a refused 1."""
    moved = difficulty + sum(m.difficulty for m in mods)
    return max(MIN_DIFFICULTY, min(MAX_DIFFICULTY, moved))


def difficulty_mods(mods: Sequence[PoolMod]) -> tuple[PoolMod, ...]:
    """Those that change the difficulty (told where the difficulty is, not with the dice)."""
    return tuple(m for m in mods if m.difficulty)


def dice_mods(mods: Sequence[PoolMod]) -> tuple[PoolMod, ...]:
    """Those that change the dice."""
    return tuple(m for m in mods if not m.difficulty)


def notes(mods: Sequence[PoolMod]) -> list[Msg]:
    return [m.note() for m in mods]


def stored(mods: Sequence[PoolMod]) -> dict[str, Any]:
    """The event's field for them: ``{"mods": [...]}``, or nothing when there are none
    (older records stay as they were)."""
    return {"mods": [m.to_dict() for m in mods]} if mods else {}
