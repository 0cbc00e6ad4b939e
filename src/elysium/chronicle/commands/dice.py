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
from elysium.i18n import Msg, Told, trait_label
from elysium.rules.character import (
    SPECIALTY_MIN,
)
from elysium.rules.dice import RollRequest, forgive_botch
from elysium.rules.willpower import Use, spend_willpower


def _ten_warning(difficulty: int) -> Msg | str:
    return Msg("ack.roll.ten") if difficulty == 10 else ""


def cmd_roll(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("roll", words)
    faces = args.faces()
    # The name and the traits come first, so "roll Marcus willpower diff 8" rolls the
    # Willpower rating and only a later "wp" spends a point.
    first = args.take("what.name_or_pool")
    expr = None
    if not is_whole(first):
        expr = args.take("what.traits")
    difficulty = difficulty_of(args)
    spec = args.option("spec")
    wp = args.option("wp")
    args.done()
    state = ctx.state
    if expr is None:
        pool = as_int(first, "what.pool", 1, 100, args)
        if wp:
            raise args.fail("roll.wp_needs_character")
        request = RollRequest(pool, difficulty, specialty=spec)
        result = throw_dice(ctx, request, faces)
        data = {"who": None, "traits": None, "penalty": 0, **roll_data(result)}
        say = Msg(
            "ack.roll.dice",
            n=pool,
            diff=difficulty,
            faces=marks(result),
            verdict=verdict_text(result),
            warn=_ten_warning(difficulty),
        )
        return Outcome(state, "roll", data, say)

    key, c = find(state, first)
    try:
        counted = trait_pool(c, expr)
    except CommandError as exc:
        raise args.fail(exc.msg) from None
    names = list(counted.names)
    if spec and not any(
        name in c.specialties or rating >= SPECIALTY_MIN for name, rating in counted.ratings()
    ):
        raise CommandError("roll.no_specialty", least=SPECIALTY_MIN, traits="+".join(names))
    able(c, reflexive=counted.reflexive)
    dice_pool, penalty = counted.pool, counted.penalty
    if dice_pool < 1:
        key_ = "roll.no_dice.wounds" if penalty else "roll.no_dice"
        raise CommandError(key_, who=c.name, what=expr, penalty=penalty)
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
    say = Msg(
        "ack.roll",
        who=c.name,
        traits=Told(lambda lang: _traits(names, lang)),
        pool=dice_pool,
        pen=Msg("ack.roll.wounds", n=penalty) if penalty else "",
        wp=Msg("ack.roll.wp") if wp else "",
        diff=difficulty,
        faces=marks(result),
        verdict=verdict_text(result),
        warn=_ten_warning(difficulty),
    )
    return Outcome(state, "roll", data, say)


def _traits(names: list[str], lang: str) -> str:
    """``dexterity+brawl``: trait codes in English, their names in Russian."""
    if lang == "en":
        return "+".join(names)
    return "+".join(trait_label(n, lang).lower() if not n.isdigit() else n for n in names)
