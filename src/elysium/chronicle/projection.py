"""The players' view (issue 15): what the table may see of a chronicle, as plain JSON.

A pure function of the state and the recent events. What it holds: the scene and turn, the
fight's round, initiative order and who declares or acts now, player characters' health,
blood and Willpower, non-player characters' wounds as a level in words (or nothing of them
at all, ``npcs="hidden"``), and the public rolls' lines with their faces and results.

What it never holds, by construction (every field is chosen here, nothing is copied whole):
rolls the Storyteller made hidden, anyone's notes, NPCs' traits, pools, difficulties,
declarations and Beast, and any other free text but names. A character is a player's when
the Storyteller says so (``set NAME player yes``); everyone else is an NPC, so a sheet
nobody marked shows the table nothing but its name and wounds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from elysium.chronicle.events import Event
from elysium.chronicle.hidden import is_hidden
from elysium.chronicle.state import State
from elysium.describe import ROLL_TYPES, describe, faces, verdict
from elysium.describe_fight import soak_text
from elysium.i18n import t
from elysium.rules.sheet import Character

FORMAT = "elysium-players"
VERSION = 1
LANGS = ("en", "ru")
ROLLS_SHOWN = 12  # the latest public rolls the view carries


def project(
    state: State,
    recent: Iterable[Event],
    npcs: str = "words",
    writer: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The players' view of ``state``; ``recent`` are the last events, oldest first."""
    players = {k for k, c in state.characters.items() if c.player}
    shown = {k for k in state.characters if k in players or npcs != "hidden"}
    return {
        "format": FORMAT,
        "version": VERSION,
        "chronicle": state.name,
        "seq": state.events,
        "time": state.time(),
        "fight": _fight(state, players, shown),
        "characters": [
            _character(c, k in players) for k, c in state.characters.items() if k in shown
        ],
        "rolls": _rolls(state, list(recent), npcs),
        "writer": dict(writer or {}),
    }


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
                    "declaration": combat.declared[key].text
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
    return out


def _undone(events: list[Event]) -> set[int]:
    """Steps taken back (and not brought back again) among ``events``."""
    out: set[int] = set()
    for e in events:
        target = e.data.get("target")
        if e.type == "undo" and isinstance(target, int):
            out.add(target)
        elif e.type == "redo" and isinstance(target, int):
            out.discard(target)
    return out


def _roller(d: Mapping[str, Any]) -> str:
    for field in ("who", "attacker", "name"):
        value = d.get(field)
        if isinstance(value, str) and value:
            return value
    return ""


# Events anyone at the table saw happen, told as the Storyteller's log tells them.
PUBLIC = frozenset({"night", "scene", "chapter", "combat_start", "combat_end", "house_rule"})
# A player's character's own doings, told whole for a player's, never for an NPC.
OWN = frozenset({"heal", "spend", "feed", "boost", "blush", "xp", "gain", "raise", "award"})


class Table:
    """How events read to the players of a chronicle whose characters are ``state``'s: the
    same choices for the live view and the players' recap."""

    def __init__(self, state: State, npcs: str = "words") -> None:
        self.state = state
        self.players = {k for k, c in state.characters.items() if c.player}
        self.shown = {k for k in state.characters if k in self.players or npcs != "hidden"}
        self.names = {c.name: k for k, c in state.characters.items()}

    def player(self, name: Any) -> bool:
        return self.names.get(str(name)) in self.players

    def line(self, e: Event, lang: str) -> str | None:
        """The event as the table may read it, or None when it is not theirs to read."""
        if is_hidden(e.data):
            return None
        who = _roller(e.data)
        key = self.names.get(who)
        if key is not None and key not in self.shown:
            return None  # an NPC the table does not see at all
        if e.type in PUBLIC:
            return describe(e, lang)
        if e.type in OWN:
            return describe(e, lang) if key in self.players else None
        if e.type not in ROLL_TYPES:
            return None
        if e.type == "initiative":  # the values only: the order shows them too
            return _initiative_line(self.state, e, self.shown, lang)
        if e.type == "attack":
            return _attack_line(e.data, self.names, self.players, lang)
        if key is not None and key in self.players:
            return describe(e, lang)
        return _npc_line(e, who, lang)  # an NPC or a bare pool: the dice and what they did


