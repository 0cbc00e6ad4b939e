"""A roll as its event stored it, told: the marked faces, the verdict and the situational
modifiers. Every teller of a roll reads these, so they sit below all of them."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from elysium.i18n import t
from elysium.rules.marks import die_mark, marked
from elysium.rules.modifiers import PoolMod


def faces(roll: dict[str, Any] | None) -> str:
    """Marked faces of a stored roll."""
    if not roll:
        return ""
    diff = roll.get("difficulty", 6)
    spec = roll.get("specialty", False)
    dice, rerolls = roll.get("dice", []), roll.get("rerolls") or ()
    if type(diff) is int and type(spec) is bool and type(dice) is list and not rerolls:
        marks = _marks(diff, spec)  # (the common roll: whole faces, no rule of ten)
        if all(type(f) is int and 0 < f <= 10 for f in dice):
            return " ".join([marks[f] for f in dice]) or "—"
    return marked(dice, rerolls, diff, spec) or "—"


@lru_cache(maxsize=64)
def _marks(difficulty: int, specialty: bool) -> tuple[str, ...]:
    """Each face's mark at this difficulty (faces 1 to 10; index 0 unused)."""
    return ("", *(die_mark(f, difficulty, specialty) for f in range(1, 11)))


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


def mods_list(d: dict[str, Any], lang: str) -> list[str]:
    """A roll's situational modifiers as its event stored them (``Celerity +2``)."""
    return [PoolMod.from_dict(m).note().render(lang) for m in d.get("mods") or ()]


def mods_told(d: dict[str, Any], lang: str) -> str:
    """`` (Celerity +2; load: difficulty +1)``, or nothing without modifiers."""
    told = mods_list(d, lang)
    return f" ({'; '.join(told)})" if told else ""
