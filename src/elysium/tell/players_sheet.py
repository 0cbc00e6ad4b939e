"""A player's own sheet, read from the players' view (``characters[].sheet``), laid out as the
Storyteller's sheet is (:mod:`elysium.tell.sheet`): the players' screen and the page show it
read-only, so nobody asks the Storyteller for their Willpower.

The view is all there is on the players' side: this reads a checked view's row (every field
may be missing from an older writer's view), never a character, and has no notes to show.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from elysium.i18n import t, trait_label
from elysium.rules.traits import HUMANITY, V20_ABILITIES
from elysium.tell.sheet import (
    ABILITY_GROUPS,
    ATTRIBUTE_GROUPS,
    MORALITY_DOTS,
    VIRTUE_ORDER,
    Group,
    Row,
    Sheet,
    dots,
)


def has_sheet(row: Mapping[str, Any]) -> bool:
    """Whether a view's character row carries a sheet to open (a player's, from a writer
    that publishes sheets)."""
    return bool(row.get("player")) and isinstance(row.get("sheet"), dict)


def sheets(view: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    """The rows of the view's characters whose sheets the table may open."""
    return [r for r in (view or {}).get("characters") or [] if has_sheet(r)]


def _table(sheet: Mapping[str, Any], part: str) -> dict[str, int]:
    found = sheet.get(part)
    return {str(k): v for k, v in found.items() if isinstance(v, int)} if found else {}


def _rated(names: list[str] | tuple[str, ...], table: Mapping[str, int], lang: str) -> list[Row]:
    return [(trait_label(n, lang), dots(table.get(n, 0))) for n in names]


def _or_none(rows: list[Row], none: str) -> list[Row]:
    return rows or [(none, "")]


def view_sheet(row: Mapping[str, Any], lang: str = "en") -> Sheet:
    """The sheet of a player's character as the view carries it, labelled in ``lang``."""
    sheet: Mapping[str, Any] = row.get("sheet") or {}
    none = t("sheet.none", lang)
    out = Sheet(name=str(row.get("name", "")))
    kind = sheet.get("kind")
    out.facts = [
        (t("sheet.kind", lang), t(f"kind.{kind}", lang) if kind else none),
        (t("sheet.clan", lang), str(sheet.get("clan") or none)),
        (t("sheet.nature", lang), str(sheet.get("nature") or none)),
        (t("sheet.demeanour", lang), str(sheet.get("demeanour") or none)),
    ]
    if kind == "vampire":
        out.facts.append((t("trait.generation", lang), str(sheet.get("generation") or "—")))
    attributes = _table(sheet, "attributes")
    out.sections.append(
        (
            t("sheet.attributes", lang),
            [(t(f"sheet.{g}", lang), _rated(n, attributes, lang)) for g, n in ATTRIBUTE_GROUPS],
        )
    )
    abilities = _table(sheet, "abilities")
    groups: list[Group] = [
        (t(f"sheet.{g}", lang), _rated(n, abilities, lang)) for g, n in ABILITY_GROUPS
    ]
    other = [n for n in abilities if n not in V20_ABILITIES]
    if other:
        groups.append((t("sheet.other_abilities", lang), _rated(other, abilities, lang)))
    out.sections.append((t("sheet.abilities", lang), groups))
    out.sections.append((t("sheet.advantages", lang), _advantages(sheet, lang, none)))
    out.sections.append((t("sheet.condition", lang), [("", _condition(row, sheet, lang))]))
    specialties = sheet.get("specialties") or {}
    extras = [
        (t("sheet.specialty", lang, trait=trait_label(str(k), lang)), str(v))
        for k, v in specialties.items()
    ]
    if extras:
        out.sections.append((t("sheet.other", lang), [("", extras)]))
    return out


def _advantages(sheet: Mapping[str, Any], lang: str, none: str) -> list[Group]:
    disciplines = _table(sheet, "disciplines")
    backgrounds = _table(sheet, "backgrounds")
    virtues = _table(sheet, "virtues")
    virtue_names = [v for v in VIRTUE_ORDER if v in virtues]
    return [
        (
            t("sheet.disciplines", lang),
            _or_none(_rated(list(disciplines), disciplines, lang), none),
        ),
        (
            t("sheet.backgrounds", lang),
            _or_none(_rated(list(backgrounds), backgrounds, lang), none),
        ),
        (t("sheet.virtues", lang), _rated(virtue_names, virtues, lang)),
    ]


def _condition(row: Mapping[str, Any], sheet: Mapping[str, Any], lang: str) -> list[Row]:
    rows: list[Row] = []
    morality = sheet.get("morality")
    if isinstance(morality, dict):
        name = str(morality.get("name", ""))
        label = trait_label(name, lang) if name == HUMANITY else name
        rows.append((label, dots(int(morality.get("rating", 0)), MORALITY_DOTS)))
    will = row.get("willpower")
    if isinstance(will, dict):
        said = t("sheet.of", lang, n=will.get("points"), top=will.get("rating"))
        rows.append((t("trait.willpower", lang), said))
    blood = row.get("blood")
    if isinstance(blood, dict):
        said = t("sheet.of", lang, n=blood.get("points"), top=blood.get("max"))
        rows.append((t("sheet.blood_pool", lang), said))
    health = row.get("health")
    if isinstance(health, dict):
        wounds = (row.get("wounds") or {}).get(lang) or (row.get("wounds") or {}).get("en", "")
        marks = (health.get("marks") or {}).get(lang, "")
        rows.append((t("sheet.health", lang), f"{wounds} {marks}".strip()))
    if "xp" in sheet:
        rows.append((t("sheet.xp", lang), str(sheet["xp"])))
    return rows