def _rolls(state: State, events: list[Event], npcs: str) -> list[dict[str, Any]]:
    undone = _undone(events)
    table = Table(state, npcs)
    out: list[dict[str, Any]] = []
    for e in events:
        if e.type not in ROLL_TYPES or e.seq in undone:
            continue
        lines = {lang: table.line(e, lang) for lang in LANGS}
        if lines["en"] is None:
            continue
        who = _roller(e.data)
        row: dict[str, Any] = {"seq": e.seq, "type": e.type, "who": who, "time": e.time}
        row["line"] = lines
        if isinstance(e.data.get("dice"), list):
            row["faces"] = list(e.data["dice"])
            row["outcome"] = e.data.get("outcome")
            row["successes"] = e.data.get("successes")
        out.append(row)
    return out[-ROLLS_SHOWN:]


def _initiative_line(state: State, e: Event, shown: set[str], lang: str) -> str:
    found = e.data.get("init")
    init: dict[str, Any] = found if isinstance(found, dict) else {}
    parts = []
    for group in e.data.get("order") or []:
        for key in group:
            name = _name(state, key, shown)
            value = (init.get(key) or {}).get("value")
            if name is not None:
                parts.append(f"{name} {value}")
    return t("players.initiative", lang, round=e.data.get("round", "?"), order=", ".join(parts))


def _attack_line(
    d: Mapping[str, Any], names: Mapping[str, str], players: set[str], lang: str
) -> str:
    """An attack as the table saw it: the dice thrown and what they did. An NPC's pool and
    difficulty (its traits) are left out, and so is an NPC's soak (its Stamina and armour):
    how hurt it is shows as its wound level in words."""
    attacker_pc = names.get(str(d.get("attacker"))) in players
    target_pc = names.get(str(d.get("target"))) in players
    move = t(f"maneuver.{d.get('maneuver')}", lang)
    attack = d.get("attack")
    if attacker_pc:
        parts = [
            t(
                "log.attack",
                lang,
                who=d.get("attacker"),
                target=d.get("target"),
                move=move,
                pool=d.get("pool"),
                diff=d.get("difficulty"),
                faces=faces(attack),
            )
        ]
    else:
        parts = [
            t(
                "players.npc_attack",
                lang,
                who=d.get("attacker"),
                target=d.get("target"),
                move=move,
                faces=faces(attack),
            )
        ]
    defence = d.get("defence")
    if defence and defence.get("applies"):
        parts.append(
            t(
                "log.attack.defence",
                lang,
                move=t(f"maneuver.{defence['maneuver']}", lang),
                n=defence.get("successes", 0),
            )
        )
    if not d.get("hits"):
        botched = (attack or {}).get("botch")
        parts.append(t("outcome.botch", lang) if botched else t("log.miss", lang))
        return " — ".join(parts)
    damage = d.get("damage") or {}
    roll = d.get("damage_roll")
    kind = t(f"damage.{damage.get('type')}", lang) if damage.get("type") else ""
    parts.append(
        t(
            "players.attack_damage_pool" if attacker_pc else "players.attack_damage",
            lang,
            pool=d.get("damage_pool", len((roll or {}).get("dice") or [])),
            faces=faces(roll),
            n=damage.get("damage", d.get("hits")),
            type=kind,
        )
    )
    if target_pc and damage:
        parts.append(
            t(
                "players.attack_soak",
                lang,
                soak=soak_text(damage.get("soak"), lang),
                taken=damage.get("taken"),
            )
        )
    elif damage:
        key = "players.npc_hurt" if damage.get("taken") else "players.npc_unhurt"
        parts.append(t(key, lang, who=d.get("target")))
    return " — ".join(parts)


def _npc_line(e: Event, who: str, lang: str) -> str:
    d = e.data
    name = who or t("rolls.storyteller", lang)
    if e.type == "damage":  # how hurt they are is the wounds' word; the soak is theirs
        key = "players.npc_hurt" if d.get("taken") else "players.npc_unhurt"
        return t(key, lang, who=name)
    if isinstance(d.get("dice"), list):
        return t("players.npc_roll", lang, who=name, faces=faces(d), verdict=verdict(d, lang))
    return t("players.npc_rolled", lang, who=name)
