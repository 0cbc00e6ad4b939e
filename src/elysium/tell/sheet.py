"""A character sheet laid out as the printed V20 sheet: Markdown, one standalone HTML page,
or plain text for the dashboard.

:func:`build` gathers the sheet once (sections of groups of rows, every label in the
reader's language); the renderers only lay it out. Names, Archetypes, specialties and notes
are user text: Markdown escapes them like the recap (:func:`elysium.tell.recap.md`), HTML with
``html.escape``, and the dashboard shows the text as ``Text``, never markup.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from elysium.chronicle.commands.merits import worth
from elysium.i18n import t, trait_label
from elysium.rules.beast import vampire_bearing
from elysium.rules.character import Character
from elysium.rules.traits import (
    ATTRIBUTES,
    CONSCIENCE,
    CONVICTION,
    COURAGE,
    INSTINCT,
    SELF_CONTROL,
    V20_ABILITIES,
    Kind,
)
from elysium.tell.html_page import page_head, page_style
from elysium.tell.recap import md

# The printed sheet's groups (V20 p. 84-100): three by three Attributes, ten by three Abilities.
ATTRIBUTE_GROUPS = (
    ("physical", ATTRIBUTES[0:3]),
    ("social", ATTRIBUTES[3:6]),
    ("mental", ATTRIBUTES[6:9]),
)
ABILITY_GROUPS = (
    ("talents", V20_ABILITIES[0:10]),
    ("skills", V20_ABILITIES[10:20]),
    ("knowledges", V20_ABILITIES[20:30]),
)
VIRTUE_ORDER = (CONSCIENCE, CONVICTION, SELF_CONTROL, INSTINCT, COURAGE)
MORALITY_DOTS = 10  # Humanity and Paths run 0 to 10 (V20 p. 309)
DOTS = 5  # dots drawn for a rating; higher ratings (elders) draw as many as they have

Row = tuple[str, str]  # label, value
Group = tuple[str, list[Row]]  # title ("" for none), rows


@dataclass
class Sheet:
    name: str
    facts: list[Row] = field(default_factory=list)
    sections: list[tuple[str, list[Group]]] = field(default_factory=list)
    notes: str = ""


def dots(n: int, top: int = DOTS) -> str:
    """``●●●○○ 3``: filled and empty dots, then the number (screen readers, copy-paste)."""
    return "●" * n + "○" * max(0, top - n) + f" {n}"


def _label(name: str, lang: str) -> str:
    if name.startswith("path:"):
        return t("sheet.secondary_path", lang, name=name.removeprefix("path:"))
    return trait_label(name, lang)


def _rated(names: tuple[str, ...] | list[str], table: dict[str, int], lang: str) -> list[Row]:
    return [(_label(n, lang), dots(table.get(n, 0))) for n in names]


def abilities_by_group(c: Character) -> list[tuple[str, list[str]]]:
    """The printed sheet's three columns, then any other Abilities the character has."""
    groups = [(title, list(names)) for title, names in ABILITY_GROUPS]
    other = [n for n in c.abilities if n not in V20_ABILITIES]
    if other:
        groups.append(("other_abilities", other))
    return groups


