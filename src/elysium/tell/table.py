"""How events read to the players: one place decides, for the live view
(:mod:`elysium.chronicle.projection`, which is handed it) and the players' recap alike.

The rule: the table reads what it saw happen. A player's character's own rolls and doings
are told whole, as the Storyteller's log tells them. Anything else is an NPC's (or the
Storyteller's): its dice and what they did, never the traits, pool size in words,
difficulty, soak or free text behind them, and with ``npcs="hidden"`` nothing of NPCs at all.
An NPC kept off the view (``set NAME hidden yes``) is left out the same way, by whether it
was hidden at each event (:mod:`elysium.chronicle.offstage`). A name the sheet no longer has
(renamed, removed) is an NPC's. Hidden rolls are never read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from elysium.chronicle.events import COMPOUND_TYPES as COMPOUND
from elysium.chronicle.events import ROLL_TYPES, Event
from elysium.chronicle.hidden import is_hidden
from elysium.chronicle.offstage import Offstage, hidden_now
from elysium.chronicle.omitted import is_omitted
from elysium.chronicle.projection import roller, rolls_of
from elysium.chronicle.state import State
from elysium.i18n import t
from elysium.tell.events import describe
from elysium.tell.fight import damage_notes, pool_tail, soak_text
from elysium.tell.rolls import side
from elysium.tell.stored import faces, verdict

# Events anyone at the table saw happen, told as the Storyteller's log tells them.
PUBLIC = frozenset({"night", "scene", "chapter", "combat_start", "combat_end", "house_rule"})
# A player's character's own doings, told whole for a player's, never for an NPC.
OWN = frozenset({"heal", "spend", "feed", "boost", "blush", "xp", "gain", "raise", "award"})
OWN |= {"condition", "condition_off"}  # a player knows their own conditions; not an NPC's


def _names(d: Mapping[str, Any]) -> list[str]:
    """Everyone an event names as rolling: an unnamed side (a bare pool) is ``""``."""
    parts = rolls_of(d)
    if parts:
        return [str(p.get("who") or "") for p in parts]
    names = [str(d.get("who") or "")]
    if "opposed" in d:  # an extended action against a rival
        names.append(str(d.get("vs") or ""))
    return names


class Table:
    """What the players of a chronicle whose characters are ``state``'s may read."""

    def __init__(self, state: State, npcs: str = "words", offstage: Offstage | None = None) -> None:
        self.state = state
        self.hide_npcs = npcs == "hidden"
        self.players = {k for k, c in state.characters.items() if c.player}
        self.pcs = {state.characters[k].name for k in self.players}
        self.offstage = offstage or Offstage(hidden_now(state))
        self.kept = self.offstage.now  # the NPCs hidden at the event being told

    def player(self, name: Any) -> bool:
        return isinstance(name, str) and name in self.pcs

    def seen(self, name: str) -> bool:
        """Whether the table sees this roller at all (the Storyteller's bare pool: yes)."""
        if not name or name in self.pcs:
            return True
        return not self.hide_npcs and name not in self.kept

    def leaves_out(self) -> bool:
        """Whether anyone named may be left out of the event being told."""
        return self.hide_npcs or bool(self.kept)

    def line(self, e: Event, lang: str) -> str | None:
        """The event as the table may read it, or None when it is not theirs to read (a
        record in a shape this cannot read is not theirs either: it never stops a save)."""
        self.kept = self.offstage.at(e.seq)
        try:
            return self._line(e, lang)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            return None

    def _line(self, e: Event, lang: str) -> str | None:
        d = e.data
        if is_hidden(d):
            return None
        if is_omitted(d):  # what the statistics count is the Storyteller's business
            d = {k: v for k, v in d.items() if k != "omitted"}
            e = replace(e, data=d)
        who = roller(d)
        if e.type == "combat_start" and self.leaves_out():  # the fight as the view orders it
            seen = [n for n in d.get("participants", []) if self.seen(n)]
            return describe(replace(e, data={**d, "participants": seen}), lang)
        if e.type in PUBLIC:
            return describe(self._own_ended(e), lang)
        if e.type in ("turn", "round_end") and d.get("ended"):  # told when a PC's one ended
            own = self._own_ended(e)
            return describe(own, lang) if own.data["ended"] else None
        if e.type in OWN:
            return describe(self._unnamed(e, lang), lang) if self.player(who) else None
        if e.type not in ROLL_TYPES:
            return None
        if e.type == "initiative":  # the values only: the order shows them too
            return self._initiative(d, lang)
        if e.type in COMPOUND:
            return self._compound(e, lang)
        if not self.seen(who):
            return None
        if e.type == "attack":
            return self._attack(d, lang)
        if self.player(who):
            return describe(e, lang)
        return _npc_line(e.type, d, who, lang)  # an NPC or a bare pool: dice and result

    def _unnamed(self, e: Event, lang: str) -> Event:
        """A player's own doing with the NPC it names told as "someone" where the table does
        not see that NPC: the vessel a player's character drank from."""
        vessel = e.data.get("vessel")
        if e.type != "feed" or not isinstance(vessel, str) or not vessel:
            return e
        if t(f"vessel.{vessel}", lang) != f"vessel.{vessel}" or self.seen(vessel):
            return e  # a kind of vessel (a human, a rat), or someone the table sees
        return replace(e, data={**e.data, "vessel": t("players.unseen_vessel", lang)})

    def _own_ended(self, e: Event) -> Event:
        """A clock event with only the players' characters' conditions that ended."""
        ended = e.data.get("ended")
        if not ended:
            return e
        kept = [x for x in ended if self.player(x.get("who"))]
        return replace(e, data={**e.data, "ended": kept})

    def _initiative(self, d: Mapping[str, Any], lang: str) -> str:
        found = d.get("init")
        init: dict[str, Any] = found if isinstance(found, dict) else {}
        parts = []
        for group in d.get("order") or []:
            for key in group:
                c = self.state.characters.get(key)
                if c is not None and self.seen(c.name):
                    parts.append(f"{c.name} {(init.get(key) or {}).get('value')}")
        return t("players.initiative", lang, round=d.get("round", "?"), order=", ".join(parts))

    def _side(self, part: Mapping[str, Any], lang: str) -> str:
        who = str(part.get("who") or "")
        if self.player(who):
            return side(dict(part), lang)
        if not self.seen(who):
            return t("players.other_side", lang)
        name = who or t("rolls.storyteller", lang)
        roll = dict(part)
        return t("players.npc_roll", lang, who=name, faces=faces(roll), verdict=verdict(roll, lang))

    def _compound(self, e: Event, lang: str) -> str | None:
        """Resisted, teamwork and extended rolls: told whole when only players' characters
        take part; otherwise each side as the table saw it, and no free text."""
        d = e.data
        names = _names(d)
        if names and all(self.player(n) for n in names):
            return describe(e, lang)
        if not any(self.seen(n) and n for n in names) and self.leaves_out():
            return None
        if e.type == "resist":
            parts = rolls_of(d)
            if len(parts) != 2:
                return None
            winner = d.get("winner")
            result = t("log.resist.even", lang)
            if isinstance(winner, int) and 0 <= winner < 2:
                name = str(parts[winner].get("who") or "")
                shown = name if self.seen(name) and name else t("players.other_side", lang)
                result = t("log.resist.wins", lang, who=shown, n=d.get("margin", 0))
            first, second = (self._side(p, lang) for p in parts)
            return t("log.resist", lang, first=first, second=second, result=result)
        if e.type == "teamwork":
            rolls = "; ".join(self._side(p, lang) for p in rolls_of(d))
            key = "log.teamwork.spoiled" if d.get("botch") else "log.teamwork.total"
            return t(
                "log.teamwork", lang, rolls=rolls, result=t(key, lang, n=d.get("successes", 0))
            )
        who = roller(d)
        shown_who = who if self.seen(who) and who else t("rolls.storyteller", lang)
        if e.type == "extended_roll":
            said = [self._side(p, lang) for p in rolls_of(d)] or [self._side(d, lang)]
            progress = t(
                "players.extended_progress", lang, n=d.get("accumulated", 0), target=d.get("target")
            )
            rolls_said = t("players.versus", lang).join(said)
            return t("players.extended_roll", lang, rolls=rolls_said, progress=progress)
        key = "players.extended_start" if e.type == "extended_start" else "players.extended_end"
        return t(key, lang, who=shown_who, target=d.get("target"), n=d.get("accumulated", 0))

    def _attack(self, d: Mapping[str, Any], lang: str) -> str:
        """An attack as the table saw it: the dice thrown and what they did. An NPC's pool
        and difficulty (its traits) are left out, and so is an NPC's soak (its Stamina and
        armour): how hurt it is shows as its wound level in words."""
        attacker_pc = self.player(d.get("attacker"))
        target = str(d.get("target") or "")
        target_pc = self.player(target)
        if not self.seen(target):
            target = t("players.other_side", lang)
        move = t(f"maneuver.{d.get('maneuver')}", lang)
        attack = d.get("attack")
        values = {"who": d.get("attacker"), "target": target, "move": move}
        if attacker_pc:
            values |= {"pool": d.get("pool"), "diff": d.get("difficulty"), "faces": faces(attack)}
            parts = [t("log.attack", lang, tail=pool_tail(dict(d), lang), **values)]
        else:
            parts = [t("players.npc_attack", lang, faces=faces(attack), **values)]
        defence = d.get("defence")
        if defence and defence.get("applies"):
            move = t(f"maneuver.{defence['maneuver']}", lang)
            parts.append(t("log.attack.defence", lang, move=move, n=defence.get("successes", 0)))
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
            soak = soak_text(damage.get("soak"), lang)
            notes = damage_notes(damage, lang)
            parts.append(
                t("players.attack_soak", lang, soak=soak, taken=damage.get("taken"), notes=notes)
            )
        elif damage:
            key = "players.npc_hurt" if damage.get("taken") else "players.npc_unhurt"
            parts.append(t(key, lang, who=target))
        return " — ".join(parts)


def _npc_line(kind: str, d: Mapping[str, Any], who: str, lang: str) -> str:
    name = who or t("rolls.storyteller", lang)
    if kind == "damage":  # how hurt they are is the wounds' word; the soak is theirs
        key = "players.npc_hurt" if d.get("taken") else "players.npc_unhurt"
        return t(key, lang, who=name)
    roll = d if isinstance(d.get("dice"), list) else d.get("roll")
    if isinstance(roll, dict) and isinstance(roll.get("dice"), list):
        return t("players.npc_roll", lang, who=name, faces=faces(roll), verdict=verdict(roll, lang))
    return t("players.npc_rolled", lang, who=name)
