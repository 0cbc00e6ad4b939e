"""Combat rules: initiative, maneuvers, attack modifiers, defence, the damage pool
(RULES.md §4; V20 p. 290-301; seed 003 and the cheat sheet's "Бой").

Pure functions over numbers and :class:`Character` values; the turn engine in
``elysium.chronicle.combat`` calls them and logs every roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from elysium.i18n.message import Msg, Told
from elysium.rules.character import Character
from elysium.rules.errors import RulesError
from elysium.rules.health import DamageType
from elysium.rules.maneuvers import (
    ABORT_DIFFICULTY,
    AIM,
    ATTACK_POOLS,
    BASE_DIFFICULTY,
    BLIND_TARGET_DICE,
    BLINDED_ATTACKER_DIFFICULTY,
    BOTCH_EFFECTS,
    COVER,
    FIXED_INITIATIVE,
    FLANK_DICE,
    FURTHER_DEFENCE_PENALTY,
    HEAD_SHOT,
    HELD_TARGET_DICE,
    MANEUVER_ALIASES,
    MANEUVERS,
    OFF_HAND_DIFFICULTY,
    OUTNUMBERED_MAX,
    REAR_DICE,
    STAKE_DIFFICULTY,
    STAKE_PARALYSES_AT,
    A,
    B,
    L,
    Maneuver,
    Reach,
    bullet_damage,
    defence_difficulty,
    maneuver,
)
from elysium.rules.modifiers import PoolMod, dice_of, situation
from elysium.rules.modifiers import notes as mod_notes
from elysium.rules.profiles import V20, MultipleActions, Profile
from elysium.rules.tables import MAX_DIFFICULTY

__all__ = [
    "ABORT_DIFFICULTY",
    "AIM",
    "ATTACK_POOLS",
    "BASE_DIFFICULTY",
    "BLINDED_ATTACKER_DIFFICULTY",
    "BLIND_TARGET_DICE",
    "BOTCH_EFFECTS",
    "COVER",
    "FIXED_INITIATIVE",
    "FLANK_DICE",
    "FURTHER_DEFENCE_PENALTY",
    "HEAD_SHOT",
    "HELD_TARGET_DICE",
    "MANEUVERS",
    "MANEUVER_ALIASES",
    "OFF_HAND_DIFFICULTY",
    "OUTNUMBERED_MAX",
    "REAR_DICE",
    "STAKE_DIFFICULTY",
    "STAKE_PARALYSES_AT",
    "A",
    "AttackPlan",
    "B",
    "L",
    "Maneuver",
    "Modifiers",
    "Reach",
    "acting_order",
    "bullet_damage",
    "damage_pool",
    "defence_applies",
    "defence_difficulty",
    "defence_pool",
    "initiative",
    "initiative_rating",
    "maneuver",
    "multiple_share",
    "net_attack",
    "plan_attack",
    "wound_penalty",
]


# --- initiative ----------------------------------------------------------------------------


def initiative_rating(c: Character) -> int:
    """Dexterity + Wits: the rating that breaks ties (V20 p. 290)."""
    return c.trait("dexterity") + c.trait("wits")


def wound_penalty(c: Character) -> int:
    """Dice lost to wounds, unless frenzy or a Willpower point sets them aside this turn."""
    if c.frenzied or c.ignore_wounds:
        return 0
    return c.health.penalty or 0


def initiative(c: Character, d10: int | None, celerity_spent: int = 0, fixed: bool = False) -> int:
    """d10 (or 6 with the fixed house rule) + Dexterity + Wits − wound penalty + Celerity
    dots not spent on extra actions."""
    celerity = c.disciplines.get("celerity", 0)
    if not 0 <= celerity_spent <= celerity:
        raise RulesError("combat.celerity", who=c.name, celerity=celerity, spent=celerity_spent)
    if fixed:
        base = FIXED_INITIATIVE
    else:
        if d10 is None or not 1 <= d10 <= 10:
            raise RulesError("combat.initiative_die", d10=d10)
        base = d10
    return base + initiative_rating(c) + wound_penalty(c) + (celerity - celerity_spent)


def acting_order(entries: Sequence[tuple[str, int, int]]) -> list[list[str]]:
    """Groups acting together, fastest first: ``entries`` are (key, initiative, rating).

    Equal initiative goes to the higher rating; equal in both, they act at once.
    """
    ranked = sorted(entries, key=lambda e: (-e[1], -e[2]))
    groups: list[list[str]] = []
    last: tuple[int, int] | None = None
    for key, total, rating in ranked:
        if (total, rating) == last:
            groups[-1].append(key)
        else:
            groups.append([key])
            last = (total, rating)
    return groups


# --- the attack -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Modifiers:
    """Situational modifiers of one attack (V20 p. 293-300)."""

    difficulty: int = 0  # the Storyteller's extra difficulty
    flank: bool = False
    rear: bool = False
    aim: str | None = None
    outnumbered: int = 0  # opponents in melee; each beyond the first adds +1 difficulty
    cover: str | None = None
    blinded: bool = False  # the attacker cannot see
    target_blinded: bool = False
    held: bool = False  # the target is held but struggling
    immobilized: bool = False  # the target cannot move at all: an automatic hit
    stake: bool = False  # a stake through the heart
    off_hand: bool = False
    moving: bool = False  # the attacker moves as well this turn (seed 004, «Серьёзно ранен»)


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """The attack's numbers before the dice: each modifier spelled out for the log."""

    pool: int
    difficulty: int
    notes: tuple[Msg, ...]  # told in the reader's language; str() is the log's English
    damage_bonus: int  # aiming adds damage dice
    wounds: int = 0  # the wound penalty taken from the pool
    mods: tuple[PoolMod, ...] = ()  # the situation's modifiers (Celerity, moving, load)


