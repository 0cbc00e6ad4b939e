"""Blood: spending within the per-turn limit, physical boosts, the blush of life, sunset,
healing, starvation, feeding and blood bonds (RULES.md §5; V20 p. 286-289, 303; cheat sheet
"Кровь", "Поколения", "Питание").

Every function takes a :class:`Character` and returns a new one (or refuses with a
:class:`RulesError` and changes nothing).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from elysium.i18n.message import Msg
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
    wounded_pool,
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
        raise RulesError("blood.mortal", who=c.name)
    status = c.status()
    if status in (Status.FINAL_DEATH, Status.DEAD):
        raise RulesError("blood.beyond", who=c.name, status=status.value)
    if status is Status.TORPOR:
        raise RulesError("blood.torpor", who=c.name)
    if status is Status.INCAPACITATED and purpose != "heal":
        raise RulesError("blood.incapacitated", who=c.name)


def spend_blood(c: Character, amount: int, purpose: str = "other") -> Character:
    """Spend blood within the generation's per-turn limit (V20 p. 286-289)."""
    if amount < 1:
        raise RulesError("blood.spend_at_least")
    _can_use_blood(c, purpose)
    if amount > c.blood:
        raise RulesError("blood.not_enough", who=c.name, have=c.blood, amount=amount)
    left = c.blood_per_turn - c.blood_spent_turn
    gen = Msg("blood.generation", n=c.generation) if c.generation else ""
    if left <= 0:  # the limit is used up: say so, not "spend at least 1"
        raise RulesError(
            "blood.turn_spent",
            who=c.name,
            spent=c.blood_spent_turn,
            per_turn=c.blood_per_turn,
            gen=gen,
        )
    if amount > left:
        raise RulesError(
            "blood.per_turn",
            who=c.name,
            per_turn=c.blood_per_turn,
            left=left,
            amount=amount,
            gen=Msg("blood.generation_in", n=c.generation) if c.generation else "",
        )
    return replace(c, blood=c.blood - amount, blood_spent_turn=c.blood_spent_turn + amount)


def gain_blood(c: Character, amount: int) -> Character:
    """Add blood up to the pool maximum (for the ST's adjustments; feeding is :func:`feed`)."""
    if amount < 1:
        raise RulesError("blood.gain_at_least")
    room = c.blood_max - c.blood
    if amount > room:
        raise RulesError("blood.room", who=c.name, room=room, max=c.blood_max)
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
    """A turn ends: spending limits reset, Celerity's dots come back from extra actions and
    boosts above the safe cap fade a step."""
    boosts = {k: replace(b, turns=b.turns + 1) for k, b in c.boosts.items()}
    return replace(
        c,
        blood_spent_turn=0,
        blood_fed_turn=0,
        willpower_spent_turn=False,
        ignore_wounds=False,
        celerity_actions=0,
        boosts=boosts,
    )


def end_scene(c: Character) -> Character:
    """Boosts and the blush of life last until the end of the scene."""
    c = new_turn(c)
    # A day's rest is kept until an aggravated level heals on it (cheat sheet: "5 пунктов
    # крови и сутки отдыха"); the end of a scene does not take it away.
    return replace(c, boosts={}, blush=False, blush_paid=0)


def new_night(c: Character) -> Character:
    """A new night also ends the scene; a day's rest has been taken."""
    return rest(end_scene(c))


def rest(c: Character) -> Character:
    """A day's rest: the vampire may heal aggravated damage on it (cheat sheet "Лечение").
    It heals wounds already taken: a rest with no aggravated wound counts for nothing, so a
    wound taken after it still waits for the next day's rest."""
    return replace(c, aggravated_rested=c.health.aggravated > 0)