def build(c: Character, lang: str = "en") -> Sheet:
    """Every trait of ``c`` under the printed sheet's headings, labelled in ``lang``."""
    none = t("sheet.none", lang)
    sheet = Sheet(name=c.name, notes=c.notes)
    kind = t(f"kind.{c.kind.value}", lang)
    sheet.facts = [
        (
            t("sheet.kind", lang),
            kind
            + (
                " " + t("sheet.supernatural", lang)
                if c.supernatural and c.kind is not Kind.VAMPIRE
                else ""
            ),
        ),
        (t("sheet.clan", lang), c.clan or none),
        (t("sheet.nature", lang), c.nature or none),
        (t("sheet.demeanour", lang), c.demeanour or none),
    ]
    if c.kind is Kind.VAMPIRE:
        sheet.facts.append((t("trait.generation", lang), str(c.generation or "—")))
    attributes = dict(c.attributes)
    sheet.sections.append(
        (
            t("sheet.attributes", lang),
            [
                (t(f"sheet.{g}", lang), _rated(names, attributes, lang))
                for g, names in ATTRIBUTE_GROUPS
            ],
        )
    )
    abilities = dict(c.abilities)
    sheet.sections.append(
        (
            t("sheet.abilities", lang),
            [
                (t(f"sheet.{g}", lang), _rated(names, abilities, lang))
                for g, names in abilities_by_group(c)
            ],
        )
    )
    disciplines = _rated(list(c.disciplines), dict(c.disciplines), lang) or [(none, "")]
    backgrounds = _rated(list(c.backgrounds), dict(c.backgrounds), lang) or [(none, "")]
    virtues = [v for v in VIRTUE_ORDER if v in c.virtues]
    sheet.sections.append(
        (
            t("sheet.advantages", lang),
            [
                (t("sheet.disciplines", lang), disciplines),
                (t("sheet.backgrounds", lang), backgrounds),
                (t("sheet.virtues", lang), _rated(virtues, dict(c.virtues), lang)),
            ],
        )
    )
    merits = _merits(c, lang)
    if merits:
        sheet.sections.append((t("sheet.merits_and_flaws", lang), merits))
    sheet.sections.append((t("sheet.condition", lang), [("", _condition(c, lang))]))
    extras = _extras(c, lang)
    if extras:
        sheet.sections.append((t("sheet.other", lang), [("", extras)]))
    return sheet


def _condition(c: Character, lang: str) -> list[Row]:
    morality = trait_label(c.morality, lang) if c.has_humanity else c.morality
    level = c.health.level
    health = t(f"health.{level.key if level else 'unhurt'}", lang)
    marks = "".join(c.health.marks(lang))
    rows = [(morality, dots(c.morality_rating, MORALITY_DOTS))]
    mod = vampire_bearing(c)  # seed 004 «Столп»: by Humanity or Path
    if mod is not None:
        rows.append((t("sheet.bearing", lang), t("sheet.bearing_value", lang, mod=mod)))
    rows.append(
        (t("trait.willpower", lang), t("sheet.of", lang, n=c.willpower_points, top=c.willpower))
    )
    if c.blood_max:
        blood = t("sheet.of", lang, n=c.blood, top=c.blood_max)
        if c.blood_per_turn:
            blood += " (" + t("ui.per_turn", lang, n=c.blood_per_turn) + ")"
        rows.append((t("sheet.blood_pool", lang), blood))
    rows.append((t("sheet.health", lang), f"{health} {marks}"))
    if c.armour is not None:
        armour = t(
            "sheet.armour_value", lang, name=c.armour.name, n=c.armour.rating, p=c.armour.penalty
        )
        rows.append((t("sheet.armour", lang), armour))
    rows.append((t("sheet.xp", lang), str(c.xp)))
    return rows


def _extras(c: Character, lang: str) -> list[Row]:
    rows = [
        (t("sheet.specialty", lang, trait=_label(k, lang)), v) for k, v in c.specialties.items()
    ]
    rows += [(t("sheet.derangement", lang), d) for d in c.derangements]
    rows += [(t("sheet.power", lang), p.name) for p in c.powers]
    return rows


def _merits(c: Character, lang: str) -> list[tuple[str, list[Row]]]:
    """Merits and Flaws, each a name and its points (and modifier), when there are any."""
    groups = [("ui.merits", c.merits), ("ui.flaws", c.flaws)]
    return [
        (t(key, lang), [(m.name, worth(m).render(lang)) for m in have])
        for key, have in groups
        if have
    ]


# --- Markdown ------------------------------------------------------------------------------


