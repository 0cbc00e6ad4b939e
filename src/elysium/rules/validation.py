"""A sheet checked against the rules: the generation table's row for a character and
:func:`validate`, whose refusals say what is allowed (RULES.md §3, §5; V20 p. 289).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from elysium.i18n.message import Msg
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
    BACKGROUND_MAX,
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
MAX_LOAD = 10_000  # pounds carried: a sanity bound (``carry NAME LB``), not a rule


def generation_row(
    kind: Kind, generation: int | None, custom: GenerationRow | None = None
) -> GenerationRow:
    """The generation table row (V20 p. 289); the 3rd generation needs the ST's numbers."""
    if kind is Kind.MORTAL:
        return MORTAL_ROW
    if kind is Kind.GHOUL:
        return GHOUL_ROW
    if generation is None:
        raise RulesError("character.needs_generation")
    if generation == THIRD_GENERATION:
        if custom is None:
            raise RulesError("character.third_generation")
        return custom
    if generation < THIRD_GENERATION:
        raise RulesError("character.generation_unplayable", generation=generation)
    return GENERATIONS[min(generation, WEAKEST_GENERATION)]


def validate(c: Character) -> Character:
    """Check every value against the rules; return the character unchanged or raise."""
    if not c.name.strip():
        raise RulesError("character.needs_name")
    if len(c.name) > MAX_NAME:
        raise RulesError("character.name_too_long", max=MAX_NAME)
    if c.kind is not Kind.VAMPIRE and c.generation is not None:
        raise RulesError("character.generation_vampires_only", who=c.name, kind=c.kind.value)
    row = c.row
    top = row.trait_max
    for group, table in (
        ("Attribute", c.attributes),
        ("Ability", c.abilities),
        ("Discipline", c.disciplines),
        ("Virtue", c.virtues),
    ):
        for name, value in table.items():
            _check_int(Msg("character.trait_in_group", name=name, group=group), value)
            if value < 0:
                raise RulesError("character.negative", name=name, value=value)
            if value > top:
                raise RulesError(
                    "character.above_max", name=name, value=value, top=top, who=_who(c)
                )
    for name, value in c.backgrounds.items():
        _check_int(Msg("character.trait_in_group", name=name, group="Background"), value)
        if not 0 <= value <= BACKGROUND_MAX:
            raise RulesError(
                "character.background_range", name=name, value=value, high=BACKGROUND_MAX
            )
    for name in (c.morality, WILLPOWER):
        value = c.morality_rating if name == c.morality else c.willpower
        _check_int(name, value)
        low = 1 if name == WILLPOWER else 0
        if not low <= value <= ABSOLUTE_TRAIT_MAX:
            raise RulesError(
                "character.rating_range",
                label=name.capitalize(),
                name=name,
                low=low,
                high=ABSOLUTE_TRAIT_MAX,
                value=value,
            )
    if c.willpower < 1:
        raise RulesError("character.willpower_range", high=ABSOLUTE_TRAIT_MAX, value=c.willpower)
    if c.disciplines and c.kind is Kind.MORTAL and not c.supernatural:
        raise RulesError("character.mortal_disciplines", who=c.name)
    if not 0 <= c.willpower_points <= c.willpower:
        raise RulesError(
            "character.willpower_points", rating=c.willpower, points=c.willpower_points
        )
    if not 0 <= c.blood <= row.blood_max:
        raise RulesError("character.blood_range", max=row.blood_max, who=_who(c), blood=c.blood)
    if c.xp < 0:
        raise RulesError("character.xp_negative")
    if c.derangements_due < 0:
        raise RulesError("character.derangements_due")
    # Not bound to today's Celerity: the Storyteller may lower it after dots were traded.
    if not 0 <= c.celerity_actions <= ABSOLUTE_TRAIT_MAX:
        raise RulesError(
            "character.celerity_actions", celerity=ABSOLUTE_TRAIT_MAX, n=c.celerity_actions
        )
    if not 0 <= c.load <= MAX_LOAD:
        raise RulesError("character.load_range", most=MAX_LOAD, lb=c.load)
    virtues = set(c.virtues)
    if not virtues <= {CONSCIENCE, CONVICTION, SELF_CONTROL, INSTINCT, COURAGE}:
        odd = sorted(virtues - {CONSCIENCE, CONVICTION, SELF_CONTROL, INSTINCT, COURAGE})[0]
        raise RulesError("character.not_a_virtue", name=odd)
    if {CONSCIENCE, CONVICTION} <= virtues or {SELF_CONTROL, INSTINCT} <= virtues:
        raise RulesError("character.virtue_pair")
    if c.armour and (c.armour.rating < 0 or c.armour.penalty < 0):
        raise RulesError("character.armour_negative")
    return c


def _check_int(name: str | Msg, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError("character.not_whole", name=name, value=value)


def _who(c: Character) -> Msg:
    """Whose trait maximum or blood pool: ``generation 13``, ``a mortal``."""
    if c.kind is Kind.VAMPIRE:
        return Msg("character.for_generation", generation=c.generation)
    return Msg(f"character.for.{c.kind.value}")
