"""The attack's steps, each alone, with explicit faces (RULES.md §4; V20 p. 290-301;
cheat sheet "Бой", "Защита", "Модификаторы атаки")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from elysium.chronicle.commands.attack import (
    after_effects,
    apply_hit,
    attack_successes,
    damage_dice,
    damage_type,
    meet_defence,
    roll_damage,
    soak_dice,
    to_hit,
)
from elysium.chronicle.commands.attack_parts import Turn
from elysium.chronicle.commands.common import Context
from elysium.chronicle.commands.fight import CombatState, Standing
from elysium.chronicle.errors import CommandError
from elysium.chronicle.state import State
from elysium.rules import V20, SeededDice
from elysium.rules import combat as cr
from elysium.rules.character import Character, new_character, set_trait
from elysium.rules.dice import RollRequest, roll_faces
from elysium.rules.health import DamageType, Source
from elysium.rules.traits import Kind

B, L, A = DamageType.BASHING, DamageType.LETHAL, DamageType.AGGRAVATED


def sheet(name: str, kind: Kind, **traits: int) -> Character:
    c = new_character(name, kind, 10 if kind is Kind.VAMPIRE else None)
    for trait, value in traits.items():
        c = set_trait(c, trait, value)
    return c


MARCUS = sheet("Marcus", Kind.VAMPIRE, dexterity=4, brawl=3, strength=3, potence=1, stamina=3)
BOB = sheet("Bob", Kind.MORTAL, dexterity=2, athletics=2, stamina=2)
TOUGH = sheet("Rex", Kind.GHOUL, stamina=2, fortitude=1)


def ctx() -> Context:
    return Context(State(), SeededDice(1))


# Step 1 — to hit: Dexterity + Brawl at difficulty 6; accuracy adds dice, maneuvers and
# modifiers add difficulty (V20 p. 291-299).
TO_HIT = [
    ("punch", cr.Modifiers(), 7, 6),
    ("kick", cr.Modifiers(), 7, 7),  # kick +1 difficulty
    ("bite", cr.Modifiers(), 8, 6),  # bite +1 accuracy
    ("punch", cr.Modifiers(flank=True), 8, 6),  # flank +1 die
    ("punch", cr.Modifiers(rear=True), 9, 6),  # rear +2 dice
    ("punch", cr.Modifiers(aim="head"), 7, 8),  # a small target: +2 difficulty
    ("punch", cr.Modifiers(cover="wall"), 7, 8),  # behind a wall: +2
    ("punch", cr.Modifiers(outnumbered=3), 7, 8),  # +1 per opponent beyond the first
    ("punch", cr.Modifiers(outnumbered=9), 7, 10),  # at most +4
    ("punch", cr.Modifiers(blinded=True), 7, 8),
    ("punch", cr.Modifiers(stake=True), 7, 9),  # a stake through the heart: difficulty 9
    ("punch", cr.Modifiers(difficulty=-1), 7, 5),
]


@pytest.mark.parametrize(("move", "mods", "pool", "difficulty"), TO_HIT)
def test_to_hit(move: str, mods: cr.Modifiers, pool: int, difficulty: int) -> None:
    plan = to_hit(MARCUS, cr.maneuver(move), mods)
    assert (plan.pool, plan.difficulty) == (pool, difficulty)


def test_to_hit_splits_the_pool_of_multiple_actions_but_not_celerity() -> None:
    move = cr.maneuver("punch")
    # V20 (the V20 profile): two declared actions split the 7 dice, 4 and 3; Celerity's
    # extra actions take the whole pool (RULES.md §4, multiple actions).
    assert to_hit(MARCUS, move, cr.Modifiers(), turn=Turn("main", 0, 2)).pool == 4
    assert to_hit(MARCUS, move, cr.Modifiers(), turn=Turn("multiple", 1, 2)).pool == 3
    assert to_hit(MARCUS, move, cr.Modifiers(), turn=Turn("celerity", 0, 2)).pool == 7


# Step 2 — the attack roll's successes: a botch scores none; an immobilised target is hit
# automatically (V20 p. 299).
SUCCESSES = [
    ([8, 8, 3], False, 2),
    ([1, 8, 9], False, 1),
    ([1, 3, 4], False, 0),  # a botch
    ([1, 3, 4], True, 1),  # immobilised: the botch still hits
    ([3, 4, 5], True, 1),
    ([10, 10, 7], False, 3),
]


@pytest.mark.parametrize(("faces", "immobilized", "expected"), SUCCESSES)
def test_attack_successes(faces: list[int], immobilized: bool, expected: int) -> None:
    result = roll_faces(RollRequest(len(faces), 6), faces, V20)
    assert attack_successes(result, immobilized) == expected


# Step 3 — the defence: resisted, the attack keeps what the defence did not cancel; a block
# or parry only meets melee, and a block without armour or Fortitude only stops bashing
# (V20 p. 294-295).
DEFENCES = [
    (BOB, "dodge", 2, "punch", B, 4, True, 2),
    (BOB, "dodge", 5, "punch", B, 3, True, 0),
    (BOB, "dodge", 1, "shoot", L, 3, True, 2),  # a dodge meets anything
    (BOB, "block", 3, "shoot", L, 3, False, 3),  # a block cannot meet a shot
    (BOB, "block", 3, "strike", L, 3, False, 3),  # lethal, no armour, no Fortitude
    (TOUGH, "block", 3, "strike", L, 4, True, 1),  # Fortitude blocks lethal
    (BOB, "block", 2, "punch", B, 2, True, 0),
    (BOB, "parry", 1, "kick", B, 3, True, 2),
]


@pytest.mark.parametrize(
    ("target", "defence", "held", "attack", "dtype", "hits", "applies", "left"), DEFENCES
)
def test_meet_defence(
    target: Character,
    defence: str,
    held: int,
    attack: str,
    dtype: DamageType,
    hits: int,
    applies: bool,
    left: int,
) -> None:
    met = meet_defence(target, Standing(defence, held), cr.maneuver(attack), dtype, hits)
    assert (met.applies, met.hits) == (applies, left)
    assert (met.why is None) is applies


# Step 4 — the damage pool: Strength (+ Potence), the maneuver's bonus or the weapon, +1 die
# per attack success beyond the first, aiming's bonus (V20 p. 291, 293).
DAMAGE_POOLS = [
    ("punch", 1, 0, None, 4),  # Strength 3 + Potence 1
    ("punch", 3, 0, None, 6),  # two extra successes
    ("kick", 1, 0, None, 5),  # Strength + 1
    ("punch", 1, 1, None, 5),  # aiming at the head: +1
    ("strike", 1, 0, (True, 2), 6),  # a sword: Strength + 2
    ("shoot", 2, 0, (False, 4), 5),  # a pistol: 4, plus one extra success
]


@pytest.mark.parametrize(("move", "hits", "bonus", "weapon", "pool"), DAMAGE_POOLS)
def test_damage_dice(
    move: str, hits: int, bonus: int, weapon: tuple[bool, int] | None, pool: int
) -> None:
    assert damage_dice(MARCUS, cr.maneuver(move), hits, bonus, weapon)[0] == pool


def test_damage_type_is_the_weapons_then_the_maneuvers_then_lethal() -> None:
    assert damage_type(cr.maneuver("punch"), None) is B
    assert damage_type(cr.maneuver("bite"), None) is A
    assert damage_type(cr.maneuver("strike"), None) is L
    assert damage_type(cr.maneuver("strike"), B) is B


# Step 5 — the damage roll: difficulty 6, one level per success, never a botch, never below
# one die (V20 p. 291; cheat sheet "урон не проваливается").
ROLLS = [
    (3, [6, 9, 2], 2),
    (3, [1, 1, 1], 0),
    (2, [10, 1], 0),  # ones still cancel, but it is no botch
    (0, [7], 1),  # a pool of none still throws one die
]


@pytest.mark.parametrize(("pool", "faces", "levels"), ROLLS)
def test_roll_damage(pool: int, faces: list[int], levels: int) -> None:
    result = roll_damage(ctx(), pool, faces)
    assert (result.successes, result.botch) == (levels, False)


def test_roll_damage_wants_one_face_per_die() -> None:
    with pytest.raises(CommandError):
        roll_damage(ctx(), 3, [6, 9])


# Step 6 — soak: Stamina against bashing; a mortal soaks no lethal or aggravated; a vampire
# soaks lethal with Stamina + Fortitude and aggravated with Fortitude alone (V20 p. 272-273).
SOAKS = [
    (BOB, B, 2),
    (BOB, L, 0),
    (BOB, A, 0),
    (sheet("Marcus", Kind.VAMPIRE, stamina=3, fortitude=1), B, 4),
    (sheet("Marcus", Kind.VAMPIRE, stamina=3, fortitude=1), L, 4),
    (sheet("Marcus", Kind.VAMPIRE, stamina=3, fortitude=1), A, 1),
]


@pytest.mark.parametrize(("target", "dtype", "pool"), SOAKS)
def test_soak_dice(target: Character, dtype: DamageType, pool: int) -> None:
    assert soak_dice(target, dtype, Source.WEAPON) == pool


# Step 7 — apply: soak rolled, a vampire's bashing halved after soak (rounded down), the
# track marked, dazing when more levels than Stamina get through (V20 p. 272-285).
APPLY = [
    ("vampire", 4, B, [8, 2, 3, 4], 1, True),  # 4 - 1 soaked = 3, halved: 1
    ("vampire", 4, L, [8, 2, 3, 4], 3, False),
    ("vampire", 3, A, [9], 2, False),
    ("mortal", 3, B, [6, 2], 2, False),
    ("mortal", 3, L, [], 3, False),  # no soak against lethal: no faces
]


@pytest.mark.parametrize(("kind", "levels", "dtype", "faces", "taken", "halved"), APPLY)
def test_apply_hit(
    kind: str, levels: int, dtype: DamageType, faces: list[int], taken: int, halved: bool
) -> None:
    if kind == "vampire":
        target = sheet("Marcus", Kind.VAMPIRE, stamina=3, fortitude=1)
    else:
        target = sheet("Bob", Kind.MORTAL, stamina=2)
    _, data = apply_hit(ctx(), target, levels, dtype, Source.WEAPON, faces or None)
    assert (data["taken"], data["halved"]) == (taken, halved)


def test_apply_hit_dazes_past_stamina_in_a_fight() -> None:
    target = sheet("Bob", Kind.MORTAL, stamina=1)
    _, data = apply_hit(ctx(), target, 3, L, Source.WEAPON, None, fighting=True)
    assert data["dazed"] is True  # 3 levels against Stamina 1
    _, data = apply_hit(ctx(), target, 3, L, Source.WEAPON, None)
    assert data["dazed"] is False  # outside a fight there is no action to lose


def test_after_effects_stake_knockdown_hold() -> None:
    vampire = sheet("Marcus", Kind.VAMPIRE, stamina=3)
    staked, said = after_effects(vampire, cr.maneuver("punch"), True, 3)
    assert staked.staked and [m.key for m in said] == ["combat.staked"]
    not_yet, said = after_effects(vampire, cr.maneuver("punch"), True, 2)
    assert not not_yet.staked and said == []
    mortal, said = after_effects(BOB, cr.maneuver("punch"), True, 5)
    assert not mortal.staked  # a stake paralyses vampires only
    _, said = after_effects(BOB, cr.maneuver("sweep"), False, 1)
    assert [m.key for m in said] == ["combat.knocked_down"]
    _, said = after_effects(BOB, cr.maneuver("clinch"), False, 1)
    assert [m.key for m in said] == ["combat.held"]


def test_the_combat_state_round_trips_its_json() -> None:
    fight = CombatState.start(["marcus", "bob"])
    data = fight.to_dict()
    assert list(data)[:4] == ["round", "participants", "dazed", "phase"]
    assert CombatState.from_dict(data) == fight
    later = replace(fight, standing={"bob": Standing("dodge", 2)}).count_defence("bob")
    assert CombatState.from_dict(later.to_dict()) == later
    assert later.to_dict()["defences"] == {"bob": 1}
