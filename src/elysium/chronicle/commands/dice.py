"""The ``roll`` verb: a character's traits or a bare pool, with physical dice or seeded ones."""

from __future__ import annotations

from dataclasses import replace

from elysium.chronicle.commands.common import (
    Context,
    Outcome,
    able,
    difficulty_of,
    find,
    marks,
    put,
    roll_data,
    throw_dice,
    verdict_text,
)
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, as_int
from elysium.chronicle.pools import is_whole, trait_pool
from elysium.rules.character import (
    SPECIALTY_MIN,
)
from elysium.rules.dice import RollRequest, forgive_botch
from elysium.rules.willpower import Use, spend_willpower


def _ten_warning(difficulty: int) -> str:
    return " (difficulty 10: small pools botch less often than large)" if difficulty == 10 else ""


def cmd_roll(ctx: Context, words: tuple[str, ...]) -> Outcome:
    usage = "roll NAME TRAIT+TRAIT [diff D] [spec] [wp] [dice F,F,...] | roll N [diff D] ..."
    args = Args("roll", words, usage)
    faces = args.faces()
    # The name and the traits come first, so "roll Marcus willpower diff 8" rolls the
    # Willpower rating and only a later "wp" spends a point.
    first = args.take("a name or a number of dice")
    expr = None
    if not is_whole(first):
        expr = args.take("the traits to roll, such as dex+brawl")
    difficulty = difficulty_of(args)
    spec = args.option("spec", "specialty", "спец")
    wp = args.option("wp", "willpower", "воля")
    args.done()
    state = ctx.state
    if expr is None:
        pool = as_int(first, "the pool", 1, 100, args)
        if wp:
            raise args.fail("Willpower belongs to a character: roll NAME TRAITS wp")
        request = RollRequest(pool, difficulty, specialty=spec)
        result = throw_dice(ctx, request, faces)
        data = {"who": None, "traits": None, "penalty": 0, **roll_data(result)}
        msg = (
            f"{pool} dice, diff {difficulty}: {marks(result)} — {verdict_text(result)}"
            f"{_ten_warning(difficulty)}"
        )
        return Outcome(state, "roll", data, msg)

    key, c = find(state, first)
    try:
        counted = trait_pool(c, expr)
    except CommandError as exc:
        raise args.fail(str(exc)) from None
    names = list(counted.names)
    if spec and not any(
        name in c.specialties or rating >= SPECIALTY_MIN for name, rating in counted.ratings()
    ):
        raise CommandError(
            f"a specialty needs a trait rated {SPECIALTY_MIN} or more; {'+'.join(names)} has none"
        )
    able(c, reflexive=counted.reflexive)
    dice_pool, penalty = counted.pool, counted.penalty
    if dice_pool < 1:
        why = f" after the wound penalty {penalty}" if penalty else ""
        raise CommandError(f"{c.name} has no dice for {expr}{why}: the action cannot be attempted")
    if wp:
        c = spend_willpower(c, Use.SUCCESS)
    request = RollRequest(dice_pool, difficulty, specialty=spec, willpower=wp)
    result = throw_dice(ctx, request, faces)
    forgiven = state.forgiven
    if result.botch and state.profile.house.forgiven_first_botch and key not in forgiven:
        result = forgive_botch(result)
        forgiven = forgiven | {key}
    state = replace(put(state, key, c), forgiven=forgiven)
    data = {"who": c.name, "traits": "+".join(names), "penalty": penalty, **roll_data(result)}
    pen = f" ({penalty} wounds)" if penalty else ""
    extra = " + Willpower" if wp else ""
    msg = (
        f"{c.name} rolls {'+'.join(names)} = {dice_pool}{pen}{extra}, diff {difficulty}: "
        f"{marks(result)} — {verdict_text(result)}{_ten_warning(difficulty)}"
    )
    return Outcome(state, "roll", data, msg)
