"""An attack told as one log line: the roll, the defence that met it, the damage and soak."""

from __future__ import annotations

from typing import Any

from elysium.i18n import t


def faces(roll: dict[str, Any] | None) -> str:
    from elysium.describe import faces as marked

    return marked(roll)


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
