"""The character sheet as a value: the :class:`Character` dataclass, its worn armour and
blood boosts, derived numbers, its stored form, and :func:`validate`, whose refusals say
what is allowed (RULES.md §3, §5, §7, §8; V20 p. 289).

A :class:`Character` is immutable; every rules function returns a new one, so the chronicle
can keep history and undo by replaying events. It is checked on the way in: a sheet read
back is rebuilt and validated here, so the check lives beside the value it keeps whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from elysium.i18n.message import Msg
from elysium.rules.beast_state import BeastCheck, BeastState
from elysium.rules.conditions import Tag, tag_from
from elysium.rules.errors import RulesError
from elysium.rules.health import Condition, HealthTrack, Status
from elysium.rules.merits import FLAW, MERIT, Merit, check_list, merit_from
from elysium.rules.powers import Power, power_from
from elysium.rules.shape import check_record
from elysium.rules.tables import ABSOLUTE_TRAIT_MAX, GenerationRow, generation_row
from elysium.rules.traits import (
    ATTRIBUTES,
    BACKGROUND_MAX,
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
    did_you_mean,
    normalise,
)

MAX_NAME = 60
MAX_LOAD = 10_000  # pounds carried: a sanity bound (``carry NAME LB``), not a rule


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


# Fields :meth:`Character.to_dict` leaves out at these (default) values: older saves and
# records stay byte for byte the same until a character has one.
OMITTED_WHEN_EMPTY: dict[str, Any] = {
    "powers": [],
    "derangements_due": 0,
    "backgrounds": {},
    "nature": "",
    "demeanour": "",
    "player": False,
    "hidden": False,
    "celerity_actions": 0,
    "load": 0,
    "conditions": [],
    "merits": [],
    "flaws": [],
}


@dataclass(frozen=True, slots=True)
class Character:
    """The sheet and its current condition. Trait names are normalised (``self-control``)."""

    name: str
    kind: Kind = Kind.MORTAL
    supernatural: bool = False  # another supernatural being: dazed at Stamina + 2
    clan: str = ""
    nature: str = ""  # the Archetype the character truly is (V20 p. 84)
    demeanour: str = ""  # the Archetype the character shows the world
    attributes: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(ATTRIBUTES, 1))
    abilities: Mapping[str, int] = field(default_factory=dict)
    disciplines: Mapping[str, int] = field(default_factory=dict)
    backgrounds: Mapping[str, int] = field(default_factory=dict)  # V20 p. 109-117
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
    derangements_due: int = 0  # botched degenerations whose derangement the ST has yet to name
    bonds: Mapping[str, int] = field(default_factory=dict)  # donor name -> drinks taken
    notes: str = ""
    xp: int = 0  # unspent experience
    # Condition within the scene and turn:
    blood_spent_turn: int = 0
    blood_fed_turn: int = 0
    willpower_spent_turn: bool = False  # the once-per-turn automatic success is used
    ignore_wounds: bool = False  # a Willpower point spent: no wound penalties this turn
    celerity_actions: int = 0  # Celerity dots given to extra actions this turn (no dice)
    load: int = 0  # pounds carried until put down (``carry NAME LB``)
    boosts: Mapping[str, Boost] = field(default_factory=dict)
    blush_paid: int = 0  # blood paid toward the blush of life this scene
    blush: bool = False  # blush of life is up this scene
    frenzy: BeastCheck | None = None  # a frenzy check in progress or lost
    fear: BeastCheck | None = None  # a Rötschreck check in progress or lost
    aggravated_rested: bool = False  # a day's rest taken: aggravated damage may heal
    staked: bool = False  # a stake through the heart paralyses a vampire (V20 p. 299)
    lost: bool = False  # Humanity / Path 0: the character has passed to the Storyteller
    powers: tuple[Power, ...] = ()  # named rolls (``power NAME Majesty``)
    player: bool = False  # a player's character: the players' view shows its pools (issue 15)
    conditions: tuple[Tag, ...] = ()  # labelled conditions that run out (rules.conditions)
    hidden: bool = False  # an NPC kept off the players' view until revealed (never a player's)
    merits: tuple[Merit, ...] = ()  # V20 Merits, each 1-7 points (``merit NAME TEXT N``)
    flaws: tuple[Merit, ...] = ()  # V20 Flaws, each 1-7 points (``flaw NAME TEXT N``)

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
        for table in (self.abilities, self.disciplines, self.virtues, self.backgrounds):
            if key in table:
                return table[key]
        if key in MORALITY_ALIASES or key == normalise(self.morality):
            return self.morality_rating
        if key == WILLPOWER:
            return self.willpower
        if key in V20_ABILITIES or key in V20_DISCIPLINES:
            return 0  # a standard trait the character simply lacks
        raise RulesError(
            "character.no_trait", who=self.name, name=name, hint=did_you_mean(key, self._names())
        )

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
            *self.backgrounds,
            *MORALITY_ALIASES,
            WILLPOWER,
            *all_known(),
        ]

    # --- storage -----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able values (the chronicle stores these). Each field's way of being
        stored is found once per field and type (the diff of every command stores two)."""
        out: dict[str, Any] = {}
        for name in _field_names(type(self)):
            value = getattr(self, name)
            key = (name, type(value))
            store = _STORE.get(key)
            if store is None:
                store = _STORE[key] = _storer(name, value)
            if store is not _as_is:
                value = store(value)
            if name in OMITTED_WHEN_EMPTY and value == OMITTED_WHEN_EMPTY[name]:
                continue  # left out while empty: older saves and records stay the same
            out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Character:
        """Rebuild and validate; unknown fields are refused rather than dropped."""
        if not isinstance(data, Mapping):
            raise RulesError("character.not_a_table")
        known = {f.name for f in fields(cls)}
        unknown = sorted(str(k) for k in set(data) - known)
        if unknown:
            raise RulesError("character.unknown_field", field=unknown[0][:40])
        if "name" not in data:
            raise RulesError("character.needs_name")
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
            if "powers" in values:
                values["powers"] = tuple(power_from(p) for p in values["powers"])
            if "conditions" in values:
                values["conditions"] = tuple(tag_from(p) for p in values["conditions"])
            for name, kind in (("merits", MERIT), ("flaws", FLAW)):
                if name in values:
                    values[name] = tuple(merit_from(m, kind) for m in values[name])
            for name in ("clan_disciplines", "derangements"):
                if name in values:
                    values[name] = tuple(values[name])
        except (TypeError, ValueError, AttributeError, KeyError) as exc:
            raise RulesError("character.malformed", error=str(exc)) from None
        return validate(cls(**values))


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
            check_int(Msg("character.trait_in_group", name=name, group=group), value)
            if value < 0:
                raise RulesError("character.negative", name=name, value=value)
            if value > top:
                raise RulesError(
                    "character.above_max", name=name, value=value, top=top, who=_who(c)
                )
    for name, value in c.backgrounds.items():
        check_int(Msg("character.trait_in_group", name=name, group="Background"), value)
        if not 0 <= value <= BACKGROUND_MAX:
            raise RulesError(
                "character.background_range", name=name, value=value, high=BACKGROUND_MAX
            )
    for name in (c.morality, WILLPOWER):
        value = c.morality_rating if name == c.morality else c.willpower
        check_int(name, value)
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
    check_list(c.merits, MERIT)
    check_list(c.flaws, FLAW)
    return c


