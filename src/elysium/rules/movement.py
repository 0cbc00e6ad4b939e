"""Movement per turn and the physical feats (RULES.md §10; Dark Ages seed 002, V20 p. 302).

Distances are in yards, as the seed gives them; the cheat sheet's 3 m and 1 m limits for
Mauled and Crippled are converted. Each feat returns the roll to make (a
:class:`~elysium.rules.dice.RollRequest`) and a helper reads its result.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from elysium.rules.character import Character
from elysium.rules.dice import RollRequest
from elysium.rules.errors import RulesError
from elysium.rules.health import MOVEMENT_LIMITS, HealthTrack, Status, wounded_pool
from elysium.rules.sheet import MAX_LOAD, validate
from elysium.rules.tables import MAX_DIFFICULTY


class Modifier(Protocol):
    """What a feat reads of a situation's modifier (``rules.modifiers.PoolMod``): said
    as a protocol so that this module need not import that one, which imports it."""

    @property
    def dice(self) -> int: ...

    @property
    def difficulty(self) -> int: ...


Mods = Sequence[Modifier]

WALK = 7  # yards per turn
JOG_BASE = 12  # + Dexterity
RUN_BASE = 20  # + 3 x Dexterity
RUN_PER_DEX = 3
METRES_PER_YARD = 0.9144

STAND_DIFFICULTY = 4  # Dex + Athletics to stand while doing something else; botch: 1 bashing
READY_DIFFICULTY = 4  # Dex + Melee / Archery to ready a weapon while acting; failure: init 1
CLIMB_DIFFICULTY = 6  # Dex + Athletics, extended; 4 with claws or bone spikes
CLIMB_FEET_PER_SUCCESS = 10  # the ST may use 15 (easy slope) or 5 (fitted stone)
CARRY_PER_STRENGTH = 25  # lb per dot of Strength + Potence
STUCK_TIMES = 2  # from twice the carrying limit the character cannot move
JUMP_DIFFICULTY = 3
JUMP_UP_FEET = 2  # per success
JUMP_ACROSS_FEET = 4  # per success
LIFT_DIFFICULTY = 9  # Willpower to lift beyond Strength: +1 Strength per success
DOOR_DIFFICULTY = 6  # Strength
GATE_DIFFICULTY = 8
DOORS = {"latched": 1, "sturdy": 2, "barred": 3, "castle": 5, "gate": 10}  # successes
SWIM_DIFFICULTY = 5  # Stamina + Athletics; +1 for Kindred
THROW_YARDS_PER_STRENGTH = 5  # objects up to 3 lb
THROW_LIGHT_LB = 3
THROW_HALF_DIFFICULTY = 6  # up to half range
THROW_FULL_DIFFICULTY = 8  # to full range
# The traits in each feat's pool (seed 002), for the modifiers that depend on them
# (Celerity's dice go to the ones with Dexterity).
FEAT_TRAITS: dict[str, tuple[str, ...]] = {
    "stand": ("dexterity", "athletics"),
    "ready": ("dexterity", "melee"),
    "climb": ("dexterity", "athletics"),
    "jump": ("strength", "athletics"),
    "lift": ("willpower",),
    "door": ("strength",),
    "swim": ("stamina", "athletics"),
    "throw": ("dexterity", "athletics"),
}


@dataclass(frozen=True, slots=True)
class Movement:
    """Yards per turn for each pace; 0 means that pace is impossible."""

    walk: float
    jog: float
    run: float

    @property
    def acts_freely_up_to(self) -> float:
        """Moving more than half the maximum run prevents other actions (seed 002)."""
        return self.run / 2

    def metres(self) -> tuple[float, float, float]:
        walk, jog, run = (round(x * METRES_PER_YARD, 1) for x in (self.walk, self.jog, self.run))
        return walk, jog, run


def movement(dexterity: int, track: HealthTrack) -> Movement:
    """Walk 7, jog 12 + Dex, run 20 + 3 x Dex yards, limited by wounds (V20 p. 302)."""
    walk, jog, run = (
        float(WALK),
        float(JOG_BASE + dexterity),
        float(RUN_BASE + RUN_PER_DEX * dexterity),
    )
    limit = MOVEMENT_LIMITS[track.movement]
    if limit is None:
        return Movement(walk, jog, run)
    if limit == "half":
        return Movement(walk, min(jog, run / 2), run / 2)
    cap = float(limit)
    if track.movement == "walk":
        return Movement(walk, 0.0, 0.0)
    return Movement(min(walk, cap), 0.0, 0.0)


def wounded_move_and_act_penalty(track: HealthTrack) -> int:
    """At Wounded, moving and acting in the same turn costs another die."""
    return -1 if track.movement == "walk" else 0


def feat_pool(c: Character, pool: int, mods: Mods = ()) -> int:
    """A feat's dice after wound penalties (a frenzied vampire, or one who spent Willpower
    this turn, ignores them) and the situation's dice (``mods``). A pool that falls to 0
    makes the feat impossible: no die is rolled (cheat sheet: "Пул, упавший до нуля, -
    действие невозможно")."""
    dice = wounded_pool(pool, c.health, frenzied=c.frenzied, willpower=c.ignore_wounds)
    if c.health.status() is Status.ACTIVE:  # no dice at all otherwise
        dice += sum(m.dice for m in mods)
    if dice < 1:
        raise RulesError("movement.no_dice", who=c.name, pool=pool)
    return dice


def _feat(c: Character, pool: int, difficulty: int, mods: Mods) -> RollRequest:
    """A feat's roll: its dice and its difficulty, the situation's modifiers included."""
    harder = min(MAX_DIFFICULTY, difficulty + sum(m.difficulty for m in mods))
    return RollRequest(feat_pool(c, pool, mods), harder)


def stand_up_request(c: Character, mods: Mods = ()) -> RollRequest:
    return _feat(c, c.trait("dexterity") + c.trait("athletics"), STAND_DIFFICULTY, mods)


def ready_weapon_request(c: Character, archery: bool = False, mods: Mods = ()) -> RollRequest:
    skill = c.abilities.get("archery", 0) if archery else c.trait("melee")
    return _feat(c, c.trait("dexterity") + skill, READY_DIFFICULTY, mods)


def climb_request(c: Character, claws: bool = False, mods: Mods = ()) -> RollRequest:
    """Climbing is extended: each success climbs about 10 feet."""
    difficulty = 4 if claws else CLIMB_DIFFICULTY
    return _feat(c, c.trait("dexterity") + c.trait("athletics"), difficulty, mods)


def climbed_feet(successes: int, feet_per_success: int = CLIMB_FEET_PER_SUCCESS) -> int:
    return max(0, successes) * feet_per_success


def carry_capacity(c: Character) -> int:
    """Pounds carried without penalty: 25 per dot of Strength + Potence."""
    return CARRY_PER_STRENGTH * (c.trait("strength") + c.disciplines.get("potence", 0))


def carry(c: Character, pounds: int) -> Character:
    """The load carried from now on (0 puts it down); it lasts until changed."""
    if pounds < 0:
        raise RulesError("character.load_range", most=MAX_LOAD, lb=pounds)
    return validate(replace(c, load=pounds))


@dataclass(frozen=True, slots=True)
class Load:
    difficulty: int  # +1 to physical actions when over capacity
    speed: float  # fraction of normal speed
    can_move: bool


def encumbrance(c: Character, pounds: float) -> Load:
    """Over capacity: +1 difficulty to physical acts, speed halves per 25 lb over; at double
    the capacity the character cannot move."""
    cap = carry_capacity(c)
    over = pounds - cap
    if over <= 0:
        return Load(0, 1.0, True)
    if pounds >= STUCK_TIMES * cap:
        return Load(1, 0.0, False)
    return Load(1, 0.5 ** math.ceil(over / CARRY_PER_STRENGTH), True)


def jump_request(c: Character, running: bool, mods: Mods = ()) -> RollRequest:
    """Standing jump: Strength; running jump: Strength + Athletics; difficulty 3."""
    pool = c.trait("strength") + (c.trait("athletics") if running else 0)
    return _feat(c, pool, JUMP_DIFFICULTY, mods)


def jumped_feet(successes: int) -> tuple[int, int]:
    """(feet up, feet across): 2 and 4 per success."""
    n = max(0, successes)
    return n * JUMP_UP_FEET, n * JUMP_ACROSS_FEET


def lift_request(c: Character, mods: Mods = ()) -> RollRequest:
    """Lifting beyond one's Strength: Willpower at difficulty 9."""
    return _feat(c, c.willpower, LIFT_DIFFICULTY, mods)


def lifting_strength(c: Character, successes: int) -> int:
    """Strength (+ Potence) for the lift, +1 per success on the Willpower roll."""
    return c.trait("strength") + c.disciplines.get("potence", 0) + max(0, successes)


def door_request(c: Character, door: str, mods: Mods = ()) -> tuple[RollRequest, int]:
    """Breaking a door: Strength at difficulty 6 (castle gates 8); successes needed by door.
    A botch costs a bashing level."""
    if door not in DOORS:
        raise RulesError("movement.unknown_door", door=door, allowed=list(DOORS))
    difficulty = GATE_DIFFICULTY if door == "gate" else DOOR_DIFFICULTY
    pool = c.trait("strength") + c.disciplines.get("potence", 0)
    return _feat(c, pool, difficulty, mods), DOORS[door]


def swim_request(c: Character, kindred: bool, conditions: int = 0, mods: Mods = ()) -> RollRequest:
    """Stamina + Athletics, difficulty 5 (+1 for Kindred, +1-2 for conditions); one success
    keeps the swimmer going. Needs Athletics."""
    if c.trait("athletics") < 1:
        raise RulesError("movement.no_athletics", who=c.name)
    if not 0 <= conditions <= 2:
        raise RulesError("movement.swim_conditions")
    difficulty = SWIM_DIFFICULTY + (1 if kindred else 0) + conditions
    return _feat(c, c.trait("stamina") + c.trait("athletics"), difficulty, mods)


def throw_range(c: Character, pounds: float) -> int:
    """Yards: 5 x Strength for up to 3 lb; each further 2 lb takes 5 yards off."""
    strength = c.trait("strength") + c.disciplines.get("potence", 0)
    over = max(0.0, pounds - THROW_LIGHT_LB)
    return max(0, THROW_YARDS_PER_STRENGTH * strength - 5 * math.ceil(over / 2))


def throw_request(c: Character, yards: float, pounds: float, mods: Mods = ()) -> RollRequest:
    """Dex + Athletics: difficulty 6 to half range, 8 to full range."""
    reach = throw_range(c, pounds)
    if yards > reach:
        raise RulesError("movement.throw_range", who=c.name, reach=reach)
    difficulty = THROW_HALF_DIFFICULTY if yards <= reach / 2 else THROW_FULL_DIFFICULTY
    return _feat(c, c.trait("dexterity") + c.trait("athletics"), difficulty, mods)
