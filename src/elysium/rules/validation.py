"""A sheet checked against the rules: the generation table's row for a character and
:func:`validate`, whose refusals say what is allowed (RULES.md §3, §5; V20 p. 289).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from elysium.rules.errors import RulesError
from elysium.rules.tables import (
    ABSOLUTE_TRAIT_MAX,
    GENERATIONS,
    GHOUL_ROW,
    MORTAL_ROW,
    THIRD_GENERATION,
    WEAKEST_GENERATION,
    GenerationRow,
)
from elysium.rules.traits import (
    CONSCIENCE,
    CONVICTION,
    COURAGE,
    INSTINCT,
    SELF_CONTROL,
    WILLPOWER,
    Kind,
)

if TYPE_CHECKING:
    from elysium.rules.sheet import Character

MAX_NAME = 60


def generation_row(
    kind: Kind, generation: int | None, custom: GenerationRow | None = None
) -> GenerationRow:
    """The generation table row (V20 p. 289); the 3rd generation needs the ST's numbers."""
    if kind is Kind.MORTAL:
        return MORTAL_ROW
    if kind is Kind.GHOUL:
        return GHOUL_ROW
    if generation is None:
        raise RulesError("a vampire needs a generation (4th to 13th and later)")
    if generation == THIRD_GENERATION:
        if custom is None:
            raise RulesError(
                "the book gives no numbers for the 3rd generation: enter the blood pool, "
                "blood per turn and trait maximum yourself"
            )
        return custom
    if generation < THIRD_GENERATION:
        raise RulesError(f"generation {generation} is not playable; use 3rd or later")
    return GENERATIONS[min(generation, WEAKEST_GENERATION)]


def validate(c: Character) -> Character:
    """Check every value against the rules; return the character unchanged or raise."""
    if not c.name.strip():
        raise RulesError("a character needs a name")
    if len(c.name) > MAX_NAME:
        raise RulesError(f"a name can be at most {MAX_NAME} characters")
    if c.kind is not Kind.VAMPIRE and c.generation is not None:
        raise RulesError(f"only vampires have a generation; {c.name} is a {c.kind.value}")
    row = c.row
    top = row.trait_max
    for group, table in (
        ("Attribute", c.attributes),
        ("Ability", c.abilities),
        ("Discipline", c.disciplines),
        ("Virtue", c.virtues),
    ):
        for name, value in table.items():
            _check_int(f"{name} ({group})", value)
            if value < 0:
                raise RulesError(f"{name} cannot be negative (got {value})")
            if value > top:
                raise RulesError(f"{name} {value} is above the trait maximum {top} for {_who(c)}")
    for name in (c.morality, WILLPOWER):
        value = c.morality_rating if name == c.morality else c.willpower
        _check_int(name, value)
        low = 1 if name == WILLPOWER else 0
        if not low <= value <= ABSOLUTE_TRAIT_MAX:
            raise RulesError(
                f"{name.capitalize()} must be from {low} to {ABSOLUTE_TRAIT_MAX}, got {value}"
            )
    if c.willpower < 1:
        raise RulesError(f"Willpower must be from 1 to {ABSOLUTE_TRAIT_MAX}, got {c.willpower}")
    if c.disciplines and c.kind is Kind.MORTAL and not c.supernatural:
        raise RulesError(
            f"{c.name} is a mortal and has no Disciplines (make them a ghoul, or mark them "
            f"supernatural)"
        )
    if not 0 <= c.willpower_points <= c.willpower:
        raise RulesError(
            f"Willpower points must be from 0 to the rating {c.willpower}, got {c.willpower_points}"
        )
    if not 0 <= c.blood <= row.blood_max:
        raise RulesError(
            f"blood must be from 0 to the pool maximum {row.blood_max} for {_who(c)}, got {c.blood}"
        )
    if c.xp < 0:
        raise RulesError("experience cannot be negative")
    virtues = set(c.virtues)
    if not virtues <= {CONSCIENCE, CONVICTION, SELF_CONTROL, INSTINCT, COURAGE}:
        odd = sorted(virtues - {CONSCIENCE, CONVICTION, SELF_CONTROL, INSTINCT, COURAGE})[0]
        raise RulesError(
            f"{odd!r} is not a Virtue; the Virtues are Conscience or Conviction, "
            f"Self-Control or Instinct, and Courage"
        )
    if {CONSCIENCE, CONVICTION} <= virtues or {SELF_CONTROL, INSTINCT} <= virtues:
        raise RulesError(
            "a character has Conscience or Conviction, Self-Control or Instinct, not both of a pair"
        )
    if c.armour and (c.armour.rating < 0 or c.armour.penalty < 0):
        raise RulesError("armour rating and penalty cannot be negative")
    return c


def _check_int(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be a whole number, got {value!r}")


def _who(c: Character) -> str:
    if c.kind is Kind.VAMPIRE:
        return f"generation {c.generation}"
    return f"a {c.kind.value}"
