"""A character as the rules see it: the sheet plus its condition in the current scene.

RULES.md §3, §5, §7, §8. A :class:`Character` is an immutable value; every rules function
returns a new one, so the chronicle can keep history and undo by replaying events. Values
are validated on the way in (:func:`validate`), with messages that say what is allowed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from elysium.rules.beast_state import BeastCheck, BeastState
from elysium.rules.errors import RulesError
from elysium.rules.health import Condition, HealthTrack, Status
from elysium.rules.profiles import V20, Profile
from elysium.rules.shape import check_record
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
    ATTRIBUTES,
    CONSCIENCE,
    CONVICTION,
    COURAGE,
    HUMANITY,
    INSTINCT,
    MORALITY_ALIASES,
    SELF_CONTROL,
    V20_ABILITIES,
    V20_DISCIPLINES,
    WILLPOWER,
    Kind,
    all_known,
    normalise,
    suggest,
)

MAX_NAME = 60


@dataclass(frozen=True, slots=True)
class Armour:
    """Worn armour (V20 p. 301): rating adds to soak, penalty comes off Dexterity pools."""

    name: str = "armour"
    rating: int = 0
    penalty: int = 0


@dataclass(frozen=True, slots=True)
class Boost:
    """Blood spent on a Physical Attribute this scene (V20 p. 287)."""

    amount: int
    turns: int = 0  # turns since the boost went above the safe cap, for fading


@dataclass(frozen=True, slots=True)
class Character:
    """The sheet and its current condition. Trait names are normalised (``self-control``)."""

    name: str
    kind: Kind = Kind.MORTAL
    supernatural: bool = False  # another supernatural being: dazed at Stamina + 2
    clan: str = ""
    attributes: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(ATTRIBUTES, 1))
    abilities: Mapping[str, int] = field(default_factory=dict)
    disciplines: Mapping[str, int] = field(default_factory=dict)
    clan_disciplines: tuple[str, ...] = ()
    virtues: Mapping[str, int] = field(
        default_factory=lambda: {CONSCIENCE: 1, SELF_CONTROL: 1, COURAGE: 1}
    )
    morality: str = HUMANITY  # "humanity", or the name of a Path / Road
    morality_rating: int = 7
    willpower: int = 1
    willpower_points: int = 1
    generation: int | None = None
    custom_row: GenerationRow | None = None  # the 3rd generation: values the ST entered
    blood: int = 0
    health: HealthTrack = field(default_factory=HealthTrack)
    specialties: Mapping[str, str] = field(default_factory=dict)
    armour: Armour | None = None
    derangements: tuple[str, ...] = ()
    bonds: Mapping[str, int] = field(default_factory=dict)  # donor name -> drinks taken
    notes: str = ""
    xp: int = 0  # unspent experience
    # Condition within the scene and turn:
    blood_spent_turn: int = 0
    blood_fed_turn: int = 0
    willpower_spent_turn: bool = False  # the once-per-turn automatic success is used
    ignore_wounds: bool = False  # a Willpower point spent: no wound penalties this turn
    boosts: Mapping[str, Boost] = field(default_factory=dict)
    blush_paid: int = 0  # blood paid toward the blush of life this scene
    blush: bool = False  # blush of life is up this scene
    frenzy: BeastCheck | None = None  # a frenzy check in progress or lost
    fear: BeastCheck | None = None  # a Rötschreck check in progress or lost
    aggravated_rested: bool = False  # a day's rest taken: aggravated damage may heal
    staked: bool = False  # a stake through the heart paralyses a vampire (V20 p. 299)
    lost: bool = False  # Humanity / Path 0: the character has passed to the Storyteller

    # --- derived -----------------------------------------------------------------------

    @property
    def row(self) -> GenerationRow:
        """Blood pool maximum, blood per turn and trait maximum (V20 p. 289)."""
        return generation_row(self.kind, self.generation, self.custom_row)

    @property
    def blood_max(self) -> int:
        return self.row.blood_max

    @property
    def blood_per_turn(self) -> int:
        return self.row.blood_per_turn

    @property
    def trait_max(self) -> int:
        return self.row.trait_max

    @property
    def has_humanity(self) -> bool:
        return self.morality == HUMANITY

    @property
    def conscience(self) -> int:
        return self.virtues.get(CONSCIENCE, self.virtues.get(CONVICTION, 0))

    @property
    def self_control(self) -> int:
        return self.virtues.get(SELF_CONTROL, self.virtues.get(INSTINCT, 0))

    @property
    def courage(self) -> int:
        return self.virtues.get(COURAGE, 0)

    @property
    def instinct(self) -> bool:
        """Instinct instead of Self-Control: such a vampire always frenzies (V20 p. 323)."""
        return INSTINCT in self.virtues

    @property
    def frenzied(self) -> bool:
        return self.frenzy is not None and self.frenzy.state is BeastState.SUCCUMBED

    @property
    def in_rotschreck(self) -> bool:
        return self.fear is not None and self.fear.state is BeastState.SUCCUMBED

    @property
    def supernatural_being(self) -> bool:
        """Vampires and other supernatural beings are dazed only past Stamina + 2."""
        return self.kind is Kind.VAMPIRE or self.supernatural

    def status(self) -> Status:
        """Active, incapacitated, torpor, Final Death, or (for the living) dead.

        An incapacitated vampire with no blood left falls into torpor (V20 p. 303).
        """
        status = self.health.status()
        if status is Status.INCAPACITATED and self.kind is Kind.VAMPIRE and self.blood == 0:
            return Status.TORPOR
        return status

    def can_act(self) -> bool:
        return self.status() is Status.ACTIVE and not self.staked

    def trait(self, name: str) -> int:
        """A rating by name: Attribute (boosted), Ability, Discipline, Virtue, morality,
        Willpower. An unknown name raises with a suggestion."""
        key = normalise(name)
        if key in self.attributes:
            return self.attributes[key] + self.boost_bonus(key)
        for table in (self.abilities, self.disciplines, self.virtues):
            if key in table:
                return table[key]
        if key in MORALITY_ALIASES or key == normalise(self.morality):
            return self.morality_rating
        if key == WILLPOWER:
            return self.willpower
        if key in V20_ABILITIES or key in V20_DISCIPLINES:
            return 0  # a standard trait the character simply lacks
        raise RulesError(f"{self.name} has no trait {name!r}{suggest(key, self._names())}")

    def boost_bonus(self, attribute: str) -> int:
        """What blood adds to a Physical Attribute right now, after any fading."""
        boost = self.boosts.get(attribute)
        if not boost:
            return 0
        base = self.attributes.get(attribute, 0)
        cap = max(base, self.trait_max + 1)
        raised = min(ABSOLUTE_TRAIT_MAX, base + boost.amount)
        if raised <= cap:
            return raised - base
        faded = boost.turns // 3
        return max(cap, raised - faded) - base

    def _names(self) -> list[str]:
        return [
            *self.attributes,
            *self.abilities,
            *self.disciplines,
            *self.virtues,
            *MORALITY_ALIASES,
            WILLPOWER,
            *all_known(),
        ]

    # --- storage -----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able values (the chronicle stores these)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Kind):
                value = value.value
            elif isinstance(value, HealthTrack):
                value = {
                    "bashing": value.bashing,
                    "lethal": value.lethal,
                    "aggravated": value.aggravated,
                    "condition": value.condition.value,
                }
            elif isinstance(value, Armour):
                value = {"name": value.name, "rating": value.rating, "penalty": value.penalty}
            elif isinstance(value, GenerationRow):
                value = list(value)
            elif isinstance(value, BeastCheck):
                value = value.to_dict()
            elif f.name == "boosts":
                value = {k: {"amount": b.amount, "turns": b.turns} for k, b in value.items()}
            elif isinstance(value, Mapping):
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Character:
        """Rebuild and validate; unknown fields are refused rather than dropped."""
        if not isinstance(data, Mapping):
            raise RulesError("a character must be a table of fields")
        known = {f.name for f in fields(cls)}
        unknown = sorted(str(k) for k in set(data) - known)
        if unknown:
            raise RulesError(f"unknown character field {unknown[0][:40]!r}")
        if "name" not in data:
            raise RulesError("a character needs a name")
        check_record(dict(data), cls, "character")
        values = dict(data)
        try:
            if "kind" in values:
                values["kind"] = Kind(values["kind"])
            if "health" in values and not isinstance(values["health"], HealthTrack):
                h = dict(values["health"])
                h["condition"] = Condition(h.get("condition", "active"))
                values["health"] = HealthTrack(**h)
            if values.get("armour") is not None and not isinstance(values["armour"], Armour):
                values["armour"] = Armour(**values["armour"])
            if values.get("custom_row") is not None:
                values["custom_row"] = GenerationRow(*values["custom_row"])
            if "boosts" in values:
                values["boosts"] = {
                    k: b if isinstance(b, Boost) else Boost(**b)
                    for k, b in values["boosts"].items()
                }
            for name in ("frenzy", "fear"):
                if values.get(name) is not None and not isinstance(values[name], BeastCheck):
                    values[name] = BeastCheck.from_dict(values[name])
            for name in ("clan_disciplines", "derangements"):
                if name in values:
                    values[name] = tuple(values[name])
        except (TypeError, ValueError, AttributeError, KeyError) as exc:
            raise RulesError(f"malformed character data: {exc}") from None
        return validate(cls(**values))


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


def set_trait(c: Character, name: str, value: int, profile: Profile = V20) -> Character:
    """Set one rating by name and validate. Unknown names are refused with a suggestion
    under V20; Dark Ages and Demon accept free-form Abilities. ``discipline:NAME`` and
    ``ability:NAME`` add a free-form trait explicitly."""
    _check_int(name, value)
    key = normalise(name)
    group = None
    if ":" in key:
        group, key = key.split(":", 1)
        if group not in ("discipline", "ability"):
            raise RulesError(f"use discipline:NAME or ability:NAME, not {group}:")
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
            raise RulesError(f"only vampires have a generation; {c.name} is a {c.kind.value}")
        new = replace(c, generation=value)
        new = replace(new, blood=min(new.blood, new.blood_max))
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
            f"unknown trait {name!r}{suggest(key, c._names())}; "
            f"for a trait outside the V20 lists write discipline:{key} or ability:{key}"
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


def new_character(name: str, kind: Kind, generation: int | None = None) -> Character:
    """A blank sheet of the given kind: all Attributes 1, Virtues 1, Willpower 1.

    A vampire starts with a full blood pool; a mortal is a vessel of 10 blood.
    """
    if kind is Kind.VAMPIRE and generation is None:
        generation = WEAKEST_GENERATION
    c = Character(name=name, kind=kind, generation=generation)
    start = {Kind.VAMPIRE: c.blood_max, Kind.GHOUL: 1, Kind.MORTAL: c.blood_max}[kind]
    return validate(replace(c, blood=start))


def with_path(c: Character, path: str, rating: int | None = None) -> Character:
    """Follow a Path (or Road) instead of Humanity; Virtues keep their names unless set."""
    cleaned = " ".join(path.split())
    if not cleaned:
        raise RulesError("a Path needs a name")
    return validate(
        replace(
            c,
            morality=cleaned if normalise(cleaned) != HUMANITY else HUMANITY,
            morality_rating=c.morality_rating if rating is None else rating,
        )
    )


# Quick NPC templates (not from the book's tables: typical sheets for the ST to adjust).
TEMPLATES: dict[str, dict[str, Any]] = {
    "mortal": {
        "kind": Kind.MORTAL,
        "attributes": {**dict.fromkeys(ATTRIBUTES, 2)},
        "abilities": {"alertness": 1, "athletics": 1, "brawl": 1, "drive": 1},
        "virtues": {CONSCIENCE: 3, SELF_CONTROL: 3, COURAGE: 2},
        "morality_rating": 7,
        "willpower": 4,
    },
    "ghoul": {
        "kind": Kind.GHOUL,
        "attributes": {**dict.fromkeys(ATTRIBUTES, 2), "strength": 3, "stamina": 3},
        "abilities": {"alertness": 2, "athletics": 2, "brawl": 2, "melee": 2, "firearms": 1},
        "disciplines": {"potence": 1},
        "virtues": {CONSCIENCE: 2, SELF_CONTROL: 3, COURAGE: 3},
        "morality_rating": 6,
        "willpower": 4,
    },
    "neonate": {
        "kind": Kind.VAMPIRE,
        "generation": 13,
        "attributes": {**dict.fromkeys(ATTRIBUTES, 2), "dexterity": 3, "wits": 3},
        "abilities": {"alertness": 2, "athletics": 2, "brawl": 2, "stealth": 1, "streetwise": 2},
        "disciplines": {"celerity": 1, "fortitude": 1},
        "virtues": {CONSCIENCE: 3, SELF_CONTROL: 3, COURAGE: 3},
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


def from_template(name: str, template: str) -> Character:
    """A ready NPC from a template: mortal, ghoul, neonate, ancilla, elder."""
    key = template.strip().lower()
    if key not in TEMPLATES:
        raise RulesError(f"unknown template {template!r}; use one of: {', '.join(TEMPLATES)}")
    spec = dict(TEMPLATES[key])
    base = new_character(name, spec.pop("kind"), spec.get("generation"))
    c = replace(base, **spec)
    c = replace(c, willpower_points=c.willpower)
    return validate(c)


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
        raise RulesError(
            f"{key} is rated {rating}; a specialty needs a rating of {SPECIALTY_MIN} or more"
        )
    return replace(c, specialties={**c.specialties, key: text})
