"""The combat turn engine: rounds, initiative, declaration, actions, attacks and defences
(RULES.md §4; V20 p. 290-301; seed 003).

Combat state lives in ``State.combat`` as plain JSON values, so each step is an ordinary
event: undo, replay and the kill -9 guarantees apply to fights too. Every roll keeps its
faces, and every step's faces can be typed for physical dice.

A round: ``init`` rolls initiative → declarations run slowest to fastest (``declare``,
``next`` to pass) → actions resolve fastest to slowest (``attack``, ``delay``, ``next``),
then the extra actions (multiple, Celerity) in initiative order → the next round's ``init``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from elysium.chronicle.commands import (
    Context,
    Outcome,
    able,
    apply_damage,
    find,
    marks,
    put,
    roll_data,
    throw_dice,
)
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, as_int
from elysium.chronicle.state import State
from elysium.chronicle.text import clean_text
from elysium.rules import combat as cr
from elysium.rules.blood import new_turn
from elysium.rules.dice import RollKind, RollRequest
from elysium.rules.health import DamageType, Source, parse_damage_type
from elysium.rules.willpower import Use, spend_willpower

PHASES = ("initiative", "declare", "act")
VERBS = {
    "punch": "punches",
    "clinch": "clinches",
    "parry": "parries",
    "dodge": "dodges",
    "block": "blocks",
    "strike": "strikes at",
    "shoot": "shoots at",
    "rapid": "fires rapidly at",
    "auto": "fires full auto at",
    "burst": "fires a burst at",
    "spray": "sprays",
    "twoguns": "fires two guns at",
    "hurl": "throws a weapon at",
}


def verb(key: str) -> str:
    """``punch`` → ``punches``; ``kick`` → ``kicks``."""
    return VERBS.get(key, f"{key}s")


DEFENCES = ("dodge", "block", "parry")


def _combat(state: State) -> dict[str, Any]:
    if state.combat is None:
        raise CommandError("there is no fight going on: start one with combat start NAME NAME")
    return dict(state.combat)


def _name(state: State, key: str) -> str:
    c = state.characters.get(key)
    return c.name if c else key


def _with(state: State, combat: dict[str, Any] | None) -> State:
    return replace(state, combat=combat)


# --- combat start / end / join / leave ------------------------------------------------------


def cmd_combat(ctx: Context, words: tuple[str, ...]) -> Outcome:
    usage = "combat start NAME NAME ... | combat join NAME | combat leave NAME | combat end"
    args = Args("combat", words, usage)
    sub = args.take("start, join, leave or end").casefold()
    state = ctx.state
    if sub in ("start", "начать"):
        if state.combat is not None:
            raise CommandError("a fight is already going on: combat end first")
        keys = []
        while args.words:
            key, c = find(state, args.take("a name"))
            if key in keys:
                raise CommandError(f"{c.name} is named twice")
            keys.append(key)
        if len(keys) < 2:
            raise args.fail("a fight needs at least two characters")
        combat = _new_round({"round": 0, "participants": keys, "dazed": []})
        names = ", ".join(_name(state, k) for k in keys)
        return Outcome(
            _with(state, combat),
            "combat_start",
            {"participants": [_name(state, k) for k in keys]},
            f"combat begins: {names} — round 1, roll initiative (init)",
        )
    combat = _combat(state)
    if sub in ("end", "конец"):
        args.done()
        return Outcome(
            _with(state, None),
            "combat_end",
            {"rounds": combat["round"]},
            f"combat ends after {combat['round']} round(s)",
        )
    if sub in ("join", "leave"):
        key, c = find(state, args.take("a name"))
        args.done()
        people = list(combat["participants"])
        if sub == "join":
            if key in people:
                raise CommandError(f"{c.name} is already in the fight")
            people.append(key)
            combat["participants"] = people
            msg = f"{c.name} joins the fight (acts from the next initiative)"
        else:
            if key not in people:
                raise CommandError(f"{c.name} is not in the fight")
            people.remove(key)
            if len(people) < 1:
                raise CommandError("the last fighter cannot leave: combat end instead")
            was_current = combat.get("current") == key
            combat = _drop(combat, key)
            combat["participants"] = people
            tail = ""
            if was_current and combat["phase"] == "act":
                combat, tail = _advance(state, combat)
            elif was_current and combat["phase"] == "declare":
                queue = combat["declare_queue"]
                if queue:
                    combat["current"] = queue[0]
                else:
                    combat, tail = _start_actions(state, combat)
            msg = f"{c.name} leaves the fight{tail}"
        return Outcome(_with(state, combat), f"combat_{sub}", {"who": c.name}, msg)
    raise args.fail(f"{sub!r} is not start, join, leave or end")


def _new_round(combat: dict[str, Any]) -> dict[str, Any]:
    return {
        **combat,
        "round": combat["round"] + 1,
        "phase": "initiative",
        "init": {},
        "order": [],
        "declared": {},
        "declare_queue": [],
        "queue": [],
        "current": None,
        "delayed": [],
        "defences": {},
        "standing": {},
        "attacks": {},
        "done": [],
    }


def _drop(combat: dict[str, Any], key: str) -> dict[str, Any]:
    """Remove a character from every list of the round."""
    out = dict(combat)
    out["order"] = [[k for k in g if k != key] for g in combat.get("order", []) if g != [key]]
    out["declare_queue"] = [k for k in combat.get("declare_queue", []) if k != key]
    out["queue"] = [s for s in combat.get("queue", []) if s["who"] != key]
    out["delayed"] = [k for k in combat.get("delayed", []) if k != key]
    out["dazed"] = [k for k in combat.get("dazed", []) if k != key]
    return out


# --- initiative ------------------------------------------------------------------------------


def _init_faces(args: Args) -> tuple[dict[str, int], dict[str, int]]:
    """``dice Marcus=7,Bob=3`` and ``celerity Marcus=1``: per-character numbers."""
    faces: dict[str, int] = {}
    celerity: dict[str, int] = {}
    target: dict[str, int] | None = None
    for word in list(args.words):
        low = word.casefold()
        if low in ("dice", "кости"):
            target = faces
            continue
        if low in ("celerity", "стремительность"):
            target = celerity
            continue
        if target is None:
            raise args.fail(f"did not understand {word!r}")
        for part in [p for p in word.split(",") if p.strip()]:
            if "=" not in part:
                raise args.fail(f"{part!r} should be NAME=NUMBER")
            name, _, value = part.rpartition("=")
            target[name.strip()] = as_int(value, f"the number for {name}", 0, 10, args)
    args.words.clear()
    return faces, celerity


def cmd_init(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("init", words, "init [dice NAME=F,NAME=F,...] [celerity NAME=N,...]")
    faces, celerity = _init_faces(args)
    state = ctx.state
    combat = _combat(state)
    if combat["phase"] != "initiative":
        raise CommandError(
            f"initiative for round {combat['round']} is already rolled; "
            f"finish the round (next) first"
        )
    fixed = state.profile.house.fixed_initiative
    people = combat["participants"]
    faces = {find(state, name)[0]: v for name, v in faces.items()}
    celerity = {find(state, name)[0]: v for name, v in celerity.items()}
    for key in list(faces) + list(celerity):
        if key not in people:
            raise CommandError(f"{_name(state, key)} is not in this fight")
    if fixed and faces:
        raise CommandError("the fixed-initiative house rule rolls no initiative dice")
    init: dict[str, Any] = {}
    entries = []
    lines = []
    for key in people:
        c = state.characters[key]
        if not c.can_act():
            init[key] = {"die": None, "value": None, "rating": cr.initiative_rating(c)}
            lines.append(f"{c.name} cannot act")
            continue
        die = None
        if not fixed:
            if key in faces:
                die = faces[key]
                if not 1 <= die <= 10:
                    raise CommandError(f"{c.name}'s initiative die must show 1 to 10")
            else:
                die = ctx.rng.draw(1)[0]
        spent = celerity.get(key, 0)
        try:
            value = cr.initiative(c, die, spent, fixed)
        except Exception as exc:
            raise CommandError(str(exc)) from None
        rating = cr.initiative_rating(c)
        init[key] = {"die": die, "value": value, "rating": rating, "celerity": spent}
        entries.append((key, value, rating))
        lines.append(f"{c.name} {value}" + (f" (d10 {die})" if die is not None else ""))
    groups = cr.acting_order(entries)
    combat.update(init=init, order=groups, phase="declare")
    combat["declare_queue"] = [k for g in reversed(groups) for k in g]
    combat["current"] = combat["declare_queue"][0] if combat["declare_queue"] else None
    together = [g for g in groups if len(g) > 1]
    ties = "".join(
        f"; {' and '.join(_name(state, k) for k in g)} act at the same time" for g in together
    )
    first = _name(state, combat["current"]) if combat["current"] else "nobody"
    msg = (
        f"round {combat['round']} initiative: {', '.join(lines)}{ties} — "
        f"declarations from the slowest: {first} first"
    )
    data = {"round": combat["round"], "init": init, "order": groups}
    return Outcome(_with(state, combat), "initiative", data, msg)


# --- declarations ------------------------------------------------------------------------------


def cmd_declare(ctx: Context, words: tuple[str, ...]) -> Outcome:
    usage = (
        "declare NAME attack TARGET MANEUVER [multiple N] | declare NAME dodge|block|parry | "
        'declare NAME delay | declare NAME "anything else"'
    )
    args = Args("declare", words, usage)
    state = ctx.state
    combat = _combat(state)
    if combat["phase"] != "declare":
        raise CommandError(
            f"it is not the time to declare (the round is in its {combat['phase']} phase)"
        )
    key, c = find(state, args.take("a name"))
    if key != combat["current"]:
        now = _name(state, combat["current"]) if combat["current"] else "nobody"
        raise CommandError(
            f"{c.name} cannot declare now: declarations go from the slowest, and it is "
            f"{now}'s turn to declare"
        )
    multiple = args.keyed_int(("multiple", "множественные"), "the number of actions", 2, 10)
    wp = args.option("wp", "willpower", "воля")
    tokens = [clean_text(w) for w in args.words]
    text = " ".join(f'"{w}"' if " " in w else w for w in tokens).strip()
    args.words.clear()
    if not text:
        raise args.fail("say what the character does")
    first = tokens[0].casefold()
    decl: dict[str, Any] = {"text": text, "multiple": multiple or 1, "wp": wp}
    defence = _defence_word(first)
    if defence:
        decl["defence"] = defence
    elif first in ("delay", "wait", "ждать", "выжидать"):
        decl["delay"] = True
    elif first in ("attack", "атака", "атаковать"):
        # Check what can be checked now, so a typo is caught before the fight goes on.
        rest = tokens[1:]
        if len(rest) < 2:
            raise args.fail("declare an attack as: declare NAME attack TARGET MANEUVER")
        target_key, target = find(state, rest[0])
        if target_key not in combat["participants"]:
            raise CommandError(f"{target.name} is not in the fight: combat join first")
        cr.maneuver(rest[1])
        decl["attack"] = True
    if wp:
        c = spend_willpower(c, Use.OTHER)
        state = put(state, key, c)
    declared = {**combat["declared"], key: decl}
    combat["declared"] = declared
    extra = f", {multiple} actions" if multiple else ""
    combat, tail = _next_declarer(state, combat)
    msg = f"{c.name} declares: {text}{extra}{' (spends Willpower)' if wp else ''}{tail}"
    return Outcome(_with(state, combat), "declare", {"who": c.name, **decl}, msg)


def _defence_word(word: str) -> str | None:
    """``dodge`` / ``уклонение``: the defence a declaration names, if any."""
    try:
        move = cr.maneuver(word)
    except Exception:
        return None
    return move.key if move.defence else None


def _next_declarer(state: State, combat: dict[str, Any]) -> tuple[dict[str, Any], str]:
    queue = list(combat["declare_queue"])
    if queue:
        queue.pop(0)
    combat["declare_queue"] = queue
    if queue:
        combat["current"] = queue[0]
        return combat, f" — next to declare: {_name(state, queue[0])}"
    return _start_actions(state, combat)


def _start_actions(state: State, combat: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """All have declared: build the acting queue, fastest first, extra actions at the end."""
    slots: list[dict[str, Any]] = []
    for group in combat["order"]:
        for key in group:
            slots.append({"who": key, "kind": "main", "with": [k for k in group if k != key]})
    extras: list[dict[str, Any]] = []
    for group in combat["order"]:
        for key in group:
            decl = combat["declared"].get(key, {})
            more = decl.get("multiple", 1) - 1
            celerity = combat["init"].get(key, {}).get("celerity", 0)
            for i in range(more):
                extras.append({"who": key, "kind": "multiple", "index": i + 1})
            for i in range(celerity):
                extras.append({"who": key, "kind": "celerity", "index": i + 1})
    combat.update(phase="act", queue=slots + extras, current=None)
    combat, tail = _advance(state, combat)
    return combat, " — actions from the fastest" + tail


def _advance(state: State, combat: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Move to the next slot that can be taken, skipping (and saying so) those who cannot
    act, who are dazed, or whose declared action was a defence already spent."""
    notes = []
    queue = list(combat["queue"])
    dazed = list(combat.get("dazed", []))
    while queue:
        slot = queue[0]
        key = slot["who"]
        c = state.characters.get(key)
        if c is None or not c.can_act():
            notes.append(f"{_name(state, key)} cannot act")
            queue.pop(0)
            continue
        if slot["kind"] == "main" and combat["declared"].get(key, {}).get("replaced"):
            notes.append(f"{c.name} gave this action to a defence")
            queue.pop(0)
            continue
        if slot["kind"] == "main" and key in dazed:
            notes.append(f"{c.name} is dazed and loses this action")
            dazed.remove(key)
            queue.pop(0)
            continue
        break
    combat.update(queue=queue, dazed=dazed)
    if queue:
        slot = queue[0]
        combat["current"] = slot["who"]
        who = _name(state, slot["who"])
        kind = "" if slot["kind"] == "main" else f" ({slot['kind']} action {slot['index']})"
        together = slot.get("with") or []
        at_once = (
            f", at the same time as {', '.join(_name(state, k) for k in together)}"
            if together
            else ""
        )
        notes.append(f"{who} acts now{kind}{at_once}")
    else:
        combat["current"] = None
        delayed = combat.get("delayed", [])
        if delayed:
            ranked = sorted(delayed, key=lambda k: -combat["init"].get(k, {}).get("rating", 0))
            notes.append(
                "still waiting to act: "
                + ", ".join(_name(state, k) for k in ranked)
                + " (higher rating first); next ends the round"
            )
        else:
            notes.append(
                f"round {combat['round']} is over; next starts round {combat['round'] + 1}"
            )
    return combat, "; " + "; ".join(notes) if notes else ""