def plan_attack(
    attacker: Character,
    move: Maneuver,
    mods: Modifiers,
    *,
    armed: bool = False,
    multiple: int = 1,
    action_index: int = 0,
    profile: Profile,
    extra_action: bool = False,
    smallest: int | None = None,
) -> AttackPlan:
    """Pool and difficulty of an attack, with the wound penalty and every modifier applied
    and named. ``smallest``: the smallest pool of the declared multiple actions, if told."""
    if move.defence:
        raise RulesError("combat.defence_not_attack", move=move.key)
    ability = move.abilities[0]
    if len(move.abilities) > 1 and armed:
        ability = move.abilities[1]
    notes: list[Msg] = []
    situational = situation(attacker, (move.attribute, ability), moving=mods.moving)
    pool, own, bonus = _attack_pool(attacker, move, ability, mods, situational, notes)
    if multiple > 1 and not extra_action:
        if profile.multiple_actions is MultipleActions.SUBTRACT:
            pool, note = multiple_share(pool, multiple, action_index, profile)
        else:
            # V20: the smallest of the declared actions' pools is split; this attack's own
            # dice (accuracy, flank, rear, ...) come on top of its share.
            split = own if smallest is None else min(own, smallest)
            share, note = multiple_share(split, multiple, action_index, profile)
            pool = share + bonus
        notes.append(note)
    difficulty, damage_bonus = _attack_difficulty(move, mods, situational, notes)
    if difficulty > MAX_DIFFICULTY:
        raise RulesError("combat.too_difficult", difficulty=difficulty, notes=_told(notes))
    if pool < 1 and not mods.immobilized:
        raise RulesError("combat.no_dice", who=attacker.name, notes=_told(notes))
    wounds = wound_penalty(attacker)
    return AttackPlan(max(pool, 1), difficulty, tuple(notes), damage_bonus, wounds, situational)


