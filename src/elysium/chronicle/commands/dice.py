"""The ``roll`` verb: a character's traits or a bare pool, with physical dice or seeded ones."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

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
from elysium.chronicle.pools import TraitPool, is_whole, trait_pool
from elysium.chronicle.state import State
from elysium.i18n import Msg, Told, trait_label
from elysium.rules.character import SPECIALTY_MIN, Character
from elysium.rules.dice import RollRequest, RollResult, forgive_botch
from elysium.rules.traits import ATTRIBUTES
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
    done = roll_traits(ctx, key, c, expr, args, faces, difficulty, spec=spec, wp=wp)
    c, result, names = done.who, done.result, done.names
    data = {"who": c.name, "traits": "+".join(names), "penalty": done.penalty, **roll_data(result)}
    say = Msg(
        "ack.roll",
        who=c.name,
        traits=traits_told(names),
        pool=done.pool,
        pen=Msg("ack.roll.wounds", n=done.penalty) if done.penalty else "",
        wp=Msg("ack.roll.wp") if wp else "",
        diff=result.request.difficulty,
        faces=marks(result),
        verdict=verdict_text(result),
        warn=_ten_warning(result.request.difficulty),
    )
    return Outcome(done.state, "roll", data, say)


@dataclass(frozen=True, slots=True)
class TraitRoll:
    """A character's traits rolled: the new state, the character after, and the roll."""

    state: State
    who: Character
    names: list[str]
    pool: int
    penalty: int
    result: RollResult


def roll_traits(
    ctx: Context,
    key: str,
    c: Character,
    expr: str,
    args: Args,
    faces: list[int] | None,
    difficulty: int,
    spec: bool = False,
    wp: bool = False,
    pay: Callable[[Character], Character] | None = None,
) -> TraitRoll:
    """Roll ``expr`` for ``c`` as ``roll NAME TRAITS`` does: wounds, a specialty's rating,
    who may act, a Willpower point, the session's forgiven first botch. ``pay`` takes a
    power's cost once the roll is known to be possible, before the dice."""
    state = ctx.state
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
    if state.profile.house.no_ability_penalty and attribute_alone(counted):
        difficulty = min(10, difficulty + 1)  # Demon (001): the ST may add +1 with no Ability
    if pay is not None:
        c = pay(c)
    if wp:
        c = spend_willpower(c, Use.SUCCESS)
    request = RollRequest(dice_pool, difficulty, specialty=spec, willpower=wp)
    result = throw_dice(ctx, request, faces)
    forgiven = state.forgiven
    if result.botch and state.profile.house.forgiven_first_botch and key not in forgiven:
        result = forgive_botch(result)
        forgiven = forgiven | {key}
    state = replace(put(state, key, c), forgiven=forgiven)
    return TraitRoll(state, c, names, dice_pool, penalty, result)


def attribute_alone(counted: TraitPool) -> bool:
    """An Attribute with nothing rated beside it: no Ability (or Discipline) in the pool."""
    ratings = counted.ratings()
    return any(name in ATTRIBUTES for name, _ in ratings) and not any(
        rating > 0 for name, rating in ratings if name not in ATTRIBUTES
    )


def traits_told(names: list[str]) -> Told:
    """The traits rolled, in the reader's language."""
    return Told(lambda lang: _traits(names, lang))


def _traits(names: list[str], lang: str) -> str:
    """``dexterity+brawl``: trait codes in English, their names in Russian."""
    if lang == "en":
        return "+".join(names)
    return "+".join(trait_label(n, lang).lower() if not n.isdigit() else n for n in names)
