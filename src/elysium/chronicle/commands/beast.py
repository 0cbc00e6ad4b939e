"""The Beast: frenzy, Rötschreck, calming, degeneration (V20 p. 298-299, 309-313)."""

from __future__ import annotations

from typing import Any

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
    args = Args(verb, words, f"{verb} NAME diff D [dice F,...]")
    faces = args.faces()
    diff = args.keyed_int(("diff", "difficulty", "сложность"), "difficulty", 2, 10)
    key, c = find(ctx.state, args.take("a name"))
    args.done()
    if c.kind is not Kind.VAMPIRE or not ctx.state.profile.has_blood:
        raise CommandError(
            f"only vampires frenzy or know the Red Fear; {c.name} is a {c.kind.value}"
        )
    check = c.frenzy if kind is BeastKind.FRENZY else c.fear
    started = False
    if check is None or check.state is not BeastState.RESISTING:
        if diff is None:
            raise args.fail("give the difficulty from the trigger table, e.g. diff 6")
        c = start_frenzy(c, diff) if kind is BeastKind.FRENZY else start_rotschreck(c, diff)
        started = True
        check = _check_of(c, kind)
    elif diff is not None and diff != check.difficulty:
        raise args.fail(f"the check in progress is at difficulty {check.difficulty}")
    data: dict[str, Any] = {"who": c.name, "started": started, "difficulty": check.difficulty}
    word = "frenzy" if kind is BeastKind.FRENZY else "Rötschreck"
    if check.automatic:
        # Instinct: no roll (any typed faces are not needed), the frenzy simply comes.
        data.update(state=check.state.value, automatic=True, accumulated=0)
        return Outcome(
            put(ctx.state, key, c),
            verb,
            data,
            f"{c.name} has Instinct and falls into frenzy at once (no roll)",
        )
    pool = frenzy_pool(c) if kind is BeastKind.FRENZY else rotschreck_pool(c)
    if pool < 1:
        # No dice to resist with (no blood, say): the Beast wins without a roll.
        c = lose_to_beast(c, kind)
        check = _check_of(c, kind)
        data.update(state=check.state.value, accumulated=check.accumulated, roll=None)
        what = "falls into frenzy" if kind is BeastKind.FRENZY else "flees in Rötschreck"
        return Outcome(
            put(ctx.state, key, c),
            verb,
            data,
            f"{c.name} has no dice to resist with (pool 0) and {what}",
        )
    request = beast_request(c, kind)
    result = throw_dice(ctx, request, faces)
    c = resist(c, kind, result)
    check = _check_of(c, kind)
    data.update(roll=roll_data(result), state=check.state.value, accumulated=check.accumulated)
    if check.state is BeastState.RESISTED:
        how = f"resists the {word} ({check.accumulated}/5)"
    elif check.state is BeastState.RESISTING:
        how = f"holds on: {check.accumulated}/5 successes, {check.turns_bought} turn(s) bought"
    elif check.botched:
        how = f"BOTCH — {word} for as long as the Storyteller says (a derangement may follow)"
    else:
        how = "falls into frenzy" if kind is BeastKind.FRENZY else "flees in Rötschreck"
    msg = f"{c.name} {word} check, diff {check.difficulty}: {marks(result)} — {how}"
    return Outcome(put(ctx.state, key, c), verb, data, msg)


def _check_of(c: Character, kind: BeastKind) -> BeastCheck:
    """The check the rules just started or advanced (always there at that point)."""
    check = c.frenzy if kind is BeastKind.FRENZY else c.fear
    if check is None:  # pragma: no cover - the rules functions always leave one
        raise CommandError(f"{c.name} has no {kind.value} check in progress")
    return check


def cmd_frenzy(ctx: Context, words: tuple[str, ...]) -> Outcome:
    return _beast(ctx, words, BeastKind.FRENZY)


def cmd_rotschreck(ctx: Context, words: tuple[str, ...]) -> Outcome:
    return _beast(ctx, words, BeastKind.ROTSCHRECK)


def cmd_calm(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("calm", words, "calm NAME [frenzy|rotschreck]")
    key, c = find(ctx.state, args.take("a name"))
    which = args.words.pop(0).casefold() if args.words else None
    args.done()
    kind = {"frenzy": BeastKind.FRENZY, "rotschreck": BeastKind.ROTSCHRECK, None: None}.get(which)
    if which is not None and kind is None:
        raise args.fail("calm takes frenzy or rotschreck")
    if c.frenzy is None and c.fear is None:
        raise CommandError(f"{c.name} is neither in frenzy nor in Rötschreck")
    c = calm(c, kind)
    return Outcome(put(ctx.state, key, c), "calm", {"who": c.name}, f"{c.name} calms down")


def cmd_degenerate(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("degenerate", words, "degenerate NAME sin S [diff 8] [dice F,...]")
    faces = args.faces()
    diff = difficulty_of(args, 8)
    sin = args.keyed_int(("sin", "грех"), "the sin's level", 1, 10)
    key, c = find(ctx.state, args.take("a name"))
    args.done()
    if sin is None:
        raise args.fail("give the sin's level on the hierarchy, e.g. sin 5")
    if not needs_degeneration_roll(c, sin):
        raise CommandError(
            f"no roll: a level-{sin} sin ({sin_at(sin).replace('_', ' ')}) is above "
            f"{c.name}'s {c.morality} {c.morality_rating}"
        )
    try:
        request = degeneration_request(c, diff)
    except RulesError:
        result = None
    else:
        result = throw_dice(ctx, request, faces)
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
    rolled = f"{marks(result)} — " if result else "no Conscience to roll — "
    if out.morality_lost == 0:
        how = f"{c.morality} holds at {new.morality_rating}"
    elif out.derangement:
        how = (
            f"BOTCH: {c.morality} {new.morality_rating}, Conscience {new.conscience}, "
            f"and a derangement"
        )
    else:
        how = f"{c.morality} falls to {new.morality_rating}"
    if new.lost:
        how += f"; {c.name} is lost to the Beast and passes to the Storyteller"
    msg = f"{c.name} degeneration (sin {sin}), diff {diff}: {rolled}{how}"
    return Outcome(put(ctx.state, key, new), "degeneration", data, msg)
