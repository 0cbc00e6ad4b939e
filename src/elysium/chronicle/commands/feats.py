"""Physical feats and movement (RULES.md §10; Dark Ages seed 002 "Физические действия",
"Встать на ноги", "Передвижение", "Подготовить оружие").

``feat NAME stand|ready|climb|jump|lift|door|swim|throw …`` rolls the feat's pool after
wound penalties (a pool that falls to 0 makes the feat impossible: nothing is rolled) and
tells what the successes mean; ``move NAME [LB]`` tells the speeds per turn and the load.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from elysium.chronicle.commands.common import (
    Context,
    Outcome,
    able,
    find,
    health_text,
    marks,
    mods_text,
    put,
    roll_data,
    throw_dice,
)
from elysium.chronicle.commands.fight_words import tail
from elysium.chronicle.commands.reorder import set_initiative
from elysium.chronicle.commands.sides import traits_text
from elysium.chronicle.parser import Args
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg, Told
from elysium.rules import movement as mv
from elysium.rules.character import Character
from elysium.rules.dice import RollRequest, RollResult
from elysium.rules.health import DamageType, take_damage
from elysium.rules.modifiers import PoolMod, situation, stored
from elysium.rules.traits import Kind

FEATS: dict[str, str] = {
    "stand": "stand",
    "встать": "stand",
    "ready": "ready",
    "оружие": "ready",
    "climb": "climb",
    "карабканье": "climb",
    "лезть": "climb",
    "jump": "jump",
    "прыжок": "jump",
    "lift": "lift",
    "подъём": "lift",
    "подъем": "lift",
    "door": "door",
    "дверь": "door",
    "swim": "swim",
    "плавание": "swim",
    "throw": "throw",
    "метание": "throw",
}
RUNNING = ("running", "run", "разбег", "с-разбега")
CLAWS = ("claws", "когти", "шипы")
ARCHERY = ("archery", "bow", "лук")
DOORS: dict[str, str] = {
    "latched": "latched",
    "щеколда": "latched",
    "sturdy": "sturdy",
    "прочная": "sturdy",
    "barred": "barred",
    "засов": "barred",
    "castle": "castle",
    "замок": "castle",
    "gate": "gate",
    "ворота": "gate",
}
# One bashing level on a botch (seed 002). A botched jump: «при падении получает травму»; the
# seed gives no amount, so it is the one level the other feats take.
HURTS_ON_BOTCH = frozenset({"stand", "lift", "door", "jump"})
BOTCH_HARM = 1  # bashing levels
DEFAULT_THROW_LB = 1
READY_FAILED_INITIATIVE = 1  # seed 002: a failed readying leaves the current initiative at 1


def _flag(args: Args, spellings: tuple[str, ...]) -> bool:
    for i, word in enumerate(args.words):
        if word.casefold() in spellings:
            del args.words[i]
            return True
    return False


def _number(value: float, lang: str) -> str:
    text = f"{round(value, 1):g}"
    return text.replace(".", ",") if lang == "ru" else text


def number(value: float) -> Told:
    """A distance as the reader writes it (``6.4`` / ``6,4``)."""
    return Told(lambda lang: _number(value, lang))


def traits_told(traits: str, lang: str) -> str:
    """``dexterity+brawl`` as the reader names the traits (``ловкость+драка``)."""
    return traits_text(traits.split("+")).render(lang) if traits else ""


def _request(
    c: Character, feat: str, args: Args, extra: dict[str, Any], mods: Sequence[PoolMod]
) -> RollRequest:
    """The feat's roll, reading its own words (``running``, ``claws``, a door, yards)."""
    if feat == "stand":
        return mv.stand_up_request(c, mods)
    if feat == "ready":
        extra["archery"] = _flag(args, ARCHERY)
        return mv.ready_weapon_request(c, extra["archery"], mods)
    if feat == "climb":
        extra["claws"] = _flag(args, CLAWS)
        return mv.climb_request(c, extra["claws"], mods)
    if feat == "jump":
        extra["running"] = _flag(args, RUNNING)
        return mv.jump_request(c, extra["running"], mods)
    if feat == "lift":
        return mv.lift_request(c, mods)
    if feat == "door":
        word = args.take("what.door").casefold()
        if word not in DOORS:
            raise args.fail("feat.unknown_door", word=word)
        request, needed = mv.door_request(c, DOORS[word], mods)
        extra.update(door=DOORS[word], needed=needed)
        return request
    if feat == "swim":
        conditions = args.take_int("what.swim_conditions", 0, 2) if args.words else 0
        extra["conditions"] = conditions
        return mv.swim_request(c, c.kind is Kind.VAMPIRE, conditions, mods)
    yards = args.take_int("what.yards", 1, 1000)
    pounds = args.take_int("what.pounds", 0, 1000) if args.words else DEFAULT_THROW_LB
    extra.update(yards=yards, pounds=pounds, reach=mv.throw_range(c, pounds))
    return mv.throw_request(c, yards, pounds, mods)


