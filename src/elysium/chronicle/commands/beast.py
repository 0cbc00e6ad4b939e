"""The Beast: frenzy, Rötschreck, calming, degeneration (V20 p. 298-299, 309-313)."""

from __future__ import annotations

from typing import Any

from elysium.chronicle.commands.beast_triggers import book_difficulty
from elysium.chronicle.commands.common import (
    Context,
    Outcome,
    difficulty_of,
    find,
    marks,
    put,
    roll_data,
    throw_dice,
)
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules.beast import (
    beast_request,
    calm,
    degenerate,
    degeneration_request,
    frenzy_pool,
    lose_to_beast,
    needs_degeneration_roll,
    resist,
    rotschreck_pool,
    sin_at,
    start_frenzy,
    start_rotschreck,
)
from elysium.rules.beast_state import BeastCheck, BeastKind, BeastState
from elysium.rules.character import (
    Character,
)
from elysium.rules.errors import RulesError
from elysium.rules.traits import Kind


def _beast(ctx: Context, words: tuple[str, ...], kind: BeastKind) -> Outcome:
    verb = kind.value
    args = Args(verb, words)
    faces = args.faces()
    diff = args.keyed_int(("diff",), "what.difficulty", 2, 10)
    key, c = find(ctx.state, args.take("what.name"))
    trigger = args.words.pop(0).casefold() if args.words else None
    args.done()
    if c.kind is not Kind.VAMPIRE or not ctx.state.profile.has_blood:
        raise CommandError("beast.vampires_only", who=c.name, kind=c.kind.value)
    check = c.frenzy if kind is BeastKind.FRENZY else c.fear
    started = False
    if trigger is not None:
        trigger, diff = book_difficulty(args, c, kind, trigger, diff)
    if check is None or check.state is not BeastState.RESISTING:
        if diff is None:
            raise args.fail("beast.needs_difficulty")
        c = start_frenzy(c, diff) if kind is BeastKind.FRENZY else start_rotschreck(c, diff)
        started = True
        check = _check_of(c, kind)
    elif diff is not None and diff != check.difficulty:
        raise args.fail("beast.in_progress", diff=check.difficulty)
    data: dict[str, Any] = {"who": c.name, "started": started, "difficulty": check.difficulty}
    if trigger is not None:
        data["trigger"] = trigger
    if check.automatic:
        # Instinct: no roll (any typed faces are not needed), the frenzy simply comes.
        data.update(state=check.state.value, automatic=True, accumulated=0)
        return Outcome(put(ctx.state, key, c), verb, data, Msg("ack.beast.instinct", who=c.name))
    pool = frenzy_pool(c) if kind is BeastKind.FRENZY else rotschreck_pool(c)
    if pool < 1:
        # No dice to resist with (no blood, say): the Beast wins without a roll.
        c = lose_to_beast(c, kind)
        check = _check_of(c, kind)
        data.update(state=check.state.value, accumulated=check.accumulated, roll=None)
        say = Msg("ack.beast.no_dice", who=c.name, how=Msg(f"ack.{verb}.lost"))
        return Outcome(put(ctx.state, key, c), verb, data, say)
    request = beast_request(c, kind)
    result = throw_dice(ctx, request, faces, who=c.name)
    c = resist(c, kind, result)
    check = _check_of(c, kind)
    data.update(roll=roll_data(result), state=check.state.value, accumulated=check.accumulated)
    if check.state is BeastState.RESISTED:
        how = Msg(f"ack.{verb}.resisted", n=check.accumulated)
    elif check.state is BeastState.RESISTING:
        how = Msg("ack.beast.holds", n=check.accumulated, turns=check.turns_bought)
    elif check.botched:
        how = Msg(f"ack.{verb}.botch")
    else:
        how = Msg(f"ack.{verb}.lost")
    say = Msg(f"ack.{verb}.check", who=c.name, diff=check.difficulty, faces=marks(result), how=how)
    return Outcome(put(ctx.state, key, c), verb, data, say)


