"""Invariants of the rules core under any sequence of actions (hypothesis): a health track
never holds more than 7 marks and stays worst-first; blood stays within 0 and the pool
maximum; Willpower points never exceed the rating. A refused action changes nothing."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from elysium.rules import RulesError
from elysium.rules import blood as bl
from elysium.rules.character import Character, new_character, validate
from elysium.rules.health import DamageType, take_damage
from elysium.rules.traits import Kind
from elysium.rules.willpower import Use, regain_willpower, spend_willpower
from tests.conftest import sized

SEVERITY = {"*": 3, "X": 2, "/": 1, ".": 0}

action = st.one_of(
    st.tuples(st.just("damage"), st.integers(0, 9), st.sampled_from(list(DamageType))),
    st.tuples(st.just("heal"), st.integers(1, 4), st.none()),
    st.tuples(st.just("spend"), st.integers(1, 4), st.none()),
    st.tuples(st.just("gain"), st.integers(1, 6), st.none()),
    st.tuples(st.just("feed"), st.integers(1, 4), st.none()),
    st.tuples(st.just("boost"), st.integers(1, 3), st.sampled_from(["strength", "stamina"])),
    st.tuples(st.just("sunset"), st.none(), st.none()),
    st.tuples(st.just("turn"), st.none(), st.none()),
    st.tuples(st.just("wp"), st.none(), st.sampled_from(list(Use))),
    st.tuples(st.just("regain"), st.integers(1, 3), st.none()),
    st.tuples(st.just("rest"), st.none(), st.none()),
    st.tuples(st.just("aggheal"), st.integers(1, 3), st.none()),
)


def apply(c: Character, act) -> Character:
    verb, n, extra = act
    if verb == "damage":
        return replace(c, health=take_damage(c.health, n, extra, c.kind))
    if verb == "heal":
        return bl.heal_with_blood(c, n)
    if verb == "spend":
        return bl.spend_blood(c, n)
    if verb == "gain":
        return bl.gain_blood(c, n)
    if verb == "feed":
        return bl.feed(c, n, 10).feeder
    if verb == "boost":
        return bl.boost(c, extra, n)
    if verb == "sunset":
        return bl.sunset(c)[0]
    if verb == "turn":
        return bl.new_turn(c)
    if verb == "wp":
        return spend_willpower(c, extra)
    if verb == "regain":
        return regain_willpower(c, "nature", n)
    if verb == "rest":
        return bl.new_night(c)
    return bl.heal_aggravated_with_blood(c, n)


def check(c: Character) -> None:
    marks = c.health.marks()
    assert len(marks) == 7
    severities = [SEVERITY[m] for m in marks]
    assert severities == sorted(severities, reverse=True)  # worst first
    assert 0 <= c.blood <= c.blood_max
    assert 0 <= c.willpower_points <= c.willpower
    assert 0 <= c.blood_spent_turn <= c.blood_per_turn
    validate(c)


@given(
    st.sampled_from([Kind.VAMPIRE, Kind.GHOUL, Kind.MORTAL]),
    st.sampled_from([13, 10, 8, 6, 4]),
    st.lists(action, max_size=40),
)
@settings(max_examples=sized(100, 250), deadline=None)
def test_any_sequence_keeps_the_invariants(kind, generation, actions) -> None:
    c = new_character("Marcus", kind, generation if kind is Kind.VAMPIRE else None)
    c = replace(c, willpower=5, willpower_points=5)
    check(c)
    for act in actions:
        before = c
        try:
            c = apply(c, act)
        except RulesError:
            assert c == before  # a refusal changes nothing
        check(c)
