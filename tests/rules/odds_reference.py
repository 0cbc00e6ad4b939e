"""The first odds engine, kept as the reference the fast one must equal fraction for fraction.

:func:`elysium.rules.odds.odds` builds the rule of ten's series into each die's polynomial
and raises it to the pool's power by a recurrence; this is the engine it replaced (the pool's
two-variable polynomial times the series, row by row), which the brute-force enumerations
in ``test_odds.py`` checked first. Slow for big pools with the rule of ten, exact always.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from elysium.rules.dice import RollKind, RollRequest
from elysium.rules.odds import BOTCH, MORE, TAIL, Odds, _ordered
from elysium.rules.profiles import V20, Profile, RerolledOnes


def reference_odds(request: RollRequest, profile: Profile = V20) -> Odds:
    """The odds as the first engine computed them: ``G^n`` expanded in ``x`` and ``y``, then
    each row multiplied by the rerolls' series (cubic in the pool)."""
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
