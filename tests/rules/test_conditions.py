"""Counting conditions down: each step of the clock against each unit (rules.conditions).

A fight's turns are three seconds each (seed 003 «Ходы в сражениях»: «сражение разделено на
последовательные трёхсекундные отрезки — ходы»), so a new scene ends what was counted in
turns or rounds, and a new night, being a new scene too, counts scenes down as well.
"""

from __future__ import annotations

import pytest

from elysium.rules.character import Character
from elysium.rules.conditions import MAX_CONDITIONS, Step, Tag, Unit, count_down, give, take_off
from elysium.rules.errors import RulesError

T, R, S, N, U = Unit.TURN, Unit.ROUND, Unit.SCENE, Unit.NIGHT, Unit.UNTIL_REMOVED

# (unit, left before, step, left after — None: it ended)
CASES = [
    (T, 3, Step.TURN, 2),
    (T, 1, Step.TURN, None),
    (R, 2, Step.TURN, 1),  # a round is one of the clock's turns
    (R, 1, Step.TURN, None),
    (S, 2, Step.TURN, 2),  # a turn does not touch scenes or nights
    (N, 1, Step.TURN, 1),
    (T, 5, Step.SCENE, None),  # a new scene ends whatever was counted in turns
    (R, 9, Step.SCENE, None),
    (S, 2, Step.SCENE, 1),
    (S, 1, Step.SCENE, None),
    (N, 2, Step.SCENE, 2),
    (T, 4, Step.NIGHT, None),
    (S, 3, Step.NIGHT, 2),  # a new night is a new scene as well
    (S, 1, Step.NIGHT, None),
    (N, 3, Step.NIGHT, 2),
    (N, 1, Step.NIGHT, None),
    (U, 0, Step.TURN, 0),  # until taken off: never counted
    (U, 0, Step.SCENE, 0),
    (U, 0, Step.NIGHT, 0),
]


@pytest.mark.parametrize(("unit", "left", "step", "after"), CASES)
def test_count_down(unit: Unit, left: int, step: Step, after: int | None) -> None:
    kept, ended = count_down((Tag("Dominated", unit, left),), step)
    if after is None:
        assert kept == () and [t.label for t in ended] == ["Dominated"]
    else:
        assert ended == () and kept == (Tag("Dominated", unit, after),)


def test_order_is_kept_and_only_the_ended_leave() -> None:
    tags = (Tag("a", T, 1), Tag("b", S, 2), Tag("c", T, 2), Tag("d", U))
    kept, ended = count_down(tags, Step.TURN)
    assert [t.label for t in kept] == ["b", "c", "d"]
    assert [t.label for t in ended] == ["a"]


def test_giving_the_same_label_again_sets_what_is_left_in_its_place() -> None:
    tags = give(give((), Tag("Dominated", T, 3), "Marcus"), Tag("Blind", S, 1), "Marcus")
    tags = give(tags, Tag("dominated", S, 2), "Marcus")
    assert tags == (Tag("dominated", S, 2), Tag("Blind", S, 1))


@pytest.mark.parametrize(
    ("tag", "key"),
    [
        (Tag(" ", T, 1), "condition.empty"),
        (Tag("x" * 61, T, 1), "condition.too_long"),
        (Tag("Dominated", T, 0), "condition.left_range"),
        (Tag("Dominated", N, 1001), "condition.left_range"),
        (Tag("Dominated", U, 2), "condition.untimed_left"),
    ],
)
def test_what_a_condition_may_not_be(tag: Tag, key: str) -> None:
    with pytest.raises(RulesError) as caught:
        give((), tag, "Marcus")
    assert caught.value.msg.key == key


def test_too_many_and_taking_off_one_not_carried() -> None:
    tags: tuple[Tag, ...] = ()
    for i in range(MAX_CONDITIONS):
        tags = give(tags, Tag(f"c{i}"), "Marcus")
    with pytest.raises(RulesError) as caught:
        give(tags, Tag("one more"), "Marcus")
    assert caught.value.msg.key == "condition.too_many"
    tags = give(tags, Tag("C0", T, 1), "Marcus")  # the same label replaces: not one more
    with pytest.raises(RulesError) as caught:
        take_off(tags, "nothing", "Marcus")
    assert caught.value.msg.key == "condition.unknown"
    tags, gone = take_off(tags, "c0", "Marcus")
    assert gone == Tag("C0", T, 1) and len(tags) == MAX_CONDITIONS - 1


def test_a_character_keeps_them_through_its_stored_form() -> None:
    c = Character("Marcus", conditions=(Tag("Dominated", R, 2),))
    assert c.to_dict()["conditions"] == [{"label": "Dominated", "unit": "round", "left": 2}]
    assert Character.from_dict(c.to_dict()) == c
    assert "conditions" not in Character("Bob").to_dict()  # older saves stay the same
    bad = {**c.to_dict(), "conditions": [{"label": "x", "unit": "week", "left": 1}]}
    with pytest.raises(RulesError):
        Character.from_dict(bad)
