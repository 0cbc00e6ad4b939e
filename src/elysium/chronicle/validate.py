"""The shape of a saved fight, checked before the combat engine or ``state --json`` use it.

The combat block is plain JSON kept in the state (see :mod:`elysium.chronicle.combat`). A
crafted or damaged checkpoint must not reach the engine as a KeyError three commands later,
so every key the engine reads is checked here: types, ranges, and that every name in it
belongs to a character of the chronicle.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from elysium.chronicle.errors import Invalid

MAX_COUNT = 10**6
PHASES = ("initiative", "declare", "act")

Check = Callable[[Any, str], None]


class ShapeError(Invalid):
    """A saved value of the wrong type or out of range (``where`` is its path in the saved
    fight, as it is written: ``the fight.queue[0]``)."""


def whole(low: int = 0, high: int = MAX_COUNT) -> Check:
    def check(value: Any, where: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ShapeError("shape.whole", where=where, low=low, high=high)

    return check


def text(value: Any, where: str) -> None:
    if not isinstance(value, str) or len(value) > 10_000:
        raise ShapeError("shape.text", where=where)


def flag(value: Any, where: str) -> None:
    if not isinstance(value, bool):
        raise ShapeError("shape.flag", where=where)


def optional(inner: Check) -> Check:
    def check(value: Any, where: str) -> None:
        if value is not None:
            inner(value, where)

    return check


def list_of(inner: Check) -> Check:
    def check(value: Any, where: str) -> None:
        if not isinstance(value, list) or len(value) > MAX_COUNT:
            raise ShapeError("shape.list", where=where)
        for i, item in enumerate(value):
            inner(item, f"{where}[{i}]")

    return check


def record(fields: dict[str, Check], required: Collection[str] = ()) -> Check:
    """An object whose known keys have the given shapes (unknown keys are allowed: a newer
    engine may add some, and nothing reads them)."""

    def check(value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise ShapeError("shape.table", where=where)
        for key in required:
            if key not in value:
                raise ShapeError("shape.lacks", where=where, field=key)
        for key, inner in fields.items():
            if key in value:
                inner(value[key], f"{where}.{key}")

    return check


def validate_combat(combat: Any, characters: Collection[str]) -> dict[str, Any]:
    """The combat block as the engine expects it, or ShapeError saying what is wrong."""

    def who(value: Any, where: str) -> None:
        if not isinstance(value, str) or value not in characters:
            raise ShapeError("shape.nobody", where=where)

    def table_of(inner: Check) -> Check:
        def check(value: Any, where: str) -> None:
            if not isinstance(value, dict):
                raise ShapeError("shape.table", where=where)
            for key, item in value.items():
                who(key, f"{where} key")
                inner(item, f"{where}[{key}]")

        return check

    shape = record(
        {
            "round": whole(),
            "phase": lambda v, w: _one_of(v, w, PHASES),
            "participants": list_of(who),
            "dazed": list_of(who),
            "init": table_of(
                record(
                    {
                        "die": optional(whole(0, 10)),
                        "value": optional(whole(-MAX_COUNT)),
                        "rating": whole(-MAX_COUNT),
                        "celerity": whole(),
                    },
                    required=("value",),
                )
            ),
            "order": list_of(list_of(who)),
            "declared": table_of(
                record(
                    {
                        "text": text,
                        "multiple": whole(1, 100),
                        "wp": flag,
                        "defence": optional(text),
                        "delay": flag,
                        "attack": flag,
                        "replaced": flag,
                        "pool": whole(1, 100),
                        "given": whole(0, 100),
                    }
                )
            ),
            "declare_queue": list_of(who),
            "queue": list_of(
                record(
                    {"who": who, "kind": text, "with": list_of(who), "index": whole()},
                    required=("who", "kind"),
                )
            ),
            "current": optional(who),
            "delayed": list_of(who),
            "defences": table_of(whole()),
            "standing": table_of(
                record(
                    {"maneuver": text, "successes": whole(), "cover": text, "roll": record({})},
                    ("maneuver", "successes"),
                )
            ),
            "attacks": table_of(whole()),
            "done": list_of(who),
        },
        required=(
            *("round", "phase", "participants", "init", "order", "declared", "declare_queue"),
            *("queue", "current", "delayed", "dazed", "done", "defences", "standing", "attacks"),
        ),
    )
    shape(combat, "the fight")
    for slot in combat["queue"]:
        if slot["kind"] != "main" and "index" not in slot:
            raise ShapeError("shape.extra_action")
    return combat


def _one_of(value: Any, where: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ShapeError("shape.one_of", where=where, allowed=list(allowed))
