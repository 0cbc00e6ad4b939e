"""The maneuver tables and attack modifiers of combat (V20 p. 291-301; the cheat sheet's
"Манёвры" and "Модификаторы атаки"): numbers only, read by :mod:`elysium.rules.combat`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple

from elysium.i18n.message import Msg
from elysium.rules.errors import RulesError
from elysium.rules.health import DamageType
from elysium.rules.traits import Kind

BASE_DIFFICULTY: Final = 6  # V20 p. 291: attacks, damage and soak
FIXED_INITIATIVE: Final = 6  # the house rule's 6 + Dexterity + Wits instead of a d10
ABORT_DIFFICULTY: Final = 6  # the Willpower roll to replace a declared action with a defence
STAKE_DIFFICULTY: Final = 9  # V20 p. 299: a stake through the heart
STAKE_PARALYSES_AT: Final = 3  # levels of damage from the stake that paralyse a vampire
OUTNUMBERED_MAX: Final = 4  # +1 difficulty per opponent beyond the first, at most +4
FURTHER_DEFENCE_PENALTY: Final = 1  # each defence after the first in a turn: -1 die
HEAD_SHOT: Final = "head"  # aim head: +2 difficulty, so a head shot is at 8


class Reach(StrEnum):
    MELEE = "melee"  # unarmed or hand weapons
    RANGED = "ranged"


class Maneuver(NamedTuple):
    """One row of the maneuver tables (V20 p. 299; cheat sheet "Манёвры")."""

    key: str
    reach: Reach
    attribute: str
    abilities: tuple[str, ...]  # the first is the usual one; e.g. sweep: brawl or melee
    accuracy: int | None  # dice added to the attack; None: special
    difficulty: int  # added to 6
    damage: str  # "str", "str+1", "weapon", "none", "special"
    damage_type: DamageType | None  # None: the weapon's type
    knockdown: bool = False
    holds: bool = False  # lasts over several turns
    defence: bool = False


B, L, A = DamageType.BASHING, DamageType.LETHAL, DamageType.AGGRAVATED
MANEUVERS: Final[dict[str, Maneuver]] = {
    m.key: m
    for m in (
        # Melee (V20 p. 299)
        Maneuver(
            "block", Reach.MELEE, "dexterity", ("brawl",), None, 0, "none", None, defence=True
        ),
        Maneuver("throw", Reach.MELEE, "strength", ("brawl",), 0, 1, "str+1", B, knockdown=True),
        Maneuver("grapple", Reach.MELEE, "strength", ("brawl",), 0, 0, "none", None, holds=True),
        Maneuver("clinch", Reach.MELEE, "strength", ("brawl",), 0, 0, "str", B, holds=True),
        Maneuver(
            "parry", Reach.MELEE, "dexterity", ("melee",), None, 0, "none", None, defence=True
        ),
        Maneuver(
            "sweep", Reach.MELEE, "dexterity", ("brawl", "melee"), 0, 1, "str", B, knockdown=True
        ),
        Maneuver("disarm", Reach.MELEE, "dexterity", ("melee",), 0, 1, "special", None),
        Maneuver("claw", Reach.MELEE, "dexterity", ("brawl",), 0, 0, "str+1", A),
        Maneuver("kick", Reach.MELEE, "dexterity", ("brawl",), 0, 1, "str+1", B),
        Maneuver("strike", Reach.MELEE, "dexterity", ("melee",), 0, 0, "weapon", None),
        Maneuver("punch", Reach.MELEE, "dexterity", ("brawl",), 0, 0, "str", B),
        Maneuver(
            "dodge", Reach.RANGED, "dexterity", ("athletics",), None, 0, "none", None, defence=True
        ),
        Maneuver("bite", Reach.MELEE, "dexterity", ("brawl",), 1, 0, "str+1", A),
        # Ranged (V20 p. 299)
        Maneuver("shoot", Reach.RANGED, "dexterity", ("firearms",), 0, 0, "weapon", None),
        Maneuver("rapid", Reach.RANGED, "dexterity", ("firearms",), None, 0, "weapon", None),
        Maneuver("auto", Reach.RANGED, "dexterity", ("firearms",), 10, 2, "weapon", None),
        Maneuver("burst", Reach.RANGED, "dexterity", ("firearms",), 2, 1, "weapon", None),
        Maneuver("spray", Reach.RANGED, "dexterity", ("firearms",), 10, 2, "special", None),
        Maneuver("twoguns", Reach.RANGED, "dexterity", ("firearms",), 0, 0, "weapon", None),
        # Thrown weapons (V20 p. 291): Dexterity + Athletics
        Maneuver("hurl", Reach.RANGED, "dexterity", ("athletics",), 0, 0, "weapon", None),
    )
}
# Other words for them (English synonyms and the cheat sheet's Russian names).
MANEUVER_ALIASES: Final[dict[str, str]] = {
    "weapon": "strike",
    "weapon-strike": "strike",
    "fire": "shoot",
    "full-auto": "auto",
    "3-round-burst": "burst",
    "rapid-fire": "rapid",
    "two-weapons": "twoguns",
    "thrown": "hurl",
    "блок": "block",
    "бросок": "throw",
    "захват": "grapple",
    "клинч": "clinch",
    "парирование": "parry",
    "подсечка": "sweep",
    "разоружение": "disarm",
    "когти": "claw",
    "удар-когтями": "claw",
    "пинок": "kick",
    "удар-ногой": "kick",
    "удар-оружием": "strike",
    "удар": "punch",
    "удар-рукой": "punch",
    "уклонение": "dodge",
    "укус": "bite",
    "выстрел": "shoot",
    "беглый-огонь": "rapid",
    "длинная-очередь": "auto",
    "короткая-очередь": "burst",
    "обстрел": "spray",
    "стрельба-по-македонски": "twoguns",
    "метание": "hurl",
}
OFF_HAND_DIFFICULTY: Final = 1  # two weapons: +1 for the off hand

# Aiming (V20 p. 293): target -> (difficulty, extra damage dice).
AIM: Final[dict[str, tuple[int, int]]] = {
    "limb": (1, 0),
    "hand": (2, 1),
    "head": (2, 1),
    "eye": (3, 2),
    "heart": (3, 2),
}
# Cover (V20 p. 298): added to the attacker's difficulty.
COVER: Final[dict[str, int]] = {"prone": 1, "wall": 2, "head": 3}
FLANK_DICE: Final = 1
REAR_DICE: Final = 2
BLINDED_ATTACKER_DIFFICULTY: Final = 2
BLIND_TARGET_DICE: Final = 2
HELD_TARGET_DICE: Final = 2  # held but struggling
ATTACK_POOLS: Final[dict[str, tuple[str, str]]] = {  # V20 p. 291
    "unarmed": ("dexterity", "brawl"),
    "melee": ("dexterity", "melee"),
    "firearms": ("dexterity", "firearms"),
    "thrown": ("dexterity", "athletics"),
}
BOTCH_EFFECTS: Final[tuple[str, ...]] = ("jam", "misfire", "broken_blade", "friendly_fire")


def maneuver(name: str) -> Maneuver:
    key = "-".join(name.strip().lower().split())
    key = MANEUVER_ALIASES.get(key, key)
    if key not in MANEUVERS:
        # One Russian spelling the parser takes for each maneuver, in the table's order.
        first: dict[str, str] = {}
        for word, key_ in MANEUVER_ALIASES.items():
            if not word.isascii():
                first.setdefault(key_, word)
        russian = [first.get(k, k) for k in MANEUVERS]
        raise RulesError(
            "combat.unknown_maneuver", name=name, allowed=list(MANEUVERS), russian=russian
        )
    return MANEUVERS[key]


def defence_difficulty(outnumbered: int = 0) -> tuple[int, list[Msg]]:
    """A defence's difficulty: 6, +1 per melee opponent beyond the first, at most +4 (cheat
    sheet "Модификаторы атаки": "к сложности атаки и защиты")."""
    if outnumbered > 1:
        add = min(OUTNUMBERED_MAX, outnumbered - 1)
        return BASE_DIFFICULTY + add, [Msg("combat.note.outnumbered", opponents=outnumbered, n=add)]
    return BASE_DIFFICULTY, []


def bullet_damage(
    move: Maneuver, dtype: DamageType, target: Kind, aim: str | None
) -> tuple[DamageType, Msg | None]:
    """Bullets against a vampire: bashing, unless aimed at the head (difficulty 8), which
    stays lethal (cheat sheet "Повреждения": "пули - для вампиров", "пули в голову (сложн.
    8)"). Every firearms maneuver; other kinds and other damage types are left as they are."""
    if move.abilities != ("firearms",) or target is not Kind.VAMPIRE:
        return dtype, None
    if dtype is not DamageType.LETHAL:
        return dtype, None
    if aim == HEAD_SHOT:
        return dtype, Msg("fight12.note.head_shot")
    return DamageType.BASHING, Msg("fight12.note.bullets_bashing")
