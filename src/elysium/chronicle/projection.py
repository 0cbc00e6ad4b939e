"""The players' view: what the table may see of a chronicle, as plain JSON.

A pure function of the state and the recent events. What it holds: the scene and turn, the
fight's round, initiative order and who declares or acts now, player characters' health,
blood and Willpower, non-player characters' wounds as a level in words (or nothing of them
at all, ``npcs="hidden"``, nor of an NPC kept off the view, ``set NAME hidden yes``), and the
public rolls' lines with their faces and results.

What it never holds, by construction (every field is chosen here, nothing is copied whole):
rolls the Storyteller made hidden, anyone's notes, NPCs' traits, pools, difficulties,
declarations and Beast, and any other free text but names. A character is a player's when
the Storyteller says so (``set NAME player yes``); everyone else is an NPC, so a sheet
nobody marked shows the table nothing but its name and wounds.

The rolls' lines are words, so they come from the tellers the floor above hands the
chronicle (:mod:`elysium.chronicle.telling`); this module only picks the rolls and fields.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from elysium.chronicle.commands.conditions import shown
from elysium.chronicle.events import ROLL_TYPES, Event, undone
from elysium.chronicle.offstage import Offstage, offstage_of
from elysium.chronicle.state import State
from elysium.chronicle.telling import Tellers, installed
from elysium.chronicle.view_check import FORMAT, LANGS, VERSION
from elysium.i18n import t
from elysium.rules.sheet import Character

ROLLS_SHOWN = 12  # the latest public rolls the view carries


__all__ = ["FORMAT", "LANGS", "VERSION", "in_lang", "project", "turn_of"]


def project(
    state: State,
    recent: Iterable[Event],
    npcs: str = "words",
    writer: Mapping[str, Any] | None = None,
    tellers: Tellers | None = None,
) -> dict[str, Any]:
    """The players' view of ``state``; ``recent`` are the last events, oldest first. The
    rolls' lines are told by ``tellers`` (by default the ones the floor above installed)."""
    players = {k for k, c in state.characters.items() if c.player}
    shown = {
        k
        for k, c in state.characters.items()
        if k in players or (npcs != "hidden" and not c.hidden)
    }
    return {
        "format": FORMAT,
        "version": VERSION,
        "chronicle": state.name,
        "time": state.time(),
        "fight": _fight(state, players, shown),
        "characters": [
            _character(c, k in players) for k, c in state.characters.items() if k in shown
        ],
        "rolls": _rolls(state, list(recent), npcs, tellers or installed()),
        "writer": dict(writer or {}),
    }


def roller(d: Mapping[str, Any]) -> str:
    """Whose roll an event is: its ``who`` (or attacker), else its first side's."""
    for field in ("who", "attacker", "name"):
        value = d.get(field)
        if isinstance(value, str) and value:
            return value
    for part in rolls_of(d):
        if isinstance(part.get("who"), str) and part["who"]:
            return str(part["who"])
    return ""


