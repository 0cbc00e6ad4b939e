"""What an undo or a redo leaves: the state *now* of what it touched (issue 14).

An undone event's own line tells the numbers of its time ("blood 7/14"); after the undo the
Storyteller needs the numbers that hold now ("blood 9/14"). This reads the changes the undo
or redo applied and tells, from the new state, the current value of each thing they touched.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from elysium.chronicle.commands.common import health_text
from elysium.chronicle.commands.conditions import shown
from elysium.chronicle.commands.derangements import due_note
from elysium.chronicle.state import NEW, State
from elysium.i18n import Msg
from elysium.rules.character import Character

TRAIT_TABLES = ("attributes", "abilities", "disciplines", "virtues")
TIME = ("night", "scene", "turn")


def now_said(state: State, changes: Mapping[str, Any]) -> Msg | str:
    """``now Marcus: blood 9/14; turn 3`` for the characters and clock the changes touched
    (told from ``state``, the state after the undo or redo); "" when nothing is worth it."""
    parts: list[Msg] = []
    for key, fields in (changes.get("chars") or {}).items():
        c = state.characters.get(key)
        if NEW in fields:
            before, after = fields[NEW]
            shown = (after or before or {}).get("name", key)
            parts.append(Msg("now.back" if c else "now.gone", who=shown))
            continue
        if c is not None and (told := _character(c, fields)):
            parts.append(Msg("now.character", who=c.name, parts=told))
    meta = changes.get("meta") or {}
    if any(name in meta for name in TIME):
        parts.append(Msg("now.time", night=state.night, scene=state.scene, turn=state.turn))
    if "combat" in meta:
        fight = state.combat
        parts.append(Msg("now.round", n=fight["round"]) if fight else Msg("now.no_fight"))
    return Msg("now.said", parts=parts) if parts else ""


def _character(c: Character, fields: Mapping[str, Any]) -> list[Msg]:
    told: list[Msg] = []
    if "health" in fields:
        told.append(health_text(c))
    if "blood" in fields:
        told.append(Msg("now.blood", n=c.blood, most=c.blood_max))
    if "willpower_points" in fields or "willpower" in fields:
        told.append(Msg("now.willpower", n=c.willpower_points, most=c.willpower))
    if "morality_rating" in fields or "morality" in fields:
        told.append(
            Msg("now.morality", morality=Msg("ack.morality", name=c.morality), n=c.morality_rating)
        )
    for table in TRAIT_TABLES:
        if table in fields:
            before, after = fields[table]
            now = getattr(c, table)
            for trait in dict.fromkeys([*(before or {}), *(after or {})]):
                if (before or {}).get(trait) != (after or {}).get(trait):
                    told.append(Msg("now.trait", trait=trait, n=now.get(trait, 0)))
    if "derangements" in fields or "derangements_due" in fields:
        names = list(c.derangements) or Msg("now.none")
        told.append(Msg("now.derangements", names=names, due=due_note(c)))
    if "conditions" in fields:
        items = [shown(tag) for tag in c.conditions] or Msg("now.none")
        told.append(Msg("now.conditions", items=items))
    if "xp" in fields:
        told.append(Msg("now.xp", n=c.xp))
    return told
