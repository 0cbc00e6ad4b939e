"""``carry NAME LB``: a load the character carries from now on, until ``carry NAME 0`` puts
it down (Dark Ages seed 002, "Переноска грузов"). Over the limit (25 lb a dot of Strength +
Potence) every physical action is one harder: the rolls, attacks, defences and feats read
the load from the character (:func:`elysium.rules.modifiers.situation`)."""

from __future__ import annotations

from elysium.chronicle.commands.common import Context, Outcome, find, put
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules import movement as mv
from elysium.rules.sheet import MAX_LOAD


@runs("carry")
def cmd_carry(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("carry", words)
    key, c = find(ctx.state, args.take("what.name"))
    pounds = args.take_int("what.pounds", 0, MAX_LOAD)
    args.done()
    was = c.load
    if pounds == was:
        raise CommandError("carry.nothing" if not pounds else "carry.same", who=c.name, lb=was)
    c = mv.carry(c, pounds)
    capacity = mv.carry_capacity(c)
    load = mv.encumbrance(c, pounds)
    data = {"who": c.name, "pounds": pounds, "was": was, "capacity": capacity}
    if not pounds:
        say = Msg("ack.carry.down", who=c.name, lb=was)
    elif not load.can_move:
        stuck = mv.STUCK_TIMES * capacity
        say = Msg("ack.carry.stuck", who=c.name, lb=pounds, capacity=capacity, stuck=stuck)
    elif load.difficulty:
        part = round(1 / load.speed)
        say = Msg("ack.carry.heavy", who=c.name, lb=pounds, capacity=capacity, part=part)
    else:
        say = Msg("ack.carry.light", who=c.name, lb=pounds, capacity=capacity)
    return Outcome(put(ctx.state, key, c), "carry", data, say)