def _attack_pool(
    attacker: Character,
    move: Maneuver,
    ability: str,
    mods: Modifiers,
    situational: tuple[PoolMod, ...],
    notes: list[Msg],
) -> tuple[int, int, int]:
    """The attack's whole pool, noted in ``notes``; with the part a multiple action splits
    (traits, wounds, the situation) and the attack's own dice that come on top of a share."""
    base = attacker.trait(move.attribute) + attacker.trait(ability)
    pool = base
    notes.append(Msg("combat.note.traits", attribute=move.attribute, ability=ability, base=base))
    if move.accuracy:
        pool += move.accuracy
        notes.append(Msg("combat.note.accuracy", n=move.accuracy))
    bonus = pool - base  # the attack's own dice, added to its share of a split pool
    for flag, dice, label in (
        (mods.flank, FLANK_DICE, "flank"),
        (mods.rear, REAR_DICE, "rear"),
        (mods.target_blinded, BLIND_TARGET_DICE, "blinded_target"),
        (mods.held, HELD_TARGET_DICE, "held_target"),
    ):
        if flag:
            pool += dice
            bonus += dice
            notes.append(Msg(f"combat.note.{label}", n=dice))
    penalty = wound_penalty(attacker)
    if penalty:
        pool += penalty
        notes.append(Msg("combat.note.wounds", n=penalty))
    pool += dice_of(situational)
    penalty += dice_of(situational)  # part of the attack's own pool, split with it
    notes += mod_notes(situational)
    return pool, base + penalty, bonus


def _attack_difficulty(
    move: Maneuver, mods: Modifiers, situational: tuple[PoolMod, ...], notes: list[Msg]
) -> tuple[int, int]:
    """The attack's difficulty and the damage its aim adds, each step noted in ``notes``."""
    difficulty = BASE_DIFFICULTY + move.difficulty + sum(m.difficulty for m in situational)
    if move.difficulty:
        notes.append(Msg("combat.note.maneuver", move=move.key, n=move.difficulty))
    damage_bonus = 0
    if mods.aim:
        if mods.aim not in AIM:
            raise RulesError("combat.unknown_aim", allowed=list(AIM), aim=mods.aim)
        add, damage_bonus = AIM[mods.aim]
        difficulty += add
        key = "combat.note.aim_damage" if damage_bonus else "combat.note.aim"
        notes.append(Msg(key, aim=mods.aim, n=add, damage=damage_bonus))
    if mods.outnumbered > 1:
        add = min(OUTNUMBERED_MAX, mods.outnumbered - 1)
        difficulty += add
        notes.append(Msg("combat.note.outnumbered", opponents=mods.outnumbered, n=add))
    if mods.cover:
        if mods.cover not in COVER:
            raise RulesError("combat.unknown_cover", allowed=list(COVER), cover=mods.cover)
        difficulty += COVER[mods.cover]
        notes.append(Msg("combat.note.cover", cover=mods.cover, n=COVER[mods.cover]))
    for flag, add, label in (
        (mods.blinded, BLINDED_ATTACKER_DIFFICULTY, "blinded"),
        (mods.off_hand, OFF_HAND_DIFFICULTY, "off_hand"),
    ):
        if flag:
            difficulty += add
            notes.append(Msg(f"combat.note.{label}", n=add))
    if mods.stake:
        difficulty = max(difficulty, STAKE_DIFFICULTY)
        notes.append(Msg("combat.note.stake", n=STAKE_DIFFICULTY))
    if mods.difficulty:
        difficulty += mods.difficulty
        notes.append(Msg("combat.note.difficulty", n=mods.difficulty))
    return difficulty, damage_bonus


def _told(notes: list[Msg]) -> Told:
    """The attack's modifiers, each told in the reader's language, for a refusal to show."""
    return Told(lambda lang: "; ".join(n.render(lang) for n in notes))


def multiple_share(pool: int, n: int, index: int, profile: Profile) -> tuple[int, Msg]:
    """One of several declared actions: V20 splits ``pool`` (the smallest of the actions'
    pools, cheat sheet "Множественные действия"), Dark Ages and Demon take N, N+1, ... dice."""
    if profile.multiple_actions is MultipleActions.SUBTRACT:
        cut = n + index
        return pool - cut, Msg("combat.note.multiple_cut", i=index + 1, n=n, cut=cut)
    base, extra = divmod(pool, n)
    share = base + (1 if index < extra else 0)
    return share, Msg("combat.note.multiple_share", i=index + 1, n=n, share=share, pool=pool)


