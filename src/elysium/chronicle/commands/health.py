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
    status_word,
    throw_dice,
)
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args
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
) -> tuple[Character, dict[str, Any], str]:
    """Soak (rolled by the rules, or typed faces), halving, armour, the track, dazing.
    Shared by the ``damage`` command and the combat engine."""
    if c.status() in (Status.DEAD, Status.FINAL_DEATH):
        raise CommandError(f"{c.name} is already {status_word(c.status())}")
    data: dict[str, Any] = {
        "who": c.name,
        "damage": levels,
        "type": dtype.value,
        "source": source.value,
        "soak": None,
    }
    armour = c.armour.rating if c.armour else 0
    if soak:
        pool = soak_pool(
            c.kind,
            c.trait("stamina"),
            c.disciplines.get("fortitude", 0),
            dtype,
            source=source,
            armour=armour,
            supernatural=c.supernatural,
        )
        if pool == 0 and faces:
            raise CommandError(f"{c.name} has no soak dice against {dtype.value} damage")
        request = RollRequest(pool, 6, kind=RollKind.SOAK)
        result = throw_dice(
            ctx, request, faces or ([] if pool == 0 else None), what="the soak roll"
        )
        soaked = result.successes
        taken = damage_after_soak(levels, soaked, dtype, c.kind)
        data["soak"] = roll_data(result)
        soak_text = f"soak {pool}: {marks(result)} = {soaked}"
    else:
        if faces is not None:
            raise CommandError("nosoak takes no dice: the damage was already soaked")
        taken = levels
        soak_text = "no soak"
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
        taken > 0
        and c.status() is Status.ACTIVE
        and dazed(taken, c.trait("stamina"), c.supernatural_being)
    )
    data.update(taken=taken, halved=halved, armour_destroyed=broke, dazed=was_dazed)
    data["status"] = c.status().value
    notes = []
    if halved:
        notes.append("bashing halved")
    if broke:
        notes.append("armour destroyed")
    if was_dazed:
        notes.append("dazed: loses the next action")
    extra = f" ({'; '.join(notes)})" if notes else ""
    msg = f"{c.name}: {levels} {dtype.value}, {soak_text}; takes {taken}{extra} — {health_text(c)}"
    return c, data, msg


def cmd_damage(ctx: Context, words: tuple[str, ...]) -> Outcome:
    usage = "damage NAME N bashing|lethal|aggravated [nosoak] [fire|sun|claws] [dice F,...]"
    args = Args("damage", words, usage)
    faces = args.faces()
    nosoak = args.option("nosoak", "безпрочности")
    source = Source.WEAPON
    for word, src in SOURCES.items():
        if args.option(word):
            source = src
    key, c = find(ctx.state, args.take("a name"))
    levels = args.take_int("the levels of damage", 1, MAX_LEVELS)
    dtype = parse_damage_type(args.take("the damage type (bashing, lethal, aggravated)"))
    args.done()
    if source in (Source.FIRE, Source.SUNLIGHT) and dtype is not DamageType.AGGRAVATED:
        raise args.fail("fire and sunlight deal aggravated damage")
    c, data, msg = apply_damage(ctx, c, levels, dtype, soak=not nosoak, source=source, faces=faces)
    return Outcome(put(ctx.state, key, c), "damage", data, msg)


def cmd_heal(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("heal", words, "heal NAME N [bashing|lethal|aggravated]")
    key, c = find(ctx.state, args.take("a name"))
    levels = args.take_int("the levels to heal", 1, MAX_LEVELS)
    dtype = parse_damage_type(args.words.pop(0)) if args.words else None
    args.done()
    before = c.blood
    if c.kind is Kind.MORTAL:
        if dtype is DamageType.AGGRAVATED:
            raise CommandError("a mortal has no aggravated damage; it counts as lethal")
        track, healed = heal(c.health, levels, dtype)
        if healed < levels:
            raise CommandError(f"{c.name} has only {healed} such levels to heal")
        c = replace(c, health=track)
        how = "naturally (no blood)"
    elif dtype is DamageType.AGGRAVATED:
        if ctx.state.combat is not None:
            raise CommandError("aggravated damage heals over a day's rest, not in a fight")
        c = bl.heal_aggravated_with_blood(c, levels)
        how = f"{before - c.blood} blood after a day's rest"
    else:
        c = bl.heal_with_blood(c, levels, dtype)
        how = f"{before - c.blood} blood"
    data = {
        "who": c.name,
        "levels": levels,
        "type": dtype.value if dtype else None,
        "blood": before - c.blood,
    }
    msg = f"{c.name} heals {levels} ({how}) — {health_text(c)}, blood {c.blood}/{c.blood_max}"
    return Outcome(put(ctx.state, key, c), "heal", data, msg)
