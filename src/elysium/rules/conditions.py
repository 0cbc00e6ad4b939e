"""Conditions that run out: a label the Storyteller gives a character ("Dominated") and how
long it lasts, in turns, rounds, scenes or nights, or until it is taken off.

The Storyteller's clock counts them down: each step of it (:class:`Step`) takes one from the
conditions it counts and ends the ones it outlasts. The units nest as time at the table does:
a turn is three seconds (seed 003 «Ходы в сражениях», RULES.md §4), so a new scene ends
whatever was counted in turns; a new night is a new scene as well, so it counts scenes down
too. A fight's round is one of those turns (the round's end moves the clock's turn on), so
rounds and turns count alike; the word the Storyteller chose is kept for the display.
Pure: values in, values out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from elysium.rules.errors import RulesError

MAX_LABEL = 60  # characters in a condition's label: a sanity bound, not a rule
MAX_CONDITIONS = 20  # conditions one character carries at once: a sanity bound
MAX_LEFT = 1000  # the longest duration one may be given, in its unit


class Unit(Enum):
    """What a condition's duration is counted in (``UNTIL_REMOVED``: it is not counted)."""

    TURN = "turn"
    ROUND = "round"
    SCENE = "scene"
    NIGHT = "night"
    UNTIL_REMOVED = "removed"


class Step(Enum):
    """One step of the clock: a turn (or a fight's round) ends, a scene ends, a night ends."""

    TURN = "turn"
    SCENE = "scene"
    NIGHT = "night"


@dataclass(frozen=True, slots=True)
class Tag:
    """A condition on a character, as Improved Initiative's tags: its label (user text),
    its unit and how many of them are left, the current one counted (0 when untimed)."""

    label: str
    unit: Unit = Unit.UNTIL_REMOVED
    left: int = 0

    @property
    def timed(self) -> bool:
        return self.unit is not Unit.UNTIL_REMOVED

    def to_dict(self) -> dict[str, object]:
        return {"label": self.label, "unit": self.unit.value, "left": self.left}


# For each step: the units it takes one from, and the units it ends whatever is left.
COUNTS: dict[Step, frozenset[Unit]] = {
    Step.TURN: frozenset({Unit.TURN, Unit.ROUND}),
    Step.SCENE: frozenset({Unit.SCENE}),
    Step.NIGHT: frozenset({Unit.SCENE, Unit.NIGHT}),
}
ENDS: dict[Step, frozenset[Unit]] = {
    Step.TURN: frozenset(),
    Step.SCENE: frozenset({Unit.TURN, Unit.ROUND}),
    Step.NIGHT: frozenset({Unit.TURN, Unit.ROUND}),
}


def count_down(tags: tuple[Tag, ...], step: Step) -> tuple[tuple[Tag, ...], tuple[Tag, ...]]:
    """The conditions still on after ``step`` (each counted down as its unit says), and
    those it ended, both in the order they were given."""
    kept: list[Tag] = []
    ended: list[Tag] = []
    for tag in tags:
        if tag.unit in ENDS[step]:
            ended.append(tag)
        elif tag.unit in COUNTS[step]:
            (kept if tag.left > 1 else ended).append(replace(tag, left=tag.left - 1))
        else:
            kept.append(tag)
    return tuple(kept), tuple(ended)


def tag_from(data: object) -> Tag:
    """A condition read back from a save (already shape-checked), checked again."""
    if isinstance(data, Tag):
        return check_tag(data)
    if not isinstance(data, dict):
        raise RulesError("condition.malformed")
    return check_tag(
        Tag(str(data.get("label", "")), Unit(data.get("unit", "removed")), data.get("left", 0))
    )


def check_tag(tag: Tag) -> Tag:
    """The tag unchanged, or a refusal saying what a condition may be."""
    if not tag.label.strip():
        raise RulesError("condition.empty")
    if len(tag.label) > MAX_LABEL:
        raise RulesError("condition.too_long", most=MAX_LABEL)
    if tag.timed and not 1 <= tag.left <= MAX_LEFT:
        raise RulesError("condition.left_range", most=MAX_LEFT)
    if not tag.timed and tag.left:
        raise RulesError("condition.untimed_left")
    return tag


def give(tags: tuple[Tag, ...], tag: Tag, who: str) -> tuple[Tag, ...]:
    """``who``'s conditions with ``tag``; one of the same label (any case) is replaced in
    its place, so giving it again sets how long it has left."""
    tag = check_tag(tag)
    wanted = tag.label.casefold()
    at = next((i for i, t in enumerate(tags) if t.label.casefold() == wanted), None)
    if at is not None:
        return (*tags[:at], tag, *tags[at + 1 :])
    if len(tags) >= MAX_CONDITIONS:
        raise RulesError("condition.too_many", who=who, most=MAX_CONDITIONS)
    return (*tags, tag)


def take_off(tags: tuple[Tag, ...], label: str, who: str) -> tuple[tuple[Tag, ...], Tag]:
    """``who``'s conditions without the one whose whole label (any case) is ``label``, and
    that one as it was. A label not carried is refused, naming the ones carried."""
    wanted = label.casefold()
    found = next((t for t in tags if t.label.casefold() == wanted), None)
    if found is None:
        raise RulesError("condition.unknown", who=who, label=label, have=[t.label for t in tags])
    return tuple(t for t in tags if t is not found), found
