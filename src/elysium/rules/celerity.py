"""Celerity: dice for Dexterity, or extra actions for a blood point (V20 core rules; seed 003
"Фаза первая: инициатива"; seed 004 "Броски", "Ход сражения"; Dark Ages seed 000).

Each dot adds a die to any pool with Dexterity in it. At the start of a turn a vampire (or a
ghoul) may spend one blood point to trade dots for extra actions, one action a dot; the
dots traded add no dice that turn, and those kept add to initiative. That point is outside
the generation's per-turn limit. The extra actions keep their full pools (seed 004: «Доп.
действия от Стремительности пул не делят»). The Dark Ages rules (seed 000) say no more than
that, so both profiles use this one rule.
"""

from __future__ import annotations

from dataclasses import replace

from elysium.rules.character import Character
from elysium.rules.errors import RulesError
from elysium.rules.traits import Kind

CELERITY = "celerity"
DICE_PER_DOT = 1  # V20: a die per dot of Celerity to a Dexterity pool
ACTIONS_BLOOD = 1  # V20: one blood point buys the turn's extra actions, whatever their number


def dots(c: Character) -> int:
    return c.disciplines.get(CELERITY, 0)


def celerity_dice(c: Character) -> int:
    """The dice Celerity adds to a Dexterity pool now: the dots not traded for actions."""
    return DICE_PER_DOT * max(0, dots(c) - c.celerity_actions)


def take_extra_actions(c: Character, actions: int, has_blood: bool = True) -> Character:
    """Trade ``actions`` dots for extra actions this turn, paying one blood point outside
    the per-turn limit (``blood_spent_turn`` is untouched). 0 trades nothing and costs
    nothing; a line without blood (``has_blood`` False: Demon) pays none. Refused when the
    dots or the blood are not there."""
    if not 0 <= actions <= dots(c):
        raise RulesError("combat.celerity", who=c.name, celerity=dots(c), spent=actions)
    if actions == 0 or not has_blood:
        return replace(c, celerity_actions=actions)
    if c.kind is Kind.MORTAL:
        raise RulesError("blood.mortal", who=c.name)
    if c.blood < ACTIONS_BLOOD:
        raise RulesError("celerity.no_blood", who=c.name, n=actions)
    return replace(c, blood=c.blood - ACTIONS_BLOOD, celerity_actions=actions)
