"""The ``defend`` verb: block, parry or dodge, rolled to stand against the next attack, with
a declared action given up for it when the defence was not declared (RULES.md §4; V20
p. 294-295; cheat sheet "Защита")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from elysium.chronicle.commands.common import Context, Outcome, able, find, put, roll_data
from elysium.chronicle.commands.common import throw_dice as throw
from elysium.chronicle.commands.fight import CombatState, Declaration, Standing, read, write
from elysium.chronicle.commands.fight_words import dice_marks, joined
from elysium.chronicle.commands.fight_words import notes as rules_notes
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, as_int
from elysium.chronicle.state import State
from elysium.i18n import Msg
from elysium.rules import combat as cr
from elysium.rules.dice import RollRequest
from elysium.rules.willpower import Use, spend_willpower


def cmd_defend(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("defend", words)
    faces = args.faces()
    abort_faces = args.keyed("abort", "отмена")
    wp = args.option("wp", "willpower", "воля")
    key, c = find(ctx.state, args.take("what.name"))
    move = cr.maneuver(args.take("what.defence_move"))
    args.done()
    state = ctx.state
    combat = read(state)
    if combat.phase != "act":
        raise CommandError("combat.defence_when")
    if key not in combat.participants:
        raise CommandError("combat.not_in", who=c.name)
    able(c)
    data: dict[str, Any] = {"who": c.name, "maneuver": move.key}
    notes: list[Msg] = []
    decl = combat.declared.get(key) or Declaration()
    acted = key in combat.done and key not in combat.delayed
    if decl.defence is None and not decl.replaced and combat.defences.get(key, 0) == 0:
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
    return _roll_defence(ctx, put(state, key, c), combat, key, move, faces, data, notes)


def _roll_defence(
    ctx: Context,
    state: State,
    combat: CombatState,
    key: str,
    move: cr.Maneuver,
    faces: list[int] | None,
    data: dict[str, Any],
    notes: list[Msg],
) -> Outcome:
    """The defence's own roll: its pool, less a die for each earlier defence this turn."""
    c = state.characters[key]
    pool, detail = cr.defence_pool(c, move, combat.defences.get(key, 0))
    if pool < 1:
        raise CommandError("combat.no_defence_dice", who=c.name, move=move.key, detail=detail)
    request = RollRequest(pool, cr.BASE_DIFFICULTY)
    result = throw(ctx, request, faces, what=f"what.defence_roll.{move.key}")
    data.update(pool=pool, detail=str(detail), roll=roll_data(result))
    held = 0 if result.botch else result.successes
    combat = combat.count_defence(key)
    combat = replace(combat, standing={**combat.standing, key: Standing(move.key, held)})
    msg = Msg(
        "combat.defends",
        who=c.name,
        lead=joined([*notes, ""], "; ") if notes else "",
        move=move.key,
        detail=rules_notes(detail),
        marks=dice_marks(result),
        n=held,
    )
    return Outcome(write(state, combat), "defend", data, msg)
