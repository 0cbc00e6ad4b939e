"""Compound actions (RULES.md §1 "Compound actions"; V20 p. 268-270; DA and Demon ch. 4)."""

from __future__ import annotations

import pytest

from elysium.rules import DARK_AGES, DEMON, V20, RollRequest, RulesError, score
from elysium.rules.actions import (
    Extended,
    ExtendedContest,
    Progress,
    contest_step,
    extended_step,
    multiple_action_pools,
    resisted,
    retry_difficulty,
    teamwork,
)
from elysium.rules.profiles import ExtendedBotch


def r(*faces: int, diff: int = 6):
    return score(RollRequest(len(faces), diff), faces)


# Resisted: each side's successes cancel the other's; equal means nobody gains ground.
@pytest.mark.parametrize(
    ("a", "b", "winner", "margin"),
    [
        ((8, 9, 7, 2), (6, 3, 3), 0, 2),
        ((6, 3), (8, 9, 10), 1, 2),
        ((7, 7), (8, 8), None, 0),
        ((1, 3), (2, 3), None, 0),  # a botch has no successes to cancel with
        ((1, 3), (7, 3), 1, 1),
    ],
)
def test_resisted(a, b, winner, margin) -> None:
    contest = resisted(r(*a), r(*b))
    assert (contest.winner, contest.margin) == (winner, margin)


def test_extended_accumulates_to_the_target() -> None:
    action = Extended(target=5)
    action = extended_step(action, r(7, 8, 2))
    assert (action.accumulated, action.state) == (2, Progress.GOING)
    action = extended_step(action, r(9, 9, 9))
    assert (action.accumulated, action.rolls, action.state) == (5, 2, Progress.DONE)
    with pytest.raises(RulesError, match="already done"):
        extended_step(action, r(7))


@pytest.mark.parametrize(
    ("profile", "policy", "state", "kept"),
    [
        (V20, None, Progress.GOING, 0),  # V20 default: the gathered successes are lost
        (V20, ExtendedBotch.END, Progress.FAILED, 3),
        (DEMON, None, Progress.FAILED, 3),  # Demon: the ST may refuse another try
        (DEMON, ExtendedBotch.RESTART, Progress.GOING, 0),
    ],
)
def test_extended_botch(profile, policy, state, kept) -> None:
    action = extended_step(Extended(target=6), r(7, 8, 9), profile)
    action = extended_step(action, r(1, 2, 3), profile, on_botch=policy)
    assert (action.state, action.accumulated, action.botches) == (state, kept, 1)


def test_extended_and_resisted_v20_adds_net_successes() -> None:
    contest = ExtendedContest(target=3)
    contest = contest_step(contest, r(8, 8, 8), r(7, 2, 2))  # 3 vs 1 -> first +2
    assert contest.totals == (2, 0) and contest.winner is None
    contest = contest_step(contest, r(7, 2), r(7, 8))  # 1 vs 2 -> second +1
    assert contest.totals == (2, 1)
    contest = contest_step(contest, r(9, 9), r(2, 2))
    assert contest.totals == (4, 1) and contest.winner == 0
    with pytest.raises(RulesError, match="already decided"):
        contest_step(contest, r(9), r(9))


def test_extended_and_resisted_demon_adds_each_sides_own() -> None:
    contest = contest_step(ExtendedContest(target=3), r(8, 8, 8), r(7, 2, 2), DEMON)
    assert contest.totals == (3, 1) and contest.winner == 0
    tie = contest_step(ExtendedContest(target=2), r(8, 8), r(7, 7), DEMON)
    assert tie.totals == (2, 2) and tie.winner is None  # both at the target: roll again


def test_teamwork_adds_successes_and_a_botch_spoils_it() -> None:
    team = teamwork([r(8, 8, 3), r(7, 2)])
    assert (team.successes, team.botch) == (3, False)
    spoiled = teamwork([r(8, 8, 3), r(1, 2)])
    assert (spoiled.successes, spoiled.botch, spoiled.botched_by) == (0, True, (1,))
    lenient = teamwork([r(8, 8, 3), r(1, 2)], V20.with_house(teamwork_botch_spoils=False))
    assert (lenient.successes, lenient.botch) == (2, False)
    with pytest.raises(RulesError):
        teamwork([])


# Multiple actions: V20 splits the smallest pool; Dark Ages and Demon subtract N, N+1, ...
@pytest.mark.parametrize(
    ("profile", "pools", "split", "expected"),
    [
        (V20, [7, 5], None, (3, 2)),
        (V20, [7, 5], [4, 1], (4, 1)),
        (V20, [6, 8, 7], None, (2, 2, 2)),
        (V20, [2, 9, 9], None, (1, 1, 0)),  # an action left with 0 dice cannot be attempted
        (DARK_AGES, [7, 6, 6], None, (4, 2, 1)),  # the book's own example
        (DEMON, [7, 6, 6, 5], None, (3, 1, 0, 0)),
        (DEMON, [5, 5], None, (3, 2)),
    ],
)
def test_multiple_actions(profile, pools, split, expected) -> None:
    assert multiple_action_pools(pools, profile, split) == expected


@pytest.mark.parametrize(
    ("profile", "pools", "split", "message"),
    [
        (V20, [7], None, "at least two"),
        (V20, [7, 5], [4, 2], "exactly the smallest pool, 5"),
        (V20, [7, 5], [5], "each of the 2"),
        (DARK_AGES, [7, 5], [3, 2], "does not split"),
    ],
)
def test_multiple_actions_refused(profile, pools, split, message) -> None:
    with pytest.raises(RulesError, match=message):
        multiple_action_pools(pools, profile, split)


@pytest.mark.parametrize(
    ("diff", "failures", "penalty", "expected"),
    [
        (6, 0, True, 6),
        (6, 1, True, 7),
        (6, 2, True, 8),
        (9, 1, True, 10),
        (9, 2, True, None),  # past 10: the task cannot succeed any more
        (6, 3, False, 6),
    ],
)
def test_retry_penalty(diff, failures, penalty, expected) -> None:
    profile = V20.with_house(retry_penalty=penalty)
    assert retry_difficulty(diff, failures, profile) == expected
