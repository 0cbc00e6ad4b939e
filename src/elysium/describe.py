"""Events told in words, in English or Russian, from their structured data.

The dashboard's roll log, ``elysium log`` and the recap all read events through here, so a
chronicle recorded in one language reads in the other. Faces are marked as on the command
line (``+8``, ``*10*``, ``-1-``), never by colour alone.
"""

from __future__ import annotations

from typing import Any

from elysium.chronicle.events import Event
from elysium.i18n import t, trait_label
from elysium.present import die_mark

ROLL_TYPES = frozenset(
    {"roll", "damage", "attack", "defend", "frenzy", "rotschreck", "degeneration", "initiative"}
)


def faces(roll: dict[str, Any] | None) -> str:
    """Marked faces of a stored roll."""
    if not roll:
        return ""
    diff = roll.get("difficulty", 6)
    spec = roll.get("specialty", False)
    marks = [die_mark(f, diff, spec) for f in roll.get("dice", [])]
    if roll.get("rerolls"):
        marks += ["|", *(die_mark(f, diff, spec) for f in roll["rerolls"])]
    return " ".join(marks) if marks else "—"


def verdict(roll: dict[str, Any] | None, lang: str) -> str:
    """``3 — complete`` / ``BOTCH`` / ``failure`` for a stored roll."""
    if not roll:
        return ""
    if roll.get("automatic"):
        return t("log.automatic", lang)
    if roll.get("forgiven"):
        return t("log.forgiven", lang)
    outcome = roll.get("outcome")
    if outcome == "botch":
        return t("outcome.botch", lang)
    if outcome == "failure" or not roll.get("successes"):
        return t("outcome.failure", lang)
    degree = roll.get("degree")
    word = t(f"degree.{degree}", lang) if degree else ""
    return f"{roll.get('successes')} {word}".strip()


def when(event: Event, lang: str) -> str:
    time = event.time
    return t(
        "log.when",
        lang,
        night=time.get("night", "?"),
        chapter=time.get("chapter", "?"),
        scene=time.get("scene", "?"),
        turn=time.get("turn", "?"),
    )


