"""Scoring one roll, with explicit faces (RULES.md §1 "Dice"; V20 p. 264-267)."""

from __future__ import annotations

import random

import pytest

from elysium.rules import (
    DARK_AGES,
    DEMON,
    V20,
    Outcome,
    RollKind,
    RollRequest,
    RulesError,
    SeededDice,
    TypedDice,
    automatic_success,
    forgive_botch,
    roll,
    roll_faces,
    score,
)
from elysium.rules.profiles import RerolledOnes
from elysium.rules.tables import DEGREES, DIFFICULTY_NAMES, degree_of, difficulty_name

# faces, difficulty, specialty, willpower -> net successes, botch, degree
# Each row cites the rule of RULES.md §1 it checks.
SCORING = [
    # a die succeeds on face >= difficulty
    ([6, 7, 8], 6, False, False, 3, False, "complete"),
    ([5, 4, 3], 6, False, False, 0, False, None),
    # a 10 always succeeds, even at difficulty 10
    ([10], 10, False, False, 1, False, "marginal"),
    ([9, 9], 10, False, False, 0, False, None),
    # difficulty 2: every face but 1 succeeds
    ([2, 2, 1], 2, False, False, 1, False, "marginal"),
    # each 1 cancels one success
    ([8, 8, 1], 6, False, False, 1, False, "marginal"),
    ([10, 1], 6, False, False, 0, False, None),
    # a botch: no die succeeded and at least one 1
    ([1, 1, 5], 6, False, False, 0, True, None),
    ([1], 6, False, False, 0, True, None),
    # one success rolled prevents a botch, even when 1s outnumber it
    ([1, 1, 7], 6, False, False, 0, False, None),
    # specialty: a 10 counts as two successes
    ([10, 10, 1], 6, True, False, 3, False, "complete"),
    ([10, 10, 1], 6, False, False, 1, False, "marginal"),
    ([10, 1, 1, 1], 6, True, False, 0, False, None),
    ([10, 9], 6, True, False, 3, False, "complete"),
    # Willpower: one success that 1s cannot cancel, and never a botch
    ([1, 1, 2], 6, False, True, 1, False, "marginal"),
    ([6, 6, 1, 1, 1], 6, False, True, 1, False, "marginal"),
    ([8, 8, 8], 6, False, True, 4, False, "exceptional"),
    # degrees: 5 and more are phenomenal
    ([6, 6, 6, 6, 6], 6, False, False, 5, False, "phenomenal"),
    ([7] * 9, 6, False, False, 9, False, "phenomenal"),
]


@pytest.mark.parametrize(("faces", "diff", "spec", "wp", "net", "botch", "degree"), SCORING)
def test_scoring_table(faces, diff, spec, wp, net, botch, degree) -> None:
    request = RollRequest(len(faces), diff, specialty=spec, willpower=wp)
    result = score(request, faces)
    assert result.successes == net
    assert result.botch is botch
    assert result.degree == degree
    expected = Outcome.BOTCH if botch else Outcome.SUCCESS if net else Outcome.FAILURE
    assert result.outcome is expected
    assert result.dice == tuple(faces)


def test_rolled_successes_and_ones_are_reported() -> None:
    result = score(RollRequest(5, 6, specialty=True), [10, 8, 1, 4, 6])
    assert result.rolled_successes == 4  # 10 (x2) + 8 + 6
    assert result.cancelling_ones == 1
    assert result.successes == 3


# RULES.md §1: damage and soak rolls never botch; a damage pool is never below 1 die;
# by default their 1s still cancel, with a house rule to stop that.
@pytest.mark.parametrize(
    ("kind", "pool", "faces", "ones_cancel", "net"),
    [
        (RollKind.DAMAGE, 3, [1, 1, 3], True, 0),
        (RollKind.SOAK, 3, [1, 2, 3], True, 0),
        (RollKind.DAMAGE, 2, [6, 1], True, 0),
        (RollKind.DAMAGE, 2, [6, 1], False, 1),
        (RollKind.SOAK, 3, [7, 8, 1], False, 2),
        (RollKind.DAMAGE, 0, [7], True, 1),  # pool 0 still rolls one die
        (RollKind.DAMAGE, -2, [1], True, 0),
        (RollKind.SOAK, 0, [], True, 0),  # no soak dice: nothing rolled
    ],
)
def test_damage_and_soak_never_botch(kind, pool, faces, ones_cancel, net) -> None:
    profile = V20.with_house(ones_cancel_on_damage=ones_cancel)
    result = score(RollRequest(pool, 6, kind=kind), faces, profile=profile)
    assert result.botch is False
    assert result.successes == net
    assert result.outcome is not Outcome.BOTCH


def test_damage_pool_never_below_one_die() -> None:
    assert RollRequest(0, kind=RollKind.DAMAGE).dice == 1
    assert RollRequest(-3, kind=RollKind.DAMAGE).dice == 1
    assert RollRequest(0, kind=RollKind.SOAK).dice == 0
    with pytest.raises(RulesError, match="1 die but 0 faces were given"):
        score(RollRequest(0, kind=RollKind.DAMAGE), [])


# RULES.md §1 / §2: automatic success is pool >= difficulty (V20, Dark Ages) or
# pool > difficulty (Demon), and counts as one marginal success.
@pytest.mark.parametrize(
    ("profile", "pool", "diff", "allowed"),
    [
        (V20, 6, 6, True),
        (V20, 5, 6, False),
        (DARK_AGES, 6, 6, True),
        (DARK_AGES, 4, 5, False),
        (DEMON, 6, 6, False),
        (DEMON, 7, 6, True),
        (V20, 10, 10, True),
    ],
)
def test_automatic_success_by_profile(profile, pool, diff, allowed) -> None:
    request = RollRequest(pool, diff)
    assert profile.auto_success_allowed(pool, diff) is allowed
    if allowed:
        result = automatic_success(request, profile)
        assert (result.successes, result.degree, result.automatic) == (1, "marginal", True)
        assert result.dice == ()
    else:
        with pytest.raises(RulesError, match="automatic success needs a pool"):
            automatic_success(request, profile)


