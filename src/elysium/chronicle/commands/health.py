"""Damage and healing: soak, halving, armour, the track, dazing (V20 p. 272-285)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from elysium.chronicle.commands.common import (
    MAX_LEVELS,
    Context,
    Outcome,
    find,
    health_text,
    marks,
    put,
    roll_data,
    throw_dice,
)
from elysium.chronicle.commands.fight import read, write
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules import blood as bl
from elysium.rules.character import (
    Character,
)
from elysium.rules.dice import RollKind, RollRequest
from elysium.rules.health import (
    DamageType,
    Source,
    Status,
    armour_destroyed,
    damage_after_soak,
    dazed,
    heal,
    parse_damage_type,
    soak_pool,
    take_damage,
)
from elysium.rules.traits import Kind

SOURCES = {
    "fire": Source.FIRE,
    "sun": Source.SUNLIGHT,
    "sunlight": Source.SUNLIGHT,
    "claws": Source.CLAWS,
    "fangs": Source.CLAWS,
    "огонь": Source.FIRE,
    "солнце": Source.SUNLIGHT,
    "когти": Source.CLAWS,
}


def apply_damage(
    ctx: Context,
    c: Character,
    levels: int,
    dtype: DamageType,
    *,
    soak: bool,
    source: Source,
    faces: list[int] | None,
    fighting: bool = False,
) -> tuple[Character, dict[str, Any], Msg]:
    """Soak (rolled by the rules, or typed faces), halving, armour, the track, dazing.
    Shared by the ``damage`` command and the combat engine. ``fighting``: the character is
    in a fight, where being dazed loses the next action; outside one it means nothing (seed
    004: dazed only costs an action in combat), so it is not said."""
    if c.status() in (Status.DEAD, Status.FINAL_DEATH):
        raise CommandError(f"damage.already_{c.status().value}", who=c.name)
    taken, roll, soak_text = soak_roll(ctx, c, levels, dtype, soak=soak, source=source, faces=faces)
    armour = c.armour.rating if c.armour else 0
    halved = soak and c.kind is Kind.VAMPIRE and dtype is DamageType.BASHING
    broke = bool(
        soak
        and armour
        and source not in (Source.FIRE, Source.SUNLIGHT)
        and armour_destroyed(levels, armour)
    )
    track = take_damage(c.health, taken, dtype, c.kind)
    c = replace(c, health=track, armour=None if broke else c.armour)
    was_dazed = (
        fighting
        and taken > 0
        and c.status() is Status.ACTIVE
        and dazed(taken, c.trait("stamina"), c.supernatural_being)
    )
    data: dict[str, Any] = {
        "who": c.name,
        "damage": levels,
        "type": dtype.value,
        "source": source.value,
        "soak": roll,
        "taken": taken,
        "halved": halved,
        "armour_destroyed": broke,
        "dazed": was_dazed,
        "status": c.status().value,
    }
    notes = [
        Msg(key)
        for key, on in (
            ("ack.damage.halved", halved),
            ("ack.damage.armour", broke),
            ("ack.damage.dazed", was_dazed),
        )
        if on
    ]
    body = Msg(
        "ack.damage.body",
        n=levels,
        type=dtype.value,
        soak=soak_text,
        taken=taken,
        notes=Msg("ack.notes", notes=notes) if notes else "",
        health=health_text(c),
    )
    # The body alone is what an attack's line tells after its own words.
    return c, data, Msg("ack.damage", who=c.name, body=body)


def soak_roll(
    ctx: Context,
    c: Character,
    levels: int,
    dtype: DamageType,
    *,
    soak: bool,
    source: Source,
    faces: list[int] | None,
) -> tuple[int, dict[str, Any] | None, Msg]:
    """The levels that get through: soaked by a roll (the rules', or typed faces) or, with
    ``nosoak``, none soaked; with the roll's data (None: no roll) and what to say of it."""
    if not soak:
        if faces is not None:
            raise CommandError("damage.nosoak_dice")
        return levels, None, Msg("ack.damage.nosoak")
    pool = soak_pool(
        c.kind,
        c.trait("stamina"),
        c.disciplines.get("fortitude", 0),
        dtype,
        source=source,
        armour=c.armour.rating if c.armour else 0,
        supernatural=c.supernatural,
    )
    if pool == 0 and faces:
        raise CommandError("damage.no_soak_dice", who=c.name, type=dtype.value)
    request = RollRequest(pool, 6, kind=RollKind.SOAK)
    result = throw_dice(
        ctx,
        request,
        faces or ([] if pool == 0 else None),
        what="what.soak_roll",
        who=c.name,
    )
    soaked = result.successes
    said = Msg("ack.damage.soak", n=pool, faces=marks(result), soaked=soaked)
    return damage_after_soak(levels, soaked, dtype, c.kind), roll_data(result), said


@runs("damage")
def cmd_damage(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("damage", words)
    faces = args.faces()
    nosoak = args.option("nosoak")
    source = Source.WEAPON
    for word, src in SOURCES.items():
        if args.option(word):
            source = src
    key, c = find(ctx.state, args.take("what.name"))
    levels = args.take_int("what.damage_levels", 1, MAX_LEVELS)
    dtype = parse_damage_type(args.take("what.damage_type"))
    args.done()
    if source in (Source.FIRE, Source.SUNLIGHT) and dtype is not DamageType.AGGRAVATED:
        raise args.fail("damage.fire_is_aggravated")
    combat = read(ctx.state) if ctx.state.combat is not None else None
    fighting = combat is not None and key in combat.participants
    c, data, msg = apply_damage(
        ctx, c, levels, dtype, soak=not nosoak, source=source, faces=faces, fighting=fighting
    )
    state = put(ctx.state, key, c)
    if combat is not None and data["dazed"]:
        # Dazed in a fight: the next action is lost, as when an attack dazes.
        state = write(state, replace(combat, dazed=tuple(sorted({*combat.dazed, key}))))
    return Outcome(state, "damage", data, msg)


@runs("heal")
def cmd_heal(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("heal", words)
    key, c = find(ctx.state, args.take("what.name"))
    levels = args.take_int("what.heal_levels", 1, MAX_LEVELS)
    dtype = parse_damage_type(args.words.pop(0)) if args.words else None
    args.done()
    if c.status() in (Status.DEAD, Status.FINAL_DEATH):  # seed 004: «Окончательная смерть — всё»
        raise CommandError("heal.gone", who=c.name)
    before = c.blood
    if c.kind is Kind.MORTAL:
        if dtype is DamageType.AGGRAVATED:
            raise CommandError("heal.mortal_aggravated")
        track, healed = heal(c.health, levels, dtype)
        if healed < levels:
            raise CommandError("heal.only", who=c.name, n=healed)
        c = replace(c, health=track)
        how = Msg("ack.heal.natural")
    elif dtype is DamageType.AGGRAVATED:
        if ctx.state.combat is not None:
            raise CommandError("heal.aggravated_in_fight")
        c = bl.heal_aggravated_with_blood(c, levels)
        how = Msg("ack.heal.rest", n=before - c.blood)
    else:
        c = bl.heal_with_blood(c, levels, dtype)
        how = Msg("ack.heal.blood", n=before - c.blood)
    data = {
        "who": c.name,
        "levels": levels,
        "type": dtype.value if dtype else None,
        "blood": before - c.blood,
    }
    say = Msg(
        "ack.heal",
        who=c.name,
        n=levels,
        how=how,
        health=health_text(c),
        blood=c.blood,
        most=c.blood_max,
    )
    return Outcome(put(ctx.state, key, c), "heal", data, say)
