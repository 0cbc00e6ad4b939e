"""Combat rules as data and pure functions (RULES.md §4; V20 p. 290-301)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from elysium.rules import DARK_AGES, DEMON, V20, RulesError
from elysium.rules import combat as cr
from elysium.rules.character import Armour, new_character, set_trait
from elysium.rules.health import DamageType, HealthTrack
from elysium.rules.traits import Kind

B, L, A = DamageType.BASHING, DamageType.LETHAL, DamageType.AGGRAVATED

# RULES.md §4 maneuver tables: key, traits, accuracy, difficulty, damage, type, knockdown, holds.
MELEE = [
    ("block", "dexterity", ("brawl",), None, 0, "none", None, False, False),
    ("throw", "strength", ("brawl",), 0, 1, "str+1", B, True, False),
    ("grapple", "strength", ("brawl",), 0, 0, "none", None, False, True),
    ("clinch", "strength", ("brawl",), 0, 0, "str", B, False, True),
    ("parry", "dexterity", ("melee",), None, 0, "none", None, False, False),
    ("sweep", "dexterity", ("brawl", "melee"), 0, 1, "str", B, True, False),
    ("disarm", "dexterity", ("melee",), 0, 1, "special", None, False, False),
    ("claw", "dexterity", ("brawl",), 0, 0, "str+1", A, False, False),
    ("kick", "dexterity", ("brawl",), 0, 1, "str+1", B, False, False),
    ("strike", "dexterity", ("melee",), 0, 0, "weapon", None, False, False),
    ("punch", "dexterity", ("brawl",), 0, 0, "str", B, False, False),
    ("dodge", "dexterity", ("athletics",), None, 0, "none", None, False, False),
    ("bite", "dexterity", ("brawl",), 1, 0, "str+1", A, False, False),
]
RANGED = [
    ("rapid", None, 0, "weapon"),
    ("auto", 10, 2, "weapon"),
    ("burst", 2, 1, "weapon"),
    ("spray", 10, 2, "special"),
    ("twoguns", 0, 0, "weapon"),
]


@pytest.mark.parametrize(
    ("key", "attr", "abilities", "acc", "diff", "damage", "dtype", "knock", "holds"), MELEE
)
def test_melee_maneuvers(key, attr, abilities, acc, diff, damage, dtype, knock, holds) -> None:
    m = cr.maneuver(key)
    assert (m.attribute, m.abilities, m.accuracy, m.difficulty) == (attr, abilities, acc, diff)
    assert (m.damage, m.damage_type, m.knockdown, m.holds) == (damage, dtype, knock, holds)
    assert m.defence is (key in ("block", "parry", "dodge"))


@pytest.mark.parametrize(("key", "acc", "diff", "damage"), RANGED)
def test_ranged_maneuvers(key, acc, diff, damage) -> None:
    m = cr.maneuver(key)
    assert (m.attribute, m.abilities) == ("dexterity", ("firearms",))
    assert (m.accuracy, m.difficulty, m.damage) == (acc, diff, damage)


def test_russian_and_english_maneuver_names() -> None:
    assert cr.maneuver("укус").key == "bite"
    assert cr.maneuver("Full Auto").key == "auto"
    assert cr.maneuver("удар-рукой").key == "punch"
    with pytest.raises(RulesError, match="unknown maneuver 'headbutt'"):
        cr.maneuver("headbutt")


def test_attack_pools_table() -> None:
    assert cr.ATTACK_POOLS == {
        "unarmed": ("dexterity", "brawl"),
        "melee": ("dexterity", "melee"),
        "firearms": ("dexterity", "firearms"),
        "thrown": ("dexterity", "athletics"),
    }
    assert cr.maneuver("hurl").abilities == ("athletics",)


def fighter(**traits):
    c = new_character("Marcus", Kind.VAMPIRE, 10)
    for name, value in traits.items():
        c = set_trait(c, name, value)
    return c


def test_initiative_with_wounds_and_celerity() -> None:
    c = fighter(dexterity=3, wits=2, celerity=2)
    assert cr.initiative(c, 7) == 7 + 5 + 2
    assert cr.initiative(c, 7, celerity_spent=1) == 7 + 5 + 1
    hurt = replace(c, health=HealthTrack(lethal=4))  # Wounded: -2
    assert cr.initiative(hurt, 7, celerity_spent=2) == 7 + 5 - 2
    assert cr.initiative(c, None, fixed=True) == 6 + 5 + 2
    with pytest.raises(RulesError, match="2 dots of Celerity, not 3"):
        cr.initiative(c, 7, celerity_spent=3)


def test_ties_go_to_the_rating_then_act_together() -> None:
    groups = cr.acting_order([("a", 10, 5), ("b", 12, 4), ("c", 10, 6), ("d", 10, 5)])
    assert groups == [["b"], ["c"], ["a", "d"]]


# RULES.md §4 modifiers: (modifiers, pool change, difficulty).
MODIFIERS = [
    (cr.Modifiers(), 0, 6),
    (cr.Modifiers(flank=True), 1, 6),
    (cr.Modifiers(rear=True), 2, 6),
    (cr.Modifiers(aim="limb"), 0, 7),
    (cr.Modifiers(aim="head"), 0, 8),
    (cr.Modifiers(aim="heart"), 0, 9),
    (cr.Modifiers(outnumbered=1), 0, 6),  # one opponent: no penalty
    (cr.Modifiers(outnumbered=3), 0, 8),  # three: +1 for each beyond the first
    (cr.Modifiers(outnumbered=7), 0, 10),  # at most +4
    (cr.Modifiers(cover="prone"), 0, 7),
    (cr.Modifiers(cover="wall"), 0, 8),
    (cr.Modifiers(cover="head"), 0, 9),
    (cr.Modifiers(blinded=True), 0, 8),
    (cr.Modifiers(target_blinded=True), 2, 6),
    (cr.Modifiers(held=True), 2, 6),
    (cr.Modifiers(stake=True), 0, 9),
    (cr.Modifiers(difficulty=1), 0, 7),
]


@pytest.mark.parametrize(("mods", "dice", "difficulty"), MODIFIERS)
def test_each_modifier(mods, dice, difficulty) -> None:
    c = fighter(dexterity=3, brawl=2)
    plan = cr.plan_attack(c, cr.maneuver("punch"), mods, profile=V20)
    assert (plan.pool, plan.difficulty) == (5 + dice, difficulty)


def test_aim_adds_damage_and_the_notes_name_everything() -> None:
    c = replace(fighter(dexterity=3, brawl=2), health=HealthTrack(bashing=2))
    plan = cr.plan_attack(c, cr.maneuver("kick"), cr.Modifiers(aim="eye", rear=True), profile=V20)
    assert (plan.pool, plan.difficulty, plan.damage_bonus) == (5 + 2 - 1, 6 + 1 + 3, 2)
    notes = [str(n) for n in plan.notes]
    assert any("wounds -1" in n for n in notes) and any("rear +2" in n for n in notes)


def test_too_hard_and_defences_are_refused() -> None:
    c = fighter(dexterity=3, brawl=2)
    with pytest.raises(RulesError, match="above 10"):
        cr.plan_attack(c, cr.maneuver("kick"), cr.Modifiers(aim="heart", cover="wall"), profile=V20)
    with pytest.raises(RulesError, match="is a defence"):
        cr.plan_attack(c, cr.maneuver("dodge"), cr.Modifiers(), profile=V20)


def test_v20_split_versus_dark_ages_subtraction() -> None:
    c = fighter(dexterity=3, brawl=3)  # 6 dice
    v20 = [
        cr.plan_attack(
            c, cr.maneuver("punch"), cr.Modifiers(), multiple=2, action_index=i, profile=V20
        ).pool
        for i in range(2)
    ]
    da = [
        cr.plan_attack(
            c, cr.maneuver("punch"), cr.Modifiers(), multiple=2, action_index=i, profile=DARK_AGES
        ).pool
        for i in range(2)
    ]
    assert v20 == [3, 3]  # the pool split between the two actions
    assert da == [4, 3]  # 6 - 2, then 6 - 3
    demon = cr.plan_attack(
        c, cr.maneuver("punch"), cr.Modifiers(), multiple=3, action_index=2, profile=DEMON
    )
    assert demon.pool == 1  # 6 - (3 + 2)
    celerity = cr.plan_attack(
        c,
        cr.maneuver("punch"),
        cr.Modifiers(),
        multiple=2,
        action_index=1,
        profile=V20,
        extra_action=True,
    )
    assert celerity.pool == 6  # Celerity's extra actions do not split


def test_block_restriction() -> None:
    plain = fighter(dexterity=2, brawl=2)
    block, punch, strike = cr.maneuver("block"), cr.maneuver("punch"), cr.maneuver("strike")
    assert cr.defence_applies(plain, block, punch, B) is None
    assert "only stops bashing" in str(cr.defence_applies(plain, block, strike, L))
    tough = set_trait(plain, "fortitude", 1)
    assert cr.defence_applies(tough, block, strike, L) is None
    armoured = replace(plain, armour=Armour("vest", 2, 1))
    assert cr.defence_applies(armoured, block, strike, L) is None
    assert "melee" in str(cr.defence_applies(plain, block, cr.maneuver("shoot"), L))
    assert "melee" in str(cr.defence_applies(plain, cr.maneuver("parry"), cr.maneuver("shoot"), L))
    assert cr.defence_applies(plain, cr.maneuver("dodge"), cr.maneuver("shoot"), L) is None


def test_further_defences_cost_a_die_each() -> None:
    c = fighter(dexterity=3, athletics=2)
    dodge = cr.maneuver("dodge")
    assert [cr.defence_pool(c, dodge, n)[0] for n in range(3)] == [5, 4, 3]


def test_damage_pool_extra_successes_potence_and_weapons() -> None:
    c = fighter(strength=3, potence=2)
    assert cr.damage_pool(c, cr.maneuver("punch"), 0, 0)[0] == 5  # Str 3 + Potence 2
    assert cr.damage_pool(c, cr.maneuver("bite"), 2, 0)[0] == 8  # +1, +2 extra successes
    assert cr.damage_pool(c, cr.maneuver("kick"), 0, 1)[0] == 7  # +1 aim
    assert cr.damage_pool(c, cr.maneuver("strike"), 1, 0, (True, 2))[0] == 8
    assert cr.damage_pool(c, cr.maneuver("shoot"), 3, 0, (False, 4))[0] == 7
    weak = fighter(strength=0)
    assert cr.damage_pool(weak, cr.maneuver("punch"), 0, 0)[0] == 1  # never below 1 die
    with pytest.raises(RulesError, match="needs a weapon"):
        cr.damage_pool(c, cr.maneuver("strike"), 0, 0)


@pytest.mark.parametrize(("attack", "defence", "net"), [(4, 1, 3), (2, 2, 0), (1, 3, 0)])
def test_resisted_attack(attack, defence, net) -> None:
    assert cr.net_attack(attack, defence) == net
