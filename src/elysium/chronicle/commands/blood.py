"""Spending and gaining blood, Willpower and experience points."""

from __future__ import annotations

from dataclasses import replace

from elysium.chronicle.commands.common import (
    Context,
    Outcome,
    able,
    find,
    put,
)
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules import blood as bl
from elysium.rules.experience import award
from elysium.rules.willpower import Use, spend_willpower

RESOURCES = {
    "blood": "blood",
    "кровь": "blood",
    "wp": "wp",
    "willpower": "wp",
    "воля": "wp",
    "xp": "xp",
    "опыт": "xp",
}


def _resource(args: Args) -> str:
    word = args.take("what.resource").casefold()
    if word not in RESOURCES:
        raise args.fail("spend.unknown_resource", word=word)
    return RESOURCES[word]


@runs("spend")
def cmd_spend(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("spend", words)
    wounds = args.option("wounds")
    key, c = find(ctx.state, args.take("what.name"))
    what = _resource(args)
    amount = args.take_int("what.amount", 1, 50)
    args.done()
    if what == "xp":
        raise args.fail("spend.xp")
    if wounds and (what != "wp" or amount != 1):
        raise args.fail("spend.wounds")
    able(c, reflexive=True)
    if what == "blood":
        c = bl.spend_blood(c, amount)
        say = Msg("ack.spend.blood", who=c.name, n=amount, blood=c.blood, most=c.blood_max)
    elif wounds:
        c = spend_willpower(c, Use.IGNORE_WOUNDS)
        say = Msg("ack.spend.wounds", who=c.name, left=c.willpower_points, most=c.willpower)
    else:
        if 0 < c.willpower_points < amount:
            raise CommandError("spend.wp_short", who=c.name, have=c.willpower_points, n=amount)
        for _ in range(amount):
            c = spend_willpower(c, Use.OTHER)
        say = Msg("ack.spend.wp", who=c.name, n=amount, left=c.willpower_points, most=c.willpower)
    data = {"who": c.name, "what": what, "amount": amount, "wounds": wounds}
    return Outcome(put(ctx.state, key, c), "spend", data, say)


@runs("gain")
def cmd_gain(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("gain", words)
    key, c = find(ctx.state, args.take("what.name"))
    what = _resource(args)
    amount = args.take_int("what.amount", 1, 100)
    args.done()
    if what == "blood":
        c = bl.gain_blood(c, amount)
        say = Msg("ack.gain.blood", who=c.name, n=amount, blood=c.blood, most=c.blood_max)
    elif what == "wp":
        room = c.willpower - c.willpower_points
        if amount > room:
            raise CommandError("gain.wp_room", who=c.name, room=room, rating=c.willpower)
        c = replace(c, willpower_points=c.willpower_points + amount)
        say = Msg("ack.gain.wp", who=c.name, n=amount, left=c.willpower_points, most=c.willpower)
    else:
        c = award(c, amount)
        say = Msg("ack.gain.xp", who=c.name, n=amount, left=c.xp)
    data = {"who": c.name, "what": what, "amount": amount}
    return Outcome(put(ctx.state, key, c), "gain", data, say)