def check_int(name: str | Msg, value: object) -> None:
    """A rating must be a whole number (``True`` is no rating, though Python says it is one)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError("character.not_whole", name=name, value=value)


def _who(c: Character) -> Msg:
    """Whose trait maximum or blood pool: ``generation 13``, ``a mortal``."""
    if c.kind is Kind.VAMPIRE:
        return Msg("character.for_generation", generation=c.generation)
    return Msg(f"character.for.{c.kind.value}")


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))
    return names


def _as_is(value: Any) -> Any:
    return value


def _storer(name: str, value: Any) -> Any:
    """How a field holding a value of this type is stored (the same for every value of
    that type in that field)."""
    if isinstance(value, Kind):
        return lambda v: v.value
    if isinstance(value, HealthTrack):
        return lambda v: {
            "bashing": v.bashing,
            "lethal": v.lethal,
            "aggravated": v.aggravated,
            "condition": v.condition.value,
        }
    if isinstance(value, Armour):
        return lambda v: {"name": v.name, "rating": v.rating, "penalty": v.penalty}
    if isinstance(value, GenerationRow):
        return list
    if isinstance(value, BeastCheck):
        return lambda v: v.to_dict()
    if name in ("powers", "conditions", "merits", "flaws"):
        return lambda v: [p.to_dict() for p in v]
    if name == "boosts":
        return lambda v: {k: {"amount": b.amount, "turns": b.turns} for k, b in v.items()}
    if isinstance(value, Mapping):
        return dict
    if isinstance(value, tuple):
        return list
    return _as_is


_FIELDS: dict[type, tuple[str, ...]] = {}
_STORE: dict[tuple[str, type], Any] = {}
