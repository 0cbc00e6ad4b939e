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
from elysium.rules import blood as bl
from elysium.rules.experience import award
from elysium.rules.willpower import Use, spend_willpower


def _resource(args: Args) -> str:
    word = args.take("blood, wp or xp").casefold()
    table = {
        "blood": "blood",
        "кровь": "blood",
        "wp": "wp",
        "willpower": "wp",
        "воля": "wp",
        "xp": "xp",
        "опыт": "xp",
    }
    if word not in table:
        raise args.fail(f"{word!r} is not blood, wp or xp")
    return table[word]


def cmd_spend(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("spend", words, "spend NAME blood N | spend NAME wp N [wounds]")
    wounds = args.option("wounds", "раны")
    key, c = find(ctx.state, args.take("a name"))
    what = _resource(args)
    amount = args.take_int("the amount", 1, 50)
    args.done()
    if what == "xp":
        raise args.fail("experience is spent with raise NAME TRAIT")
    if wounds and (what != "wp" or amount != 1):
        raise args.fail("one Willpower point sets wound penalties aside: spend NAME wp 1 wounds")
    able(c, reflexive=True)
    if what == "blood":
        c = bl.spend_blood(c, amount)
        msg = f"{c.name} spends {amount} blood — blood {c.blood}/{c.blood_max}"
    elif wounds:
        c = spend_willpower(c, Use.IGNORE_WOUNDS)
        msg = (
            f"{c.name} spends Willpower: no wound penalties this turn — "
            f"{c.willpower_points}/{c.willpower}"
        )
    else:
        for _ in range(amount):
            c = spend_willpower(c, Use.OTHER)
        msg = f"{c.name} spends {amount} Willpower — {c.willpower_points}/{c.willpower}"
    data = {"who": c.name, "what": what, "amount": amount, "wounds": wounds}
    return Outcome(put(ctx.state, key, c), "spend", data, msg)


def cmd_gain(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("gain", words, "gain NAME blood N | gain NAME wp N | gain NAME xp N")
    key, c = find(ctx.state, args.take("a name"))
    what = _resource(args)
    amount = args.take_int("the amount", 1, 100)
    args.done()
    if what == "blood":
        c = bl.gain_blood(c, amount)
        msg = f"{c.name} gains {amount} blood — blood {c.blood}/{c.blood_max}"
    elif what == "wp":
        room = c.willpower - c.willpower_points
        if amount > room:
            raise CommandError(f"{c.name} can regain only {room} Willpower (rating {c.willpower})")
        c = replace(c, willpower_points=c.willpower_points + amount)
        msg = f"{c.name} regains {amount} Willpower — {c.willpower_points}/{c.willpower}"
    else:
        c = award(c, amount)
        msg = f"{c.name} gains {amount} experience — {c.xp} unspent"
    data = {"who": c.name, "what": what, "amount": amount}
    return Outcome(put(ctx.state, key, c), "gain", data, msg)