def describe(event: Event, lang: str = "en") -> str:
    """One line for an event, in ``lang``."""
    d = event.data
    kind = event.type
    try:
        if kind == "roll":
            who = d.get("who") or "—"
            traits = d.get("traits")
            what = (
                "+".join(
                    trait_label(p, lang).lower() if not p.isdigit() else p
                    for p in traits.split("+")
                )
                if traits
                else t("log.dice", lang)
            )
            extra = []
            if d.get("specialty"):
                extra.append(t("roll.options.specialty", lang))
            if d.get("willpower"):
                extra.append(t("roll.options.willpower", lang))
            if d.get("penalty"):
                extra.append(t("log.wounds", lang, penalty=d["penalty"]))
            tail = f" ({', '.join(extra)})" if extra else ""
            return t(
                "log.roll",
                lang,
                who=who,
                what=what,
                pool=len(d.get("dice", [])),
                diff=d.get("difficulty"),
                tail=tail,
                faces=faces(d),
                verdict=verdict(d, lang),
            )
        if kind == "damage":
            soak = d.get("soak")
            soak_text = (
                t("log.soak", lang, faces=faces(soak), n=soak.get("successes", 0))
                if soak
                else t("log.nosoak", lang)
            )
            return t(
                "log.damage",
                lang,
                who=d["who"],
                n=d["damage"],
                type=t(f"damage.{d['type']}", lang),
                soak=soak_text,
                taken=d["taken"],
                notes=_damage_notes(d, lang),
            )
        if kind == "attack":
            return _attack(d, lang)
        if kind == "defend":
            return t(
                "log.defend",
                lang,
                who=d["who"],
                move=t(f"maneuver.{d['maneuver']}", lang),
                faces=faces(d.get("roll")),
                n=(d.get("roll") or {}).get("successes", 0),
            )
        if kind in ("frenzy", "rotschreck"):
            state = d.get("state", "")
            key = f"log.{kind}.{state}" if state else f"log.{kind}.resisting"
            return t(
                key,
                lang,
                who=d["who"],
                diff=d.get("difficulty"),
                faces=faces(d.get("roll")),
                n=d.get("accumulated", 0),
            )
        if kind == "degeneration":
            roll = d.get("roll")
            if not d.get("morality_lost"):
                result = t("log.degeneration.holds", lang)
            elif d.get("derangement"):
                result = t("log.degeneration.botch", lang)
            else:
                result = t("log.degeneration.falls", lang)
            return t(
                "log.degeneration",
                lang,
                who=d["who"],
                sin=d["sin"],
                diff=d.get("difficulty"),
                faces=faces(roll) if roll else t("log.no_dice", lang),
                result=result,
            )
        if kind == "initiative":
            return t("log.initiative", lang, round=d.get("round"))
        if kind in ("night", "scene", "turn", "chapter"):
            return t(f"log.{kind}", lang, n=d.get(kind))
        if kind in ("undo", "redo"):
            return t(f"log.{kind}", lang, n=d.get("target"), what=d.get("what", ""))
        if kind == "character_added":
            return t("log.added", lang, who=d["name"], kind=t(f"kind.{d['kind']}", lang))
        if kind == "feed":
            vessel = str(d.get("vessel", ""))
            label = t(f"vessel.{vessel}", lang)
            return t(
                "log.feed",
                lang,
                who=d["who"],
                n=d["amount"],
                vessel=label if label != f"vessel.{vessel}" else vessel,
            )
        if kind == "heal":
            return t("log.heal", lang, who=d["who"], n=d["levels"], blood=d.get("blood", 0))
        if kind in ("spend", "gain"):
            what = t(f"resource.{d['what']}", lang)
            return t(f"log.{kind}", lang, who=d["who"], n=d["amount"], what=what)
        if kind == "xp":
            return t("log.xp", lang, who=d["who"], n=d["amount"])
        if kind == "calm":
            return t("log.calm", lang, who=d["who"])
        if kind == "boost":
            return t(
                "log.boost",
                lang,
                who=d["who"],
                n=d["amount"],
                trait=trait_label(d["attribute"], lang),
            )
        if kind == "blush":
            return t("log.blush", lang, who=d["who"], n=d.get("paid", 0))
        if kind == "raise":
            return t(
                "log.raise",
                lang,
                who=d["who"],
                trait=trait_label(d["trait"], lang),
                n=d.get("cost", 0),
            )
        if kind == "import":
            return t("log.import", lang, names=", ".join(d.get("names", [])))
        if kind == "combat_start":
            return t("log.combat_start", lang, names=", ".join(d.get("participants", [])))
        if kind == "combat_end":
            return t("log.combat_end", lang, n=d.get("rounds", 0))
        if kind in ("combat_join", "combat_leave", "delay"):
            return t(f"log.{kind}", lang, who=d["who"])
        if kind == "declare":
            return t("log.declare", lang, who=d["who"], text=d.get("text", ""))
        if kind == "trait_set" and d.get("values"):
            values = ", ".join(f"{trait_label(k, lang)} {v}" for k, v in d["values"].items())
            return f"{d['name']}: {values}"
        if kind == "recovered":
            lost = ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in d.get("lost") or [])
            return t("log.recovered", lang, lost=lost or "—")
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        pass  # a malformed record from a file: its own line says what it was
    return str(d.get("line") or kind)


def _damage_notes(d: dict[str, Any], lang: str) -> str:
    notes = []
    if d.get("halved"):
        notes.append(t("log.halved", lang))
    if d.get("armour_destroyed"):
        notes.append(t("log.armour_destroyed", lang))
    if d.get("dazed"):
        notes.append(t("log.dazed", lang))
    status = d.get("status")
    if status and status != "active":
        notes.append(t(f"status.{status}", lang))
    return f" ({'; '.join(notes)})" if notes else ""


def _attack(d: dict[str, Any], lang: str) -> str:
    parts = [
        t(
            "log.attack",
            lang,
            who=d["attacker"],
            target=d["target"],
            move=t(f"maneuver.{d['maneuver']}", lang),
            pool=d.get("pool"),
            diff=d.get("difficulty"),
            faces=faces(d.get("attack")),
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
    hits = d.get("hits", 0)
    if not hits:
        botched = (d.get("attack") or {}).get("botch")
        parts.append(t("outcome.botch", lang) if botched else t("log.miss", lang))
        return " — ".join(parts)
    damage = d.get("damage")
    if damage:
        parts.append(
            t(
                "log.attack.damage",
                lang,
                faces=faces(d.get("damage_roll")),
                n=damage.get("damage"),
                type=t(f"damage.{damage.get('type')}", lang),
                taken=damage.get("taken"),
                notes=_damage_notes(damage, lang),
            )
        )
    else:
        parts.append(t("log.hit", lang))
    return " — ".join(parts)
