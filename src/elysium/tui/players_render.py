"""The players' view (an ``elysium-players`` dict) as terminal text, in the reader's
language. Pure: a view in, Rich ``Text`` out. Every string from the view is user text (names,
roll lines) and goes in as plain text, never markup."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from elysium.chronicle.commands.declared import declaration_words
from elysium.chronicle.projection import in_lang as _word
from elysium.chronicle.projection import turn_of
from elysium.i18n import t


def header(view: dict[str, Any] | None, lang: str, writer: bool | None) -> Text:
    out = Text()
    if writer is not None:
        tag = t("watch.live" if writer else "watch.stopped", lang)
        out.append(f" {tag} ", style="reverse" if writer else "bold reverse red")
        out.append(" ")
    if view is None:
        out.append(t("players.title", lang), style="bold")
        return out
    out.append(str(view.get("chronicle", "")), style="bold")
    time = view.get("time") or {}
    out.append(
        f" · {t('ui.night', lang)} {time.get('night', '?')}"
        f" · {t('ui.chapter', lang)} {time.get('chapter', '?')}"
        f" · {t('ui.scene', lang)} {time.get('scene', '?')}"
        f" · {t('ui.turn', lang)} {time.get('turn', '?')}"
    )
    if view.get("fight"):  # the round is Initiative's first line: 80 columns hold no more
        out.append(" · ⚔")
    return out


def initiative(view: dict[str, Any] | None, lang: str) -> Text:
    fight = (view or {}).get("fight")
    if not fight:
        return Text(t("ui.no_combat", lang), style="dim")
    out = Text()
    phase = str(fight.get("phase", ""))
    out.append(f"{t('ui.round', lang)} {fight.get('round', '?')}", style="bold")
    out.append(f" · {t('ui.phase.' + phase, lang)}\n" if phase else "\n")
    turn = turn_of(fight)
    now = turn[1] if turn else None
    if turn:
        out.append(t(turn[0], lang) + " ", style="dim")
        out.append(turn[1], style="bold")
        out.append("\n")
    for row in fight.get("order") or []:
        name = str(row.get("name") or "")
        mark = "▶ " if name and name == now else "  "
        value = row.get("initiative")
        out.append(mark + (f"{value:>2} " if isinstance(value, int) else " · "))
        out.append(name, style="bold" if mark.strip() else "")
        if row.get("declared"):
            out.append(" ✓", style="dim")
        declaration = row.get("declaration")
        if declaration:
            out.append(f" — {declaration_words(str(declaration), lang)}", style="italic")
        out.append("\n")
    out.rstrip()
    return out


def characters(view: dict[str, Any] | None, lang: str) -> Text:
    rows = (view or {}).get("characters") or []
    if not rows:
        return Text(t("players.no_characters", lang), style="dim")
    out = Text()
    width = min(24, max(len(str(r.get("name", ""))) for r in rows))
    for row in rows:
        name = str(row.get("name", ""))
        out.append(f"{name[:width]:<{width}} ", style="bold" if row.get("player") else "")
        wounds = _word(row.get("wounds"), lang)
        health = row.get("health")
        if isinstance(health, dict):
            out.append(_word(health.get("marks"), lang) + " ")
            out.append(wounds)
            penalty = health.get("penalty")
            if isinstance(penalty, int) and penalty:
                out.append(f" ({penalty:+d})")
        else:
            out.append(wounds, style="italic")
        blood = row.get("blood")
        if isinstance(blood, dict):
            out.append(f" · {t('players.blood', lang)} {blood.get('points')}/{blood.get('max')}")
        will = row.get("willpower")
        if isinstance(will, dict):
            out.append(
                f" · {t('players.willpower', lang)} {will.get('points')}/{will.get('rating')}"
            )
        for condition in row.get("conditions") or []:
            out.append(" · ")
            out.append(_word(condition, lang), style="italic")  # user text: plain
        out.append("\n")
    out.rstrip()
    return out


def rolls(view: dict[str, Any] | None, lang: str) -> Text:
    rows = (view or {}).get("rolls") or []
    if not rows:
        return Text(t("players.no_rolls", lang), style="dim")
    out = Text()
    for row in rows:
        out.append(_word(row.get("line"), lang))
        out.append("\n")
    out.rstrip()
    return out
