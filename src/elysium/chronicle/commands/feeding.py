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
    marks,
    put,
    resolve,
    roll_data,
    throw_dice,
)
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules import blood as bl
from elysium.rules.character import (
    Character,
)
from elysium.rules.tables import HUMAN_BLOOD
from elysium.rules.traits import Kind, normalise

STOP_WORDS = ("stop", "стоп", "остановиться")
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
    # "из собаки": the genitive, as Russian says it after из / от.
    "вампира": "vampire",
    "оборотня": "lupine",
    "ребёнка": "child",
    "ребенка": "child",
    "коровы": "cow",
    "собаки": "dog",
    "кошки": "cat",
    "пакета": "blood_bag",
    "птицы": "bird",
    "летучей-мыши": "bat",
    "крысы": "rat",
}


@runs("feed")
def cmd_feed(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("feed", words)
    faces = args.faces()
    key, c = find(ctx.state, args.take("what.name"))
    if args.words and args.words[0].casefold() in STOP_WORDS:
        args.words.pop(0)
        args.done()
        return _stop(ctx, key, c, faces)
    if faces is not None:
        raise args.fail("feed.dice_only_to_stop")
    amount = args.take_int("what.blood_drunk", 1, 20)
    source = args.keyed("from")
    args.done()
    able(c)
    state = ctx.state
    if c.kind is Kind.GHOUL:
        return _ghoul_drinks(ctx, key, c, amount, source)
    data: dict[str, Any] = {"who": c.name, "amount": amount}
    victim_key = None
    tail: list[Msg] = []
    if source is None or source.casefold() in ("human", "человек", "человека"):
        fed = bl.feed(c, amount, HUMAN_BLOOD, human=True)
        data["vessel"] = "human"
        if fed.vessel_damage:
            tail.append(Msg("ack.feed.vessel_hurt", n=fed.vessel_damage))
    elif resolve(state, source) is not None:
        victim_key, victim = find(state, source)
        if victim_key == key:
            raise CommandError("feed.self", who=c.name)
        fed = bl.feed(c, amount, victim.blood, human=victim.kind is not Kind.VAMPIRE)
        drained = bl.drain_vessel(victim, fed)
        if victim.kind is Kind.VAMPIRE:
            fed = replace(fed, feeder=bl.drink_from_kindred(fed.feeder, victim.name))
        state = put(state, victim_key, drained)
        data["vessel"] = victim.name
        tail.append(
            Msg(
                "ack.feed.victim", who=victim.name, blood=drained.blood, health=health_text(drained)
            )
        )
        if victim.kind is Kind.VAMPIRE:
            tail.append(_bond(victim.name, fed.feeder.bonds.get(victim.name, 0)))
    else:
        vessel = VESSEL_WORDS.get(source.casefold(), source.casefold())
        fed = bl.feed(c, amount, bl.vessel_blood(vessel), human=vessel in ("child",))
        data["vessel"] = vessel
        tail.append(Msg("ack.feed.animal", vessel=vessel))
    data["vessel_damage"] = fed.vessel_damage
    state = put(state, key, fed.feeder)
    say = Msg(
        "ack.feed",
        who=c.name,
        n=amount,
        blood=fed.feeder.blood,
        most=fed.feeder.blood_max,
        tail=tail,
    )
    return Outcome(state, "feed", data, say)


def _stop(ctx: Context, key: str, c: Character, faces: list[int] | None) -> Outcome:
    """Tearing oneself from the Kiss: Willpower, difficulty 8, wound penalties apply."""
    if c.kind is not Kind.VAMPIRE:
        raise CommandError("feed.stop_vampires", who=c.name)
    able(c)
    request = bl.stop_feeding_request(c)
    result = throw_dice(ctx, request, faces, who=c.name)
    stopped = result.successes > 0
    data = {
        "who": c.name,
        "pool": request.pool,
        "difficulty": request.difficulty,
        "roll": roll_data(result),
        "stopped": stopped,
    }
    say = Msg(
        "ack.feed.stop",
        who=c.name,
        pool=request.pool,
        diff=request.difficulty,
        faces=marks(result),
        how=Msg("ack.feed.stopped" if stopped else "ack.feed.drinks_on", who=c.name),
    )
    return Outcome(ctx.state, "feed_stop", data, say)


def _bond(donor: str, drinks: int) -> Msg:
    """``; drinks of X's blood: 2`` — and ``(blood bound)`` from the third."""
    return Msg("ack.feed.bond3" if drinks >= 3 else "ack.feed.bond", donor=donor, n=drinks)


def _ghoul_drinks(ctx: Context, key: str, c: Character, amount: int, source: str | None) -> Outcome:
    """A ghoul drinks a vampire's vitae: the vampire loses it, the ghoul holds it, and the
    drinks count toward a blood bond."""
    if source is None or resolve(ctx.state, source) is None:
        raise CommandError("feed.ghoul_needs_vampire", who=c.name)
    donor_key, donor = find(ctx.state, source)
    if donor.kind is not Kind.VAMPIRE:
        raise CommandError("feed.ghoul_donor", who=donor.name)
    if amount > donor.blood:
        raise CommandError("feed.donor_short", who=donor.name, n=donor.blood)
    room = c.blood_max - c.blood
    if amount > room:
        raise CommandError("feed.ghoul_room", who=c.name, n=room)
    fed = bl.drink_from_kindred(replace(c, blood=c.blood + amount), donor.name)
    state = put(put(ctx.state, key, fed), donor_key, replace(donor, blood=donor.blood - amount))
    say = Msg(
        "ack.feed.ghoul",
        who=c.name,
        n=amount,
        donor=donor.name,
        blood=fed.blood,
        most=fed.blood_max,
        bond=_bond(donor.name, fed.bonds.get(donor.name, 0)),
    )
    data = {"who": c.name, "amount": amount, "vessel": donor.name, "vessel_damage": 0}
    return Outcome(state, "feed", data, say)


@runs("boost")
def cmd_boost(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("boost", words)
    key, c = find(ctx.state, args.take("what.name"))
    attribute = normalise(args.take("what.physical"))
    amount = args.take_int("what.blood_spent", 1, 10)
    args.done()
    able(c)
    c = bl.boost(c, attribute, amount)
    say = Msg(
        "ack.boost",
        who=c.name,
        n=amount,
        trait=attribute,
        to=c.trait(attribute),
        blood=c.blood,
        most=c.blood_max,
    )
    data = {"who": c.name, "attribute": attribute, "amount": amount}
    return Outcome(put(ctx.state, key, c), "boost", data, say)


@runs("blush")
def cmd_blush(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("blush", words)
    key, c = find(ctx.state, args.take("what.name"))
    args.done()
    able(c)
    before = c.blood
    c = bl.blush_of_life(c)
    paid = before - c.blood
    if c.blush:
        say = Msg("ack.blush", who=c.name, n=paid)
    else:
        due = bl.blush_cost(c) - c.blush_paid
        say = Msg("ack.blush.part", who=c.name, n=paid, due=due)
    data = {"who": c.name, "paid": paid, "up": c.blush}
    return Outcome(put(ctx.state, key, c), "blush", data, say)
