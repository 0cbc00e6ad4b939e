"""Exact odds (RULES.md §1), checked against brute-force enumeration of every face
combination for pools up to 5."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from elysium.rules import DEMON, V20, RollKind, RollRequest, odds, score
from elysium.rules.odds import BOTCH, MORE
from elysium.rules.profiles import RerolledOnes
from tests.rules.odds_reference import reference_odds


def _multisets(n: int) -> Counter:
    """Every one of the 10**n face combinations, grouped by the multiset it forms (a roll's
    result does not depend on the order of its dice)."""
    return Counter(tuple(sorted(f)) for f in itertools.product(range(1, 11), repeat=n))


MULTISETS = {n: _multisets(n) for n in range(1, 6)}


def _brute(request: RollRequest, profile=V20) -> tuple[dict, Fraction]:
    counts: Counter = Counter()
    total = 0
    for faces, weight in MULTISETS[request.dice].items():
        result = score(request, faces, profile=profile)
        counts[BOTCH if result.botch else result.successes] += weight
        total += weight * result.successes
    denominator = 10**request.dice
    return {k: Fraction(v, denominator) for k, v in counts.items()}, Fraction(total, denominator)


@pytest.mark.parametrize("pool", range(1, 6))
@pytest.mark.parametrize("diff", range(2, 11))
@pytest.mark.parametrize(
    ("spec", "wp"), [(False, False), (True, False), (False, True), (True, True)]
)
def test_odds_match_enumeration(pool, diff, spec, wp) -> None:
    request = RollRequest(pool, diff, specialty=spec, willpower=wp)
    exact = odds(request)
    brute, expected = _brute(request)
    assert {k: v for k, v in exact.distribution.items() if v} == brute
    assert exact.expected_successes == expected
    assert sum(exact.distribution.values()) == 1


@pytest.mark.parametrize("pool", range(1, 5))
@pytest.mark.parametrize("kind", [RollKind.DAMAGE, RollKind.SOAK])
@pytest.mark.parametrize("ones_cancel", [True, False])
def test_damage_odds_match_enumeration(pool, kind, ones_cancel) -> None:
    profile = V20.with_house(ones_cancel_on_damage=ones_cancel)
    request = RollRequest(pool, 6, kind=kind)
    exact = odds(request, profile)
    brute, expected = _brute(request, profile)
    assert exact.p_botch == 0
    assert {k: v for k, v in exact.distribution.items() if v} == brute
    assert exact.expected_successes == expected


def _rule_of_ten_paths(n: int, diff: int, spec: bool, ones: RerolledOnes, max_rerolls: int):
    """Every throw and every chain of rerolls with at most ``max_rerolls`` rerolls in all."""
    profile = V20.with_house(rule_of_ten=True, rule_of_ten_ones=ones)
    request = RollRequest(n, diff, specialty=spec)
    out: Counter = Counter()

    def extend(dice, rerolls, pending, p):
        if pending == 0:
            r = score(request, dice, rerolls, profile)
            out[BOTCH if r.botch else r.successes] += p
            return
        if len(rerolls) >= max_rerolls:
            return  # the truncated mass has at least max_rerolls + 1 successes
        for face in range(1, 11):
            extend(dice, (*rerolls, face), pending - 1 + (face == 10), p / 10)

    for dice in itertools.product(range(1, 11), repeat=n):
        extend(dice, (), dice.count(10), Fraction(1, 10**n))
    return out


@pytest.mark.parametrize("n", [1, 2])
@pytest.mark.parametrize("diff", [6, 10])
@pytest.mark.parametrize("spec", [False, True])
@pytest.mark.parametrize("ones", list(RerolledOnes))
def test_rule_of_ten_odds_match_enumeration(n, diff, spec, ones) -> None:
    max_rerolls = 4
    brute = _rule_of_ten_paths(n, diff, spec, ones, max_rerolls)
    exact = odds(
        RollRequest(n, diff, specialty=spec),
        V20.with_house(rule_of_ten=True, rule_of_ten_ones=ones),
    )
    assert exact.p_botch == brute[BOTCH]
    # Paths cut off had more than max_rerolls successes, so counts up to
    # max_rerolls - n are complete in the enumeration.
    for k in range(0, max_rerolls - n + 1):
        assert exact.distribution.get(k, 0) == brute[k], k
    assert sum(exact.distribution.values()) == 1
    assert MORE in exact.distribution or exact.distribution  # the tail is accounted for


def test_rule_of_ten_expected_value_matches_a_direct_sum() -> None:
    # One die at difficulty 6: E = 0.4·1 + 0.1·(1 + E_chain) − 0.1 for the 1;
    # E_chain = (0.1·1 + 0.4) / 0.9 = 5/9.
    profile = V20.with_house(rule_of_ten=True)
    exact = odds(RollRequest(1, 6), profile)
    assert exact.expected_successes == Fraction(4, 10) + Fraction(1, 10) * (1 + Fraction(5, 9))


def test_difficulty_ten_botches_small_pools_less() -> None:
    # RULES.md §1: at difficulty 10 one die botches 10%, six or seven about 27%.
    assert odds(RollRequest(1, 10)).p_botch == Fraction(1, 10)
    assert 0.26 < float(odds(RollRequest(7, 10)).p_botch) < 0.28
    assert odds(RollRequest(2, 10)).p_botch > odds(RollRequest(1, 10)).p_botch


def test_willpower_removes_the_botch_and_adds_one() -> None:
    plain = odds(RollRequest(4, 7))
    with_wp = odds(RollRequest(4, 7, willpower=True))
    assert with_wp.p_botch == 0 and with_wp.p_failure == 0
    assert with_wp.distribution[1] == plain.distribution[0] + plain.p_botch
    assert with_wp.expected_successes == plain.expected_successes + 1


def test_fifty_dice_with_a_specialty_reach_a_hundred_successes() -> None:
    """(How fast: ``bench/costs_bench.py``.)"""
    request = RollRequest(50, 7, specialty=True)
    result = odds(request)
    assert sum(result.distribution.values()) == 1
    assert max(k for k in result.distribution if isinstance(k, int)) == 100
    slow = reference_odds(request, V20)
    assert list(result.distribution.items()) == list(slow.distribution.items())


def test_json_floats_stay_within_1e9_of_exact() -> None:
    result = odds(RollRequest(13, 8, specialty=True))
    data = result.to_dict()
    assert abs(data["p_botch"] - float(result.p_botch)) < 1e-9
    for key, value in result.distribution.items():
        assert abs(data["distribution"][str(key)] - value) < 1e-9
    assert abs(sum(data["distribution"].values()) - 1) < 1e-9


def test_p_at_least() -> None:
    result = odds(RollRequest(3, 6))
    assert result.p_at_least(1) == result.p_success
    assert result.p_at_least(3) == result.distribution[3] == Fraction(1, 8)
    assert result.p_at_least(4) == 0


def test_profile_does_not_change_the_dice_only_the_automatic_success() -> None:
    assert odds(RollRequest(6, 6), DEMON).distribution == odds(RollRequest(6, 6)).distribution


REFERENCE_PROFILES = {
    "plain": V20,
    "ten": V20.with_house(rule_of_ten=True),
    "ten-cancel": V20.with_house(rule_of_ten=True, rule_of_ten_ones=RerolledOnes.CANCEL),
    "damage-ones": V20.with_house(ones_cancel_on_damage=True),
    "ten-damage-ones": V20.with_house(rule_of_ten=True, ones_cancel_on_damage=True),
}


@pytest.mark.parametrize("profile", list(REFERENCE_PROFILES), ids=list(REFERENCE_PROFILES))
@pytest.mark.parametrize("kind", list(RollKind))
def test_the_fast_engine_equals_the_reference_fraction_for_fraction(profile, kind) -> None:
    """The series built into each die (one recurrence) against the first engine (the pool's
    polynomial times the series, row by row): the same fractions, in the same order."""
    house = REFERENCE_PROFILES[profile]
    action = kind is RollKind.ACTION
    options = list(itertools.product([False, True], repeat=2)) if action else [(False, False)]
    for pool in [1, 2, 3, 4, 5, 7, 10, 16, 20] if action else [1, 2, 3, 6, 11]:
        for diff in range(2, 11):
            for spec, wp in options:
                request = RollRequest(pool, diff, specialty=spec, willpower=wp, kind=kind)
                fast, slow = odds(request, house), reference_odds(request, house)
                assert list(fast.distribution.items()) == list(slow.distribution.items()), request
                assert fast.expected_successes == slow.expected_successes, request


def test_a_hundred_dice_with_the_rule_of_ten_equal_the_reference() -> None:
    house = V20.with_house(rule_of_ten=True)
    request = RollRequest(100, 6)
    fast, slow = odds(request, house), reference_odds(request, house)
    assert list(fast.distribution.items()) == list(slow.distribution.items())
    assert fast.expected_successes == slow.expected_successes


def test_a_hundred_dice_with_the_rule_of_ten_and_a_specialty_equal_the_reference() -> None:
    """(How fast: ``bench/costs_bench.py``.)"""
    house = V20.with_house(rule_of_ten=True)
    request = RollRequest(100, 6, specialty=True)
    fast, slow = odds(request, house), reference_odds(request, house)
    assert list(fast.distribution.items()) == list(slow.distribution.items())
    assert fast.expected_successes == slow.expected_successes
    assert sum(fast.distribution.values()) == 1
