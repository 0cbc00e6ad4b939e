"""Blood: spending within the per-turn limit, physical boosts, the blush of life, sunset,
healing, starvation, feeding and blood bonds (RULES.md §5; V20 p. 286-289, 303; cheat sheet
"Кровь", "Поколения", "Питание").

Every function takes a :class:`Character` and returns a new one (or refuses with a
:class:`RulesError` and changes nothing).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from elysium.rules.character import Boost, Character
from elysium.rules.dice import RollRequest
from elysium.rules.errors import RulesError
from elysium.rules.health import (
    Condition,
    DamageType,
    Status,
    heal,
    heal_aggravated,
    take_damage,
)
from elysium.rules.profiles import V20, Profile
from elysium.rules.tables import (
    ABSOLUTE_TRAIT_MAX,
    AGGRAVATED_HEAL_BLOOD,
    AGGRAVATED_HEAL_WILLPOWER,
    BLUSH_BASE,
    BOND_DRINKS,
    BOOST_FADE_TURNS,
    BOOST_OVER_MAX,
    FEED_PER_TURN,
    HEAL_COST,
    HUMAN_SAFE_LEFT,
    STOP_FEEDING_DIFFICULTY,
    SUNSET_COST,
    VESSELS,
)
from elysium.rules.traits import PHYSICAL, Kind


def _can_use_blood(c: Character, purpose: str) -> None:
    if c.kind is Kind.MORTAL:
        raise RulesError(f"{c.name} is a mortal and cannot spend blood")
    status = c.status()
    if status in (Status.FINAL_DEATH, Status.DEAD):
        raise RulesError(f"{c.name} is beyond spending blood ({status.value.replace('_', ' ')})")
    if status is Status.TORPOR:
        raise RulesError(f"{c.name} is in torpor: no blood can be used")
    if status is Status.INCAPACITATED and purpose != "heal":
        raise RulesError(f"{c.name} is incapacitated and may only heal with blood")


def spend_blood(c: Character, amount: int, purpose: str = "other") -> Character:
    """Spend blood within the generation's per-turn limit (V20 p. 286-289)."""
    if amount < 1:
        raise RulesError("spend at least 1 blood")
    _can_use_blood(c, purpose)
    if amount > c.blood:
        raise RulesError(f"{c.name} has {c.blood} blood, not enough to spend {amount}")
    left = c.blood_per_turn - c.blood_spent_turn
    if amount > left:
        raise RulesError(
            f"{c.name} can spend {c.blood_per_turn} blood per turn "
            f"({left} left this turn); asked for {amount}"
        )
    return replace(c, blood=c.blood - amount, blood_spent_turn=c.blood_spent_turn + amount)


def gain_blood(c: Character, amount: int) -> Character:
    """Add blood up to the pool maximum (for the ST's adjustments; feeding is :func:`feed`)."""
    if amount < 1:
        raise RulesError("gain at least 1 blood")
    room = c.blood_max - c.blood
    if amount > room:
        raise RulesError(f"{c.name} can hold only {room} more blood (maximum {c.blood_max})")
    return replace(c, blood=c.blood + amount)


def required_expense(c: Character, amount: int, profile: Profile = V20) -> tuple[Character, int]:
    """A cost that must be paid (sunset, a power's upkeep). At 0 blood each unpaid point is
    a level of damage instead (V20 p. 303). Returns the character and the levels taken."""
    paid = min(c.blood, amount)
    unpaid = amount - paid
    c = replace(c, blood=c.blood - paid)
    if unpaid:
        kind = DamageType(profile.starvation_damage)
        c = replace(c, health=take_damage(c.health, unpaid, kind, c.kind))
    return c, unpaid


def sunset(c: Character, profile: Profile = V20) -> tuple[Character, int]:
    """Every night at sunset a vampire not in torpor loses 1 blood, even if it sleeps on."""
    if c.kind is not Kind.VAMPIRE or not profile.has_blood:
        return c, 0
    if c.status() in (Status.TORPOR, Status.FINAL_DEATH):
        return c, 0
    c, damage = required_expense(c, SUNSET_COST, profile)
    return new_night(c), damage


def new_turn(c: Character) -> Character:
    """A turn ends: spending limits reset and boosts above the safe cap fade a step."""
    boosts = {k: replace(b, turns=b.turns + 1) for k, b in c.boosts.items()}
    return replace(
        c,
        blood_spent_turn=0,
        blood_fed_turn=0,
        willpower_spent_turn=False,
        ignore_wounds=False,
        boosts=boosts,
    )