def _outcome(feat: str, result: RollResult, extra: dict[str, Any]) -> str:
    if result.botch:
        return "botch"
    if result.successes < 1:
        return "failure"
    if feat == "door" and result.successes < extra["needed"]:
        return "partial"
    return "success"


def _results(c: Character, feat: str, successes: int, extra: dict[str, Any]) -> None:
    """What the successes come to: feet climbed or jumped, the lifting Strength."""
    n = max(0, successes)
    if feat == "climb":
        extra.update(feet=mv.climbed_feet(n), metres=n * 3)
    elif feat == "jump":
        up, across = mv.jumped_feet(n)
        extra.update(up=up, across=across)
    elif feat == "lift":
        extra["strength"] = mv.lifting_strength(c, n)


@runs("feat")
def cmd_feat(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("feat", words)
    faces = args.faces()
    key, c = find(ctx.state, args.take("what.name"))
    word = args.take("what.feat").casefold()
    if word not in FEATS:
        raise args.fail("feat.unknown", word=word)
    feat = FEATS[word]
    extra: dict[str, Any] = {}
    able(c)
    traits = mv.FEAT_TRAITS[feat]
    if feat == "jump" and not any(w.casefold() in RUNNING for w in args.words):
        traits = traits[:1]  # a standing jump: Strength alone
    mods = situation(c, traits, physical=True)
    request = _request(c, feat, args, extra, mods)
    args.done()
    result = throw_dice(ctx, request, faces, who=c.name)
    outcome = _outcome(feat, result, extra)
    _results(c, feat, result.successes, extra)
    hurt = outcome == "botch" and feat in HURTS_ON_BOTCH
    if hurt:
        c = replace(c, health=take_damage(c.health, BOTCH_HARM, DamageType.BASHING, c.kind))
    state, after = put(ctx.state, key, c), list[Msg]()
    if feat == "ready" and outcome == "failure":  # seed 002: ready, but at initiative 1
        state, after = set_initiative(state, key, READY_FAILED_INITIATIVE)
    data: dict[str, Any] = {
        "who": c.name,
        "feat": feat,
        "pool": request.pool,
        "difficulty": request.difficulty,
        "roll": roll_data(result),
        "successes": result.successes,
        "outcome": outcome,
        "hurt": hurt,
        **extra,
        **stored(mods),
    }
    say = Msg(
        "ack.feat",
        who=c.name,
        feat=Msg(f"feat.{feat}"),
        pool=request.pool,
        mods=mods_text(mods),
        diff=request.difficulty,
        faces=marks(result),
        how=Msg(f"feat.{feat}.{outcome}", n=result.successes, **_values(extra)),
        hurt=Msg("ack.feat.hurt", health=health_text(c)) if hurt else "",
        after=tail(after),
    )
    return Outcome(state, "feat", data, say)


def _values(extra: dict[str, Any]) -> dict[str, Any]:
    """The event's extras as message values (a door told by its name)."""
    out = dict(extra)
    if "door" in out:
        out["door"] = Msg(f"feat.door.{out['door']}")
    return out


@runs("move")
def cmd_move(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("move", words)
    _key, c = find(ctx.state, args.take("what.name"))
    # A weight typed, else the load carried (``carry``), else none.
    pounds = args.take_int("what.pounds", 0, 10000) if args.words else (c.load or None)
    args.done()
    speeds = mv.movement(c.trait("dexterity"), c.health)
    capacity = mv.carry_capacity(c)
    speed: float = 1.0
    load_note: Msg | str = ""
    limit = Msg(f"move.{c.health.movement}")
    if pounds is not None:
        load = mv.encumbrance(c, pounds)
        speed = load.speed if load.can_move else 0.0
        if not load.can_move:
            # The load holds the character in place, whatever the wounds would allow.
            load_note = Msg("move.load.stuck", lb=pounds, stuck=mv.STUCK_TIMES * capacity)
            limit = limit if c.health.movement == "none" else Msg("move.loaded")
        elif load.difficulty:
            load_note = Msg("move.load.heavy", lb=pounds, part=round(1 / speed))
        else:
            load_note = Msg("move.load.light", lb=pounds)
    walk, jog, run = (round(x * speed, 1) for x in (speeds.walk, speeds.jog, speeds.run))
    data = {
        "who": c.name,
        "walk": walk,
        "jog": jog,
        "run": run,
        "capacity": capacity,
        "pounds": pounds,
        "limit": c.health.movement,
    }
    say = Msg(
        "ack.move",
        who=c.name,
        walk=number(walk),
        walk_m=number(walk * mv.METRES_PER_YARD),
        jog=number(jog),
        jog_m=number(jog * mv.METRES_PER_YARD),
        run=number(run),
        run_m=number(run * mv.METRES_PER_YARD),
        free=number(run / 2),
        capacity=capacity,
        limit=limit,
        load=load_note,
    )
    return Outcome(ctx.state, "move", data, say)