def defence_pool(
    defender: Character,
    move: Maneuver,
    defences_so_far: int,
    *,
    multiple: int = 1,
    action_index: int = 0,
    smallest: int | None = None,
    profile: Profile = V20,
) -> tuple[int, Msg]:
    """A defence's pool: its traits, the wound penalty, −1 per earlier defence this turn; or,
    taking one of several declared actions (seed 003, "Ходы в сражениях"), that action's
    share of the split pool (V20) or its pool less N, N+1, ... (Dark Ages, Demon)."""
    if not move.defence:
        raise RulesError("combat.not_a_defence", move=move.key)
    base = defender.trait(move.attribute) + defender.trait(move.abilities[0])
    pool = base
    notes = [
        Msg("combat.note.traits", attribute=move.attribute, ability=move.abilities[0], base=base)
    ]
    penalty = wound_penalty(defender)
    if penalty:
        pool += penalty
        notes.append(Msg("combat.note.wounds", n=penalty))
    situational = situation(defender, (move.attribute, move.abilities[0]))
    pool += dice_of(situational)
    notes += mod_notes(situational)
    if multiple > 1:
        split = pool
        if smallest is not None and profile.multiple_actions is not MultipleActions.SUBTRACT:
            split = min(pool, smallest)
        pool, note = multiple_share(split, multiple, action_index, profile)
        notes.append(note)
    elif defences_so_far:
        cut = FURTHER_DEFENCE_PENALTY * defences_so_far
        pool -= cut
        notes.append(Msg("combat.note.further_defence", k=defences_so_far + 1, n=cut))
    return pool, Msg("combat.notes.semicolon", notes=notes)


def defence_applies(
    defender: Character, defence: Maneuver, attack: Maneuver, damage_type: DamageType
) -> Msg | None:
    """None when the defence may meet this attack, else the reason it cannot.

    Block: melee only, and without armour or Fortitude only against bashing. Parry: melee
    attacks. Dodge: anything, given room (V20 p. 294-295).
    """
    if defence.key in ("block", "parry") and attack.reach is not Reach.MELEE:
        return Msg("combat.note.melee_only", move=defence.key)
    if defence.key == "block" and damage_type is not DamageType.BASHING:
        tough = (defender.armour and defender.armour.rating > 0) or defender.disciplines.get(
            "fortitude", 0
        )
        if not tough:
            return Msg("combat.note.block_bashing")
    return None


def damage_pool(
    attacker: Character,
    move: Maneuver,
    extra_successes: int,
    damage_bonus: int,
    weapon: tuple[bool, int] | None = None,
) -> tuple[int, Msg]:
    """Damage dice: the maneuver's (Strength-based ones gain Potence) or the weapon's, plus
    one die per attack success beyond the first, plus aiming. Never below 1 die.

    ``weapon`` is (adds to Strength, dice): a knife is (True, 1), a pistol (False, 4).
    """
    strength = attacker.trait("strength") + attacker.disciplines.get("potence", 0)
    if move.damage in ("str", "str+1"):
        base = strength + (1 if move.damage == "str+1" else 0)
        key = "combat.note.strength_plus" if move.damage == "str+1" else "combat.note.strength"
        what = Msg(key, n=strength)
    elif move.damage == "weapon" or weapon is not None:
        if weapon is None:
            raise RulesError("combat.needs_weapon", move=move.key, stat="str")
        adds, dice = weapon
        base = strength + dice if adds else dice
        what = Msg("combat.note.weapon_str" if adds else "combat.note.weapon", n=dice)
    elif move.damage == "none":
        return 0, Msg("combat.note.no_damage")
    else:
        raise RulesError("combat.special_damage", move=move.key)
    pool = max(1, base + max(0, extra_successes) + damage_bonus)
    parts = [what]
    if extra_successes > 0:
        parts.append(Msg("combat.note.extra_successes", n=extra_successes))
    if damage_bonus:
        parts.append(Msg("combat.note.aim_dice", n=damage_bonus))
    return pool, Msg("combat.notes.comma", notes=parts)


def net_attack(attack_successes: int, defence_successes: int) -> int:
    """Resisted: the attack keeps what the defence did not cancel; 0 is a miss."""
    return max(0, attack_successes - max(0, defence_successes))
