"""The health track, damage, soak, wound penalties and dazing (RULES.md §3; V20 p. 128-129,
291-293, 302-306; cheat sheet "Уровни здоровья", "Повреждения, прочность, лечение").

A track is seven boxes filled worst-first: aggravated above lethal above bashing. It is held
as three counts, so it can never be out of order, plus a sticky condition (torpor, Final
Death, death) that healing alone does not undo.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from elysium.rules.errors import RulesError
from elysium.rules.tables import (
    DAMAGE_MARKS,
    DAMAGE_TYPES,
    HEALTH_BOXES,
    HEALTH_LEVELS,
    HealthLevel,
)
from elysium.rules.traits import Kind

EMPTY_MARK = "."
SOAK_DIFFICULTY = 6  # V20 p. 291: reflexive, difficulty 6 unless stated otherwise
DAZE_SUPERNATURAL_BONUS = 2  # V20 p. 293: Stamina + 2 for supernatural beings
ARMOUR_BREAK_FACTOR = 2  # V20 p. 292 / seed 003: damage at least twice the rating
MOVEMENT_LIMITS = {  # yards per turn; None = no limit (V20 p. 302; seed 002 in yards)
    "free": None,
    "half_run": "half",
    "walk": 7.0,
    "hobble": 3 / 0.9144,  # the cheat sheet's 3 m
    "crawl": 1 / 0.9144,  # the cheat sheet's 1 m
    "none": 0.0,
}


class DamageType(StrEnum):
    BASHING = "bashing"
    LETHAL = "lethal"
    AGGRAVATED = "aggravated"


class Source(StrEnum):
    """What dealt the damage; armour never helps against fire or sunlight (V20 p. 292)."""

    WEAPON = "weapon"  # fists, clubs, blades, bullets
    CLAWS = "claws"  # claws and fangs of vampires and Lupines (armour helps)
    FIRE = "fire"
    SUNLIGHT = "sunlight"


class Condition(StrEnum):
    """What the track alone cannot say. Incapacitated is derived: a full track while active."""

    ACTIVE = "active"
    TORPOR = "torpor"
    FINAL_DEATH = "final_death"
    DEAD = "dead"


class Status(StrEnum):
    ACTIVE = "active"
    INCAPACITATED = "incapacitated"
    TORPOR = "torpor"
    FINAL_DEATH = "final_death"
    DEAD = "dead"


RUSSIAN_DAMAGE = {
    "лёгкие": DamageType.BASHING,
    "легкие": DamageType.BASHING,
    "лёгкое": DamageType.BASHING,
    "тяжёлые": DamageType.LETHAL,
    "тяжелые": DamageType.LETHAL,
    "тяжёлое": DamageType.LETHAL,
    "губительные": DamageType.AGGRAVATED,
    "губительное": DamageType.AGGRAVATED,
}


def parse_damage_type(text: str) -> DamageType:
    """Accepts the English words, their first letters (b, l, a) and the Russian words."""
    word = text.strip().lower()
    for t in DamageType:
        if word in (t.value, t.value[0], t.value[:3], t.value[:4]):
            return t
    if word in RUSSIAN_DAMAGE:
        return RUSSIAN_DAMAGE[word]
    raise RulesError("health.unknown_damage_type", text=text)


@dataclass(frozen=True, slots=True)
class HealthTrack:
    bashing: int = 0
    lethal: int = 0
    aggravated: int = 0
    condition: Condition = Condition.ACTIVE

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "condition", Condition(self.condition))
        except ValueError:
            raise RulesError("health.unknown_condition", condition=self.condition) from None
        if min(self.bashing, self.lethal, self.aggravated) < 0:
            raise RulesError("health.track_negative")
        if self.filled > HEALTH_BOXES:
            raise RulesError("health.track_full", boxes=HEALTH_BOXES, filled=self.filled)

    @property
    def filled(self) -> int:
        return self.bashing + self.lethal + self.aggravated

    def marks(self, lang: str = "en") -> tuple[str, ...]:
        """Seven marks, worst first: ``*`` (Ж), ``X`` (Х), ``/``, and ``.`` for empty."""
        i = 1 if lang == "ru" else 0
        return (
            (DAMAGE_MARKS["aggravated"][i],) * self.aggravated
            + (DAMAGE_MARKS["lethal"][i],) * self.lethal
            + (DAMAGE_MARKS["bashing"][i],) * self.bashing
            + (EMPTY_MARK,) * (HEALTH_BOXES - self.filled)
        )

    @property
    def level(self) -> HealthLevel | None:
        """The lowest filled box's level, or None when unhurt."""
        return HEALTH_LEVELS[self.filled - 1] if self.filled else None

    @property
    def penalty(self) -> int | None:
        """Dice lost to wounds; None when no action is possible at all."""
        if self.condition is not Condition.ACTIVE:
            return None
        level = self.level
        return 0 if level is None else level.penalty

    @property
    def incapacitated(self) -> bool:
        return self.filled >= HEALTH_BOXES

    @property
    def movement(self) -> str:
        if self.condition is not Condition.ACTIVE:
            return "none"
        return self.level.movement if self.level else "free"

    def status(self) -> Status:
        if self.condition is not Condition.ACTIVE:
            return Status(self.condition.value)
        return Status.INCAPACITATED if self.incapacitated else Status.ACTIVE

    def count(self, damage_type: DamageType) -> int:
        return getattr(self, damage_type.value)


