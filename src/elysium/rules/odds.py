"""Exact odds of a roll, as fractions (RULES.md §1).

Each die is a small generating function in ``x`` (successes) and ``y`` (cancelling 1s)::

    G = f + s·x + t·x^w + y/10                             plain roll
    G = (f + s·x + y/10) / (1 − t·x^w)                     rule of ten, rerolled 1s cancel
    G = (f + s·x + y/10 + (1 − y)·x^w/100) / (1 − t·x^w)   rule of ten, rerolled 1s ignored

with ``t = 1/10`` (a 10), ``s`` the other successful faces, ``f`` the faces that do nothing
and ``w`` = 2 for a specialty 10, 1 otherwise. What a roll scores depends on the successes
less the cancelling 1s, so ``y`` is set to ``1/x`` (to 1 when 1s do not cancel): one die is
then ``P(x) / U(x)`` in ``x`` alone, its chains of rerolled 10s built into it once (``U`` is
1 without the rule of ten), and the pool is ``(P/U)^n``. Its coefficients come one after
another from a linear recurrence (``F' · P · U = n · F · (P'U − PU')``), a few big-integer
operations each, so even 100 dice with the rule of ten answer in milliseconds. A botch (no
success, some 1) has its own closed form. Every probability is an exact
:class:`~fractions.Fraction`; with the rule of ten the successes are unbounded, so the listed
counts are exact and the remainder is reported as ``"more"``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
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

    # One die's numerator in hundredths: A(x) without a 1, B(x) the part a 1 (``y``) takes.
    plain = (10 - d) * 10 if d < 10 else 0  # faces d..9
    idle = (d - 2) * 10  # faces 2..d-1
    a_poly = [0] * (w + 1)
    b_poly = [10]
    a_poly[0] += idle
    a_poly[1] += plain
    if not ten:
        a_poly[w] += 10  # t = 1/10
    elif house.rule_of_ten_ones is RerolledOnes.IGNORE:
        # A reroll's 1 ends the chain and does nothing: (1 − y)·x^w/100.
        a_poly[w] += 1
        b_poly = [10] + [0] * (w - 1) + [-1]
    # y = 1/x (times x, so exponents stay whole: e = successes − ones + n), or y = 1.
    p_poly = _add([0, *a_poly], b_poly) if ones_count else _add(a_poly, b_poly)
    # The rerolls' series 1/(1 − x^w/10) = 10/U, U = 10 − x^w; without the rule of ten, 1.
    u_poly = [10] + [0] * (w - 1) + [-1] if ten else [1]
    lift = 10 if ten else 1  # coefficient e is over 100^n · lift^e
    base = 100**n
    offset = n if ones_count else 0
    shift = 1 if request.willpower else 0
    # No success at all means no 10 and so no reroll: each die a 1 or a failing face.
    p_botch = Fraction((idle + 10) ** n - idle**n, base) if request.can_botch else Fraction(0)

    probs: dict[str | int, Fraction] = {}  # by key (net successes, + 1 with Willpower)
    low = Fraction(0)  # successes − ones at or below 0: net 0 (botch included here)
    deficit = Fraction(0)  # E[max(0, ones − successes)], for the rule of ten's mean
    cum = p_botch  # probability of every key finished so far
    degree = None if ten else n * (len(p_poly) - 1)
    for e, coefficient in enumerate(_power(p_poly, u_poly, n, lift)):
        if degree is not None and e > degree:
            break
        p = Fraction(coefficient, base * lift**e) if coefficient else Fraction(0)
        if e <= offset:
            low += p
            deficit += (offset - e) * p
            if e < offset:
                continue
            p = low - p_botch  # the last of the low exponents: net 0 is complete
        key = e - offset + shift
        if ten and key > shift and p and 1 - cum < TAIL:
            break  # this key and every one above it is less likely than TAIL together
        if p:
            probs[key] = p
        cum += p
    counts: dict[str | int, Fraction] = {BOTCH: p_botch} if p_botch else {}
    counts.update(probs)
    dist = dict(_ordered(counts))
    if not ten:
        expected = sum((int(k) * v for k, v in probs.items()), Fraction(0))
        return Odds(request, dist, expected)
    if 1 - cum:
        dist[MORE] = 1 - cum
    cancel = house.rule_of_ten_ones is RerolledOnes.CANCEL
    return Odds(request, dist, _ten_mean(request, w, ones_count, cancel, deficit) + shift)


def _ten_mean(
    request: RollRequest, w: int, ones_count: bool, reroll_ones_cancel: bool, deficit: Fraction
) -> Fraction:
    """E[net] = E[S] − E[O] + E[max(0, O − S)]: the first two by linearity (geometric
    chains), the last (``deficit``) a finite sum because only successes < ones ≤ n count."""
    n = request.dice
    d = request.difficulty
    t = Fraction(1, 10)
    plain = Fraction(10 - d, 10) if d < 10 else Fraction(0)
    chain = (t * w + plain) / (1 - t)  # expected successes of the rerolls after one 10
    expected = n * (plain + t * (w + chain))
    if ones_count:
        chain_ones = Fraction(1, 10) / (1 - t) if reroll_ones_cancel else Fraction(0)
        expected -= n * (Fraction(1, 10) + t * chain_ones)
        expected += deficit
    return expected


def _power(p: list[int], u: list[int], n: int, lift: int) -> Iterator[int]:
    """The coefficients of ``(P/U)^n`` one after another, each times ``U(0)^n · lift^e``
    (whole numbers for our ``U``). From ``F' · P · U = n · F · (P'U − PU')``: with
    ``M = PU`` and ``N = P'U − PU'``, ``M_0 · e · F_e = n · Σ N_j F_(e−1−j) −
    Σ_(k≥1) M_k (e − k) F_(e−k)``; the division is exact."""
    m = _mul(p, u)
    dn = _add(_mul(_derivative(p), u), [-c for c in _mul(p, _derivative(u))])
    first = p[0] ** n
    done = [first]
    yield first
    e = 0
    while True:
        e += 1
        total = 0
        for j, c in enumerate(dn):
            if c and e - 1 - j >= 0:
                total += n * c * done[e - 1 - j] * lift ** (j + 1)
        for k in range(1, min(e, len(m) - 1) + 1):
            if m[k]:
                total -= m[k] * (e - k) * done[e - k] * lift**k
        value = total // (m[0] * e)  # exact: F_e times the scale is a whole number
        done.append(value)
        yield value


def _derivative(a: list[int]) -> list[int]:
    return [i * c for i, c in enumerate(a)][1:] or [0]


def _add(a: list[int], b: list[int]) -> list[int]:
    out = [0] * max(len(a), len(b))
    for i, x in enumerate(a):
        out[i] += x
    for i, y in enumerate(b):
        out[i] += y
    return out


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
