"""The ``attack`` verb as the steps of V20's attack (RULES.md §4; V20 p. 290-301; seed 003):

1. :func:`to_hit` — the attack's pool and difficulty, every modifier named;
2. :func:`attack_successes` — what the attack roll scored (a botch none, an immobilised
   target at least one);
3. :func:`meet_defence` — a standing block, parry or dodge takes away its successes;
4. :func:`damage_dice` and :func:`damage_type` — Strength or the weapon, +1 die per success
   beyond the first, aiming;
5. :func:`roll_damage` — the damage roll (never below one die, never a botch);
6. :func:`soak_dice` — the target's soak pool against that damage;
7. :func:`apply_hit` and :func:`after_effects` — soak rolled, the track marked, and what the
   hit does besides (a stake, a knockdown, a hold).

Each step is a small function over values; :func:`cmd_attack` runs them in order and tells
what happened as messages (``combat.*``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from elysium.chronicle.commands.attack_parts import (
    AttackOrder,
    Turn,
    after_attack,
    as_declared,
    check_turn,
    damage_part,
    order_of,
    read_words,
)
from elysium.chronicle.commands.common import Context, Outcome, able, put, roll_data
from elysium.chronicle.commands.common import throw_dice as throw
from elysium.chronicle.commands.fight import CombatState, Standing, read
from elysium.chronicle.commands.fight_words import dice_marks, joined
from elysium.chronicle.commands.fight_words import notes as rules_notes
from elysium.chronicle.commands.health import apply_damage
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args
from elysium.chronicle.state import State
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules import combat as cr
from elysium.rules.character import Character
from elysium.rules.dice import RollKind, RollRequest, RollResult
from elysium.rules.health import DamageType, Source, soak_pool
from elysium.rules.modifiers import situation, stored, with_difficulty
from elysium.rules.profiles import V20, Profile
from elysium.rules.willpower import Use, spend_willpower

FREE = Turn()  # an attack outside a fight's turns

# --- the steps -------------------------------------------------------------------------------


def to_hit(
    attacker: Character,
    move: cr.Maneuver,
    mods: cr.Modifiers,
    *,
    armed: bool = False,
    turn: Turn = FREE,
    profile: Profile = V20,
) -> cr.AttackPlan:
    """Step 1: the attack's pool and difficulty (V20 p. 291-300)."""
    return cr.plan_attack(
        attacker,
        move,
        mods,
        armed=armed,
        multiple=turn.multiple,
        action_index=turn.index,
        profile=profile,
        extra_action=turn.kind == "celerity",
        smallest=turn.smallest,
    )


def attack_successes(result: RollResult, immobilized: bool = False) -> int:
    """Step 2: the attack's successes; a botch scores none, and an immobilised target is hit
    automatically (V20 p. 299)."""
    successes = 0 if result.botch else result.successes
    return max(1, successes) if immobilized else successes


@dataclass(frozen=True, slots=True)
class DefenceResult:
    maneuver: str
    successes: int
    applies: bool
    why: Msg | None  # why the defence cannot meet this attack
    hits: int  # the attack's successes left


def meet_defence(
    target: Character, standing: Standing, attack: cr.Maneuver, dtype: DamageType, hits: int
) -> DefenceResult:
    """Step 3: a rolled defence against this attack: resisted, the attack keeps what the
    defence did not cancel (V20 p. 294-295), unless it cannot meet the attack at all."""
    dmove = cr.maneuver(standing.maneuver)
    why = cr.defence_applies(target, dmove, attack, dtype)
    left = hits if why else cr.net_attack(hits, standing.successes)
    return DefenceResult(dmove.key, standing.successes, why is None, why, left)


def damage_type(move: cr.Maneuver, weapon_type: DamageType | None) -> DamageType:
    """The damage's type: a maneuver's own (a punch is bashing whatever is in the hand),
    else the one named with the weapon, else lethal."""
    return move.damage_type or weapon_type or DamageType.LETHAL


def damage_dice(
    attacker: Character,
    move: cr.Maneuver,
    hits: int,
    bonus: int,
    weapon: tuple[bool, int] | None,
) -> tuple[int, Msg]:
    """Step 4: the damage pool: +1 die per success beyond the first (V20 p. 291)."""
    return cr.damage_pool(attacker, move, hits - 1, bonus, weapon)


def roll_damage(ctx: Context, pool: int, faces: list[int] | None) -> RollResult:
    """Step 5: the damage roll, difficulty 6; it never botches (V20 p. 291)."""
    request = RollRequest(pool, cr.BASE_DIFFICULTY, kind=RollKind.DAMAGE)
    return throw(ctx, request, faces, what="what.damage_roll")


