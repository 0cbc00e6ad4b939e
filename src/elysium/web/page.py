"""The players' view (an ``elysium-players`` dict) as HTML for ``elysium serve``: a board
for a TV at the table. Pure: a view in, a string out. Every string from the view (names,
roll lines, the chronicle's name) is escaped; nothing from it becomes markup or script."""

from __future__ import annotations

from html import escape
from typing import Any

from elysium.chronicle.commands.declared import declaration_words
from elysium.chronicle.projection import in_lang as _word
from elysium.chronicle.projection import turn_of
from elysium.i18n import t
from elysium.tell.players_sheet import has_sheet, view_sheet
from elysium.tell.sheet import Sheet

MARK_CLASS = {"*": "agg", "Ж": "agg", "X": "let", "Х": "let", "/": "bash", ".": "empty"}


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def board(
    view: dict[str, Any] | None, lang: str, writer: bool, none: str = "players.none_yet"
) -> str:
    """The page's live part: what is inside ``<main id="board">``; ``none``: what to say
    when there is no view (not shared yet, or withdrawn)."""
    tag = t("watch.live" if writer else "watch.stopped", lang)
    live = "live" if writer else "stopped"
    top = [f'<header><span class="tag {live}">{_e(tag)}</span> ']
    if view is None:
        top.append(f"<span>{_e(t(none, lang))}</span></header>")
        return "".join(top)
    time = view.get("time") or {}
    top.append(f'<span class="chronicle">{_e(view.get("chronicle", ""))}</span>')
    for key in ("night", "chapter", "scene", "turn"):
        top.append(f" · {_e(t('ui.' + key, lang))} {_e(time.get(key, '?'))}")
    fight = view.get("fight")
    if fight:
        top.append(f" · <b>⚔ {_e(t('ui.round', lang))} {_e(fight.get('round', '?'))}</b>")
    top.append("</header>")
    return "".join(
        [
            *top,
            '<section id="initiative"><h2>',
            _e(t("ui.pane.initiative", lang)),
            "</h2>",
            _initiative(fight, lang),
            '</section><section id="characters"><h2>',
            _e(t("players.pane.characters", lang)),
            "</h2>",
            _characters(view.get("characters") or [], lang),
            '</section><section id="rolls"><h2>',
            _e(t("players.pane.rolls", lang)),
            "</h2>",
            _rolls(view.get("rolls") or [], lang),
            "</section>",
        ]
    )


def _initiative(fight: dict[str, Any] | None, lang: str) -> str:
    if not fight:
        return f'<p class="none">{_e(t("ui.no_combat", lang))}</p>'
    phase = str(fight.get("phase", ""))
    out = [f'<p class="phase">{_e(t("ui.phase." + phase, lang)) if phase else ""}</p>']
    turn = turn_of(fight)
    now = turn[1] if turn else None
    if turn:
        out.append(f'<p class="now">{_e(t(turn[0], lang))} <b>{_e(turn[1])}</b></p>')
    out.append("<ol>")
    for row in fight.get("order") or []:
        name = str(row.get("name") or "")
        value = row.get("initiative")
        cls = ' class="current"' if name and name == now else ""
        out.append(f'<li{cls}><span class="init">{_e(value if value is not None else "·")}</span>')
        out.append(f'<span class="name">{_e(name)}</span>')
        if row.get("declared"):
            out.append(' <span class="declared">✓</span>')
        if row.get("declaration"):
            said = declaration_words(str(row["declaration"]), lang)
            out.append(f' <span class="declaration">{_e(said)}</span>')
        out.append("</li>")
    out.append("</ol>")
    return "".join(out)


def _marks(marks: str) -> str:
    return "".join(f'<i class="{MARK_CLASS.get(m, "empty")}">{_e(m)}</i>' for m in marks)


def _characters(rows: list[dict[str, Any]], lang: str) -> str:
    if not rows:
        return f'<p class="none">{_e(t("players.no_characters", lang))}</p>'
    out = ["<ul>"]
    for row in rows:
        player = bool(row.get("player"))
        sheet = has_sheet(row)
        out.append(f'<li class="{"pc" if player else "npc"}{" has-sheet" if sheet else ""}">')
        if sheet:  # the name opens the sheet (no script needed; players.js keeps it open)
            said = _e(t("players.sheet.open", lang, who=row.get("name", "")))
            out.append(f'<details data-sheet="{_e(row.get("name", ""))}"><summary title="{said}">')
        out.append(f'<span class="name">{_e(row.get("name", ""))}</span>')
        health = row.get("health")
        if isinstance(health, dict):
            out.append(f'<span class="marks">{_marks(_word(health.get("marks"), lang))}</span>')
        wounds = _e(_word(row.get("wounds"), lang))
        penalty = health.get("penalty") if isinstance(health, dict) else None
        if isinstance(penalty, int) and penalty:
            wounds += f" ({penalty:+d})".replace("-", "−")
        out.append(f'<span class="wounds">{wounds}</span>')
        blood = row.get("blood")
        if isinstance(blood, dict):
            out.append(
                f'<span class="blood">{_e(t("players.blood", lang))} '
                f"{_e(blood.get('points'))}/{_e(blood.get('max'))}</span>"
            )
        will = row.get("willpower")
        if isinstance(will, dict):
            out.append(
                f'<span class="will">{_e(t("players.willpower", lang))} '
                f"{_e(will.get('points'))}/{_e(will.get('rating'))}</span>"
            )
        for condition in row.get("conditions") or []:
            out.append(f'<span class="condition">{_e(_word(condition, lang))}</span>')
        if sheet:
            out.append(f"</summary>{sheet_html(view_sheet(row, lang))}</details>")
        out.append("</li>")
    out.append("</ul>")
    return "".join(out)


def sheet_html(sheet: Sheet) -> str:
    """A player's sheet as the board shows it under the name: each section's groups as
    lists of traits and values, every piece escaped."""
    out = ['<div class="sheet"><dl class="facts">']
    out += [f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in sheet.facts]
    out.append("</dl>")
    for title, groups in sheet.sections:
        out.append(f'<section class="part"><h3>{_e(title)}</h3>')
        for name, rows in groups:
            out.append('<dl class="group">')
            if name:
                out.append(f'<dt class="title">{_e(name)}</dt>')
            out += [f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in rows]
            out.append("</dl>")
        out.append("</section>")
    out.append("</div>")
    return "".join(out)


def _rolls(rows: list[dict[str, Any]], lang: str) -> str:
    if not rows:
        return f'<p class="none">{_e(t("players.no_rolls", lang))}</p>'
    out = ["<ol reversed>"]
    for row in reversed(rows):  # the newest first: on a TV it is the one to read
        out.append(
            f'<li data-seq="{_e(row.get("seq", ""))}">{_e(_word(row.get("line"), lang))}</li>'
        )
    out.append("</ol>")
    return "".join(out)


def page(
    view: dict[str, Any] | None,
    lang: str,
    writer: bool,
    version: int,
    key: str = "",
    none: str = "players.none_yet",
) -> str:
    """The whole page, its board filled in (it shows without script), then kept live by
    ``/board.js`` asking ``/board`` for each newer version."""
    title = f"{view.get('chronicle', '')} · Elysium" if view else "Elysium"
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{_e(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title>"
        '<link rel="stylesheet" href="/board.css"></head>'
        f'<body data-version="{version}" data-lang="{_e(lang)}" data-key="{_e(key)}"'
        f' data-stale="{_e(t("serve.stale", lang))}">'
        f'<main id="board">{board(view, lang, writer, none)}</main>'
        '<script src="/board.js"></script></body></html>\n'
    )