def rolls_of(d: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The rolls an event is made of (a resisted or extended contest's sides, teamwork's)."""
    for group in ("sides", "rolls"):  # an extended action's ``rolls`` is a count
        found = d.get(group)
        if isinstance(found, list) and found:
            return [p for p in found if isinstance(p, dict)]
    return []


def _name(state: State, key: str | None, shown: set[str]) -> str | None:
    if key is None or key not in shown:
        return None
    c = state.characters.get(key)
    return c.name if c else None


def _fight(state: State, players: set[str], shown: set[str]) -> dict[str, Any] | None:
    if state.combat is None:
        return None
    from elysium.chronicle.commands.fight import CombatState

    combat = CombatState.from_dict(state.combat)
    order = []
    for group in combat.order:
        for key in group:
            if key not in shown:
                continue
            entry = combat.init.get(key)
            order.append(
                {
                    "name": _name(state, key, shown),
                    "initiative": entry.value if entry else None,
                    "together": len(group) > 1,
                    "declared": key in combat.declared,
                    # A player's own declaration is said at the table; an NPC's is kept.
                    "declaration": _declaration(state, combat.declared[key], shown)
                    if key in players and key in combat.declared
                    else None,
                }
            )
    declaring = (
        combat.declare_queue[0] if combat.phase == "declare" and combat.declare_queue else None
    )
    return {
        "round": combat.round,
        "phase": combat.phase,
        "order": order,
        "acting": _name(state, combat.current, shown),
        "declaring": _name(state, declaring, shown),
        "next": [n for s in combat.queue if (n := _name(state, s.who, shown))],
    }


def _declaration(state: State, said: Any, shown: set[str]) -> str | None:
    """A player's own declaration, unless it names someone the table does not see (an
    attack's target, or a name in its words): then only that it was declared shows."""
    from elysium.chronicle.commands.common import find
    from elysium.chronicle.errors import ChronicleError

    text = said.text
    if text is None:
        return None
    if said.attack and said.words:
        try:
            key, _ = find(state, str(said.words[0]))
        except ChronicleError:
            return None
        if key not in shown:
            return None
    words = text.casefold()
    unseen = (c.name.casefold() for k, c in state.characters.items() if k not in shown)
    return None if any(name in words for name in unseen) else str(text)


def turn_of(fight: Mapping[str, Any]) -> tuple[str, str] | None:
    """Whose turn it is in a view's fight, with the label's catalog key: the one declaring
    in the declaration phase, else the one acting (None: nobody now)."""
    declaring = fight.get("declaring") if fight.get("phase") == "declare" else None
    if declaring:
        return "players.declaring", str(declaring)
    acting = fight.get("acting")
    return ("players.acting", str(acting)) if acting else None


def in_lang(words: Any, lang: str) -> str:
    """A ``{"en": ..., "ru": ...}`` field of a view in the reader's language (English when the
    view lacks it)."""
    if isinstance(words, dict):
        return str(words.get(lang) or words.get("en") or "")
    return str(words or "")


def _words(key: str) -> dict[str, str]:
    return {lang: t(key, lang) for lang in LANGS}


def _level(c: Character) -> str:
    status = c.health.status().value
    if status != "active":
        return f"status.{status}"
    level = c.health.level
    return f"health.{level.key}" if level else "health.unhurt"


def _character(c: Character, player: bool) -> dict[str, Any]:
    level = _level(c)
    out: dict[str, Any] = {"name": c.name, "player": player, "wounds": _words(level)}
    if not player:
        return out  # an NPC: the wounds in words, nothing more
    h = c.health
    out |= {
        "health": {
            "bashing": h.bashing,
            "lethal": h.lethal,
            "aggravated": h.aggravated,
            "marks": {lang: "".join(h.marks(lang)) for lang in LANGS},
            "penalty": h.penalty,
        },
        "willpower": {"points": c.willpower_points, "rating": c.willpower},
    }
    if c.blood_max:
        out["blood"] = {"points": c.blood, "max": c.blood_max}
    if c.conditions:  # the player knows their own; an NPC's the table may not have seen
        out["conditions"] = [
            {lang: shown(tag).render(lang) for lang in LANGS} for tag in c.conditions
        ]
    out["sheet"] = _sheet(c)
    return out


def _sheet(c: Character) -> dict[str, Any]:
    """What a player reads on their own sheet besides the health, blood and Willpower above
    it: the traits, Archetypes, Path and experience. Never the notes, the derangements or
    the powers' names (the Storyteller's to say), and never an NPC's: only a player's
    character's row carries it."""
    return {
        "kind": c.kind.value,
        "clan": c.clan,
        "generation": c.generation,
        "nature": c.nature,
        "demeanour": c.demeanour,
        "attributes": dict(c.attributes),
        "abilities": {k: v for k, v in c.abilities.items() if v},
        "disciplines": {k: v for k, v in c.disciplines.items() if v},
        "backgrounds": {k: v for k, v in c.backgrounds.items() if v},
        "virtues": dict(c.virtues),
        "morality": {"name": c.morality, "rating": c.morality_rating},
        "specialties": dict(c.specialties),
        "xp": c.xp,
    }


def _rolls(state: State, events: list[Event], npcs: str, tellers: Tellers) -> list[dict[str, Any]]:
    taken_back = undone(events)
    offstage = offstage_of(state, events, taken_back, keep_now=True)
    table = tellers.table(state, npcs, offstage)
    pcs = {c.name for c in state.characters.values() if c.player}
    out: list[dict[str, Any]] = []
    for e in events:
        if e.type not in ROLL_TYPES or e.seq in taken_back:
            continue
        lines = {lang: table.line(e, lang) for lang in LANGS}
        if lines["en"] is None:
            continue
        # No event number: its gaps would tell the table that something hidden happened.
        who = _roller_seen(roller(e.data), pcs, npcs, offstage, e.seq)
        row: dict[str, Any] = {"type": e.type, "who": who, "time": e.time}
        row["line"] = lines
        if isinstance(e.data.get("dice"), list):
            row["faces"] = list(e.data["dice"])
            row["outcome"] = e.data.get("outcome")
            row["successes"] = e.data.get("successes")
        out.append(row)
    return out[-ROLLS_SHOWN:]


def _roller_seen(who: str, pcs: set[str], npcs: str, offstage: Offstage, seq: int) -> str:
    """Whose roll the view names: nobody when the table may not see that roller (a contest
    whose first side is an NPC left out is told as "the other side")."""
    if who in pcs:
        return who
    return "" if npcs == "hidden" or who in offstage.at(seq) else who
