"""Exact odds of a roll, as fractions (RULES.md §1).

Each die is a small generating function in ``x`` (successes) and ``y`` (cancelling 1s)::

    G = f + s·x + t·x^w + y/10                             plain roll
    G = (f + s·x + y/10) / (1 − t·x^w)                     rule of ten, rerolled 1s cancel
    G = (f + s·x + y/10 + (1 − y)·x^w/100) / (1 − t·x^w)   rule of ten, rerolled 1s ignored

with ``t = 1/10`` (a 10), ``s`` the other successful faces, ``f`` the faces that do nothing
and ``w`` = 2 for a specialty 10, 1 otherwise. The pool's distribution is ``G^n``; ``y``
enters linearly, so ``G^n`` expands binomially in ``y`` and the whole table costs a few
thousand integer operations even for 100 dice. Every probability is an exact
:class:`~fractions.Fraction`; with the rule of ten the chains of rerolls make the successes
unbounded, so the listed counts are exact and the remainder is reported as ``"more"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from elysium.rules.dice import RollKind, RollRequest
from elysium.rules.profiles import V20, Profile, RerolledOnes

BOTCH = "botch"
MORE = "more"
# With the rule of ten the successes have no upper bound: the distribution is listed up to
# the point where what is left is below this, and the exact remainder is reported as "more".
TAIL = Fraction(1, 10**12)


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact chances of a roll. ``distribution`` maps ``"botch"`` and net successes (and
    ``"more"`` beyond the last listed count, with the rule of ten) to probabilities that
    sum to exactly 1."""

    request: RollRequest
    distribution: dict[str | int, Fraction]
    expected_successes: Fraction

    @property
    def p_botch(self) -> Fraction:
        return self.distribution.get(BOTCH, Fraction(0))

    @property
    def p_failure(self) -> Fraction:
        return self.distribution.get(0, Fraction(0))

    @property
    def p_success(self) -> Fraction:
        return 1 - self.p_botch - self.p_failure

    def p_at_least(self, successes: int) -> Fraction:
        """Chance of at least this many net successes (``successes`` ≥ 1)."""
        if successes <= 0:
            return 1 - self.p_botch if successes == 0 else Fraction(1)
        total = sum(
            (p for k, p in self.distribution.items() if isinstance(k, int) and k >= successes),
            Fraction(0),
        )
        return total + self.distribution.get(MORE, Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        """Floats for JSON; keys are ``"botch"``, ``"0"``, ``"1"``, …"""
        req = self.request
        return {
            "pool": req.pool,
            "difficulty": req.difficulty,
            "specialty": req.specialty,
            "willpower": req.willpower,
            "kind": req.kind.value,
            "p_success": float(self.p_success),
            "p_failure": float(self.p_failure),
            "p_botch": float(self.p_botch),
            "expected_successes": float(self.expected_successes),
            "distribution": {str(k): float(p) for k, p in self.distribution.items()},
        }


def odds(request: RollRequest, profile: Profile = V20) -> Odds:
    """The exact distribution of net successes and botch for ``request`` under ``profile``."""
    n = request.dice
    d = request.difficulty
    w = 2 if request.specialty else 1
    house = profile.house
    ten = house.rule_of_ten
    ones_count = request.kind is RollKind.ACTION or house.ones_cancel_on_damage

    if n == 0:  # a soak pool of 0: nothing is rolled
        return Odds(request, {0: Fraction(1)}, Fraction(0))

    # Integer numerators over 100 (so the rule of ten's 1/100 term stays whole).
    scale = 100
    plain = (10 - d) * 10 if d < 10 else 0  # faces d..9
    idle = (d - 2) * 10  # faces 2..d-1
    a_poly = [0] * (w + 1)  # A(x): the y-free part of one die's numerator
    b_poly = [10]  # B(x): the part multiplied by y (a cancelling 1)
    a_poly[0] += idle
    a_poly[1] += plain
    if not ten:
        a_poly[w] += 10  # t = 1/10
    elif house.rule_of_ten_ones is RerolledOnes.IGNORE:
        # A reroll's 1 ends the chain and does nothing: (1 − y)·x^w/100.
        a_poly[w] += 1
        b_poly = [10] + [0] * (w - 1) + [-1]

    # joint[o] = coefficients (by successes) of the terms with o ones, over scale**n:
    # (A + y·B)^n = Σ C(n, o) · B^o · A^(n−o) · y^o.
    a_pows = [[1]]
    b_pows = [[1]]
    for _ in range(n):
        a_pows.append(_mul(a_pows[-1], a_poly))
        b_pows.append(_mul(b_pows[-1], b_poly))
    joint = [[comb(n, o) * c for c in _mul(b_pows[o], a_pows[n - o])] for o in range(n + 1)]
    denominator = scale**n

    if ten:
        cancel = house.rule_of_ten_ones is RerolledOnes.CANCEL
        return _with_rule_of_ten(request, joint, denominator, n, w, ones_count, cancel)

    counts: dict[str | int, int] = {}
    total_net = 0
    for o, row in enumerate(joint):
        for s, c in enumerate(row):
            if not c:
                continue
            key, net = _classify(request, s, o, ones_count)
            counts[key] = counts.get(key, 0) + c
            total_net += net * c
    dist = {k: Fraction(v, denominator) for k, v in _ordered(counts)}
    return Odds(request, dist, Fraction(total_net, denominator))


def _classify(request: RollRequest, s: int, o: int, ones_count: bool) -> tuple[str | int, int]:
    """Bucket for ``s`` rolled successes and ``o`` ones, and the net successes it scores."""
    cancel = o if ones_count else 0
    net = max(0, s - cancel)
    if request.willpower:
        return net + 1, net + 1
    if request.can_botch and s == 0 and o > 0:
        return BOTCH, 0
    return net, net


def _with_rule_of_ten(
    request: RollRequest,
    joint: list[list[int]],
    denominator: int,
    n: int,
    w: int,
    ones_count: bool,
    reroll_ones_cancel: bool,
) -> Odds:
    """Multiply in the chains of rerolled 10s, ``(1 − x^w/10)^−n``, up to the tail bound.

    The listed buckets are exact; only the unbounded remainder is lumped into ``"more"``.
    """
    shift = 1 if request.willpower else 0
    limit = max(len(r) for r in joint) + n + 8
    while True:
        # Net k with o ones needs s = k + o successes: with successes below ``limit`` every
        # net count up to ``top`` is complete.
        table, scale = _series_table(joint, n, w, limit)
        top = limit - 1 - (n if ones_count else 0)
        counts: dict[str | int, int] = {}
        for o, row in enumerate(table):
            for s, c in enumerate(row):
                if not c:
                    continue
                key, _net = _classify(request, s, o, ones_count)
                if isinstance(key, int) and key > top + shift:
                    continue
                counts[key] = counts.get(key, 0) + c
        whole = denominator * scale
        remainder = Fraction(whole - sum(counts.values()), whole)
        if remainder < TAIL:
            break
        limit *= 2
    dist: dict[str | int, Fraction] = {k: Fraction(v, whole) for k, v in _ordered(counts)}
    # Fold the vanishing top counts into "more" so the listing stays readable.
    while True:
        k = max(key for key in dist if isinstance(key, int))
        if k <= shift or remainder + dist[k] >= TAIL:
            break
        remainder += dist.pop(k)
    if remainder:
        dist[MORE] = remainder

    # E[net] = E[S] − E[O] + E[max(0, O − S)]: the first two by linearity (geometric
    # chains), the last a finite sum because only s < o ≤ n contributes.
    d = request.difficulty
    t = Fraction(1, 10)
    plain = Fraction(10 - d, 10) if d < 10 else Fraction(0)
    chain = (t * w + plain) / (1 - t)  # expected successes of the rerolls after one 10
    expected = n * (plain + t * (w + chain))
    if ones_count:
        chain_ones = Fraction(1, 10) / (1 - t) if reroll_ones_cancel else Fraction(0)
        expected -= n * (Fraction(1, 10) + t * chain_ones)
        low, low_scale = _series_table(joint, n, w, n + 1)
        deficit = sum(
            (o - s) * row[s] for o, row in enumerate(low) for s in range(min(o, len(row)))
        )
        expected += Fraction(deficit, denominator * low_scale)
    return Odds(request, dist, expected + shift)


def _series_table(
    joint: list[list[int]], n: int, w: int, limit: int
) -> tuple[list[list[int]], int]:
    """``joint`` times ``(1 − x^w/10)^−n`` for successes below ``limit``, as integers over
    the returned extra scale (a power of 10)."""
    top_m = (limit - 1) // w
    scale = 10**top_m
    series = [0] * limit
    for m in range(top_m + 1):
        series[m * w] = comb(m + n - 1, m) * 10 ** (top_m - m)
    table = []
    for row in joint:
        out = [0] * limit
        for i, c in enumerate(row[:limit]):
            if c:
                for j in range(0, limit - i, w):
                    out[i + j] += c * series[j]
        table.append(out)
    return table, scale


def _mul(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


def _ordered(counts: dict[str | int, Any]) -> list[tuple[str | int, Any]]:
    """``botch`` first, then net successes ascending."""
    keys = sorted(k for k in counts if isinstance(k, int))
    head = [(BOTCH, counts[BOTCH])] if BOTCH in counts else []
    return head + [(k, counts[k]) for k in keys]