def _check_of(c: Character, kind: BeastKind) -> BeastCheck:
    """The check the rules just started or advanced (always there at that point)."""
    check = c.frenzy if kind is BeastKind.FRENZY else c.fear
    if check is None:  # pragma: no cover - the rules functions always leave one
        raise CommandError("beast.none_in_progress", who=c.name)
    return check


@runs("frenzy")
def cmd_frenzy(ctx: Context, words: tuple[str, ...]) -> Outcome:
    return _beast(ctx, words, BeastKind.FRENZY)


@runs("rotschreck")
def cmd_rotschreck(ctx: Context, words: tuple[str, ...]) -> Outcome:
    return _beast(ctx, words, BeastKind.ROTSCHRECK)


CALM_WORDS = {
    "frenzy": BeastKind.FRENZY,
    "ярость": BeastKind.FRENZY,
    "rotschreck": BeastKind.ROTSCHRECK,
    "ротшрек": BeastKind.ROTSCHRECK,
}


@runs("calm")
def cmd_calm(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("calm", words)
    key, c = find(ctx.state, args.take("what.name"))
    which = args.words.pop(0).casefold() if args.words else None
    args.done()
    kind = CALM_WORDS.get(which) if which is not None else None
    if which is not None and kind is None:
        raise args.fail("calm.which")
    if c.frenzy is None and c.fear is None:
        raise CommandError("calm.nothing", who=c.name)
    c = calm(c, kind)
    return Outcome(put(ctx.state, key, c), "calm", {"who": c.name}, Msg("ack.calm", who=c.name))


@runs("degenerate")
def cmd_degenerate(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("degenerate", words)
    faces = args.faces()
    diff = difficulty_of(args, 8)
    sin = args.keyed_int(("sin",), "what.sin", 1, 10)
    key, c = find(ctx.state, args.take("what.name"))
    args.done()
    if sin is None:
        raise args.fail("degenerate.needs_sin")
    morality = Msg("ack.morality", name=c.morality)
    if not needs_degeneration_roll(c, sin):
        raise CommandError(
            "degenerate.no_roll",
            sin=sin,
            what=sin_at(sin),
            code=sin_at(sin).replace("_", " "),
            who=c.name,
            morality=morality,
            rating=c.morality_rating,
        )
    try:
        request = degeneration_request(c, diff)
    except RulesError:
        result = None
    else:
        result = throw_dice(ctx, request, faces, who=c.name)
    out = degenerate(c, result)
    new = out.character
    data = {
        "who": c.name,
        "sin": sin,
        "difficulty": diff,
        "roll": roll_data(result) if result else None,
        "morality_lost": out.morality_lost,
        "conscience_lost": out.conscience_lost,
        "derangement": out.derangement,
    }
    rolled = (
        Msg("ack.degenerate.rolled", faces=marks(result))
        if result
        else Msg("ack.degenerate.no_conscience")
    )
    rating = new.morality_rating
    if out.morality_lost == 0:
        how = Msg("ack.degenerate.holds", morality=morality, n=rating)
    elif out.derangement:
        how = Msg("ack.degenerate.botch", morality=morality, n=rating, conscience=new.conscience)
    else:
        how = Msg("ack.degenerate.falls", morality=morality, n=rating)
    lost = Msg("ack.degenerate.lost", who=c.name) if new.lost else ""
    if out.derangement:  # the Storyteller names it: say how (it is counted as due till then)
        how = Msg(
            "ack.degenerate.then",
            first=how,
            then=Msg("ack.degenerate.choose", how=Msg("ack.degenerate.choose_how", who=c.name)),
        )
    say = Msg("ack.degenerate", who=c.name, sin=sin, diff=diff, rolled=rolled, how=how, lost=lost)
    return Outcome(put(ctx.state, key, new), "degeneration", data, say)