def damage_source(move: cr.Maneuver) -> Source:
    return Source.CLAWS if move.key in ("claw", "bite") else Source.WEAPON


def soak_dice(target: Character, dtype: DamageType, source: Source) -> int:
    """Step 6: the target's soak pool against this damage (V20 p. 272-273)."""
    return soak_pool(
        target.kind,
        target.trait("stamina"),
        target.disciplines.get("fortitude", 0),
        dtype,
        source=source,
        armour=target.armour.rating if target.armour else 0,
        supernatural=target.supernatural,
    )


def apply_hit(
    ctx: Context,
    target: Character,
    levels: int,
    dtype: DamageType,
    source: Source,
    faces: list[int] | None,
    fighting: bool = False,
) -> tuple[Character, dict[str, Any]]:
    """Step 7: soak rolled, halving, armour, the track marked, dazing in a fight (shared
    with ``damage``)."""
    target, data, _ = apply_damage(
        ctx, target, levels, dtype, soak=True, source=source, faces=faces, fighting=fighting
    )
    return target, data


def after_effects(
    target: Character, move: cr.Maneuver, stake: bool, taken: int
) -> tuple[Character, list[Msg]]:
    """What a damaging hit does besides: a stake paralyses a vampire at three levels taken
    (V20 p. 299); some maneuvers knock down or hold."""
    said: list[Msg] = []
    if stake and target.kind.value == "vampire" and taken >= cr.STAKE_PARALYSES_AT:
        target = replace(target, staked=True)
        said.append(Msg("combat.staked", who=target.name))
    if move.knockdown:
        said.append(Msg("combat.knocked_down", who=target.name))
    if move.holds:
        said.append(Msg("combat.held", who=target.name))
    return target, said


# --- the verb --------------------------------------------------------------------------------


@runs("attack")
def cmd_attack(ctx: Context, words: tuple[str, ...]) -> Outcome:
    state = ctx.state
    # In a fight's actions, what is left out is taken from the attacker's declaration.
    order = order_of(as_declared(read_words(Args("attack", words)), state), state)
    akey, attacker, tkey, target = order.akey, order.attacker, order.tkey, order.target
    move, mods = order.move, order.mods
    able(attacker)
    # What can be refused before any die is read: a dead target, a missing weapon (which a
    # declaration may leave to the attack: "declare Tomas attack Spike shoot").
    if target.status().value in ("dead", "final_death"):
        raise CommandError("combat.target_gone", who=target.name, status=target.status().value)
    if move.damage == "weapon" and order.weapon is None:
        raise CommandError("fight.needs_weapon", move=move.key)
    combat = read(state) if state.combat is not None else None
    turn = check_turn(state, combat, akey, tkey) if combat is not None else FREE
    if combat is not None and mods.cover is None:
        # Cover told with a defence works both ways (cheat sheet "Укрытие ... в обе
        # стороны"): the target's against this attack, the attacker's when firing out of it.
        covers = [s.cover for k in (tkey, akey) if (s := combat.standing.get(k)) and s.cover]
        if covers:
            mods = replace(mods, cover=max(covers, key=lambda c: cr.COVER[c]))
            order = replace(order, mods=mods)
    if order.wp and not state.profile.house.willpower_on_attacks:
        raise CommandError("combat.no_wp_attacks")
    plan = to_hit(
        attacker, move, mods, armed=order.weapon is not None, turn=turn, profile=state.profile
    )
    if order.wp:
        attacker = spend_willpower(attacker, Use.SUCCESS)
    request = RollRequest(plan.pool, plan.difficulty, willpower=order.wp)
    result = throw(ctx, request, order.faces, what="what.attack_roll", who=attacker.name)
    data: dict[str, Any] = {
        "attacker": attacker.name,
        "target": target.name,
        "maneuver": move.key,
        "pool": plan.pool,
        "difficulty": plan.difficulty,
        "notes": [str(n) for n in plan.notes],  # the log's English, as it always was
        "attack": roll_data(result),
        **stored(plan.mods),  # named again in the reader's language by the log
    }
    if plan.wounds:
        data["penalty"] = plan.wounds
    successes = attack_successes(result, mods.immobilized)
    state = put(state, akey, attacker)
    parts: list[object] = []
    hit = successes
    if result.botch and not mods.immobilized:
        parts.append(Msg("combat.botch"))
        hit = 0
    elif successes == 0:
        parts.append(Msg("combat.miss"))
    if hit and combat is not None:
        combat, hit = _defence(ctx, combat, tkey, target, order, hit, data, parts)
    data["hits"] = hit
    if hit:
        state, combat = _hit(
            ctx, state, combat, tkey, target, attacker, order, plan, hit, data, parts
        )
    elif order.soak_faces or order.dmg_faces:
        parts.append(Msg("combat.dice_not_needed"))
    if combat is not None:
        state, notes = after_attack(state, combat, akey, turn.kind)
        if notes:
            parts.append(notes)
    head = Msg(
        "combat.attack",
        attacker=attacker.name,
        move=move.key,
        target=target.name,
        notes=rules_notes(plan.notes),
        diff=plan.difficulty,
        marks=dice_marks(result),
    )
    return Outcome(
        state, "attack", data, Msg("combat.parts", first=head, rest=joined(parts, " — ", " — "))
    )


