"""The ``roll`` verb: a character's traits or a bare pool, with physical dice or seeded ones,
and ``retry N`` for another try at a task failed N times (V20 p. 268)."""

from __future__ import annotations

from elysium.chronicle.commands.common import (
    Context,
    Outcome,
    marks,
    verdict_text,
)
from elysium.chronicle.commands.sides import (
    Ready,
    bearing_shown,
    prepare,
    read_side,
    throw_all,
)
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args
from elysium.chronicle.text import clean_name
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules.actions import retry_difficulty
from elysium.rules.merits import KINDS
from elysium.rules.tables import DEFAULT_DIFFICULTY, MAX_DIFFICULTY

MAX_RETRIES = 8  # a ninth failure is past difficulty 10 from any difficulty at all


def _ten_warning(difficulty: int) -> Msg | str:
    return Msg("ack.roll.ten") if difficulty == 10 else ""


def roller(name: str) -> str:
    """Who throws a bare pool, as typed: a name, never markup or control characters."""
    cleaned = clean_name(name)
    if not cleaned:
        raise CommandError("roll.by_empty")
    return cleaned


def merits_named(args: Args) -> list[tuple[str, str]]:
    """Every ``merit NAME`` and ``flaw NAME`` in the words, taken out, in the order typed."""
    named: list[tuple[str, str]] = []
    for kind in KINDS:
        while (name := args.keyed(kind)) is not None:
            named.append((kind, name))
    return named


def difficulty_shown(ready: Ready, base: int, retried: bool, penalised: bool) -> int | Msg:
    """The difficulty rolled, as the reply tells it: the number the dice were read against
    (the situation's, a Merit's or a Flaw's modifier included, told with the pool), with the
    retry and the bearing spelled out: ``8 (6 + retry)``, ``5 (6, bearing -1)``."""
    if not retried:
        return bearing_shown(ready)
    key = "ack.roll.retry" if penalised else "ack.roll.retry_off"
    diff = ready.request.difficulty
    if ready.bearing is not None:  # "6 (6 + retry, bearing -1)"
        return Msg(key + ".bearing", diff=diff, base=base, mod=ready.bearing)
    return Msg(key, diff=diff, base=base)


@runs("roll")
def cmd_roll(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("roll", words)
    faces = args.faces()
    retries = args.keyed_int(("retry",), "what.retries", 1, MAX_RETRIES)
    owner = args.keyed("by")  # who throws a bare pool: an NPC not on the sheet, anyone
    moving = args.option("moving")  # moving as well this turn (seed 004, «Серьёзно ранен»)
    named = merits_named(args)  # merit NAME / flaw NAME: their modifiers apply
    # The name and the traits come first, so "roll Marcus willpower diff 8" rolls the
    # Willpower rating and only a later "wp" spends a point.
    side = read_side("roll", args.words, bearing_allowed=True)
    state = ctx.state
    base = DEFAULT_DIFFICULTY if side.difficulty is None else side.difficulty
    difficulty = base
    if retries is not None:
        raised = retry_difficulty(base, retries, state.profile)
        if raised is None:
            raise CommandError("roll.retry_hopeless", base=base, n=retries, most=MAX_DIFFICULTY)
        difficulty = raised
    state, ready = prepare(state, side, difficulty, args, moving, named)
    shown = difficulty_shown(ready, base, retries is not None, state.profile.house.retry_penalty)
    difficulty = ready.request.difficulty  # the one rolled: retry, bearing, modifiers and all
    if owner is not None and ready.character is not None:
        raise CommandError("roll.by_needs_pool", who=ready.character.name)
    state, (thrown,) = throw_all(ctx, state, [ready], faces)
    result = thrown.result
    data = thrown.data()
    if retries is not None:
        data |= {"retry": retries, "base_difficulty": base}
    if ready.character is None:
        if owner is not None:
            data["who"] = owner = roller(owner)
        say = Msg(
            "ack.roll.dice_by" if owner else "ack.roll.dice",
            who=owner or "",
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
