"""English and Russian words for everything a Storyteller reads.

Logic never holds UI text: the rules return keys (``degree.marginal``) and front ends look
them up here. Russian terms follow the V20 cheat sheet (seed 004).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from elysium.i18n.catalog import CATALOGS, LANGUAGES, PARTS, lookup, t
from elysium.i18n.message import Msg, Refusal, Told

__all__ = [
    "CATALOGS",
    "LANGUAGES",
    "PARTS",
    "Msg",
    "Refusal",
    "Told",
    "detect_lang",
    "lookup",
    "t",
    "trait_label",
]


def detect_lang(environ: Mapping[str, str] | None = None) -> str:
    """``ru`` when the locale says Russian (LC_ALL, LC_MESSAGES, LANG, in that order)."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


def trait_label(name: str, lang: str = "en") -> str:
    """A trait's name for display: the catalogue's word, or the key made readable."""
    group, colon, rest = name.partition(":")
    if colon and rest:  # discipline:potence is Potence; path:lure-of-flames a path's name
        if group == "path":
            told = t("xp.path", lang, name=rest.replace("-", " "))
            return told[:1].upper() + told[1:]
        return trait_label(rest, lang)
    key = f"trait.{name}"
    text = t(key, lang)
    return text if text != key else name.replace("-", " ").capitalize()
