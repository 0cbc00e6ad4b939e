"""The ``defend`` verb: block, parry or dodge, rolled to stand against the next attack
(RULES.md §4; V20 p. 294-295; cheat sheet "Защита"; seed 003 "Ходы в сражениях").

An undeclared defence takes one of the character's declared multiple actions not yet taken,
if there is one (no Willpower needed); otherwise the declared action is given up for it: a
Willpower point, or a Willpower roll at 6. ``outnumbered N`` adds +1 difficulty per
opponent beyond the first (at most +4); ``cover prone|wall|head`` stands with the defence
and is added to the attack that meets it (cheat sheet "Модификаторы атаки").
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from elysium.chronicle.commands.attack_parts import COVER_WORDS
from elysium.chronicle.commands.common import Context, Outcome, able, find, put, roll_data
from elysium.chronicle.commands.common import throw_dice as throw
from elysium.chronicle.commands.fight import (
    CombatState,
    Declaration,
    Standing,
    advance,
    read,
    write,
)
from elysium.chronicle.commands.fight_words import dice_marks, joined
from elysium.chronicle.commands.fight_words import notes as rules_notes
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, as_int
from elysium.chronicle.state import State
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules import combat as cr
from elysium.rules.dice import RollRequest
from elysium.rules.modifiers import situation, with_difficulty
from elysium.rules.willpower import Use, spend_willpower


@runs("defend")
def cmd_defend(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("defend", words)
    faces = args.faces()
    abort_faces = args.keyed("abort", "отмена")
    wp = args.option("wp", "willpower", "воля")
    outnumbered = args.keyed_int(("outnumbered", "противников"), "what.opponents", 1, 10) or 0
    cover_word = args.keyed("cover", "укрытие")
    key, c = find(ctx.state, args.take("what.name"))
    move = cr.maneuver(args.take("what.defence_move"))
    args.done()
    cover = None
    if cover_word is not None:
        cover = COVER_WORDS.get(cover_word.casefold(), cover_word.casefold())
        if cover not in cr.COVER:
            raise CommandError("combat.unknown_cover", allowed=list(cr.COVER), cover=cover)
    state = ctx.state
    combat = read(state)
    if combat.phase != "act":
        raise CommandError("combat.defence_when")
    if key not in combat.participants:
        raise CommandError("combat.not_in", who=c.name)
    able(c)
    data: dict[str, Any] = {"who": c.name, "maneuver": move.key}
    notes: list[object] = []
    after: list[Msg] = []  # the round moving on, when the defence took the slot now due
    decl = combat.declared.get(key) or Declaration()
    acted = key in combat.done and key not in combat.delayed
    action: tuple[int, int, int | None] | None = None  # (of N, index, smallest pool)
    celerity = _slot(combat, key, "celerity") if decl.defence is None else None
    if celerity is not None:
        # An extra action from Celerity still to come becomes the defence, at its full pool.
        combat, after = _drop(state, combat, celerity)
        data["action"] = "celerity"
        notes.append(Msg("fight12.uses_celerity"))
        action = (1, 0, None)
    elif decl.defence is None and decl.actions > 1 and _spare(combat, key):
        # A declared multiple action not yet taken becomes the defence: no abort (seed 003).
        index = min(combat.attacks.get(key, 0) + decl.given, decl.actions - 1)
        combat, after = _give_action(state, combat, key, replace(decl, given=decl.given + 1))
        action = (decl.actions, index, decl.pool)
        data["action"] = index + 1
        notes.append(Msg("fight12.uses_action", i=index + 1, n=decl.actions))
    elif decl.defence is None and not decl.replaced and combat.defences.get(key, 0) == 0:
        if acted:
            raise CommandError("combat.already_acted", who=c.name)
        # Replace the declared action: a Willpower point, or a Willpower roll at 6.
        if wp:
            c = spend_willpower(c, Use.ABORT)
            notes.append(Msg("combat.abort_wp"))
        else:
            roll_faces = None
            if abort_faces is not None:
                roll_faces = [
                    as_int(f, "what.abort_die", 1, 10, args) for f in abort_faces.split(",") if f
                ]
            abort = throw(ctx, RollRequest(c.willpower, cr.ABORT_DIFFICULTY), roll_faces)
            data["abort"] = roll_data(abort)
            if abort.successes < 1:
                data["aborted"] = False
                msg = Msg("combat.abort_fails", who=c.name, move=move.key, marks=dice_marks(abort))
                return Outcome(put(state, key, c), "defend", data, msg)
            notes.append(Msg("combat.aborts", marks=dice_marks(abort)))
        data["aborted"] = True
        combat = combat.declare(key, replace(decl, replaced=True))
    state = put(state, key, c)
    return _roll_defence(
        ctx, state, combat, key, move, faces, data, notes, action, (outnumbered, cover, after)
    )


def _spare(combat: CombatState, key: str) -> bool:
    """Has the character a declared action still to take this round?"""
    return key in combat.delayed or any(
        s.who == key and s.kind in ("main", "multiple") for s in combat.queue
    )


def _slot(combat: CombatState, key: str, kind: str) -> int | None:
    """Where the character's last slot of this kind waits in the queue, if any."""
    found = [i for i, s in enumerate(combat.queue) if s.who == key and s.kind == kind]
    return found[-1] if found else None