def boost(c: Character, attribute: str, blood: int) -> Character:
    """+1 Strength, Dexterity or Stamina per blood until the scene ends (V20 p. 287).

    Up to the trait maximum + 1 it lasts the scene; above that it fades by 1 every 3 turns;
    never above 10.
    """
    key = attribute.strip().lower()
    if key not in PHYSICAL:
        raise RulesError("blood.boost_physical", attribute=attribute)
    base = c.attributes.get(key, 0)
    current = c.boosts.get(key, Boost(0))
    if base + current.amount + blood > ABSOLUTE_TRAIT_MAX:
        raise RulesError(
            "blood.boost_above",
            trait=key,
            value=base + current.amount + blood,
            max=ABSOLUTE_TRAIT_MAX,
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
        raise RulesError("blood.blush_path", who=c.name, path=c.morality)
    return max(0, BLUSH_BASE - c.morality_rating)


def blush_of_life(c: Character, blood: int | None = None) -> Character:
    """Pay toward the blush of life; it comes up once the scene's cost is paid.

    Payment stays within the per-turn limit, so a low-Humanity vampire pays over
    several turns. ``blood`` defaults to as much as this turn allows.
    """
    if c.blush:
        raise RulesError("blood.blush_already", who=c.name)
    cost = blush_cost(c)
    due = cost - c.blush_paid
    if due <= 0:
        return replace(c, blush=True)
    pay = min(due, c.blood_per_turn - c.blood_spent_turn) if blood is None else blood
    if blood is None and pay < 1:
        pay = due  # nothing left this turn: spend_blood says which limit, not "at least 1"
    if pay > due:
        raise RulesError("blood.blush_due", due=due)
    c = spend_blood(c, pay, "blush")
    paid = c.blush_paid + pay
    return replace(c, blush_paid=paid, blush=paid >= cost)


def heal_with_blood(c: Character, levels: int, damage_type: DamageType | None = None) -> Character:
    """1 blood heals 1 bashing or lethal level; a full turn of concentration and within the
    per-turn limit (V20 p. 287). Allowed at Incapacitated, not in torpor."""
    if levels < 1:
        raise RulesError("blood.heal_at_least")
    hurt = c.health.bashing + c.health.lethal
    if damage_type is not None:
        hurt = c.health.count(damage_type)
    if hurt == 0:
        if damage_type is None:
            raise RulesError("blood.nothing_to_heal", who=c.name)
        raise RulesError("blood.nothing_of_type_to_heal", who=c.name, type=damage_type.value)
    if levels > hurt:
        raise RulesError("blood.only_levels", who=c.name, n=hurt)
    c = spend_blood(c, levels * HEAL_COST, "heal")
    track, _healed = heal(c.health, levels, damage_type)
    return replace(c, health=track)


def aggravated_heal_cost(levels: int) -> tuple[int, int]:
    """(blood, Willpower) to heal aggravated levels after a day's rest: 5 blood each, and
    1 Willpower for each level beyond the first healed at once."""
    if levels < 1:
        raise RulesError("blood.heal_aggravated_at_least")
    return AGGRAVATED_HEAL_BLOOD * levels, AGGRAVATED_HEAL_WILLPOWER * (levels - 1)


def heal_aggravated_with_blood(c: Character, levels: int) -> Character:
    """Heal aggravated damage after a day's rest (V20 p. 287; cheat sheet). The cost is paid
    over the day of rest, so the per-turn limit does not apply."""
    _can_use_blood(c, "heal")
    if c.health.aggravated == 0:
        raise RulesError("blood.no_aggravated", who=c.name)
    if levels > c.health.aggravated:
        raise RulesError("blood.only_aggravated", who=c.name, n=c.health.aggravated)
    if not c.aggravated_rested:
        raise RulesError("blood.needs_rest", who=c.name)
    blood, willpower = aggravated_heal_cost(levels)
    if blood > c.blood:
        raise RulesError(
            "blood.aggravated_blood", levels=levels, blood=blood, who=c.name, have=c.blood
        )
    if willpower > c.willpower_points:
        raise RulesError(
            "blood.aggravated_willpower",
            levels=levels,
            willpower=willpower,
            who=c.name,
            have=c.willpower_points,
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
        raise RulesError("blood.unknown_vessel", vessel=vessel, known=list(VESSELS))
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
        raise RulesError("blood.feed_at_least")
    if c.kind is not Kind.VAMPIRE:
        raise RulesError("blood.not_vampire", who=c.name)
    if c.status() in (Status.TORPOR, Status.FINAL_DEATH):
        raise RulesError("blood.cannot_feed", who=c.name, status=c.status().value)
    if c.blood_fed_turn + amount > per_turn:
        raise RulesError("blood.feed_per_turn", per_turn=per_turn, left=per_turn - c.blood_fed_turn)
    room = c.blood_max - c.blood
    if amount > room:
        raise RulesError("blood.room", who=c.name, room=room, max=c.blood_max)
    left = Fraction(vessel_left)
    if amount > left:
        raise RulesError("blood.vessel_left", left=left)
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
    """Stopping the Kiss: a Willpower roll at difficulty 8 (V20 p. 289). It is not one of
    the reflexive rolls, so wound penalties apply; with no dice left it cannot be made."""
    pool = wounded_pool(c.willpower, c.health, frenzied=c.frenzied, willpower=c.ignore_wounds)
    if pool < 1:
        raise RulesError("blood.stop_no_dice", who=c.name)
    return RollRequest(pool, STOP_FEEDING_DIFFICULTY)


def drink_from_kindred(c: Character, donor: str) -> Character:
    """Count a drink of a Kindred's blood; the third from one donor is a blood bond."""
    name = " ".join(donor.split())
    if not name:
        raise RulesError("blood.bond_name")
    if name == c.name:
        raise RulesError("blood.bond_self")
    count = min(BOND_DRINKS, c.bonds.get(name, 0) + 1)
    return replace(c, bonds={**c.bonds, name: count})


def bonded_to(c: Character) -> list[str]:
    """The Kindred this character is blood bound to (three drinks)."""
    return sorted(k for k, n in c.bonds.items() if n >= BOND_DRINKS)
