"""New sheets: a blank character of a kind, and quick NPCs from templates (mortal, ghoul,
neonate, ancilla, elder) for the Storyteller to adjust.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from elysium.rules.errors import RulesError
from elysium.rules.sheet import Character, validate
from elysium.rules.tables import WEAKEST_GENERATION
from elysium.rules.traits import ATTRIBUTES, CONSCIENCE, COURAGE, SELF_CONTROL, Kind

# A blank sheet's Virtues: one free dot each and the seven creation dots spent (V20 character
# creation, Advantages: Virtues 1 each + 7 dots). Humanity and Willpower follow them as
# creation's Finishing Touches derive them: Humanity = Conscience + Self-Control, Willpower =
# Courage (seed 004's ‡ under «Стоимость развития»: raising a Virtue later raises neither).
BLANK_VIRTUES: dict[str, int] = {CONSCIENCE: 3, SELF_CONTROL: 4, COURAGE: 3}


def creation_morality(virtues: dict[str, int]) -> int:
    """Humanity at creation: Conscience + Self-Control."""
    return virtues.get(CONSCIENCE, 0) + virtues.get(SELF_CONTROL, 0)


def new_character(name: str, kind: Kind, generation: int | None = None) -> Character:
    """A blank sheet of the given kind: all Attributes 1, the Virtues of
    :data:`BLANK_VIRTUES`, Humanity 7 (Conscience + Self-Control), Willpower 3 (Courage).

    A vampire starts with a full blood pool; a mortal is a vessel of 10 blood.
    """
    if kind is Kind.VAMPIRE and generation is None:
        generation = WEAKEST_GENERATION
    willpower = BLANK_VIRTUES[COURAGE]
    c = Character(
        name=name,
        kind=kind,
        generation=generation,
        virtues=dict(BLANK_VIRTUES),
        morality_rating=creation_morality(BLANK_VIRTUES),
        willpower=willpower,
        willpower_points=willpower,
    )
    start = {Kind.VAMPIRE: c.blood_max, Kind.GHOUL: 1, Kind.MORTAL: c.blood_max}[kind]
    return validate(replace(c, blood=start))


# Quick NPC templates (not from the book's tables: typical sheets for the ST to adjust). The
# newly made ones (mortal, ghoul, neonate) have Humanity = Conscience + Self-Control and
# Willpower at least Courage, as creation gives them; an ancilla's and an elder's Humanity
# is below the sum: dots lost to the years.
TEMPLATES: dict[str, dict[str, Any]] = {
    "mortal": {
        "kind": Kind.MORTAL,
        "attributes": {**dict.fromkeys(ATTRIBUTES, 2)},
        "abilities": {"alertness": 1, "athletics": 1, "brawl": 1, "drive": 1},
        "virtues": {CONSCIENCE: 3, SELF_CONTROL: 4, COURAGE: 2},
        "morality_rating": 7,
        "willpower": 4,
    },
    "ghoul": {
        "kind": Kind.GHOUL,
        "attributes": {**dict.fromkeys(ATTRIBUTES, 2), "strength": 3, "stamina": 3},
        "abilities": {"alertness": 2, "athletics": 2, "brawl": 2, "melee": 2, "firearms": 1},
        "disciplines": {"potence": 1},
        "virtues": {CONSCIENCE: 3, SELF_CONTROL: 3, COURAGE: 3},
        "morality_rating": 6,
        "willpower": 4,
    },
    "neonate": {
        "kind": Kind.VAMPIRE,
        "generation": 13,
        "attributes": {**dict.fromkeys(ATTRIBUTES, 2), "dexterity": 3, "wits": 3},
        "abilities": {"alertness": 2, "athletics": 2, "brawl": 2, "stealth": 1, "streetwise": 2},
        "disciplines": {"celerity": 1, "fortitude": 1},
        "virtues": {CONSCIENCE: 3, SELF_CONTROL: 4, COURAGE: 3},
        "morality_rating": 7,
        "willpower": 4,
    },
    "ancilla": {
        "kind": Kind.VAMPIRE,
        "generation": 10,
        "attributes": {**dict.fromkeys(ATTRIBUTES, 3), "appearance": 2},
        "abilities": {
            "alertness": 3,
            "athletics": 2,
            "brawl": 3,
            "melee": 2,
            "subterfuge": 3,
            "occult": 2,
        },
        "disciplines": {"celerity": 2, "fortitude": 2, "potence": 2, "auspex": 1},
        "virtues": {CONSCIENCE: 3, SELF_CONTROL: 4, COURAGE: 3},
        "morality_rating": 6,
        "willpower": 6,
    },
    "elder": {
        "kind": Kind.VAMPIRE,
        "generation": 8,
        "attributes": {**dict.fromkeys(ATTRIBUTES, 4), "appearance": 3},
        "abilities": {
            "alertness": 4,
            "athletics": 3,
            "brawl": 4,
            "melee": 4,
            "subterfuge": 4,
            "occult": 4,
            "leadership": 3,
        },
        "disciplines": {"celerity": 3, "fortitude": 4, "potence": 3, "auspex": 3, "dominate": 4},
        "virtues": {CONSCIENCE: 2, SELF_CONTROL: 5, COURAGE: 4},
        "morality_rating": 5,
        "willpower": 8,
    },
}


def from_template(name: str, template: str, generation: int | None = None) -> Character:
    """A ready NPC from a template: mortal, ghoul, neonate, ancilla, elder; a vampire's
    template of another ``generation`` than its own has that generation's blood pool."""
    key = template.strip().lower()
    if key not in TEMPLATES:
        raise RulesError("character.unknown_template", name=template, allowed=list(TEMPLATES))
    spec = dict(TEMPLATES[key])
    if generation is not None and spec["kind"] is Kind.VAMPIRE:
        spec["generation"] = generation
    base = new_character(name, spec.pop("kind"), spec.get("generation"))
    c = replace(base, **spec)
    c = replace(c, willpower_points=c.willpower)
    return validate(c)
