"""The ``roll`` verb: a character's traits or a bare pool, with physical dice or seeded ones,
and ``retry N`` for another try at a task failed N times (V20 p. 268)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from elysium.chronicle.commands.common import (
    Context,
    Outcome,
    able,
    marks,
    put,
    throw_dice,
    verdict_text,
)
from elysium.chronicle.commands.sides import prepare, read_side, throw_all
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args
from elysium.chronicle.pools import attribute_alone, trait_pool
from elysium.chronicle.state import State
from elysium.i18n import Msg, Told, trait_label
from elysium.rules.actions import retry_difficulty
from elysium.rules.character import SPECIALTY_MIN, Character
from elysium.rules.dice import RollRequest, RollResult, forgive_botch
from elysium.rules.tables import DEFAULT_DIFFICULTY, MAX_DIFFICULTY
from elysium.rules.willpower import Use, spend_willpower

MAX_RETRIES = 8  # a ninth failure is past difficulty 10 from any difficulty at all


def _ten_warning(difficulty: int) -> Msg | str:
    return Msg("ack.roll.ten") if difficulty == 10 else ""


def cmd_roll(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("roll", words)
    faces = args.faces()
    retries = args.keyed_int(("retry",), "what.retries", 1, MAX_RETRIES)
    # The name and the traits come first, so "roll Marcus willpower diff 8" rolls the
    # Willpower rating and only a later "wp" spends a point.
    side = read_side("roll", args.words)
    state = ctx.state
    base = DEFAULT_DIFFICULTY if side.difficulty is None else side.difficulty
    difficulty = base
    shown: int | Msg = base
    if retries is not None:
        raised = retry_difficulty(base, retries, state.profile)
        if raised is None:
            raise CommandError("roll.retry_hopeless", base=base, n=retries, most=MAX_DIFFICULTY)
        difficulty = raised
        off = not state.profile.house.retry_penalty
        shown = Msg("ack.roll.retry_off" if off else "ack.roll.retry", diff=raised, base=base)
    state, ready = prepare(state, side, difficulty, args)
    state, (thrown,) = throw_all(ctx, state, [ready], faces)
    result = thrown.result
    data = thrown.data()
    if retries is not None:
        data |= {"retry": retries, "base_difficulty": base}
    if ready.character is None:
        say = Msg(
            "ack.roll.dice",
            n=ready.request.pool,
            diff=shown,
            faces=marks(result),
            verdict=verdict_text(result),
            warn=_ten_warning(difficulty),
        )
        return Outcome(state, "roll", data, say)
    told = thrown.told("ack.roll")
    say = Msg("ack.roll", **{**told.values, "diff": shown, "warn": _ten_warning(difficulty)})
    return Outcome(state, "roll", data, say)


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
        difficulty = min(10, difficulty + 1)  # Demon (001): +1 with no Ability in the pool
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


def traits_told(names: list[str]) -> Told:
    """The traits rolled, in the reader's language."""
    return Told(lambda lang: _traits(names, lang))


def _traits(names: list[str], lang: str) -> str:
    """``dexterity+brawl``: trait codes in English, their names in Russian."""
    if lang == "en":
        return "+".join(names)
    return "+".join(trait_label(n, lang).lower() if not n.isdigit() else n for n in names)
