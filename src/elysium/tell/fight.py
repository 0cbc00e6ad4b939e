"""A fight told in log lines: an attack (the roll, the defence that met it, the damage and
soak) and a round's initiative (the acting order, each value and its die)."""

from __future__ import annotations

from typing import Any

from elysium.i18n import t
from elysium.tell.registry import teller
from elysium.tell.stored import faces, mods_list


def damage_notes(d: dict[str, Any], lang: str) -> str:
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


def soak_text(soak: dict[str, Any] | None, lang: str) -> str:
    """``soak 3d: +8 2 5 = 1`` (the dice that were rolled, so ``= 1`` is not read as the
    pool), or ``no soak``."""
    pool = len((soak or {}).get("dice") or [])
    if not soak or not pool:
        return t("log.nosoak", lang)
    return t("log.soak", lang, pool=pool, faces=faces(soak), n=soak.get("successes", 0))


def pool_tail(d: dict[str, Any], lang: str) -> str:
    """`` (wounds -1, Celerity +1)``: what the wounds and the situation did to the pool,
    named as a roll's line names them; nothing when they did nothing."""
    told = [t("log.wounds", lang, penalty=d["penalty"])] if d.get("penalty") else []
    told += mods_list(d, lang)
    return f" ({', '.join(told)})" if told else ""


@teller("attack")
def attack_line(d: dict[str, Any], lang: str) -> str:
    parts = [
        t(
            "log.attack",
            lang,
            who=d["attacker"],
            target=d["target"],
            move=t(f"maneuver.{d['maneuver']}", lang),
            pool=d.get("pool"),
            diff=d.get("difficulty"),
            tail=pool_tail(d, lang),
            faces=faces(d.get("attack")),
        )
    ]
    defence = d.get("defence")
    if defence and defence.get("applies"):
        # The defence's faces, rolled with the attack or by ``defend`` before it.
        roll = defence.get("roll") or d.get("defence_roll")
        parts.append(
            t(
                "log.attack.defence_faces" if roll else "log.attack.defence",
                lang,
                move=t(f"maneuver.{defence['maneuver']}", lang),
                faces=faces(roll),
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
                pool=d.get("damage_pool", len((d.get("damage_roll") or {}).get("dice") or [])),
                faces=faces(d.get("damage_roll")),
                n=damage.get("damage"),
                soak=soak_text(damage.get("soak"), lang),
                type=t(f"damage.{damage.get('type')}", lang),
                taken=damage.get("taken"),
                notes=damage_notes(damage, lang),
            )
        )
    else:
        parts.append(t("log.hit", lang))
    return " — ".join(parts)


@teller("initiative")
def initiative_line(d: dict[str, Any], lang: str) -> str:
    """``round 2 initiative: Ilse Varga 14 (d10 6), Spike 9 (d10 3), Razor cannot act``:
    fastest first, the die where one was rolled, who act at the same time."""
    found, told = d.get("init"), d.get("names")
    init: dict[str, Any] = found if isinstance(found, dict) else {}
    names: dict[str, Any] = told if isinstance(told, dict) else {}

    def who(key: str) -> str:
        # A record from before the names were kept: its key is the name in lower case.
        return str(names.get(key) or key.title())

    parts, ties = [], []
    for group in d.get("order") or []:
        for key in group:
            entry = init.get(key)
            entry = entry if isinstance(entry, dict) else {}
            die, value = entry.get("die"), entry.get("value")
            said = "combat.init_value" if die is None else "combat.init_rolled_value"
            parts.append(t(said, lang, who=who(key), value=value, die=die))
        if len(group) > 1:
            both = t("combat.and", lang).join(who(k) for k in group)
            ties.append(t("combat.at_once", lang, names=both))
    for key, entry in init.items():
        if isinstance(entry, dict) and entry.get("value") is None:
            parts.append(t("combat.cannot_act", lang, who=who(key)))
    order = ", ".join(parts) or "—"
    return t("log.initiative", lang, round=d.get("round"), order=order, ties="".join(ties))
