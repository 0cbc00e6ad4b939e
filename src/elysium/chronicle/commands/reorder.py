"""A character's initiative changed in the middle of a round: the order, and whatever of it is
still to come (the declarations still to be made, the actions still to be taken), follow.

A failed weapon-readying (seed 002: the weapon is ready, but the character's current
initiative is 1) is the one rule that does this today.
"""

from __future__ import annotations

from dataclasses import replace

from elysium.chronicle.commands.fight import CombatState, Slot, advance, read, write
from elysium.chronicle.state import State
from elysium.i18n import Msg
from elysium.rules import combat as cr


def set_initiative(state: State, key: str, value: int) -> tuple[State, list[Msg]]:
    """``key``'s initiative is ``value`` from now on this round; the state unchanged when
    there is no round with initiative rolled for them (nothing to move)."""
    if state.combat is None:
        return state, []
    combat = read(state)
    entry = combat.init.get(key)
    if combat.phase == "initiative" or entry is None or entry.value is None:
        return state, []
    init = {**combat.init, key: replace(entry, value=value)}
    groups = cr.acting_order(
        [(k, e.value, e.rating) for k, e in init.items() if e.value is not None]
    )
    combat = replace(combat, init=init, order=tuple(tuple(g) for g in groups))
    notes: list[Msg] = []
    rank = {k: i for i, g in enumerate(groups) for k in g}
    if combat.phase == "declare" and combat.declare_queue:
        # The one declaring now goes on; the rest declare slowest first in the new order.
        now, *rest = combat.declare_queue
        rest.sort(key=lambda k: -rank.get(k, -1))
        combat = replace(combat, declare_queue=(now, *rest))
    elif combat.phase == "act":
        combat, notes = _requeue(state, combat, groups, rank)
    return write(state, combat), notes


def _requeue(
    state: State, combat: CombatState, groups: list[list[str]], rank: dict[str, int]
) -> tuple[CombatState, list[Msg]]:
    """The main actions still to come in the new order (extra actions stay at the end); if
    the one acting now moved back, the next in line acts."""
    mains = [s for s in combat.queue if s.kind == "main"]
    extras = [s for s in combat.queue if s.kind != "main"]
    still = {s.who for s in mains}
    group_of = {k: g for g in groups for k in g}
    mains = [
        Slot(s.who, "main", tuple(k for k in group_of.get(s.who, ()) if k != s.who and k in still))
        for s in sorted(mains, key=lambda s: rank.get(s.who, len(rank)))
    ]
    queue = (*mains, *extras)
    if combat.queue and queue and queue[0].who != combat.queue[0].who:
        return advance(state, replace(combat, queue=queue))
    return replace(combat, queue=queue), []
