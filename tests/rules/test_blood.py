"""Blood: spending, boosts, blush, sunset, starvation, healing, feeding, bonds (RULES.md §5)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from elysium.rules import RulesError
from elysium.rules.blood import (
    aggravated_heal_cost,
    blush_cost,
    blush_of_life,
    bonded_to,
    boost,
    drain_vessel,
    drink_from_kindred,
    end_scene,
    feed,
    gain_blood,
    heal_aggravated_with_blood,
    heal_with_blood,
    new_night,
    new_turn,
    spend_blood,
    stop_feeding_request,
    sunset,
    vessel_blood,
)
from elysium.rules.character import Character, new_character, set_trait, with_path
from elysium.rules.health import HealthTrack, Status
from elysium.rules.traits import Kind


def vamp(gen: int = 10, **kw) -> Character:
    return replace(new_character("Marcus", Kind.VAMPIRE, gen), **kw)


def test_per_turn_limit() -> None:
    c = vamp(13)  # 1 per turn
    c = spend_blood(c, 1)
    with pytest.raises(RulesError, match=r"already spent 1 of 1 blood this turn \(generation 13\)"):
        spend_blood(c, 1)
    c = new_turn(c)
    assert spend_blood(c, 1).blood == 8
    eighth = vamp(8)  # 3 per turn
    assert spend_blood(eighth, 3).blood == 12
    with pytest.raises(RulesError, match="3 blood per turn"):
        spend_blood(eighth, 4)


def test_not_enough_blood_and_who_may_spend() -> None:
    with pytest.raises(RulesError, match="has 0 blood"):
        spend_blood(vamp(blood=0), 1)
    with pytest.raises(RulesError, match="mortal"):
        spend_blood(new_character("Bob", Kind.MORTAL), 1)
    torpid = vamp(health=HealthTrack(lethal=7), blood=0)
    with pytest.raises(RulesError, match="torpor"):
        spend_blood(replace(torpid, blood=1, health=replace(torpid.health, condition="torpor")), 1)
    down = vamp(health=HealthTrack(lethal=7), blood=5)
    with pytest.raises(RulesError, match="may only heal"):
        spend_blood(down, 1)
    assert heal_with_blood(down, 1).health.lethal == 6  # but healing is allowed


def test_gain_blood_stops_at_the_maximum() -> None:
    assert gain_blood(vamp(blood=10), 3).blood == 13
    with pytest.raises(RulesError, match="only 1 more"):
        gain_blood(vamp(blood=12), 3)


def test_boost_cap_and_fade() -> None:
    c = set_trait(vamp(4), "strength", 5)  # 4th generation: 10 blood a turn, trait max 9
    c = boost(c, "strength", 5)  # 10: above the safe cap of 9 + 1 = 10? no: exactly 10
    assert c.trait("strength") == 10
    with pytest.raises(RulesError, match="no trait goes above 10"):
        boost(new_turn(c), "strength", 1)

    n = set_trait(vamp(8), "dexterity", 4)  # 8th: 3 a turn, trait max 5, safe cap 6
    n = boost(n, "dexterity", 3)  # 7: one above the safe cap
    assert n.trait("dexterity") == 7
    for _ in range(2):
        n = new_turn(n)
    assert n.trait("dexterity") == 7
    n = new_turn(n)  # three turns later the excess fades by 1
    assert n.trait("dexterity") == 6
    for _ in range(9):
        n = new_turn(n)
    assert n.trait("dexterity") == 6  # never below the safe cap in the scene
    assert end_scene(n).trait("dexterity") == 4


def test_boost_only_physical_attributes() -> None:
    with pytest.raises(RulesError, match="Strength, Dexterity or Stamina"):
        boost(vamp(), "charisma", 1)


@pytest.mark.parametrize(("humanity", "cost"), [(7, 1), (5, 3), (8, 0), (10, 0), (2, 6)])
def test_blush_cost(humanity, cost) -> None:
    assert blush_cost(vamp(morality_rating=humanity)) == cost


def test_blush_paid_over_turns_and_only_with_humanity() -> None:
    c = vamp(13, morality_rating=5)  # 3 blood at 1 per turn
    c = blush_of_life(c)
    assert (c.blush, c.blush_paid, c.blood) == (False, 1, 9)
    c = blush_of_life(new_turn(c))
    c = blush_of_life(new_turn(c))
    assert (c.blush, c.blood) == (True, 7)
    with pytest.raises(RulesError, match="needs Humanity"):
        blush_of_life(with_path(vamp(), "Path of Night", 6))


def test_sunset() -> None:
    c, damage = sunset(vamp(blood=4))
    assert (c.blood, damage) == (3, 0)
    starving, damage = sunset(vamp(blood=0))
    assert (starving.blood, damage, starving.health.lethal) == (0, 1, 1)
    torpid = vamp(blood=0, health=HealthTrack(lethal=7))
    assert torpid.status() is Status.TORPOR
    after, damage = sunset(torpid)
    assert (after.blood, damage, after.health) == (0, 0, torpid.health)
    bob = new_character("Bob", Kind.MORTAL)
    assert sunset(bob) == (bob, 0)


def test_healing_with_blood() -> None:
    c = vamp(8, health=HealthTrack(bashing=2, lethal=2))
    healed = heal_with_blood(c, 3)
    assert (healed.health.lethal, healed.health.bashing, healed.blood) == (0, 1, 12)
    with pytest.raises(RulesError, match="already spent 3 of 3 blood this turn"):
        heal_with_blood(healed, 1)  # the turn's limit is used up
    with pytest.raises(RulesError, match="1 blood per turn"):
        heal_with_blood(vamp(13, health=HealthTrack(lethal=3)), 2)
    with pytest.raises(RulesError, match="no bashing or lethal damage"):
        heal_with_blood(vamp(health=HealthTrack(aggravated=2)), 1)


@pytest.mark.parametrize(("levels", "blood", "wp"), [(1, 5, 0), (2, 10, 1), (3, 15, 2)])
def test_aggravated_heal_cost(levels, blood, wp) -> None:
    assert aggravated_heal_cost(levels) == (blood, wp)


def test_aggravated_healing_needs_a_days_rest() -> None:
    c = vamp(8, health=HealthTrack(aggravated=3), willpower=3, willpower_points=3)
    with pytest.raises(RulesError, match="day's rest"):
        heal_aggravated_with_blood(c, 1)
    rested = new_night(c)
    healed = heal_aggravated_with_blood(rested, 2)
    assert (healed.health.aggravated, healed.blood, healed.willpower_points) == (1, 5, 2)
    with pytest.raises(RulesError, match="day's rest"):
        heal_aggravated_with_blood(healed, 1)


def test_feeding_limits_and_the_human_vessel() -> None:
    c = vamp(10, blood=4)
    fed = feed(c, 3, 10)
    assert (fed.feeder.blood, fed.vessel_left, fed.vessel_damage) == (7, 7, 1)
    with pytest.raises(RulesError, match="at most 3 blood per turn"):
        feed(fed.feeder, 1, fed.vessel_left)
    fed2 = feed(new_turn(fed.feeder), 3, fed.vessel_left)
    assert (fed2.vessel_left, fed2.vessel_damage) == (4, 3)
    safe = feed(c, 2, 10)
    assert safe.vessel_damage == 0
    with pytest.raises(RulesError, match="only 1 more"):
        feed(vamp(10, blood=12), 2, 10)
    with pytest.raises(RulesError, match="only 1 blood left"):
        feed(c, 2, 1)
    animal = feed(c, 2, vessel_blood("dog"), human=False)
    assert (animal.vessel_left, animal.vessel_damage) == (0, 0)
    assert vessel_blood("rat") == Fraction(1, 4)


def test_draining_a_mortal_character() -> None:
    bob = new_character("Bob", Kind.MORTAL)
    fed = feed(vamp(10, blood=2), 3, bob.blood)
    bob = drain_vessel(bob, fed)
    assert (bob.blood, bob.health.lethal) == (7, 1)


def test_stopping_the_kiss_and_blood_bonds() -> None:
    c = vamp(willpower=4, willpower_points=4)
    request = stop_feeding_request(c)
    assert (request.pool, request.difficulty) == (4, 8)
    for _ in range(2):
        c = drink_from_kindred(c, "Vykos")
    assert bonded_to(c) == []
    c = drink_from_kindred(c, "Vykos")
    assert bonded_to(c) == ["Vykos"]
    assert drink_from_kindred(c, "Vykos").bonds["Vykos"] == 3