def test_forgiven_first_botch_is_a_failure_with_the_same_dice() -> None:
    botched = score(RollRequest(3, 6), [1, 3, 4])
    assert botched.botch
    forgiven = forgive_botch(botched)
    assert forgiven.outcome is Outcome.FAILURE
    assert forgiven.forgiven and not forgiven.botch
    assert forgiven.dice == botched.dice
    plain = score(RollRequest(3, 6), [7, 3, 4])
    assert forgive_botch(plain) is plain


# RULES.md §1 optional rule of ten (Dark Ages ch. 4): each 10 is rolled again; what a
# rerolled 1 does is a setting.
@pytest.mark.parametrize(
    ("dice", "rerolls", "ones", "net"),
    [
        ([10, 3], [8], RerolledOnes.IGNORE, 2),
        ([10, 3], [4], RerolledOnes.IGNORE, 1),
        ([10, 3], [10, 1], RerolledOnes.IGNORE, 2),  # a rerolled 10 is rolled again
        ([10, 3], [10, 1], RerolledOnes.CANCEL, 1),
        ([10, 1], [7], RerolledOnes.IGNORE, 1),  # a first-throw 1 still cancels
        ([5, 1], [], RerolledOnes.IGNORE, 0),
    ],
)
def test_rule_of_ten(dice, rerolls, ones, net) -> None:
    profile = DARK_AGES.with_house(rule_of_ten=True, rule_of_ten_ones=ones)
    result = score(RollRequest(len(dice), 6), dice, rerolls, profile)
    assert result.successes == net
    assert result.rerolls == tuple(rerolls)
    typed = roll_faces(RollRequest(len(dice), 6), [*dice, *rerolls], profile)
    assert typed == result


def test_rule_of_ten_needs_one_reroll_per_ten() -> None:
    profile = V20.with_house(rule_of_ten=True)
    with pytest.raises(RulesError, match="needs 2 rerolled dice"):
        score(RollRequest(2, 6), [10, 10], [7], profile)
    with pytest.raises(RulesError, match="only used with the rule of ten"):
        score(RollRequest(2, 6), [10, 3], [7], V20)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: RollRequest(0, 6), "cannot be attempted"),
        (lambda: RollRequest(-1, 6), "cannot be attempted"),
        (lambda: RollRequest(101, 6), "at most 100"),
        (lambda: RollRequest(5, 1), "from 2 to 10"),
        (lambda: RollRequest(5, 11), "from 2 to 10"),
        (lambda: RollRequest(5, 6, willpower=True, kind=RollKind.DAMAGE), "Willpower"),
        (lambda: score(RollRequest(2, 6), [0, 5]), "from 1 to 10"),
        (lambda: score(RollRequest(2, 6), [11, 5]), "from 1 to 10"),
        (lambda: score(RollRequest(3, 6), [5, 5]), "3 dice but 2 faces"),
        (lambda: roll_faces(RollRequest(2, 6), [5, 5, 5]), "uses 2 faces but 3 were"),
        (lambda: TypedDice([3]).draw(2), "needs 2 faces but 1 was"),
    ],
)
def test_bad_input_is_refused_with_a_reason(make, message) -> None:
    with pytest.raises(RulesError, match=message):
        make()


def test_seeded_dice_repeat_and_leave_global_random_alone() -> None:
    random.seed(1234)
    expected_global = random.random()
    random.seed(1234)
    first = SeededDice(7).draw(20)
    assert random.random() == expected_global  # the module-level generator was not used
    assert SeededDice(7).draw(20) == first
    assert SeededDice(8).draw(20) != first
    assert all(1 <= f <= 10 for f in first)


def test_generated_and_typed_dice_score_identically() -> None:
    request = RollRequest(12, 7, specialty=True)
    generated = roll(request, SeededDice(99))
    typed = roll_faces(request, generated.dice)
    assert typed == generated


def test_rule_of_ten_draws_rerolls_from_the_same_source() -> None:
    profile = V20.with_house(rule_of_ten=True)
    # 10 on the first die, its reroll a 10, whose reroll a 6; the second die a 2.
    result = roll(RollRequest(2, 6), TypedDice([10, 2, 10, 6]), profile)
    assert result.dice == (10, 2)
    assert result.rerolls == (10, 6)
    assert result.successes == 3


def test_degree_and_difficulty_tables() -> None:
    # RULES.md §1: 1 marginal ... 5+ phenomenal; difficulty names 3-9, none for 2 and 10.
    assert DEGREES == ("marginal", "moderate", "complete", "exceptional", "phenomenal")
    assert [degree_of(n) for n in range(0, 7)] == [None, *DEGREES, "phenomenal"]
    assert sorted(DIFFICULTY_NAMES) == list(range(3, 10))
    assert difficulty_name(2) is None and difficulty_name(10) is None
    assert difficulty_name(6) == "standard"


def test_to_dict_has_the_json_fields() -> None:
    data = score(RollRequest(3, 6), [1, 3, 4]).to_dict()
    assert data["outcome"] == "botch" and data["botch"] is True
    assert data["degree"] is None and data["dice"] == [1, 3, 4]
    data = score(RollRequest(2, 6), [8, 9]).to_dict()
    assert (data["outcome"], data["degree"], data["successes"]) == ("success", "moderate", 2)
