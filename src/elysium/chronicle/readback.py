"""What ``elysium state --json`` writes, read back as the importer's entries.

A character moves between chronicles by ``state --json`` in one and ``import`` in the other.
The state's shape says some things twice (the blood pool's maximum beside the generation, the
health track's marks beside its damage) and some only as they stand now; this keeps what
makes the sheet and drops what the sheet derives, so nothing is lost and nothing disagrees.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from elysium.chronicle.errors import CommandError
from elysium.i18n.message import Msg
from elysium.rules.health import DAMAGE_MARKS
from elysium.rules.traits import PHYSICAL

# Fields copied as they are; the rest (``caitiff``, the pool's maximum, the track's marks
# and penalty) the sheet computes again.
SAME = (
    "name",
    "kind",
    "generation",
    "clan",
    "nature",
    "demeanour",
    "attributes",
    "virtues",
    "backgrounds",
    "specialties",
    "notes",
    "supernatural",
    "xp",
    "derangements",
    "derangements_due",
    "rested",
    "load",
    "armour",
    "powers",
    "player",
    "hidden",
    "bonds",
    "staked",
    "frenzy",
    "rotschreck",
    "conditions",
)


def is_state_character(entry: Mapping[str, Any]) -> bool:
    """A character as ``state --json`` writes it (the import format has no ``morality``
    table, and never ``clan_disciplines_own``)."""
    return "clan_disciplines_own" in entry or isinstance(entry.get("morality"), Mapping)


def state_entry(c: Mapping[str, Any]) -> tuple[dict[str, Any], list[Msg]]:
    """The import entry for one ``state --json`` character, and what could not come along."""
    entry = {k: c[k] for k in SAME if k in c and c[k] is not None}
    skipped = []
    if not isinstance(c.get("boosts", {}), Mapping):
        raise CommandError("import.state_table", field="boosts")
    if c.get("boosts"):  # blood on Physical Attributes lasts the scene: spend it again
        names = [Msg(f"trait.{k}") if k in PHYSICAL else str(k) for k in sorted(c["boosts"])]
        skipped.append(Msg("import.state_boosts", names=names))
    if c.get("clan_disciplines_own"):
        entry["clan_disciplines"] = c.get("clan_disciplines")
    # Every Ability and Discipline by its group: a free-form one is as welcome as a listed one.
    entry["abilities"] = _grouped(c.get("abilities"), "ability")
    entry["disciplines"] = _grouped(c.get("disciplines"), "discipline")
    morality = c.get("morality")
    if morality is not None and not isinstance(morality, Mapping):
        raise CommandError("import.state_table", field="morality")
    if isinstance(morality, Mapping):
        name, rating = morality.get("name"), morality.get("rating")
        if name == "humanity":
            entry["humanity"] = rating
        elif name is not None:
            entry["path"], entry["path_rating"] = name, rating
    for key in ("willpower", "blood"):
        if key in c:
            entry[key] = c[key]
    health = c.get("health")
    if health is not None:
        if not isinstance(health, Mapping):
            raise CommandError("import.health_table")
        entry["health"] = _damage(health)
    return entry, skipped


def _grouped(table: Any, group: str) -> Any:
    if not isinstance(table, Mapping):
        return table  # the importer refuses it in its own words
    return {k if ":" in str(k) else f"{group}:{k}": v for k, v in table.items()}


def _damage(health: Mapping[str, Any]) -> Any:
    """The damage as the import format takes it; from the track's marks when the state
    was written before it said the damage itself."""
    if "damage" in health:
        damage = health["damage"]
        if isinstance(damage, Mapping) and "condition" in health:
            return {**damage, "condition": health["condition"]}
        return damage
    track = health.get("track")
    if not isinstance(track, list):
        raise CommandError("import.health_table")
    out = {kind: 0 for kind in DAMAGE_MARKS}
    for mark in track:
        for kind, marks in DAMAGE_MARKS.items():
            if mark in marks:
                out[kind] += 1
    if health.get("status") in ("torpor", "final_death", "dead"):
        out["condition"] = health["status"]
    return out