def take_damage(
    track: HealthTrack, levels: int, damage_type: DamageType, kind: Kind
) -> HealthTrack:
    """Mark ``levels`` of damage, with the overflow rules of V20 p. 304-305.

    A vampire at Incapacitated who takes more bashing or lethal falls into torpor (each such
    level turns a bashing mark into lethal); more aggravated, or aggravated filling the last
    box, is Final Death. For anyone else aggravated counts as lethal; past Incapacitated,
    bashing turns bashing marks into lethal and lethal kills.
    """
    if levels < 0:
        raise RulesError("health.damage_negative")
    if kind is not Kind.VAMPIRE and damage_type is DamageType.AGGRAVATED:
        damage_type = DamageType.LETHAL
    b, le, a, cond = track.bashing, track.lethal, track.aggravated, track.condition
    for _ in range(levels):
        if cond in (Condition.FINAL_DEATH, Condition.DEAD):
            break
        if b + le + a < HEALTH_BOXES:
            if damage_type is DamageType.BASHING:
                b += 1
            elif damage_type is DamageType.LETHAL:
                le += 1
            else:
                a += 1
                if b + le + a == HEALTH_BOXES and kind is Kind.VAMPIRE:
                    cond = Condition.FINAL_DEATH
            continue
        # The track is full: Incapacitated (or already in torpor).
        if kind is Kind.VAMPIRE:
            if damage_type is DamageType.AGGRAVATED:
                cond = Condition.FINAL_DEATH
                b, le, a = _displaced(b, le, a, DamageType.AGGRAVATED)
            else:
                cond = Condition.TORPOR
                if b:
                    b, le = b - 1, le + 1
        elif damage_type is DamageType.BASHING and b:
            b, le = b - 1, le + 1
        else:
            cond = Condition.DEAD
            b, le, a = _displaced(b, le, a, damage_type)
    return HealthTrack(b, le, a, cond)


def _displaced(b: int, le: int, a: int, killing: DamageType) -> tuple[int, int, int]:
    """The killing level takes the box of the lightest mark below it, so a full track shows
    the damage that killed (a mortal with 3 bashing who takes 5 lethal shows XXXXX//)."""
    if killing is DamageType.AGGRAVATED and (b or le):
        return (b - 1, le, a + 1) if b else (b, le - 1, a + 1)
    if killing is DamageType.LETHAL and b:
        return b - 1, le + 1, a
    return b, le, a


