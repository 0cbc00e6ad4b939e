"""Frenzy, Rötschreck, degeneration, urges (RULES.md §7), with explicit faces."""

from __future__ import annotations

from dataclasses import replace

import pytest

from elysium.i18n import t
from elysium.rules import RollRequest, RulesError, score
from elysium.rules.beast import (
    FRENZY_REMINDERS,
    ROTSCHRECK_REMINDERS,
    beast_request,
    beast_urges,
    calm,
    conscience_difficulty,
    degenerate,
    degeneration_request,
    frenzy_pool,
    needs_degeneration_roll,
    resist,
    rotschreck_pool,
    sin_at,
    start_frenzy,
    start_rotschreck,
)
from elysium.rules.beast_state import BeastKind, BeastState
from elysium.rules.character import Character, new_character, set_trait
from elysium.rules.health import HealthTrack
from elysium.rules.traits import Kind


def vamp(**kw) -> Character:
    c = new_character("Marcus", Kind.VAMPIRE, 10)
    c = set_trait(c, "self-control", 4)
    c = set_trait(c, "courage", 3)
    c = set_trait(c, "conscience", 3)
    return replace(c, **kw)


def faces(request: RollRequest, *f: int):
    return score(request, f)


@pytest.mark.parametrize(
    ("self_control", "humanity", "blood", "pool"),
    [(4, 7, 13, 4), (4, 3, 13, 3), (4, 7, 2, 2), (4, 7, 0, 0)],
)
def test_frenzy_pool_capped_by_humanity_and_blood(self_control, humanity, blood, pool) -> None:
    c = vamp(morality_rating=humanity, blood=blood)
    c = set_trait(c, "self-control", self_control)
    assert frenzy_pool(c) == pool


def test_rotschreck_pool_capped_by_humanity() -> None:
    assert rotschreck_pool(vamp(morality_rating=2)) == 2
    assert rotschreck_pool(vamp()) == 3


def test_frenzy_accumulates_across_turns_and_resists_at_five() -> None:
    c = start_frenzy(vamp(), 6)
    req = beast_request(c, BeastKind.FRENZY)
    assert (req.pool, req.difficulty) == (4, 6)
    c = resist(c, BeastKind.FRENZY, faces(req, 7, 8, 2, 3))  # 2 successes: 2 turns bought
    assert (c.frenzy.accumulated, c.frenzy.turns_bought, c.frenzy.state) == (
        2,
        2,
        BeastState.RESISTING,
    )
    c = resist(c, BeastKind.FRENZY, faces(req, 9, 2, 2, 3))
    assert c.frenzy.accumulated == 3
    c = resist(c, BeastKind.FRENZY, faces(req, 9, 10, 2, 3))
    assert (c.frenzy.state, c.frenzy.rolls, c.frenzied) == (BeastState.RESISTED, 3, False)


def test_frenzy_failure_after_bought_turns() -> None:
    c = start_frenzy(vamp(), 7)
    req = beast_request(c, BeastKind.FRENZY)
    c = resist(c, BeastKind.FRENZY, faces(req, 8, 2, 2, 3))
    c = resist(c, BeastKind.FRENZY, faces(req, 8, 1, 2, 3))  # cancelled: a failure
    assert (c.frenzy.state, c.frenzied, c.frenzy.botched) == (BeastState.SUCCUMBED, True, False)
    with pytest.raises(RulesError, match="no frenzy check in progress"):
        beast_request(c, BeastKind.FRENZY)


def test_frenzy_botch_lasts_as_the_storyteller_says() -> None:
    c = start_frenzy(vamp(), 6)
    req = beast_request(c, BeastKind.FRENZY)
    c = resist(c, BeastKind.FRENZY, faces(req, 1, 2, 3, 4))
    assert c.frenzied and c.frenzy.botched
    assert calm(c).frenzy is None


def test_instinct_always_frenzies() -> None:
    c = set_trait(vamp(), "instinct", 3)
    c = start_frenzy(c, 6)
    assert c.frenzied and c.frenzy.automatic and c.frenzy.rolls == 0


def test_frenzy_makes_rotschreck_impossible() -> None:
    c = start_frenzy(set_trait(vamp(), "instinct", 3), 6)
    with pytest.raises(RulesError, match="immune to Rötschreck"):
        start_rotschreck(c, 7)


def test_rotschreck_check() -> None:
    c = start_rotschreck(vamp(), 7)
    req = beast_request(c, BeastKind.ROTSCHRECK)
    assert (req.pool, req.difficulty) == (3, 7)
    c = resist(c, BeastKind.ROTSCHRECK, faces(req, 2, 3, 4))
    assert c.in_rotschreck


def test_no_pool_no_resistance() -> None:
    c = start_frenzy(vamp(blood=0), 6)
    with pytest.raises(RulesError, match="pool 0"):
        beast_request(c, BeastKind.FRENZY)


def test_conscience_difficulty_option() -> None:
    assert conscience_difficulty(vamp()) == 6  # 9 - 3
    assert conscience_difficulty(set_trait(vamp(), "conscience", 5)) == 4


def test_reminders_have_words_in_both_languages() -> None:
    for key in FRENZY_REMINDERS + ROTSCHRECK_REMINDERS:
        assert t(key, "en") != key and t(key, "ru") != key


# Degeneration (RULES.md §7).
@pytest.mark.parametrize(
    ("humanity", "sin", "needed"), [(7, 7, True), (7, 8, False), (7, 3, True), (3, 4, False)]
)
def test_degeneration_needed(humanity, sin, needed) -> None:
    assert needs_degeneration_roll(vamp(morality_rating=humanity), sin) is needed


def test_sin_table_bounds() -> None:
    assert sin_at(7) == "theft"
    with pytest.raises(RulesError, match="1 to 10"):
        sin_at(11)


@pytest.mark.parametrize(
    ("dice", "humanity", "conscience", "derangement"),
    [
        ((8, 9, 2), 7, 3, False),  # success: Humanity holds
        ((2, 3, 7), 7, 3, False),  # 7 is below difficulty 8: failure, Humanity -1
        ((1, 3, 7), 6, 2, True),  # botch: -1 Humanity, -1 Conscience, a derangement
    ],
)
def test_degeneration_outcomes(dice, humanity, conscience, derangement) -> None:
    c = vamp()
    req = degeneration_request(c)
    assert (req.pool, req.difficulty, req.willpower) == (3, 8, False)
    out = degenerate(c, score(req, dice))
    expected_humanity = 7 if dice == (8, 9, 2) else 6
    assert out.character.morality_rating == expected_humanity
    assert out.character.conscience == conscience
    assert out.derangement is derangement
    assert out.character.derangements == ()  # the Storyteller names it (issue 14)
    assert (out.character.derangements_due == 1) is derangement


def test_degeneration_refuses_willpower_and_ends_at_zero() -> None:
    c = vamp(morality_rating=1)
    with pytest.raises(RulesError, match="Willpower cannot"):
        degenerate(c, score(RollRequest(3, 8, willpower=True), [2, 2, 2]))
    out = degenerate(c, score(RollRequest(3, 8), [2, 2, 2]))
    assert out.character.morality_rating == 0 and out.character.lost


def test_urges_at_humanity_four() -> None:
    assert beast_urges(vamp(morality_rating=4)) and not beast_urges(vamp(morality_rating=5))


def test_beast_checks_are_reflexive_so_wounds_do_not_shrink_them() -> None:
    c = start_frenzy(vamp(health=HealthTrack(lethal=6)), 6)
    assert beast_request(c, BeastKind.FRENZY).pool == 4