def _defence(
    ctx: Context,
    combat: CombatState,
    tkey: str,
    target: Character,
    order: AttackOrder,
    hit: int,
    data: dict[str, Any],
    parts: list[object],
) -> tuple[CombatState, int]:
    """The target's defence, rolled already (``defend``) or declared and rolled now."""
    standing = combat.standing.get(tkey)
    decl = combat.declared.get(tkey)
    if standing is None and decl is not None and decl.defence:
        move = cr.maneuver(decl.defence)
        pool, _ = cr.defence_pool(target, move, combat.defences.get(tkey, 0))
        if pool >= 1:
            what, who = f"what.defence_roll.{move.key}", target.name
            mods = situation(target, (move.attribute, *move.abilities[:1]))
            diff = with_difficulty(mods, cr.BASE_DIFFICULTY)
            droll = throw(ctx, RollRequest(pool, diff), None, what=what, who=who)
            standing = Standing(move.key, 0 if droll.botch else droll.successes)
            data["defence_roll"] = roll_data(droll)
            combat = combat.count_defence(tkey)
    if standing is None:
        return combat, hit
    dtype = damage_type(order.move, order.weapon_type)
    met = meet_defence(target, standing, order.move, dtype, hit)
    combat = combat.without_standing(tkey)
    data["defence"] = {"maneuver": met.maneuver, "successes": met.successes, "applies": met.applies}
    if standing.roll is not None:
        data["defence"]["roll"] = dict(standing.roll)  # rolled by ``defend``: its faces
    if met.why:
        parts.append(
            Msg(
                "combat.defence_cannot",
                who=target.name,
                move=met.maneuver,
                why=rules_notes(met.why),
            )
        )
    else:
        result = Msg("combat.get_through", n=met.hits) if met.hits else Msg("combat.misses")
        parts.append(
            Msg(
                "combat.defence_met",
                who=target.name,
                move=met.maneuver,
                n=met.successes,
                result=result,
            )
        )
    return combat, met.hits


def _hit(
    ctx: Context,
    state: State,
    combat: CombatState | None,
    tkey: str,
    target: Character,
    attacker: Character,
    order: AttackOrder,
    plan: cr.AttackPlan,
    hit: int,
    data: dict[str, Any],
    parts: list[object],
) -> tuple[State, CombatState | None]:
    move = order.move
    if move.damage == "none":
        extra = Msg("combat.hold_lasts", who=target.name) if move.holds else ""
        parts.append(Msg("combat.hits", extra=extra))
        return state, combat
    if move.damage == "special":
        parts.append(Msg("combat.hits_special"))
        return state, combat
    pool, detail = damage_dice(attacker, move, hit, plan.damage_bonus, order.weapon)
    dtype, bullets = cr.bullet_damage(
        move, damage_type(move, order.weapon_type), target.kind, order.mods.aim
    )
    dresult = roll_damage(ctx, pool, order.dmg_faces)
    levels = dresult.successes
    data["damage_roll"] = roll_data(dresult)
    data["damage_pool"] = pool
    parts.append(
        Msg(
            "combat.damage",
            pool=pool,
            detail=rules_notes(detail, ", "),
            marks=dice_marks(dresult),
            levels=levels,
            type=dtype.value,
        )
    )
    if bullets is not None:
        parts.append(bullets)
        data["bullets"] = dtype.value
    source = damage_source(move)
    target, dmg = apply_hit(
        ctx, target, levels, dtype, source, order.soak_faces, fighting=combat is not None
    )
    data["damage"] = dmg
    parts.append(damage_part(target, dmg))
    target, said = after_effects(target, move, order.mods.stake, dmg["taken"])
    if any(m.key == "combat.staked" for m in said):
        data["staked"] = True
    parts.extend(said)
    state = put(state, tkey, target)
    if dmg.get("dazed") and combat is not None:
        combat = replace(combat, dazed=tuple(sorted({*combat.dazed, tkey})))
    return state, combat


__all__ = [
    "DefenceResult",
    "after_effects",
    "apply_hit",
    "attack_successes",
    "cmd_attack",
    "damage_dice",
    "damage_source",
    "damage_type",
    "meet_defence",
    "roll_damage",
    "soak_dice",
    "to_hit",
]