def markdown(sheet: Sheet, lang: str = "en") -> str:
    out = [f"# {md(sheet.name)}", ""]
    out += [f"- **{md(label)}:** {md(value)}" for label, value in sheet.facts]
    for title, groups in sheet.sections:
        out += ["", f"## {md(title)}"]
        for group, rows in groups:
            out.append("")
            if group:
                out += [f"### {md(group)}", ""]
            out += [f"- {md(label)}" + (f": {md(value)}" if value else "") for label, value in rows]
    out += ["", f"## {md(t('sheet.notes', lang))}", ""]
    if sheet.notes:
        out += [md(line) + "  " for line in sheet.notes.splitlines()]
    else:
        out.append(f"_{md(t('sheet.none', lang))}_")
    return "\n".join(out).rstrip() + "\n"


# --- HTML ----------------------------------------------------------------------------------

STYLE = page_style(
    "60rem",
    "1.45",
    "1.6rem",
    "font-size: 1rem; margin: .4rem 0;",
    """.groups { display: flex; flex-wrap: wrap; gap: 0 2rem; }
.group { flex: 1 1 14rem; }
table { border-collapse: collapse; width: 100%; }
td { padding: .1rem .3rem; } td.v { text-align: right; font-variant-numeric: tabular-nums; }
.facts td:first-child { color: #9b8577; }
.notes { white-space: pre-wrap; }
""",
)


def page(sheet: Sheet, lang: str = "en") -> str:
    """One standalone HTML page: no scripts, no external assets, everything escaped."""
    e = html.escape
    parts = [*page_head(sheet.name, lang, STYLE), '<table class="facts">']
    parts += [f"<tr><td>{e(k)}</td><td>{e(v)}</td></tr>" for k, v in sheet.facts]
    parts.append("</table>")
    for title, groups in sheet.sections:
        parts += [f"<h2>{e(title)}</h2>", '<div class="groups">']
        for group, rows in groups:
            parts.append('<div class="group">')
            if group:
                parts.append(f"<h3>{e(group)}</h3>")
            parts.append("<table>")
            parts += [f'<tr><td>{e(k)}</td><td class="v">{e(v)}</td></tr>' for k, v in rows]
            parts.append("</table></div>")
        parts.append("</div>")
    parts.append(f"<h2>{e(t('sheet.notes', lang))}</h2>")
    notes = sheet.notes or t("sheet.none", lang)
    parts.append(f'<p class="notes">{e(notes)}</p>')
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


# --- plain text (the dashboard's read-only screen) -----------------------------------------


def lines(
    sheet: Sheet, lang: str = "en", width: int = 70, notes: bool = True
) -> list[tuple[str, str]]:
    """The sheet as (style, text) lines: ``h1``/``h2``/``h3`` headings and plain rows, the
    groups of a section side by side when ``width`` allows (three columns at 70); without
    ``notes`` (a player's sheet has none to show), no Notes heading either."""
    out: list[tuple[str, str]] = [("h1", sheet.name)]
    out += [("", f"{k}: {v}") for k, v in sheet.facts]
    for title, groups in sheet.sections:
        out += [("", ""), ("h2", title)]
        columns = max(1, min(len(groups), width // 23))
        col = width // columns
        for start in range(0, len(groups), columns):
            chunk = groups[start : start + columns]
            if any(g for g, _ in chunk):
                out.append(("h3", "".join(g[: col - 1].ljust(col) for g, _ in chunk).rstrip()))
            depth = max(len(rows) for _, rows in chunk)
            for i in range(depth):
                cells = []
                for _, rows in chunk:
                    label, value = rows[i] if i < len(rows) else ("", "")
                    room = col - 1 - len(value)
                    cells.append((label[: max(0, room - 1)].ljust(room) + value).ljust(col))
                out.append(("", "".join(cells).rstrip()))
    if not notes:
        return out
    out += [("", ""), ("h2", t("sheet.notes", lang))]
    out += [("", line) for line in (sheet.notes or t("sheet.none", lang)).splitlines()]
    return out
