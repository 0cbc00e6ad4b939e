"""A declared action in the reader's words.

A declaration is kept as the Storyteller typed it (``attack Spike strike``, ``атака Б
когти``), in either language. Whoever reads it — the reply, the log, the Initiative pane,
the players' view — reads the verb, the maneuver and the keywords in their own language
(``атака → Spike: удар оружием``); names, numbers and free text stay as typed.
"""

from __future__ import annotations

import shlex

from elysium.chronicle.commands.attack_parts import AIM_WORDS, COVER_WORDS, DAMAGE_WORDS
from elysium.chronicle.parser import KEYWORDS
from elysium.i18n import Told, t
from elysium.rules import combat as cr
from elysium.rules.errors import RulesError

DELAY_WORDS = ("delay", "wait", "ждать", "выжидать")
ATTACK_WORDS = ("attack", "атака", "атаковать")
_KEYWORD = {alias: aliases for aliases in KEYWORDS.values() for alias in aliases}


def declaration(text: str | None) -> Told:
    """``text`` (a declaration as typed) told in the reader's language."""
    return Told(lambda lang: declaration_words(text or "", lang))


def declaration_words(text: str, lang: str) -> str:
    try:
        tokens = shlex.split(text)
    except ValueError:
        return text
    if not tokens:
        return text
    first = tokens[0].casefold()
    if first in ATTACK_WORDS and len(tokens) >= 3:
        rest = " ".join(_word(w, lang) for w in tokens[3:])
        return t(
            "declared.attack",
            lang,
            target=tokens[1],
            move=_maneuver(tokens[2], lang),
            rest=f", {rest}" if rest else "",
        )
    if first in DELAY_WORDS:
        return " ".join([t("declared.wait", lang), *(_word(w, lang) for w in tokens[1:])])
    if _is_defence(first):
        return " ".join([_maneuver(tokens[0], lang), *(_word(w, lang) for w in tokens[1:])])
    return " ".join(_quoted(w) for w in tokens)  # free text, as typed


def _is_defence(word: str) -> bool:
    """``dodge`` / ``уклонение``: a declared defence (anything else first is free text)."""
    try:
        return cr.maneuver(word).defence
    except RulesError:
        return False


def _maneuver(word: str, lang: str) -> str:
    try:
        return t(f"maneuver.{cr.maneuver(word).key}", lang)
    except RulesError:
        return _quoted(word)


def _word(word: str, lang: str) -> str:
    """A keyword, a damage type, an aiming point or a cover in ``lang``; anything else as
    typed."""
    folded = word.casefold()
    aliases = _KEYWORD.get(folded)
    if aliases:
        mine = [a for a in aliases if a.isascii() == (lang == "en")]
        return mine[0] if mine else word
    for kind, spellings in DAMAGE_WORDS.items():
        if folded in spellings:
            return t(f"damage.{kind}", lang)
    for table, key in ((AIM_WORDS, "fight.aim"), (COVER_WORDS, "fight.cover")):
        english = table.get(folded) or (folded if folded in table.values() else None)
        if english:
            return t(f"{key}.{english}", lang)
    return _quoted(word)


def _quoted(word: str) -> str:
    return f'"{word}"' if " " in word else word
