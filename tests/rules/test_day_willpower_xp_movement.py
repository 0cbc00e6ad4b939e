"""Day and torpor (§6), Willpower (§8), experience (§9), movement and feats (§10)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from elysium.rules import RulesError
from elysium.rules.character import Character, from_template, new_character, set_trait
from elysium.rules.day import day_cap, notice_request, torpor_length, wake_request, wake_result
from elysium.rules.experience import (
    Category,
    award,
    category_of,
    chapter_award,
    raise_trait,
    story_award,
    xp_cost,
)
from elysium.rules.health import HealthTrack
from elysium.rules.movement import (
    carry_capacity,
    climb_request,
    door_request,
    encumbrance,
    jump_request,
    jumped_feet,
    lift_request,
    lifting_strength,
    movement,
    swim_request,
    throw_range,
    throw_request,
)
from elysium.rules.traits import Kind
from elysium.rules.willpower import Use, regain_willpower, spend_willpower


def vamp(**kw) -> Character:
    return replace(new_character("Marcus", Kind.VAMPIRE, 10), **kw)


# --- Day and torpor -----------------------------------------------------------------------


def test_by_day_no_pool_exceeds_humanity() -> None:
    c = set_trait(set_trait(vamp(morality_rating=3), "perception", 4), "auspex", 2)
    assert day_cap(c, 6) == 3
    req = notice_request(c)
    assert (req.pool, req.difficulty) == (3, 8)
    assert (wake_request(c).pool, wake_request(c).difficulty) == (3, 8)


@pytest.mark.parametrize(("s", "turns", "scene"), [(0, 0, False), (3, 3, False), (5, 5, True)])
def test_wake_result(s, turns, scene) -> None:
    assert (wake_result(s).turns, wake_result(s).whole_scene) == (turns, scene)


@pytest.mark.parametrize(
    ("rating", "voluntary", "length"),
    [
        (10, False, (1, "day")),
        (7, False, (2, "week")),
        (4, False, (10, "year")),
        (0, False, (1000, "year")),
        (8, True, (Fraction(1, 2), "week")),
        (3, True, (25, "year")),
    ],
)
def test_torpor_length(rating, voluntary, length) -> None:
    assert torpor_length(rating, voluntary) == length


# --- Willpower ----------------------------------------------------------------------------


def test_willpower_success_once_per_turn() -> None:
    c = vamp(willpower=5, willpower_points=3)
    c = spend_willpower(c, Use.SUCCESS)
    assert c.willpower_points == 2
    with pytest.raises(RulesError, match="already spent Willpower"):
        spend_willpower(c, Use.SUCCESS)
    assert spend_willpower(c, Use.BEAST).willpower_points == 1  # other uses still allowed
    with pytest.raises(RulesError, match="no Willpower points"):
        spend_willpower(vamp(willpower=3, willpower_points=0))


def test_willpower_cannot_lift_penalties_when_incapacitated() -> None:
    c = vamp(willpower=3, willpower_points=3, health=HealthTrack(lethal=7))
    with pytest.raises(RulesError, match="incapacitated or in torpor"):
        spend_willpower(c, Use.IGNORE_WOUNDS)


@pytest.mark.parametrize(
    ("reason", "points", "expected"),
    [("story", None, 6), ("waking", None, 2), ("nature", 3, 4), ("outstanding_act", None, 2)],
)
def test_regain(reason, points, expected) -> None:
    c = vamp(willpower=6, willpower_points=1)
    assert regain_willpower(c, reason, points).willpower_points == expected


def test_regain_refusals() -> None:
    with pytest.raises(RulesError, match="1-3"):
        regain_willpower(vamp(willpower=6, willpower_points=1), "nature", 4)
    with pytest.raises(RulesError, match="use one of"):
        regain_willpower(vamp(), "prayer")
    assert regain_willpower(vamp(willpower=2, willpower_points=2), "waking").willpower_points == 2


# --- Experience (RULES.md §9, every row) -------------------------------------------------------


@pytest.mark.parametrize(
    ("category", "current", "caitiff", "cost"),
    [
        (Category.ABILITY, 0, False, 3),
        (Category.CLAN_DISCIPLINE, 0, False, 10),
        (Category.OTHER_DISCIPLINE, 0, True, 10),
        (Category.PATH, 0, False, 7),
        (Category.ATTRIBUTE, 3, False, 12),
        (Category.ABILITY, 2, False, 4),
        (Category.CLAN_DISCIPLINE, 2, False, 10),
        (Category.CLAN_DISCIPLINE, 2, True, 12),
        (Category.OTHER_DISCIPLINE, 2, False, 14),
        (Category.OTHER_DISCIPLINE, 2, True, 12),
        (Category.PATH, 2, False, 8),
        (Category.VIRTUE, 3, False, 6),
        (Category.MORALITY, 6, False, 12),
        (Category.WILLPOWER, 5, False, 5),
    ],
)
def test_xp_costs(category, current, caitiff, cost) -> None:
    assert xp_cost(category, current, caitiff) == cost


def test_xp_spending() -> None:
    c = replace(from_template("Marcus", "ancilla"), xp=20, clan_disciplines=("celerity",))
    assert category_of(c, "celerity") is Category.CLAN_DISCIPLINE
    assert category_of(c, "auspex") is Category.OTHER_DISCIPLINE
    c, cost = raise_trait(c, "celerity")  # 2 x 5
    assert (cost, c.trait("celerity"), c.xp) == (10, 3, 10)
    with pytest.raises(RulesError, match="costs 12 XP"):
        raise_trait(c, "strength")
    before = c.morality_rating, c.willpower
    c, cost = raise_trait(c, "courage")
    assert cost == 6 and (c.morality_rating, c.willpower) == before  # Virtues raise nothing else


def test_awards() -> None:
    assert chapter_award([]) == 1
    assert chapter_award(["learning", "roleplaying", "heroism"]) == 4
    assert chapter_award(["learning", "roleplaying", "heroism"], extra=1) == 5
    with pytest.raises(RulesError, match="1-5"):
        chapter_award(["learning", "roleplaying", "heroism"], extra=2)
    assert story_award(["success", "danger", "wisdom"]) == 3
    with pytest.raises(RulesError, match="unknown story award"):
        story_award(["luck"])
    assert award(vamp(), 4).xp == 4


# --- Movement and feats -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("marks", "walk", "jog", "run"),
    [
        (0, 7, 15, 29),  # Dex 3: jog 12 + 3, run 20 + 9
        (2, 7, 15, 29),
        (3, 7, 14.5, 14.5),  # Injured: top run speed halved
        (4, 7, 0, 0),  # Wounded: walk only
        (5, 3 / 0.9144, 0, 0),  # Mauled: 3 m
        (6, 1 / 0.9144, 0, 0),  # Crippled: 1 m
        (7, 0, 0, 0),
    ],
)
def test_movement_with_wounds(marks, walk, jog, run) -> None:
    m = movement(3, HealthTrack(lethal=marks))
    assert (m.walk, m.jog, m.run) == pytest.approx((walk, jog, run))


def test_moving_more_than_half_the_run_stops_other_actions() -> None:
    assert movement(3, HealthTrack()).acts_freely_up_to == 14.5


def test_feats() -> None:
    c = set_trait(set_trait(vamp(), "strength", 3), "athletics", 2)
    c = set_trait(set_trait(c, "dexterity", 3), "potence", 1)
    assert (climb_request(c).pool, climb_request(c).difficulty) == (5, 6)
    assert climb_request(c, claws=True).difficulty == 4
    assert carry_capacity(c) == 100  # 25 x (3 + 1)
    assert encumbrance(c, 100).difficulty == 0
    assert (encumbrance(c, 110).difficulty, encumbrance(c, 110).speed) == (1, 0.5)
    assert encumbrance(c, 130).speed == 0.25
    assert not encumbrance(c, 200).can_move
    assert (jump_request(c, False).pool, jump_request(c, True).pool) == (3, 5)
    assert jump_request(c, True).difficulty == 3
    assert jumped_feet(3) == (6, 12)
    assert (lift_request(c).difficulty, lifting_strength(c, 2)) == (9, 6)
    req, needed = door_request(c, "castle")
    assert (req.pool, req.difficulty, needed) == (4, 6, 5)
    assert door_request(c, "gate")[0].difficulty == 8
    assert swim_request(c, kindred=True).difficulty == 6
    assert swim_request(c, kindred=False, conditions=2).difficulty == 7
    assert throw_range(c, 2) == 20  # 5 x (3 + 1)
    assert throw_range(c, 7) == 10  # 4 lb over: 10 yards off
    assert throw_request(c, 10, 2).difficulty == 6
    assert throw_request(c, 15, 2).difficulty == 8
    with pytest.raises(RulesError, match="only 20 yards"):
        throw_request(c, 25, 2)
    with pytest.raises(RulesError, match="without Athletics"):
        swim_request(vamp(), kindred=True)