def cmd_next(ctx: Context, words: tuple[str, ...]) -> Outcome:
    Args("next", words, "next").done()
    state = ctx.state
    combat = _combat(state)
    phase = combat["phase"]
    if phase == "initiative":
        raise CommandError(f"round {combat['round']} needs initiative first: init")
    if phase == "declare":
        who = _name(state, combat["current"])
        combat, tail = _next_declarer(state, combat)
        return Outcome(
            _with(state, combat), "next", {"phase": phase}, f"{who} declares nothing{tail}"
        )
    if combat["current"] is not None:
        key = combat["current"]
        who = _name(state, key)
        slot = combat["queue"][0]
        decl = combat["declared"].get(key, {})
        unresolved = ""
        if (
            slot["kind"] == "main"
            and decl.get("attack")
            and combat.get("attacks", {}).get(key, 0) == 0
        ):
            unresolved = f" (the declared {decl['text']!r} was not resolved)"
        combat = _finish_slot(combat)
        combat, tail = _advance(state, combat)
        return Outcome(
            _with(state, combat), "next", {"phase": phase}, f"{who} is done{unresolved}{tail}"
        )
    # The queue is empty: the round ends (delayed characters who never acted lose it), and
    # the game turn moves on: per-turn blood and Willpower limits start afresh.
    lost = [_name(state, k) for k in combat.get("delayed", [])]
    ended = combat["round"]
    combat = _new_round(combat)
    note = f"; {', '.join(lost)} waited too long" if lost else ""
    state = replace(
        state,
        characters={k: new_turn(c) for k, c in state.characters.items()},
        turn=state.turn + 1,
    )
    return Outcome(
        _with(state, combat),
        "round_end",
        {"round": ended},
        f"round {ended} ends{note} — round {combat['round']}: roll initiative (init)",
    )


