"""Compound actions: resisted, extended, extended + resisted, teamwork, multiple actions and
the retry penalty (RULES.md §1 "Compound actions"; V20 p. 268-270).

Each takes scored :class:`~elysium.rules.dice.RollResult` values and returns a new immutable
value; nothing here throws dice, so the chronicle can log every roll and replay it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from elysium.rules.dice import RollResult
from elysium.rules.errors import RulesError
from elysium.rules.profiles import V20, ExtendedBotch, MultipleActions, Profile
from elysium.rules.tables import MAX_DIFFICULTY


@dataclass(frozen=True, slots=True)
class Contest:
    """A resisted roll: each side's net successes cancel the other's (V20 p. 268).

    ``winner`` is 0 for the first side, 1 for the second, None when nobody gains ground;
    ``margin`` is the winner's successes left over.
    """

    successes: tuple[int, int]
    winner: int | None
    margin: int


def resisted(first: RollResult, second: RollResult) -> Contest:
    """Compare two rolls; a botched side simply has no successes to cancel with."""
    a, b = _net(first), _net(second)
    if a == b:
        return Contest((a, b), None, 0)
    return Contest((a, b), 0 if a > b else 1, abs(a - b))


class Progress(StrEnum):
    GOING = "going"
    DONE = "done"  # the target was reached
    FAILED = "failed"  # a botch ended the attempt


@dataclass(frozen=True, slots=True)
class Extended:
    """An extended action: the same roll repeated until ``target`` successes (V20 p. 268)."""

    target: int
    accumulated: int = 0
    rolls: int = 0
    botches: int = 0
    state: Progress = Progress.GOING

    def __post_init__(self) -> None:
        if self.target < 1:
            raise RulesError("actions.extended_target", target=self.target)


def extended_step(
    action: Extended,
    result: RollResult,
    profile: Profile = V20,
    on_botch: ExtendedBotch | None = None,
) -> Extended:
    """Add one roll. A botch loses what was gathered (or ends the attempt: ST's choice)."""
    if action.state is not Progress.GOING:
        raise RulesError("actions.extended_over", state=action.state.value)
    policy = on_botch or profile.extended_botch
    if result.botch:
        if policy is ExtendedBotch.END:
            return replace(
                action, rolls=action.rolls + 1, botches=action.botches + 1, state=Progress.FAILED
            )
        return replace(action, accumulated=0, rolls=action.rolls + 1, botches=action.botches + 1)
    total = action.accumulated + result.successes
    state = Progress.DONE if total >= action.target else Progress.GOING
    return replace(action, accumulated=total, rolls=action.rolls + 1, state=state)


@dataclass(frozen=True, slots=True)
class ExtendedContest:
    """Extended + resisted: both sides roll each interval; first to ``target`` wins."""

    target: int
    totals: tuple[int, int] = (0, 0)
    rounds: int = 0
    winner: int | None = None

    def __post_init__(self) -> None:
        if self.target < 1:
            raise RulesError("actions.contest_target", target=self.target)


def contest_step(
    contest: ExtendedContest,
    first: RollResult,
    second: RollResult,
    profile: Profile = V20,
) -> ExtendedContest:
    """One interval. V20 / Dark Ages: the side with net successes left adds them. Demon
    (seed 001): each side adds its own successes, uncancelled. A tie at the target goes to
    nobody yet: another interval is rolled."""
    if contest.winner is not None:
        raise RulesError("actions.contest_decided")
    a, b = _net(first), _net(second)
    if profile.contest_cancels:
        a, b = max(0, a - b), max(0, b - a)
    totals = (contest.totals[0] + a, contest.totals[1] + b)
    winner = None
    reached = [i for i in (0, 1) if totals[i] >= contest.target]
    if len(reached) == 1:
        winner = reached[0]
    elif len(reached) == 2 and totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
    return replace(contest, totals=totals, rounds=contest.rounds + 1, winner=winner)


@dataclass(frozen=True, slots=True)
class Teamwork:
    """Several characters on one task: successes add, pools never do (V20 p. 269)."""

    successes: int
    botch: bool
    botched_by: tuple[int, ...]  # indices of the participants who botched


def teamwork(results: Sequence[RollResult], profile: Profile = V20) -> Teamwork:
    """Add the participants' successes; one botch spoils it all (unless the ST says not)."""
    if not results:
        raise RulesError("actions.teamwork_empty")
    botched = tuple(i for i, r in enumerate(results) if r.botch)
    if botched and profile.house.teamwork_botch_spoils:
        return Teamwork(0, True, botched)
    return Teamwork(sum(_net(r) for r in results), False, botched)


def multiple_action_pools(
    pools: Sequence[int],
    profile: Profile = V20,
    split: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Dice for each of several actions declared in one turn (V20 p. 264; DA, Demon ch. 4).

    V20 takes the smallest declared pool and splits it among the actions, as the player
    chooses (``split``) or as evenly as possible. Dark Ages and Demon take N dice from the
    first action, N + 1 from the second, and so on. A result of 0 means that action cannot be
    attempted. Celerity's extra actions are not passed here: they keep their full pools.
    """
    if len(pools) < 2:
        raise RulesError("actions.multiple_too_few")
    if any(p < 0 for p in pools):
        raise RulesError("actions.pool_negative")
    n = len(pools)
    if profile.multiple_actions is MultipleActions.SUBTRACT:
        if split is not None:
            raise RulesError("actions.no_split", title=profile.title, profile=profile.key)
        return tuple(max(0, p - (n + i)) for i, p in enumerate(pools))
    smallest = min(pools)
    if split is None:
        base, extra = divmod(smallest, n)
        return tuple(base + (1 if i < extra else 0) for i in range(n))
    if len(split) != n:
        raise RulesError("actions.split_count", n=n, given=len(split))
    if any(s < 0 for s in split) or sum(split) != smallest:
        raise RulesError("actions.split_sum", smallest=smallest, total=sum(split))
    return tuple(split)


def retry_difficulty(difficulty: int, earlier_failures: int, profile: Profile = V20) -> int | None:
    """Difficulty of another try after failures at the same task (V20 p. 268).

    +1 per earlier failure when the house rule is on. Past 10 the task cannot succeed any
    more (Dark Ages / Demon ch. 4): that is None, not an error. Not for combat or other
    one-shot actions; the caller decides which tasks are retried.
    """
    if earlier_failures < 0:
        raise RulesError("actions.failures_negative")
    if not profile.house.retry_penalty:
        return difficulty
    raised = difficulty + earlier_failures
    return raised if raised <= MAX_DIFFICULTY else None


def _net(result: RollResult) -> int:
    return 0 if result.botch else result.successes