def _drop(state: State, combat: CombatState, i: int) -> tuple[CombatState, list[Msg]]:
    """The slot given to the defence leaves the queue; if it was the one due now, the round
    moves on."""
    combat = replace(combat, queue=(*combat.queue[:i], *combat.queue[i + 1 :]))
    return advance(state, combat) if i == 0 else (combat, [])


def _give_action(
    state: State, combat: CombatState, key: str, decl: Declaration
) -> tuple[CombatState, list[Msg]]:
    """Take one untaken declared action for the defence: the last extra one first, else the
    main action (waiting, or still to come)."""
    combat = combat.declare(key, decl)
    i = _slot(combat, key, "multiple")
    if i is not None:
        return _drop(state, combat, i)
    if key in combat.delayed:
        delayed = tuple(k for k in combat.delayed if k != key)
        return replace(combat, delayed=delayed, done=(*combat.done, key)), []
    combat = combat.declare(key, replace(decl, replaced=True))
    if combat.queue and combat.queue[0].who == key and combat.queue[0].kind == "main":
        return advance(state, combat)  # their turn now, given up: the round moves on
    return combat, []


def _roll_defence(
    ctx: Context,
    state: State,
    combat: CombatState,
    key: str,
    move: cr.Maneuver,
    faces: list[int] | None,
    data: dict[str, Any],
    notes: list[object],
    action: tuple[int, int, int | None] | None,
    where: tuple[int, str | None, list[Msg]],
) -> Outcome:
    """The defence's own roll: its pool, less a die for each earlier defence this turn (or
    its share of a split pool), at 6 plus the crowd's difficulty."""
    c = state.characters[key]
    multiple, index, smallest = action or (1, 0, None)
    pool, detail = cr.defence_pool(
        c,
        move,
        0 if action else combat.defences.get(key, 0),  # an action of its own: its full pool
        multiple=multiple,
        action_index=index,
        smallest=smallest,
        profile=state.profile,
    )
    if pool < 1:
        raise CommandError("combat.no_defence_dice", who=c.name, move=move.key, detail=detail)
    outnumbered, cover, after = where
    difficulty, harder = cr.defence_difficulty(outnumbered)
    difficulty = with_difficulty(situation(c, (move.attribute, *move.abilities[:1])), difficulty)
    if harder:
        detail = Msg("combat.notes.semicolon", notes=[*detail.values["notes"], *harder])
    request = RollRequest(pool, difficulty)
    result = throw(ctx, request, faces, what=f"what.defence_roll.{move.key}", who=c.name)
    data.update(pool=pool, detail=str(detail), roll=roll_data(result))
    if difficulty != cr.BASE_DIFFICULTY:
        data["difficulty"] = difficulty
    if cover is not None:
        data["cover"] = cover
    held = 0 if result.botch else result.successes
    combat = combat.count_defence(key)
    faces_shown = {k: data["roll"][k] for k in ("dice", "rerolls", "difficulty", "specialty")}
    standing = Standing(move.key, held, cover, faces_shown)  # its faces, for the attack's line
    combat = replace(combat, standing={**combat.standing, key: standing})
    values: dict[str, object] = {
        "who": c.name,
        "lead": joined([*notes, ""], "; ") if notes else "",
        "move": move.key,
        "detail": rules_notes(detail),
        "marks": dice_marks(result),
        "n": held,
    }
    if difficulty == cr.BASE_DIFFICULTY and cover is None and not after:
        return Outcome(write(state, combat), "defend", data, Msg("combat.defends", **values))
    behind = Msg("fight12.behind_cover", cover=cover, n=cr.COVER[cover]) if cover else ""
    shown = Msg("fight12.diff", diff=difficulty) if difficulty != cr.BASE_DIFFICULTY else ""
    msg = Msg(
        "fight12.defends", **values, diff=shown, cover=behind, notes=joined(after, "; ", "; ")
    )
    return Outcome(write(state, combat), "defend", data, msg)
