"""The ``power`` verb: a character's named rolls, saved with the sheet and rolled by name.

``power add Marcus Majesty charisma+intimidation diff 7 cost wp 1`` saves one;
``power Marcus Majesty`` rolls it exactly as ``roll Marcus charisma+intimidation diff 7``
would, after paying its cost (blood within the per-turn limit, cheat sheet "Кровь";
Willpower); ``power remove Marcus Majesty`` forgets it; ``power Marcus`` lists them.
"""

from __future__ import annotations

from dataclasses import replace

from elysium.chronicle.commands.blood import RESOURCES
from elysium.chronicle.commands.common import (
    ANSWER,
    Context,
    Outcome,
    difficulty_of,
    find,
    find_exact,
    put,
    verb_word,
)
from elysium.chronicle.commands.sides import Side, prepare, throw_all, traits_text
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, as_int, spellings
from elysium.chronicle.pools import trait_pool
from elysium.chronicle.text import clean_name
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg, Told
from elysium.rules import blood as bl
from elysium.rules.character import Character
from elysium.rules.powers import MAX_COST, Power, find_power, with_power, without_power
from elysium.rules.tables import DEFAULT_DIFFICULTY
from elysium.rules.willpower import Use, spend_willpower

ADD = ("add", "добавить")
REMOVE = ("remove", "убрать")


@runs("power")
def cmd_power(ctx: Context, words: tuple[str, ...]) -> Outcome:
    first = words[0].casefold() if words else ""
    if first in ADD:
        return _add(ctx, words[1:])
    if first in REMOVE:
        return _remove(ctx, words[1:])
    args = Args("power", words)
    key, c = find(ctx.state, args.take("what.name"))
    if not args.words:
        return Outcome(ctx.state, ANSWER, {}, listing(c))
    return _use(ctx, key, c, args)


def _cost(args: Args) -> tuple[int, int]:
    """``cost blood N`` / ``cost wp N``: (blood, Willpower)."""
    words = spellings("cost")
    for i, word in enumerate(args.words):
        if word.casefold() in words:
            if i + 2 >= len(args.words):
                raise args.fail("power.cost_needs")
            what = RESOURCES.get(args.words[i + 1].casefold())
            if what not in ("blood", "wp"):
                raise args.fail("power.cost_what", word=args.words[i + 1])
            amount = as_int(args.words[i + 2], "what.amount", 1, MAX_COST, args)
            del args.words[i : i + 3]
            return (amount, 0) if what == "blood" else (0, amount)
    return 0, 0


def _add(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("power", words)
    blood, wp = _cost(args)
    difficulty = difficulty_of(args)
    key, c = find(ctx.state, args.take("what.name"))
    name = clean_name(args.take("what.power_name"))
    if args.words and args.words[0].casefold() in spellings("pool"):
        del args.words[0]  # `pool` may name what follows (the form issue 12 wrote)
    pool = args.take("what.traits")
    args.done()
    try:
        counted = trait_pool(c, pool)
    except CommandError as exc:
        raise args.fail(exc.msg) from None
    power = Power(name, "+".join(counted.names), difficulty, blood, wp)
    had = find_power(c.powers, name)
    replaced = had is not None and had.name.casefold() == name.casefold()
    c = replace(c, powers=with_power(c.powers, power))
    data = {"who": c.name, **power.to_dict(), "replaced": replaced}
    say = Msg("ack.power.added", who=c.name, power=describe_power(power))
    return Outcome(put(ctx.state, key, c), "power_added", data, say)


def _remove(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("power", words)
    key, c = find_exact(ctx.state, args.take("what.name"), "power")
    power = _named(c, args.take("what.power_name"), exact=True)
    args.done()
    c = replace(c, powers=without_power(c.powers, power.name))
    data = {"who": c.name, "power": power.name}
    say = Msg("ack.power.removed", who=c.name, name=power.name)
    return Outcome(put(ctx.state, key, c), "power_removed", data, say)


def _named(c: Character, word: str, exact: bool = False) -> Power:
    """The power ``word`` names; ``exact`` (removing one): its whole name, any case."""
    power = find_power(c.powers, word)
    if exact and power is not None and power.name.casefold() != word.strip().casefold():
        close = [p.name for p in c.powers if word.strip().casefold() in p.name.casefold()]
        raise CommandError(
            "exact.power", verb=verb_word("power"), name=clean_name(word), close=close
        )
    if power is None:
        names = [p.name for p in c.powers] or Msg("power.none_yet")
        raise CommandError("power.unknown", who=c.name, name=clean_name(word), names=names)
    return power


def _use(ctx: Context, key: str, c: Character, args: Args) -> Outcome:
    faces = args.faces()
    power = _named(c, args.take("what.power_name"))
    difficulty = difficulty_of(args, power.difficulty)
    spec = args.option("spec")
    wp = args.option("wp")
    args.done()

    def pay(who: Character) -> Character:
        if power.blood:
            who = bl.spend_blood(who, power.blood)
        for _ in range(power.willpower):
            who = spend_willpower(who, Use.OTHER)
        return who

    # The roll of `roll NAME TRAITS` (sides): checked, its cost paid, then thrown.
    side = Side(c.name, power.pool, difficulty, spec, wp)
    state, ready = prepare(ctx.state, side, difficulty, args)
    assert ready.key is not None and ready.character is not None
    paid = pay(ready.character)
    state = put(state, ready.key, paid)
    state, (thrown,) = throw_all(ctx, state, [replace(ready, character=paid)], faces)
    data = {
        **thrown.data(),
        "power": power.name,
        "cost_blood": power.blood,
        "cost_wp": power.willpower,
    }
    told = thrown.told("ack.roll")
    say = Msg(
        "ack.power", **told.values, power=power.name, cost=cost_text(power.blood, power.willpower)
    )
    return Outcome(state, "power", data, say)


def cost_text(blood: int, wp: int) -> Msg | str:
    if blood:
        return Msg("power.cost.blood", n=blood)
    if wp:
        return Msg("power.cost.wp", n=wp)
    return ""


def describe_power(p: Power) -> Msg:
    """``Majesty: charisma+intimidation, diff 7, 1 Willpower`` in the reader's language."""
    diff = p.difficulty if p.difficulty != DEFAULT_DIFFICULTY else ""
    return Msg(
        "power.line",
        name=p.name,
        traits=traits_text(p.pool.split("+")),
        diff=Msg("power.diff", n=diff) if diff else "",
        cost=cost_text(p.blood, p.willpower),
    )


def listing(c: Character) -> Msg:
    if not c.powers:
        return Msg("power.list_empty", who=c.name)

    def lines(lang: str) -> str:
        return "\n".join("  " + describe_power(p).render(lang) for p in c.powers)

    return Msg("power.list", who=c.name, lines=Told(lines))
