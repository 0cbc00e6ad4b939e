"""Conditions in words: one given or taken off, the ones the clock ended, and the timed
states a character carries, told alike in the log, the recap, the panes and ``elysium state``."""

from __future__ import annotations

from typing import Any

from elysium.chronicle.commands.conditions import ended_words, shown
from elysium.i18n import t, trait_label
from elysium.rules.character import Character
from elysium.rules.conditions import Tag, Unit
from elysium.tell.registry import Teller, teller

FADE_EVERY = 3  # turns between two steps of a boost above the safe cap fading (seed 004)


@teller("condition")
def _given(d: dict[str, Any], lang: str) -> str:
    tag = Tag(str(d["label"]), Unit(d.get("unit", "removed")), int(d.get("left", 0)))
    return t("log.condition", lang, who=d["who"], what=shown(tag))


@teller("condition_off")
def _taken_off(d: dict[str, Any], lang: str) -> str:
    return t("log.condition_off", lang, who=d["who"], label=d["label"])


def after(tell: Teller) -> Teller:
    """A clock event's teller that also says which conditions it ended (its ``ended``)."""

    def told(d: dict[str, Any], lang: str) -> str:
        line = tell(d, lang)
        ended = d.get("ended")
        if not ended:
            return line
        return t("conditions.after", lang, line=line, ended=ended_words(list(ended)))

    return told


def conditions_words(c: Character, lang: str) -> list[str]:
    """``Dominated 2 turns``: each of a character's conditions as every reader shows it."""
    return [shown(tag).render(lang) for tag in c.conditions]


def boost_words(c: Character, lang: str) -> list[str]:
    """``Dexterity 4→6 this scene``: each blood boost and how long it has, as a condition is
    shown: to the scene's end, or (above the safe cap) the turns to its next fading step."""
    said = []
    for attribute, boost in c.boosts.items():
        bonus = c.boost_bonus(attribute)
        if not bonus:
            continue
        base = c.attributes.get(attribute, 0)
        label = trait_label(attribute, lang)
        what = t("screen.boost", lang, trait=label, base=base, now=base + bonus)
        if base + bonus > max(base, c.trait_max + 1):  # above the safe cap: it fades
            n = FADE_EVERY - boost.turns % FADE_EVERY
            said.append(t("timed.fading", lang, what=what, n=n))
        else:
            said.append(t("timed.scene", lang, what=what))
    return said


def lost_to_beast(botched: bool, what: str, lang: str) -> str:
    """A frenzy or Rötschreck lost: to the scene's end, or (botched) until calmed."""
    return t("timed.until_calmed" if botched else "timed.scene", lang, what=what)