def heal(
    track: HealthTrack, levels: int, damage_type: DamageType | None = None
) -> tuple[HealthTrack, int]:
    """Remove up to ``levels`` of bashing or lethal damage: the type given, or lethal first.

    Returns the new track and the levels actually healed. Aggravated damage is healed with
    :func:`heal_aggravated`. Healing never lifts torpor or death by itself.
    """
    if levels < 0:
        raise RulesError("health.healing_negative")
    if damage_type is DamageType.AGGRAVATED:
        raise RulesError("health.aggravated_heals_apart")
    b, le = track.bashing, track.lethal
    order = [damage_type] if damage_type else [DamageType.LETHAL, DamageType.BASHING]
    healed = 0
    for t in order:
        while healed < levels and (le if t is DamageType.LETHAL else b):
            if t is DamageType.LETHAL:
                le -= 1
            else:
                b -= 1
            healed += 1
    return replace(track, bashing=b, lethal=le), healed


def heal_aggravated(track: HealthTrack, levels: int) -> HealthTrack:
    """Remove aggravated levels (the blood and Willpower are paid in ``blood``)."""
    if levels < 1:
        raise RulesError("health.heal_at_least_one")
    if levels > track.aggravated:
        raise RulesError("health.only_aggravated", n=track.aggravated)
    return replace(track, aggravated=track.aggravated - levels)


def soak_pool(
    kind: Kind,
    stamina: int,
    fortitude: int,
    damage_type: DamageType,
    *,
    source: Source = Source.WEAPON,
    armour: int = 0,
    supernatural: bool = False,
) -> int:
    """Soak dice (V20 p. 292; seed 003 "Проверка на прочность").

    Stamina soaks bashing for everyone and lethal for vampires and other supernatural
    beings; Fortitude soaks everything; aggravated is soaked by Fortitude alone. Armour adds
    its rating against bashing, lethal and claws or fangs, never against fire or sunlight.
    For a mortal, aggravated counts as lethal.
    """
    tough = kind is Kind.VAMPIRE or supernatural
    if damage_type is DamageType.AGGRAVATED and not tough:
        damage_type = DamageType.LETHAL
    if damage_type is DamageType.BASHING:
        pool = stamina + fortitude
    elif damage_type is DamageType.LETHAL:
        pool = (stamina if tough else 0) + fortitude
    else:
        pool = fortitude
    armour_helps = source not in (Source.FIRE, Source.SUNLIGHT) and (
        damage_type is not DamageType.AGGRAVATED or source is Source.CLAWS
    )
    return pool + (armour if armour_helps else 0)


def damage_after_soak(damage: int, soaked: int, damage_type: DamageType, kind: Kind) -> int:
    """Levels that reach the track: a vampire's bashing left after soak is halved, rounded
    down (V20 p. 292)."""
    left = max(0, damage - soaked)
    if kind is Kind.VAMPIRE and damage_type is DamageType.BASHING:
        left //= 2
    return left


def dazed(levels_taken: int, stamina: int, supernatural: bool) -> bool:
    """More levels past soak than Stamina (supernatural: Stamina + 2) loses the next action."""
    threshold = stamina + (DAZE_SUPERNATURAL_BONUS if supernatural else 0)
    return levels_taken > threshold


def armour_destroyed(damage: int, armour: int) -> bool:
    """One attack whose damage is at least twice the armour's rating destroys it."""
    return armour > 0 and damage >= ARMOUR_BREAK_FACTOR * armour


def wounded_pool(
    pool: int,
    track: HealthTrack,
    *,
    reflexive: bool = False,
    willpower: bool = False,
    frenzied: bool = False,
) -> int:
    """The pool after wound penalties (V20 p. 302).

    Reflexive rolls (soak, most Virtue rolls, the Willpower roll to abort) ignore them, as
    does a frenzied vampire or one who spent Willpower this turn. An incapacitated, torpid
    or dead character cannot act at all; a result of 0 means the action is impossible.
    """
    if reflexive:
        return max(0, pool)
    if track.status() is not Status.ACTIVE:
        return 0
    penalty = track.penalty or 0
    if willpower or frenzied:
        penalty = 0
    return max(0, pool + penalty)


__all__ = [
    "DAMAGE_TYPES",
    "Condition",
    "DamageType",
    "HealthTrack",
    "Source",
    "Status",
    "armour_destroyed",
    "damage_after_soak",
    "dazed",
    "heal",
    "heal_aggravated",
    "parse_damage_type",
    "soak_pool",
    "take_damage",
    "wounded_pool",
]
