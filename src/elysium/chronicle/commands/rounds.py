"""The round's verbs: ``combat`` (start, end, join, leave), ``init``, ``declare``, ``next``
and ``delay`` (RULES.md §4; V20 p. 290-292; seed 003)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from elysium.chronicle.commands.attack_parts import parse_attack
from elysium.chronicle.commands.common import Context, Outcome, find, put
from elysium.chronicle.commands.conditions import count_down_all, with_ended
from elysium.chronicle.commands.declared import ATTACK_WORDS, DELAY_WORDS, declaration
from elysium.chronicle.commands.fight import (
    CombatState,
    Declaration,
    InitEntry,
    advance,
    name,
    next_declarer,
    read,
    start_actions,
    write,
)
from elysium.chronicle.commands.fight_words import both, joined, tail
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, as_int
from elysium.chronicle.state import State
from elysium.chronicle.text import clean_text
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg, Told
from elysium.i18n.message import Refusal
from elysium.rules import combat as cr
from elysium.rules.blood import new_turn
from elysium.rules.celerity import take_extra_actions
from elysium.rules.conditions import Step
from elysium.rules.table_dice import TableDice
from elysium.rules.willpower import Use, spend_willpower

SUBCOMMANDS = {
    "start": "start",
    "начать": "start",
    "end": "end",
    "конец": "end",
    "join": "join",
    "вступить": "join",
    "leave": "leave",
    "выйти": "leave",
}


# --- combat start / end / join / leave ------------------------------------------------------


@runs("combat")
def cmd_combat(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("combat", words)
    typed = args.take("what.fight_sub")
    sub = SUBCOMMANDS.get(typed.casefold())
    state = ctx.state
    if sub == "start":
        return _start(state, args)
    combat = read(state)
    if sub == "end":
        args.done()
        msg = Msg("combat.ends", n=combat.round)
        return Outcome(write(state, None), "combat_end", {"rounds": combat.round}, msg)
    if sub is None:
        raise args.fail("combat.bad_sub", sub=typed.casefold())
    key, c = find(state, args.take("what.name"))
    args.done()
    if sub == "join":
        if key in combat.participants:
            raise CommandError("combat.already_in", who=c.name)
        combat = replace(combat, participants=(*combat.participants, key))
        msg = Msg("combat.joins", who=c.name)
    else:
        combat, notes = leave(state, combat, key, c.name)
        msg = Msg("combat.leaves", who=c.name, notes=notes)
    return Outcome(write(state, combat), f"combat_{sub}", {"who": c.name}, msg)


def _start(state: State, args: Args) -> Outcome:
    if state.combat is not None:
        raise CommandError("combat.already")
    keys: list[str] = []
    while args.words:
        key, c = find(state, args.take("what.name"))
        if key in keys:
            raise CommandError("combat.named_twice", who=c.name)
        keys.append(key)
    if len(keys) < 2:
        raise args.fail("combat.needs_two")
    names = [name(state, k) for k in keys]
    msg = Msg("combat.begins", names=names)
    return Outcome(
        write(state, CombatState.start(keys)), "combat_start", {"participants": names}, msg
    )


def leave(state: State, combat: CombatState, key: str, who: str) -> tuple[CombatState, Told | str]:
    people = [k for k in combat.participants if k != key]
    if key not in combat.participants:
        raise CommandError("combat.not_in", who=who)
    if not people:
        raise CommandError("combat.last_cannot_leave")
    was_current = combat.current == key
    combat = replace(combat.drop(key), participants=tuple(people))
    if was_current and combat.phase == "act":
        combat, notes = advance(state, combat)
        return combat, tail(notes)
    if was_current and combat.phase == "declare":
        if combat.declare_queue:
            return replace(combat, current=combat.declare_queue[0]), ""
        combat, msgs = start_actions(state, combat)
        return combat, joined(msgs, "")
    return combat, ""


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
            raise args.fail("args.not_understood", words=word)
        for part in [p for p in word.split(",") if p.strip()]:
            if "=" not in part:
                raise args.fail("combat.init_pair", part=part)
            who, _, value = part.rpartition("=")
            what = Msg("what.init_number", who=who)
            target[who.strip()] = as_int(value, what, 0, 10, args)
    args.words.clear()
    return faces, celerity


def _init_dice(
    ctx: Context, state: State, keys: Sequence[str], faces: dict[str, int], fixed: bool
) -> dict[str, int]:
    """One die for each who can act and has no typed face, thrown together in the acting
    list's order (at a real table: one prompt naming them in that order)."""
    if fixed:
        return {}
    needing = [k for k in keys if k not in faces and state.characters[k].can_act()]
    if isinstance(ctx.rng, TableDice):
        names = ", ".join(state.characters[k].name for k in needing)
        ctx.rng.about(Msg("table.initiative", who=names), None)
    return dict(zip(needing, ctx.rng.draw(len(needing)), strict=True))


