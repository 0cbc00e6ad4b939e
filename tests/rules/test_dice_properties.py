"""Invariants of the dice engine, checked with hypothesis (STYLE.md "Tests")."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from elysium.rules import DARK_AGES, DEMON, V20, RollKind, RollRequest, SeededDice, odds, roll
from elysium.rules.odds import BOTCH

profiles = st.sampled_from([V20, DARK_AGES, DEMON])
difficulties = st.integers(min_value=2, max_value=10)


@st.composite
def faces_and_request(draw):
    kind = draw(st.sampled_from(list(RollKind)))
    pool = draw(st.integers(min_value=1, max_value=20))
    willpower = draw(st.booleans()) if kind is RollKind.ACTION else False
    request = RollRequest(
        pool, draw(difficulties), specialty=draw(st.booleans()), willpower=willpower, kind=kind
    )
    return request, draw(st.integers(min_value=0, max_value=2**32))


@given(faces_and_request(), profiles, st.booleans())
@settings(max_examples=300, deadline=None)
def test_roll_invariants(case, profile, ones_cancel) -> None:
    request, seed = case
    profile = profile.with_house(ones_cancel_on_damage=ones_cancel)
    result = roll(request, SeededDice(seed), profile)
    succeeded = [f for f in result.dice if f >= request.difficulty or f == 10]
    assert result.successes >= 0
    if result.botch:
        assert not succeeded and 1 in result.dice
        assert result.successes == 0
    if request.willpower:
        assert not result.botch and result.successes >= 1
    if request.kind is not RollKind.ACTION:
        assert not result.botch
    assert result.successes <= result.rolled_successes + (1 if request.willpower else 0)
    assert len(result.dice) == request.dice


@given(
    st.integers(min_value=1, max_value=30),
    difficulties,
    st.booleans(),
    st.booleans(),
    st.sampled_from(list(RollKind)),
)
@settings(max_examples=150, deadline=None)
def test_odds_sum_to_one_and_cover_every_roll(pool, diff, spec, wp, kind) -> None:
    wp = wp and kind is RollKind.ACTION
    request = RollRequest(pool, diff, specialty=spec, willpower=wp, kind=kind)
    result = odds(request)
    assert sum(result.distribution.values()) == 1
    assert all(p >= 0 for p in result.distribution.values())
    assert result.p_success + result.p_failure + result.p_botch == 1
    if wp or kind is not RollKind.ACTION:
        assert result.p_botch == 0
    # Every roll actually thrown lands on an outcome the odds give a chance to.
    thrown = roll(request, SeededDice(pool * 100 + diff))
    key = BOTCH if thrown.botch else thrown.successes
    assert result.distribution.get(key, Fraction(0)) > 0


@given(st.integers(min_value=1, max_value=8), difficulties, st.booleans(), st.booleans())
@settings(max_examples=60, deadline=None)
def test_rule_of_ten_odds_sum_to_one(pool, diff, spec, cancel) -> None:
    profile = V20.with_house(rule_of_ten=True, rule_of_ten_ones="cancel" if cancel else "ignore")
    result = odds(RollRequest(pool, diff, specialty=spec), profile)
    assert sum(result.distribution.values()) == 1
    assert result.p_botch == odds(RollRequest(pool, diff, specialty=spec)).p_botch