def end_scene(c: Character) -> Character:
    """Boosts and the blush of life last until the end of the scene."""
    c = new_turn(c)
    # A day's rest lets aggravated wounds heal that evening, not for the rest of the night.
    return replace(c, boosts={}, blush=False, blush_paid=0, aggravated_rested=False)


def new_night(c: Character) -> Character:
    """A new night also ends the scene; a day's rest has been taken."""
    return replace(end_scene(c), aggravated_rested=True)


def boost(c: Character, attribute: str, blood: int) -> Character:
    """+1 Strength, Dexterity or Stamina per blood until the scene ends (V20 p. 287).

    Up to the trait maximum + 1 it lasts the scene; above that it fades by 1 every 3 turns;
    never above 10.
    """
    key = attribute.strip().lower()
    if key not in PHYSICAL:
        raise RulesError(f"blood boosts only Strength, Dexterity or Stamina, not {attribute!r}")
    base = c.attributes.get(key, 0)
    current = c.boosts.get(key, Boost(0))
    if base + current.amount + blood > ABSOLUTE_TRAIT_MAX:
        raise RulesError(
            f"{key} would rise to {base + current.amount + blood}; no trait goes above "
            f"{ABSOLUTE_TRAIT_MAX}"
        )
    c = spend_blood(c, blood, "boost")
    cap = c.trait_max + BOOST_OVER_MAX
    turns = current.turns if base + current.amount > cap else 0
    return replace(c, boosts={**c.boosts, key: Boost(current.amount + blood, turns)})


def boost_cap(c: Character) -> int:
    """The highest boosted rating that lasts the whole scene (trait maximum + 1)."""
    return c.trait_max + BOOST_OVER_MAX


BOOST_FADE = BOOST_FADE_TURNS  # re-exported for the dashboard's reminder


def blush_cost(c: Character) -> int:
    """Blush of life: 8 − Humanity blood per scene (Humanity only)."""
    if not c.has_humanity:
        raise RulesError(f"{c.name} follows {c.morality}: the blush of life needs Humanity")
    return max(0, BLUSH_BASE - c.morality_rating)


def blush_of_life(c: Character, blood: int | None = None) -> Character:
    """Pay toward the blush of life; it comes up once the scene's cost is paid.

    Payment stays within the per-turn limit, so a low-Humanity vampire pays over
    several turns. ``blood`` defaults to as much as this turn allows.
    """
    if c.blush:
        raise RulesError(f"{c.name} already has the blush of life this scene")
    cost = blush_cost(c)
    due = cost - c.blush_paid
    if due <= 0:
        return replace(c, blush=True)
    pay = min(due, c.blood_per_turn - c.blood_spent_turn) if blood is None else blood
    if pay > due:
        raise RulesError(f"the blush of life needs only {due} more blood")
    c = spend_blood(c, pay, "blush")
    paid = c.blush_paid + pay
    return replace(c, blush_paid=paid, blush=paid >= cost)


def heal_with_blood(c: Character, levels: int, damage_type: DamageType | None = None) -> Character:
    """1 blood heals 1 bashing or lethal level; a full turn of concentration and within the
    per-turn limit (V20 p. 287). Allowed at Incapacitated, not in torpor."""
    if levels < 1:
        raise RulesError("heal at least 1 level")
    hurt = c.health.bashing + c.health.lethal
    if damage_type is not None:
        hurt = c.health.count(damage_type)
    if hurt == 0:
        what = f"{damage_type.value} " if damage_type else "bashing or lethal "
        raise RulesError(f"{c.name} has no {what}damage to heal with blood")
    if levels > hurt:
        raise RulesError(f"{c.name} has only {hurt} such levels to heal")
    c = spend_blood(c, levels * HEAL_COST, "heal")
    track, _healed = heal(c.health, levels, damage_type)
    return replace(c, health=track)


def aggravated_heal_cost(levels: int) -> tuple[int, int]:
    """(blood, Willpower) to heal aggravated levels after a day's rest: 5 blood each, and
    1 Willpower for each level beyond the first healed at once."""
    if levels < 1:
        raise RulesError("heal at least 1 aggravated level")
    return AGGRAVATED_HEAL_BLOOD * levels, AGGRAVATED_HEAL_WILLPOWER * (levels - 1)