def _finish_slot(combat: dict[str, Any]) -> dict[str, Any]:
    queue = list(combat["queue"])
    if queue:
        done = queue.pop(0)
        combat["done"] = [*combat.get("done", []), done["who"]]
    combat["queue"] = queue
    return combat


def cmd_delay(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("delay", words, "delay NAME")
    state = ctx.state
    combat = _combat(state)
    key, c = find(state, args.take("a name"))
    args.done()
    if combat["phase"] != "act" or combat["current"] != key:
        raise CommandError(f"{c.name} can only delay when it is their turn to act")
    slot = combat["queue"][0]
    if slot["kind"] != "main":
        raise CommandError("extra actions cannot be delayed; take it or pass with next")
    combat["queue"] = combat["queue"][1:]
    combat["delayed"] = [*combat.get("delayed", []), key]
    combat, tail = _advance(state, combat)
    return Outcome(
        _with(state, combat),
        "delay",
        {"who": c.name},
        f"{c.name} waits, ready to act at any moment after this{tail}",
    )


# --- defence ---------------------------------------------------------------------------------


def cmd_defend(ctx: Context, words: tuple[str, ...]) -> Outcome:
    usage = "defend NAME dodge|block|parry [wp | abort F,F] [dice F,...]"
    args = Args("defend", words, usage)
    faces = args.faces()
    abort_faces = args.keyed("abort", "отмена")
    wp = args.option("wp", "willpower", "воля")
    key, c = find(ctx.state, args.take("a name"))
    move = cr.maneuver(args.take("block, parry or dodge"))
    args.done()
    state = ctx.state
    combat = _combat(state)
    if combat["phase"] != "act":
        raise CommandError("defences are rolled once the actions begin (after the declarations)")
    if key not in combat["participants"]:
        raise CommandError(f"{c.name} is not in the fight")
    able(c)
    data: dict[str, Any] = {"who": c.name, "maneuver": move.key}
    notes = []
    decl = combat["declared"].get(key, {})
    declared_defence = decl.get("defence") is not None
    acted = key in combat.get("done", []) and key not in combat.get("delayed", [])
    already = combat.get("defences", {}).get(key, 0)
    if not declared_defence and not decl.get("replaced") and already == 0:
        if acted:
            raise CommandError(
                f"{c.name} has already acted this turn and has no action to defend with"
            )
        # Replace the declared action: a Willpower point, or a Willpower roll at 6.
        if wp:
            c = spend_willpower(c, Use.ABORT)
            notes.append("spends Willpower to abort the declared action")
        else:
            request = RollRequest(c.willpower, cr.ABORT_DIFFICULTY)
            roll_faces = None
            if abort_faces is not None:
                roll_faces = [
                    as_int(f, "an abort die", 1, 10, args) for f in abort_faces.split(",") if f
                ]
            abort = throw_dice(ctx, request, roll_faces)
            data["abort"] = roll_data(abort)
            if abort.successes < 1:
                state = put(state, key, c)
                msg = (
                    f"{c.name} tries to abort for a {move.key}: Willpower {marks(abort)} — "
                    f"fails; the declared action stands"
                )
                data["aborted"] = False
                return Outcome(state, "defend", data, msg)
            notes.append(f"aborts the declared action (Willpower {marks(abort)})")
        data["aborted"] = True
        combat["declared"] = {**combat["declared"], key: {**decl, "replaced": True}}
    pool, detail = cr.defence_pool(c, move, combat.get("defences", {}).get(key, 0))
    if pool < 1:
        raise CommandError(f"{c.name} has no dice left for a {move.key} ({detail})")
    request = RollRequest(pool, cr.BASE_DIFFICULTY)
    result = throw_dice(ctx, request, faces, what=f"the {move.key}")
    data.update(pool=pool, detail=detail, roll=roll_data(result))
    state = put(state, key, c)
    used = combat.get("defences", {})
    combat["defences"] = {**used, key: used.get(key, 0) + 1}
    combat["standing"] = {
        **combat.get("standing", {}),
        key: {"maneuver": move.key, "successes": 0 if result.botch else result.successes},
    }
    state = _with(state, combat)
    lead = f"{'; '.join(notes)}; " if notes else ""
    msg = (
        f"{c.name} {lead}{verb(move.key)} ({detail}): {marks(result)} = "
        f"{0 if result.botch else result.successes} — stands against the next attack"
    )
    return Outcome(state, "defend", data, msg)


# --- attack ----------------------------------------------------------------------------------


def _parse_weapon(args: Args) -> tuple[tuple[bool, int] | None, DamageType | None]:
    value = args.keyed("weapon", "оружие")
    if value is None:
        return None, None
    text = value.casefold().replace(" ", "")
    adds = text.startswith(("str+", "s+", "сила+"))
    number = text.split("+", 1)[1] if adds else text
    dice = as_int(number, "the weapon's damage", 0, 20, args)
    dtype = None
    for word in ("bashing", "lethal", "aggravated"):
        if args.option(word):
            dtype = parse_damage_type(word)
    return (adds, dice), dtype


def cmd_attack(ctx: Context, words: tuple[str, ...]) -> Outcome:
    usage = (
        "attack NAME TARGET MANEUVER [weapon str+N|N [lethal|bashing|aggravated]] [diff +N] "
        "[flank|rear] [aim limb|hand|head|eye|heart] [outnumbered N] [cover prone|wall|head] "
        "[blinded] [target-blinded] [held] [immobilized] [stake] [offhand] [wp] "
        "[dice F,...] [dmg F,...] [soak F,...]"
    )
    args = Args("attack", words, usage)
    soak_faces = _faces_after(args, ("soak", "прочность"))
    dmg_faces = _faces_after(args, ("dmg", "damage", "урон"))
    faces = args.faces()
    weapon, weapon_type = _parse_weapon(args)
    diff_text = args.keyed("diff", "difficulty", "сложность")
    extra_diff = (
        as_int(diff_text.lstrip("+"), "the extra difficulty", -5, 5, args) if diff_text else 0
    )
    aim = args.keyed("aim", "прицел")
    cover = args.keyed("cover", "укрытие")
    outnumbered = args.keyed_int(("outnumbered",), "the number of opponents", 1, 10) or 0
    mods = cr.Modifiers(
        difficulty=extra_diff,
        flank=args.option("flank", "фланг"),
        rear=args.option("rear", "тыл"),
        aim=aim.casefold() if aim else None,
        outnumbered=outnumbered,
        cover=cover.casefold() if cover else None,
        blinded=args.option("blinded"),
        target_blinded=args.option("target-blinded"),
        held=args.option("held"),
        immobilized=args.option("immobilized"),
        stake=args.option("stake", "кол"),
        off_hand=args.option("offhand", "off-hand"),
    )
    wp = args.option("wp", "willpower", "воля")
    akey, attacker = find(ctx.state, args.take("the attacker"))
    tkey, target = find(ctx.state, args.take("the target"))
    move = cr.maneuver(args.take("a maneuver, such as punch"))
    args.done()
    if akey == tkey:
        raise CommandError(f"{attacker.name} cannot attack themselves")
    state = ctx.state
    profile = state.profile
    able(attacker)
    # What can be refused before any die is read: a dead target, a missing weapon.
    if target.status().value in ("dead", "final_death"):
        raise CommandError(f"{target.name} is already {target.status().value.replace('_', ' ')}")
    if move.damage == "weapon" and weapon is None:
        raise CommandError(f"{move.key} needs a weapon: add weapon str+N or weapon N")
    combat = dict(state.combat) if state.combat is not None else None
    slot_kind, action_index, multiple = "free", 0, 1
    if combat is not None:
        slot_kind, action_index, multiple = _check_turn(state, combat, akey, tkey)
    if wp and not profile.house.willpower_on_attacks:
        raise CommandError("the Storyteller's house rules forbid Willpower on attacks")
    plan = cr.plan_attack(
        attacker,
        move,
        mods,
        armed=weapon is not None,
        multiple=multiple,
        action_index=action_index,
        profile=profile,
        extra_action=slot_kind == "celerity",
    )
    if wp:
        attacker = spend_willpower(attacker, Use.SUCCESS)
    request = RollRequest(plan.pool, plan.difficulty, willpower=wp)
    result = throw_dice(ctx, request, faces, what="the attack")
    data: dict[str, Any] = {
        "attacker": attacker.name,
        "target": target.name,
        "maneuver": move.key,
        "pool": plan.pool,
        "difficulty": plan.difficulty,
        "notes": list(plan.notes),
        "attack": roll_data(result),
    }
    successes = 0 if result.botch else result.successes
    if mods.immobilized:
        successes = max(1, successes)
    head = (
        f"{attacker.name} {verb(move.key)} {target.name} ({'; '.join(plan.notes)}; "
        f"diff {plan.difficulty}): {marks(result)}"
    )
    state = put(state, akey, attacker)
    parts = [head]
    hit = successes
    if result.botch and not mods.immobilized:
        parts.append(
            "BOTCH — a jam, a misfire, a broken blade or a friend hit: the Storyteller says which"
        )
        hit = 0
    elif successes == 0:
        parts.append("miss")
    # The target's defence, rolled already (defend) or declared and rolled now.
    if hit and combat is not None:
        standing = combat.get("standing", {}).get(tkey)
        dtype_guess = weapon_type or move.damage_type or DamageType.LETHAL
        if standing is None and combat["declared"].get(tkey, {}).get("defence"):
            defence_move = cr.maneuver(combat["declared"][tkey]["defence"])
            pool, detail = cr.defence_pool(
                target, defence_move, combat.get("defences", {}).get(tkey, 0)
            )
            if pool >= 1:
                droll = throw_dice(ctx, RollRequest(pool, cr.BASE_DIFFICULTY), None)
                standing = {
                    "maneuver": defence_move.key,
                    "successes": 0 if droll.botch else droll.successes,
                }
                data["defence_roll"] = roll_data(droll)
                combat["defences"] = {
                    **combat.get("defences", {}),
                    tkey: combat.get("defences", {}).get(tkey, 0) + 1,
                }
        if standing is not None:
            dmove = cr.maneuver(standing["maneuver"])
            why = cr.defence_applies(target, dmove, move, dtype_guess)
            combat["standing"] = {k: v for k, v in combat.get("standing", {}).items() if k != tkey}
            if why:
                parts.append(f"{target.name}'s {dmove.key} cannot meet it: {why}")
                data["defence"] = {
                    "maneuver": dmove.key,
                    "successes": standing["successes"],
                    "applies": False,
                }
            else:
                hit = cr.net_attack(successes, standing["successes"])
                data["defence"] = {
                    "maneuver": dmove.key,
                    "successes": standing["successes"],
                    "applies": True,
                }
                parts.append(
                    f"{target.name} {verb(dmove.key)} with {standing['successes']}: "
                    + (f"{hit} get through" if hit else "the attack misses")
                )
    data["hits"] = hit
    if hit:
        if move.damage == "none":
            extra = []
            if move.holds:
                extra.append(f"{target.name} is held (the hold lasts over the turns)")
            parts.append("hits" + (": " + "; ".join(extra) if extra else ""))
        elif move.damage == "special":
            parts.append("hits: the effect is the Storyteller's (special damage)")
        else:
            pool, detail = cr.damage_pool(attacker, move, hit - 1, plan.damage_bonus, weapon)
            dtype = weapon_type or move.damage_type or DamageType.LETHAL
            dresult = throw_dice(
                ctx,
                RollRequest(pool, cr.BASE_DIFFICULTY, kind=RollKind.DAMAGE),
                dmg_faces,
                what="the damage roll",
            )
            levels = dresult.successes
            data["damage_roll"] = roll_data(dresult)
            data["damage_pool"] = pool
            parts.append(f"damage {pool} ({detail}): {marks(dresult)} = {levels} {dtype.value}")
            source = Source.CLAWS if move.key in ("claw", "bite") else Source.WEAPON
            target, dmg_data, dmg_msg = apply_damage(
                ctx, target, levels, dtype, soak=True, source=source, faces=soak_faces
            )
            data["damage"] = dmg_data
            parts.append(str(dmg_msg.values["body"]))
            if (
                mods.stake
                and target.kind.value == "vampire"
                and dmg_data["taken"] >= cr.STAKE_PARALYSES_AT
            ):
                target = replace(target, staked=True)
                parts.append(f"{target.name} is staked through the heart and paralysed")
                data["staked"] = True
            if move.knockdown:
                parts.append(f"{target.name} is knocked down")
            if move.holds:
                parts.append(f"{target.name} is held")
            state = put(state, tkey, target)
            if dmg_data.get("dazed") and combat is not None:
                combat["dazed"] = sorted({*combat.get("dazed", []), tkey})
    elif soak_faces or dmg_faces:
        parts.append("(the damage and soak dice were not needed)")
    if combat is not None:
        combat, tail = _after_attack(state, combat, akey, slot_kind)
        state = _with(state, combat)
        if tail:
            parts.append(tail.lstrip("; "))
    return Outcome(state, "attack", data, " — ".join(parts))


def _faces_after(args: Args, names: tuple[str, ...]) -> list[int] | None:
    """``dmg 6,9`` or ``soak 3,1``: a named list of faces anywhere in the command."""
    for i, word in enumerate(args.words):
        if word.casefold() in names:
            if i + 1 >= len(args.words):
                raise args.fail(f"{word} needs faces such as 6,9")
            text = args.words[i + 1]
            del args.words[i : i + 2]
            return [as_int(f, "a die face", 1, 10, args) for f in text.split(",") if f]
    return None


def _check_turn(state: State, combat: dict[str, Any], akey: str, tkey: str) -> tuple[str, int, int]:
    """May the attacker act now? Returns (slot kind, action index, declared actions)."""
    if combat["phase"] != "act":
        raise CommandError(
            f"round {combat['round']} is in its {combat['phase']} phase; attacks come once "
            f"everyone has declared"
        )
    if akey not in combat["participants"]:
        raise CommandError(f"{_name(state, akey)} is not in the fight")
    if tkey not in combat["participants"]:
        raise CommandError(f"{_name(state, tkey)} is not in the fight: combat join first")
    decl = combat["declared"].get(akey, {})
    multiple = decl.get("multiple", 1)
    used = combat.get("attacks", {}).get(akey, 0)
    if akey in combat.get("delayed", []):
        return "delayed", min(used, multiple - 1), multiple
    if combat["current"] != akey:
        now = (
            _name(state, combat["current"]) if combat["current"] else "nobody (next ends the round)"
        )
        raise CommandError(f"it is not {_name(state, akey)}'s turn: {now} acts now")
    slot = combat["queue"][0]
    if decl.get("replaced") and slot["kind"] == "main":
        raise CommandError(f"{_name(state, akey)} gave this action to a defence")
    return slot["kind"], min(used, multiple - 1), multiple


def _after_attack(
    state: State, combat: dict[str, Any], akey: str, slot_kind: str
) -> tuple[dict[str, Any], str]:
    combat["attacks"] = {
        **combat.get("attacks", {}),
        akey: combat.get("attacks", {}).get(akey, 0) + 1,
    }
    if slot_kind == "delayed":
        combat["delayed"] = [k for k in combat["delayed"] if k != akey]
        combat["done"] = [*combat.get("done", []), akey]
        return combat, ""
    combat = _finish_slot(combat)
    return _advance(state, combat)


def combat_json(state: State) -> dict[str, Any] | None:
    """The ``state --json`` view of the fight: round, phase, acting order, who acts now."""
    combat = state.combat
    if combat is None:
        return None
    order = []
    for group in combat.get("order", []):
        for key in group:
            entry = combat["init"].get(key, {})
            order.append(
                {
                    "name": _name(state, key),
                    "initiative": entry.get("value"),
                    "simultaneous": len(group) > 1,
                }
            )
    cannot = [
        _name(state, k)
        for k in combat["participants"]
        if k in state.characters and not state.characters[k].can_act()
    ]
    return {
        "round": combat["round"],
        "phase": combat["phase"],
        "order": order,
        "current": _name(state, combat["current"]) if combat.get("current") else None,
        "participants": [_name(state, k) for k in combat["participants"]],
        "declared": {_name(state, k): v.get("text") for k, v in combat.get("declared", {}).items()},
        "delayed": [_name(state, k) for k in combat.get("delayed", [])],
        "dazed": [_name(state, k) for k in combat.get("dazed", [])],
        "cannot_act": cannot,
        "queue": [
            {"name": _name(state, s["who"]), "kind": s["kind"]} for s in combat.get("queue", [])
        ],
    }
