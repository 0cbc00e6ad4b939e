"""Changing a sheet by name: one rating (:func:`set_trait`), a Path instead of Humanity,
a specialty. Each change is validated; unknown names are refused with a suggestion.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from elysium.rules.errors import RulesError
from elysium.rules.profiles import V20, Profile
from elysium.rules.sheet import Character, check_int, validate
from elysium.rules.traits import (
    ATTRIBUTES,
    CONSCIENCE,
    CONVICTION,
    COURAGE,
    HUMANITY,
    INSTINCT,
    MORALITY_ALIASES,
    SELF_CONTROL,
    V20_ABILITIES,
    V20_BACKGROUNDS,
    V20_DISCIPLINES,
    WILLPOWER,
    Kind,
    did_you_mean,
    normalise,
)


def set_trait(c: Character, name: str, value: int, profile: Profile = V20) -> Character:
    """Set one rating by name and validate. Unknown names are refused with a suggestion
    under V20; Dark Ages and Demon accept free-form Abilities. ``discipline:NAME`` and
    ``ability:NAME`` add a free-form trait explicitly."""
    check_int(name, value)
    key = normalise(name)
    group = None
    if ":" in key:
        group, key = key.split(":", 1)
        if group not in ("discipline", "ability", "path", "background"):
            raise RulesError(
                "character.bad_group", group=group, discipline="discipline", ability="ability"
            )
    if key in ATTRIBUTES and group is None:
        new = replace(c, attributes={**c.attributes, key: value})
    elif key in (CONSCIENCE, CONVICTION, SELF_CONTROL, INSTINCT, COURAGE) and group is None:
        new = replace(c, virtues=_swap_virtue(c.virtues, key, value))
    elif group is None and (key in MORALITY_ALIASES or key == normalise(c.morality)):
        new = replace(c, morality_rating=value, lost=value == 0)
    elif key == WILLPOWER and group is None:
        full = c.willpower_points >= c.willpower
        points = value if full else min(c.willpower_points, value)
        new = replace(c, willpower=value, willpower_points=points)
    elif key in ("willpower-points", "wp") and group is None:
        new = replace(c, willpower_points=value)
    elif key == "blood" and group is None:
        new = replace(c, blood=value)
    elif key == "generation" and group is None:
        if c.kind is not Kind.VAMPIRE:
            raise RulesError("character.generation_vampires_only", who=c.name, kind=c.kind.value)
        new = replace(c, generation=value)
        new = replace(new, blood=min(new.blood, new.blood_max))
    elif group == "background" or (
        group is None and (key in V20_BACKGROUNDS or key in c.backgrounds)
    ):
        new = replace(c, backgrounds=_set_or_drop(c.backgrounds, key, value))
    elif group == "path":  # a Thaumaturgy or Necromancy path, kept beside the Disciplines
        new = replace(c, disciplines=_set_or_drop(c.disciplines, f"path:{key}", value))
    elif group == "discipline" or (group is None and key in V20_DISCIPLINES):
        new = replace(c, disciplines=_set_or_drop(c.disciplines, key, value))
    elif group == "ability" or (group is None and key in V20_ABILITIES) or key in c.abilities:
        new = replace(c, abilities=_set_or_drop(c.abilities, key, value))
    elif key in c.disciplines:
        new = replace(c, disciplines=_set_or_drop(c.disciplines, key, value))
    elif profile.key != "v20":
        new = replace(c, abilities=_set_or_drop(c.abilities, key, value))
    else:
        raise RulesError(
            "character.unknown_trait",
            name=name,
            hint=did_you_mean(key, c._names()),
            discipline=f"discipline:{key}",
            ability=f"ability:{key}",
            key=key,
        )
    return validate(new)


def _set_or_drop(table: Mapping[str, int], key: str, value: int) -> dict[str, int]:
    out = dict(table)
    if value == 0:
        out.pop(key, None)
    else:
        out[key] = value
    return out


def _swap_virtue(virtues: Mapping[str, int], key: str, value: int) -> dict[str, int]:
    """Setting Conviction replaces Conscience (and Instinct replaces Self-Control)."""
    partner = {
        CONSCIENCE: CONVICTION,
        CONVICTION: CONSCIENCE,
        SELF_CONTROL: INSTINCT,
        INSTINCT: SELF_CONTROL,
    }.get(key)
    out = {k: v for k, v in virtues.items() if k != partner}
    out[key] = value
    return out


def with_path(c: Character, path: str, rating: int | None = None) -> Character:
    """Follow a Path (or Road) instead of Humanity; Virtues keep their names unless set."""
    cleaned = " ".join(path.split())
    if not cleaned:
        raise RulesError("character.path_needs_name")
    return validate(
        replace(
            c,
            morality=cleaned if normalise(cleaned) != HUMANITY else HUMANITY,
            morality_rating=c.morality_rating if rating is None else rating,
        )
    )


SPECIALTY_MIN = 4  # V20 p. 101: a trait rated 4 or more may have a specialty


def set_specialty(c: Character, trait: str, specialty: str) -> Character:
    """Give a trait rated 4+ a specialty (its 10s count twice inside that field); an empty
    text removes it."""
    key = normalise(trait)
    text = " ".join(specialty.split())
    if not text:
        return replace(c, specialties={k: v for k, v in c.specialties.items() if k != key})
    rating = c.trait(key)
    if rating < SPECIALTY_MIN:
        raise RulesError("character.specialty_rating", trait=key, rating=rating, min=SPECIALTY_MIN)
    return replace(c, specialties={**c.specialties, key: text})