def heal_aggravated_with_blood(c: Character, levels: int) -> Character:
    """Heal aggravated damage after a day's rest (V20 p. 287; cheat sheet). The cost is paid
    over the day of rest, so the per-turn limit does not apply."""
    _can_use_blood(c, "heal")
    if c.health.aggravated == 0:
        raise RulesError(f"{c.name} has no aggravated damage to heal")
    if levels > c.health.aggravated:
        raise RulesError(f"{c.name} has only {c.health.aggravated} aggravated levels to heal")
    if not c.aggravated_rested:
        raise RulesError(f"{c.name} needs a day's rest before healing aggravated damage")
    blood, willpower = aggravated_heal_cost(levels)
    if blood > c.blood:
        raise RulesError(f"healing {levels} aggravated needs {blood} blood; {c.name} has {c.blood}")
    if willpower > c.willpower_points:
        raise RulesError(
            f"healing {levels} aggravated at once needs {willpower} Willpower; "
            f"{c.name} has {c.willpower_points}"
        )
    track = heal_aggravated(c.health, levels)
    return replace(
        c,
        health=track,
        blood=c.blood - blood,
        willpower_points=c.willpower_points - willpower,
        aggravated_rested=False,
    )


@dataclass(frozen=True, slots=True)
class Feeding:
    """What one turn of feeding did: the feeder, the vessel's blood left, and the lethal
    levels a human vessel took for being drained past the safe amount."""

    feeder: Character
    vessel_left: Fraction
    vessel_damage: int


def vessel_blood(vessel: str) -> Fraction:
    """Blood in a vessel by the table (V20 p. 288-289)."""
    key = vessel.strip().lower().replace(" ", "_")
    if key not in VESSELS:
        raise RulesError(f"unknown vessel {vessel!r}; known: {', '.join(VESSELS)}")
    return VESSELS[key]


def feed(
    c: Character,
    amount: int,
    vessel_left: Fraction | int,
    *,
    human: bool = True,
    per_turn: int = FEED_PER_TURN,
) -> Feeding:
    """Drink ``amount`` blood this turn from a vessel holding ``vessel_left``.

    At most 3 a turn (an elder's blood may allow more: ``per_turn``); never past the pool
    maximum. A human left with fewer than 8 of their 10 takes a lethal level per point.
    """
    if amount < 1:
        raise RulesError("feed at least 1 blood")
    if c.kind is not Kind.VAMPIRE:
        raise RulesError(f"{c.name} is not a vampire and does not feed")
    if c.status() in (Status.TORPOR, Status.FINAL_DEATH):
        raise RulesError(f"{c.name} cannot feed in {c.status().value.replace('_', ' ')}")
    if c.blood_fed_turn + amount > per_turn:
        raise RulesError(
            f"a vampire drinks at most {per_turn} blood per turn "
            f"({per_turn - c.blood_fed_turn} left this turn)"
        )
    room = c.blood_max - c.blood
    if amount > room:
        raise RulesError(f"{c.name} can hold only {room} more blood (maximum {c.blood_max})")
    left = Fraction(vessel_left)
    if amount > left:
        raise RulesError(f"the vessel has only {left} blood left")
    after = left - amount
    damage = 0
    if human:
        before_unsafe = max(Fraction(0), HUMAN_SAFE_LEFT - left)
        after_unsafe = max(Fraction(0), HUMAN_SAFE_LEFT - after)
        damage = int(after_unsafe) - int(before_unsafe)
    feeder = replace(c, blood=c.blood + amount, blood_fed_turn=c.blood_fed_turn + amount)
    return Feeding(feeder, after, damage)


def drain_vessel(victim: Character, feeding: Feeding) -> Character:
    """Apply a feeding to a vessel who is a character: blood gone, lethal damage taken."""
    blood = int(feeding.vessel_left)
    track = victim.health
    if feeding.vessel_damage:
        track = take_damage(track, feeding.vessel_damage, DamageType.LETHAL, victim.kind)
    if victim.kind is Kind.MORTAL and blood == 0 and track.condition is Condition.ACTIVE:
        track = replace(track, condition=Condition.DEAD)  # drained dry
    return replace(victim, blood=blood, health=track)


def stop_feeding_request(c: Character) -> RollRequest:
    """Stopping the Kiss: a Willpower roll at difficulty 8 (V20 p. 289)."""
    return RollRequest(c.willpower, STOP_FEEDING_DIFFICULTY)


def drink_from_kindred(c: Character, donor: str) -> Character:
    """Count a drink of a Kindred's blood; the third from one donor is a blood bond."""
    name = " ".join(donor.split())
    if not name:
        raise RulesError("name the Kindred whose blood was drunk")
    if name == c.name:
        raise RulesError("a vampire cannot bond to itself")
    count = min(BOND_DRINKS, c.bonds.get(name, 0) + 1)
    return replace(c, bonds={**c.bonds, name: count})


def bonded_to(c: Character) -> list[str]:
    """The Kindred this character is blood bound to (three drinks)."""
    return sorted(k for k, n in c.bonds.items() if n >= BOND_DRINKS)
