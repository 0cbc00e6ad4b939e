"""Day, torpor and a day's rest (RULES.md §6; cheat sheet "Днём и в торпоре", "Повреждения,
прочность, лечение").

``day NAME notice|wake|roll TRAITS`` rolls by day (no pool above Humanity / Path);
``torpor NAME [voluntary]`` tells how long torpor lasts, ``torpor NAME wake`` pays the blood
point and rolls to rise; ``rest NAME`` marks a day's rest, on which one aggravated level
may heal.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from elysium.chronicle.commands.common import (
    Context,
    Outcome,
    able,
    difficulty_of,
    find,
    marks,
    mods_text,
    put,
    roll_data,
    throw_dice,
)
from elysium.chronicle.commands.feats import number, traits_told
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, VerbWord
from elysium.chronicle.pools import trait_pool
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg, Told
from elysium.rules import blood as bl
from elysium.rules import day
from elysium.rules.character import Character
from elysium.rules.dice import RollRequest
from elysium.rules.health import Status
from elysium.rules.modifiers import PoolMod, stored, with_difficulty
from elysium.rules.traits import Kind

DAY_WORDS = {
    "notice": "notice",
    "заметить": "notice",
    "wake": "wake",
    "проснуться": "wake",
    "roll": "roll",
    "бросок": "roll",
}
WAKE_WORDS = ("wake", "пробуждение", "проснуться")
VOLUNTARY_WORDS = ("voluntary", "добровольный", "добровольно")


def _vampire(ctx: Context, c: Character) -> None:
    if c.kind is not Kind.VAMPIRE or not ctx.state.profile.has_blood:
        raise CommandError("daytime.vampires_only", who=c.name, kind=c.kind.value)


@runs("day")
def cmd_day(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("day", words)
    faces = args.faces()
    _key, c = find(ctx.state, args.take("what.name"))
    word = args.take("what.day_roll").casefold()
    if word not in DAY_WORDS:
        raise args.fail("daytime.unknown", word=word)
    what = DAY_WORDS[word]
    traits = args.take("what.traits") if what == "roll" else None
    diff = difficulty_of(args) if what == "roll" else None
    args.done()
    _vampire(ctx, c)
    able(c)
    mods: tuple[PoolMod, ...] = ()
    if traits is not None and diff is not None:
        counted = trait_pool(c, traits)
        mods = counted.mods
        dice = day.day_cap(c, counted.pool)  # wounds first, then no more than Humanity
        if dice < 1:
            raise CommandError("day.pool_empty", who=c.name)
        request = RollRequest(dice, with_difficulty(mods, diff))
        traits = "+".join(counted.names)
    else:
        request = day.notice_request(c) if what == "notice" else day.wake_request(c)
    result = throw_dice(ctx, request, faces, who=c.name)
    data: dict[str, Any] = {
        "who": c.name,
        "what": what,
        "traits": traits,
        "pool": request.pool,
        "cap": c.morality_rating,
        "difficulty": request.difficulty,
        "roll": roll_data(result),
        "successes": result.successes,
        **stored(mods),
    }
    if what == "wake":
        awake = day.wake_result(result.successes)
        data.update(turns=awake.turns, scene=awake.whole_scene)
        how = Msg("day.wake.scene" if awake.whole_scene else "day.wake.turns", n=awake.turns)
    elif what == "notice":
        how = Msg("day.notice.yes" if result.successes > 0 else "day.notice.no")
    else:
        how = Msg("day.roll.done", n=result.successes)
    say = Msg(
        "ack.day",
        who=c.name,
        what=Msg(f"day.{what}", traits=Told(lambda lang: traits_told(traits or "", lang))),
        mods=mods_text(mods),
        pool=request.pool,
        cap=c.morality_rating,
        diff=request.difficulty,
        faces=marks(result),
        how=how,
    )
    return Outcome(ctx.state, "day", data, say)


def length(amount: Fraction, unit: str, rating: int) -> Msg:
    """``3 days`` / ``3,5 недели`` / ``1000 years or more``."""
    more = Msg("torpor.more") if rating == 0 else ""
    if amount.denominator == 1:
        return Msg(f"torpor.unit.{unit}", n=int(amount), more=more)
    return Msg(f"torpor.unit.{unit}.part", n=number(float(amount)), more=more)


@runs("torpor")
def cmd_torpor(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("torpor", words)
    faces = args.faces()
    key, c = find(ctx.state, args.take("what.name"))
    wake = bool(args.words) and args.words[0].casefold() in WAKE_WORDS
    voluntary = bool(args.words) and args.words[0].casefold() in VOLUNTARY_WORDS
    if wake or voluntary:
        args.words.pop(0)
    args.done()
    _vampire(ctx, c)
    if wake:
        return _wake(ctx, key, c, faces)
    if faces is not None:
        raise args.fail("daytime.torpor_no_dice")
    rating = c.morality_rating
    wounds, unit = day.torpor_length(rating)
    half, _ = day.torpor_length(rating, voluntary=True)
    data = {
        "who": c.name,
        "rating": rating,
        "length": str(wounds),
        "voluntary": str(half),
        "unit": unit,
        "asked_voluntary": voluntary,
    }
    say = Msg(
        "ack.torpor.voluntary" if voluntary else "ack.torpor",
        who=c.name,
        morality=Msg("ack.morality", name=c.morality),
        rating=rating,
        length=length(wounds, unit, rating),
        half=length(half, unit, rating),
        now=Msg("ack.torpor.now") if c.status() is Status.TORPOR else "",
    )
    return Outcome(ctx.state, "torpor", data, say)


def _wake(ctx: Context, key: str, c: Character, faces: list[int] | None) -> Outcome:
    request = day.torpor_wake_request(c)
    result = throw_dice(ctx, request, faces, who=c.name)
    risen = day.rise_from_torpor(c, result.successes)
    up = risen.status() is not Status.TORPOR
    data = {
        "who": c.name,
        "rating": c.morality_rating,
        "difficulty": request.difficulty,
        "roll": roll_data(result),
        "risen": up,
        "blood": risen.blood,
    }
    say = Msg(
        "ack.torpor.wake",
        who=c.name,
        pool=request.pool,
        diff=request.difficulty,
        faces=marks(result),
        how=Msg("ack.torpor.risen" if up else "ack.torpor.sleeps", who=c.name),
        blood=risen.blood,
        most=risen.blood_max,
    )
    return Outcome(put(ctx.state, key, risen), "torpor_wake", data, say)


@runs("rest")
def cmd_rest(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("rest", words)
    key, c = find(ctx.state, args.take("what.name"))
    args.done()
    _vampire(ctx, c)
    if ctx.state.combat is not None:
        raise CommandError("time.in_fight", verb=VerbWord("rest"))
    if c.status() in (Status.FINAL_DEATH, Status.DEAD):
        raise CommandError("rest.beyond", who=c.name)
    if c.aggravated_rested:
        raise CommandError("rest.already", who=c.name)
    if not c.health.aggravated:
        raise CommandError("rest.no_wounds", who=c.name)
    c = bl.rest(c)
    data = {"who": c.name, "aggravated": c.health.aggravated}
    say = Msg("ack.rest", who=c.name, n=c.health.aggravated)
    return Outcome(put(ctx.state, key, c), "rest", data, say)
