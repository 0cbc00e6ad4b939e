"""Plain-text presentation of rolls and odds, shared by the command line and the dashboard.

Every die is marked (:mod:`elysium.rules.marks`) so that successes, 10s and 1s can be told
apart without colour.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import TYPE_CHECKING

from elysium.i18n import t, trait_label
from elysium.rules.dice import RollResult
from elysium.rules.marks import die_mark, verdict_of
from elysium.rules.odds import BOTCH, MORE, Odds
from elysium.rules.profiles import Profile
from elysium.rules.tables import difficulty_name

if TYPE_CHECKING:
    from elysium.rules.character import Character

BAR_WIDTH = 40


def bearing_note(c: Character, lang: str) -> str:
    """`` (bearing +0)`` after a vampire's Humanity or Path (seed 004 «Столп»), else ``""``."""
    from elysium.rules.beast import vampire_bearing  # the sheet's rules: `roll` needs none

    mod = vampire_bearing(c)
    return "" if mod is None else t("cli.state_bearing", lang, mod=mod)


def boosts(c: Character, lang: str) -> list[str]:
    """``Dexterity 4→6``: each Physical Attribute blood raises now (after any fading); the
    Vitals pane and ``elysium state`` show them, as a pool rolled with them counts them."""
    said = []
    for attribute in c.boosts:
        bonus = c.boost_bonus(attribute)
        if bonus:
            base = c.attributes.get(attribute, 0)
            label = trait_label(attribute, lang)
            said.append(t("screen.boost", lang, trait=label, base=base, now=base + bonus))
    return said


def load_words(c: Character, lang: str) -> list[str]:
    """``load 300 lb: +1 diff``: a load carried (``carry``), and whether it makes physical
    actions harder; the Vitals pane and ``elysium state`` show it."""
    from elysium.rules.movement import encumbrance  # as bearing_note

    if not c.load:
        return []
    heavy = encumbrance(c, c.load).difficulty
    return [t("ui.load_heavy" if heavy else "ui.load", lang, lb=c.load)]


def _difficulty_label(difficulty: int, lang: str) -> str:
    name = difficulty_name(difficulty)
    return f" ({t('difficulty.' + name, lang)})" if name else ""


def _header(key: str, pool: int, difficulty: int, lang: str, extras: list[str]) -> str:
    dice = t("noun.die" if pool == 1 else "noun.dice", lang, n=pool)
    head = t(key, lang, pool=dice, difficulty=difficulty, name=_difficulty_label(difficulty, lang))
    return " · ".join([head, *extras])


def _extras(req, profile: Profile, lang: str) -> list[str]:
    extras = [t(f"profile.{profile.key}", lang)]
    if req.specialty:
        extras.append(t("roll.options.specialty", lang))
    if req.willpower:
        extras.append(t("roll.options.willpower", lang) + " +1")
    if req.kind.value != "action":
        extras.append(t(f"roll.kind.{req.kind.value}", lang))
    if profile.house.rule_of_ten:
        extras.append(t("roll.rule_of_ten", lang))
    return extras


def format_roll(result: RollResult, profile: Profile, lang: str = "en") -> str:
    """Three lines: what was rolled, the marked dice, and the verdict."""
    req = result.request
    lines = [_header("roll.header", req.dice, req.difficulty, lang, _extras(req, profile, lang))]
    if result.automatic:
        lines.append(t("roll.automatic_line", lang))
        return "\n".join(lines)
    marks = [die_mark(f, req.difficulty, req.specialty) for f in result.dice]
    lines.append("  ".join(marks) if marks else "-")
    if result.rerolls:
        cancel = profile.house.rule_of_ten_ones.value == "cancel"
        rer = [die_mark(f, req.difficulty, req.specialty, cancel) for f in result.rerolls]
        lines.append(f"{t('roll.rerolls', lang)}: " + "  ".join(rer))
    lines.append(verdict(result, lang))
    return "\n".join(lines)


def verdict(result: RollResult, lang: str = "en") -> str:
    """One line: botch, failure, or the net successes and the degree."""
    return verdict_of(result).render(lang)


def decimal(value: float, lang: str = "en") -> str:
    """A number to two places, with the decimal comma in Russian."""
    said = f"{value:.2f}"
    return said.replace(".", ",") if lang == "ru" else said


def share(value: float, places: int, lang: str = "en") -> str:
    """A proportion as a percentage to ``places`` decimals (12%, 1.2%; Russian 1,2 %)."""
    said = f"{value:.{places}%}"
    return said.replace(".", ",").replace("%", "\u00a0%") if lang == "ru" else said


def percent(p: Fraction, lang: str = "en") -> str:
    """A percentage that never rounds a possible event to a flat 0 or a sure one to 100;
    in Russian with a decimal comma and a no-break space before the sign (92,06 %)."""
    value = float(p) * 100
    if 0 < value < 0.01:
        said = "<0.01%"
    elif 99.99 < value < 100:
        said = ">99.99%"
    else:
        said = f"{value:.2f}%"
    return said.replace(".", ",").replace("%", "\u00a0%") if lang == "ru" else said


def format_odds(result: Odds, profile: Profile, lang: str = "en") -> str:
    """A summary line and a histogram with one bar per outcome."""
    req = result.request
    lines = [
        _header("odds.header", req.dice, req.difficulty, lang, _extras(req, profile, lang)),
        t(
            "odds.summary",
            lang,
            success=percent(result.p_success, lang),
            failure=percent(result.p_failure, lang),
            botch=percent(result.p_botch, lang),
            expected=decimal(float(result.expected_successes), lang),
        ),
    ]
    block = _bar_char()
    top = max(result.distribution.values())
    labels = {
        k: (
            t("outcome.botch", lang)
            if k == BOTCH
            else t("odds.more", lang)
            if k == MORE
            else str(k)
        )
        for k in result.distribution
    }
    width = max(len(v) for v in labels.values())
    for key, p in result.distribution.items():
        if key != BOTCH and p == 0:
            continue
        bar = block * round(BAR_WIDTH * float(p / top)) if top else ""
        lines.append(f"{labels[key]:>{width}} | {bar:<{BAR_WIDTH}} {percent(p, lang)}")
    if req.kind.value == "action" and profile.auto_success_allowed(req.pool, req.difficulty):
        lines.append(t("roll.auto_available", lang))
    return "\n".join(lines)


def _bar_char() -> str:
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower()
    return "█" if "utf" in encoding else "#"
