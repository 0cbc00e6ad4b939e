"""Feeding, boosting Physical Attributes and the blush of life (V20 p. 160-166, 260)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from elysium.chronicle.commands.common import (
    Context,
    Outcome,
    able,
    find,
    health_text,
    put,
    resolve,
)
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args
from elysium.rules import blood as bl
from elysium.rules.character import (
    Character,
)
from elysium.rules.tables import HUMAN_BLOOD
from elysium.rules.traits import Kind, normalise

VESSEL_WORDS = {
    "вампир": "vampire",
    "оборотень": "lupine",
    "ребёнок": "child",
    "ребенок": "child",
    "корова": "cow",
    "собака": "dog",
    "кошка": "cat",
    "пакет": "blood_bag",
    "blood-bag": "blood_bag",
    "bag": "blood_bag",
    "птица": "bird",
    "летучая-мышь": "bat",
    "крыса": "rat",
}


def cmd_feed(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("feed", words, "feed NAME N [from human|from NAME|from dog ...]")
    key, c = find(ctx.state, args.take("a name"))
    amount = args.take_int("the blood drunk", 1, 20)
    source = args.keyed("from", "из", "от")
    args.done()
    able(c)
    state = ctx.state
    if c.kind is Kind.GHOUL:
        return _ghoul_drinks(ctx, key, c, amount, source)
    data: dict[str, Any] = {"who": c.name, "amount": amount}
    victim_key = None
    if source is None or source.casefold() in ("human", "человек"):
        fed = bl.feed(c, amount, HUMAN_BLOOD, human=True)
        data["vessel"] = "human"
        tail = f" (the vessel took {fed.vessel_damage} lethal)" if fed.vessel_damage else ""
    elif resolve(state, source) is not None:
        victim_key, victim = find(state, source)
        if victim_key == key:
            raise CommandError(f"{c.name} cannot feed on themselves")
        fed = bl.feed(c, amount, victim.blood, human=victim.kind is not Kind.VAMPIRE)
        drained = bl.drain_vessel(victim, fed)
        if victim.kind is Kind.VAMPIRE:
            fed = replace(fed, feeder=bl.drink_from_kindred(fed.feeder, victim.name))
        state = put(state, victim_key, drained)
        data["vessel"] = victim.name
        tail = f"; {victim.name}: blood {drained.blood}, {health_text(drained)}"
        if victim.kind is Kind.VAMPIRE:
            drinks = fed.feeder.bonds.get(victim.name, 0)
            tail += f"; drinks of {victim.name}'s blood: {drinks}" + (
                " (blood bound)" if drinks >= 3 else ""
            )
    else:
        vessel = VESSEL_WORDS.get(source.casefold(), source.casefold())
        fed = bl.feed(c, amount, bl.vessel_blood(vessel), human=vessel in ("child",))
        data["vessel"] = vessel
        tail = f" (a {vessel})"
    data["vessel_damage"] = fed.vessel_damage
    state = put(state, key, fed.feeder)
    msg = f"{c.name} drinks {amount} — blood {fed.feeder.blood}/{fed.feeder.blood_max}{tail}"
    return Outcome(state, "feed", data, msg)


def _ghoul_drinks(ctx: Context, key: str, c: Character, amount: int, source: str | None) -> Outcome:
    """A ghoul drinks a vampire's vitae: the vampire loses it, the ghoul holds it, and the
    drinks count toward a blood bond."""
    if source is None or resolve(ctx.state, source) is None:
        raise CommandError(f"a ghoul drinks a vampire's blood: feed {c.name} N from VAMPIRE")
    donor_key, donor = find(ctx.state, source)
    if donor.kind is not Kind.VAMPIRE:
        raise CommandError(f"{donor.name} is not a vampire; ghouls live on vitae")
    if amount > donor.blood:
        raise CommandError(f"{donor.name} has only {donor.blood} blood")
    room = c.blood_max - c.blood
    if amount > room:
        raise CommandError(f"{c.name} can hold only {room} more blood")
    fed = bl.drink_from_kindred(replace(c, blood=c.blood + amount), donor.name)
    state = put(put(ctx.state, key, fed), donor_key, replace(donor, blood=donor.blood - amount))
    drinks = fed.bonds.get(donor.name, 0)
    bond = " (blood bound)" if drinks >= 3 else ""
    msg = (
        f"{c.name} drinks {amount} of {donor.name}'s vitae — blood {fed.blood}/{fed.blood_max}; "
        f"drinks of {donor.name}'s blood: {drinks}{bond}"
    )
    data = {"who": c.name, "amount": amount, "vessel": donor.name, "vessel_damage": 0}
    return Outcome(state, "feed", data, msg)


def cmd_boost(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("boost", words, "boost NAME strength|dexterity|stamina N")
    key, c = find(ctx.state, args.take("a name"))
    attribute = normalise(args.take("strength, dexterity or stamina"))
    amount = args.take_int("the blood spent", 1, 10)
    args.done()
    able(c)
    c = bl.boost(c, attribute, amount)
    msg = (
        f"{c.name} spends {amount} blood: {attribute} {c.trait(attribute)} until the scene "
        f"ends — blood {c.blood}/{c.blood_max}"
    )
    data = {"who": c.name, "attribute": attribute, "amount": amount}
    return Outcome(put(ctx.state, key, c), "boost", data, msg)


def cmd_blush(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("blush", words, "blush NAME")
    key, c = find(ctx.state, args.take("a name"))
    args.done()
    able(c)
    before = c.blood
    c = bl.blush_of_life(c)
    paid = before - c.blood
    if c.blush:
        msg = f"{c.name} takes on the blush of life ({paid} blood) until the scene ends"
    else:
        due = bl.blush_cost(c) - c.blush_paid
        msg = f"{c.name} pays {paid} blood toward the blush of life; {due} more next turn"
    data = {"who": c.name, "paid": paid, "up": c.blush}
    return Outcome(put(ctx.state, key, c), "blush", data, msg)