@runs("init")
def cmd_init(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("init", words)
    faces, celerity = _init_faces(args)
    state = ctx.state
    combat = read(state)
    if combat.phase != "initiative":
        raise CommandError("combat.init_rolled", round=combat.round)
    fixed = state.profile.house.fixed_initiative
    faces = {find(state, who)[0]: v for who, v in faces.items()}
    celerity = {find(state, who)[0]: v for who, v in celerity.items()}
    for key in list(faces) + list(celerity):
        if key not in combat.participants:
            raise CommandError("combat.not_in_this", who=name(state, key))
    if fixed and faces:
        raise CommandError("combat.fixed_no_dice")
    init: dict[str, InitEntry] = {}
    entries = []
    lines: list[Msg] = []
    paid: list[Msg] = []
    drawn = _init_dice(ctx, state, combat.participants, faces, fixed)
    for key in combat.participants:
        c = state.characters[key]
        if not c.can_act():
            init[key] = InitEntry(None, None, cr.initiative_rating(c))
            lines.append(Msg("combat.cannot_act", who=c.name))
            continue
        die = None
        if not fixed:
            die = faces[key] if key in faces else drawn[key]
            if not 1 <= die <= 10:
                raise CommandError("combat.init_die", who=c.name)
        spent = celerity.get(key, 0)
        try:
            value = cr.initiative(c, die, spent, fixed)
            if spent:  # one blood point, outside the per-turn limit (rules.celerity)
                c = take_extra_actions(c, spent, state.profile.has_blood)
                state = put(state, key, c)
                if state.profile.has_blood:
                    paid.append(Msg("celerity.pays", who=c.name, n=spent, blood=c.blood))
        except Refusal as exc:
            raise CommandError(exc.msg) from None
        rating = cr.initiative_rating(c)
        init[key] = InitEntry(die, value, rating, spent)
        entries.append((key, value, rating))
        key_ = "combat.init_value" if die is None else "combat.init_rolled_value"
        lines.append(Msg(key_, who=c.name, value=value, die=die))
    groups = cr.acting_order(entries)
    queue = tuple(k for g in reversed(groups) for k in g)
    combat = replace(
        combat,
        init=init,
        order=tuple(tuple(g) for g in groups),
        phase="declare",
        declare_queue=queue,
        current=queue[0] if queue else None,
    )
    ties = [
        Msg("combat.at_once", names=both([name(state, k) for k in g])) for g in groups if len(g) > 1
    ] + paid
    first = name(state, combat.current) if combat.current else Msg("combat.nobody")
    msg = Msg(
        "combat.initiative", round=combat.round, lines=lines, ties=joined(ties, ""), first=first
    )
    data = {
        "round": combat.round,
        "init": {k: v.to_dict() for k, v in init.items()},
        "order": groups,
        "names": {k: name(state, k) for k in init},  # the log tells the order by name
    }
    return Outcome(write(state, combat), "initiative", data, msg)


# --- declarations ------------------------------------------------------------------------------


@runs("declare")
def cmd_declare(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("declare", words)
    state = ctx.state
    combat = read(state)
    if combat.phase != "declare":
        raise CommandError("combat.not_declare_time", phase=combat.phase)
    key, c = find(state, args.take("what.name"))
    if key != combat.current:
        now = name(state, combat.current) if combat.current else Msg("combat.nobody")
        raise CommandError("combat.not_your_declare", who=c.name, now=now)
    multiple = args.keyed_int(("multiple", "множественные"), "what.action_count", 2, 10)
    smallest = args.keyed_int(("pool", "пул"), "fight12.what.smallest_pool", 1, 30)
    if smallest is not None and multiple is None:
        raise args.fail("fight12.pool_needs_multiple")
    wp = args.option("wp", "willpower", "воля")
    tokens = [clean_text(w) for w in args.words]
    text = " ".join(f'"{w}"' if " " in w else w for w in tokens).strip()
    args.words.clear()
    if not text:
        raise args.fail("combat.say_what")
    first = tokens[0].casefold()
    decl = Declaration(text, multiple or 1, wp, pool=smallest)
    defence = _defence_word(first)
    if defence:
        decl = replace(decl, defence=defence)
    elif first in DELAY_WORDS:
        decl = replace(decl, delay=True)
    elif first in ATTACK_WORDS:
        # The attack's own grammar (attack_parts.parse_attack), so the words the attack
        # will take are taken here, and a typo is caught before the fight goes on.
        order = parse_attack(Args("attack", (c.name, *tokens[1:])), state)
        if order.tkey not in combat.participants:
            raise CommandError("combat.target_not_in", who=order.target.name)
        decl = replace(decl, attack=True, words=tuple(tokens[1:]))
    if wp:
        c = spend_willpower(c, Use.OTHER)
        state = put(state, key, c)
    combat, notes = next_declarer(state, combat.declare(key, decl))
    msg = Msg(
        "combat.declares",
        who=c.name,
        text=declaration(text),
        extra=_actions(multiple, smallest),
        wp=Msg("combat.spends_wp") if wp else "",
        notes=joined(notes, ""),
    )
    return Outcome(write(state, combat), "declare", {"who": c.name, **decl.to_dict()}, msg)


def _actions(multiple: int | None, smallest: int | None) -> Msg | str:
    """``, 2 actions`` and, when told, the smallest pool they split (cheat sheet "Броски")."""
    if not multiple:
        return ""
    if smallest is None:
        return Msg("combat.n_actions", n=multiple)
    return Msg("fight12.n_actions_pool", n=multiple, pool=smallest)


def _defence_word(word: str) -> str | None:
    """``dodge`` / ``уклонение``: the defence a declaration names, if any."""
    try:
        move = cr.maneuver(word)
    except Exception:
        return None
    return move.key if move.defence else None


# --- next and delay ------------------------------------------------------------------------------


@runs("next")
def cmd_next(ctx: Context, words: tuple[str, ...]) -> Outcome:
    Args("next", words).done()
    state = ctx.state
    combat = read(state)
    phase = combat.phase
    if phase == "initiative":
        raise CommandError("combat.needs_init", round=combat.round)
    if phase == "declare":
        who = name(state, combat.current) if combat.current else "None"
        combat, msgs = next_declarer(state, combat)
        msg = Msg("combat.declares_nothing", who=who, notes=joined(msgs, ""))
        return Outcome(write(state, combat), "next", {"phase": phase}, msg)
    if combat.current is not None:
        key = combat.current
        decl = combat.declared.get(key)
        unresolved: Msg | str = ""
        if (
            combat.queue[0].kind == "main"
            and decl is not None
            and decl.attack
            and combat.attacks.get(key, 0) == 0
        ):
            unresolved = Msg("combat.unresolved", text=declaration(decl.text))
        combat, notes = advance(state, combat.finish_slot())
        msg = Msg("combat.is_done", who=name(state, key), unresolved=unresolved, notes=tail(notes))
        return Outcome(write(state, combat), "next", {"phase": phase}, msg)
    # The queue is empty: the round ends (delayed characters who never acted lose it), and
    # the game turn moves on: per-turn blood and Willpower limits start afresh.
    lost = [name(state, k) for k in combat.delayed]
    ended = combat.round
    combat = combat.new_round()
    state = replace(
        state,
        characters={k: new_turn(c) for k, c in state.characters.items()},
        turn=state.turn + 1,
    )
    state, gone = count_down_all(state, Step.TURN)  # a round is one of the clock's turns
    msg = Msg(
        "combat.round_ends",
        ended=ended,
        lost=Msg("combat.waited_too_long", names=lost) if lost else "",
        round=combat.round,
    )
    data = {"round": ended}
    return Outcome(write(state, combat), "round_end", data, with_ended(msg, data, gone))


@runs("delay")
def cmd_delay(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("delay", words)
    state = ctx.state
    combat = read(state)
    key, c = find(state, args.take("what.name"))
    args.done()
    if combat.phase != "act" or combat.current != key:
        raise CommandError("combat.delay_not_turn", who=c.name)
    if combat.queue[0].kind != "main":
        raise CommandError("combat.no_delay_extra")
    combat = replace(combat, queue=combat.queue[1:], delayed=(*combat.delayed, key))
    combat, notes = advance(state, combat)
    msg = Msg("combat.waits", who=c.name, notes=tail(notes))
    return Outcome(write(state, combat), "delay", {"who": c.name}, msg)
