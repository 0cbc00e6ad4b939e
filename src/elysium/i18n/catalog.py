"""The catalogs: every language's words, gathered from its parts (one per domain), and
:func:`t`, the one way to read them (filled as :mod:`elysium.i18n.templates` says)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from elysium.i18n.templates import tell

LANGUAGES: tuple[str, ...] = ("en", "ru")
# Each language's catalog is split by domain (``elysium.i18n.en_rules``, ``ru_rules``, …);
# a key lives in exactly one part (tested).
PART_NAMES: tuple[str, ...] = (
    *("", "_rules", "_store", "_commands", "_combat", "_rolls", "_feats", "_house", "_xp"),
    *("_config", "_table", "_start", "_surprises", "_sheet", "_screen", "_watch", "_players"),
    *("_pools", "_story", "_cli", "_import", "_encounters", "_terminal", "_conditions"),
    *("_hidden", "_merits", "_xp_log"),
)
_LOADED: dict[str, dict[str, str]] = {}


def parts(lang: str) -> tuple[Mapping[str, str], ...]:
    """The language's parts, in order, each a module's ``STRINGS``."""
    modules = (importlib.import_module(f"elysium.i18n.{lang}{name}") for name in PART_NAMES)
    return tuple(module.STRINGS for module in modules)


def catalog(lang: str) -> dict[str, str]:
    """The language's whole catalog (English for a language there is none of), loaded when
    first read: ``elysium roll`` in English never loads the Russian words."""
    found = _LOADED.get(lang)
    if found is None:
        if lang not in LANGUAGES:
            return catalog("en")
        found = _LOADED[lang] = {k: v for part in parts(lang) for k, v in part.items()}
    return found


class _Lazy(Mapping[str, Any]):
    """A mapping of the languages whose values are built on first read."""

    def __init__(self, build: Callable[[str], Any]) -> None:
        self.build = build

    def __getitem__(self, lang: str) -> Any:
        if lang not in LANGUAGES:
            raise KeyError(lang)
        return self.build(lang)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


PARTS: Mapping[str, tuple[Mapping[str, str], ...]] = _Lazy(parts)
CATALOGS: Mapping[str, dict[str, str]] = _Lazy(catalog)


def lookup(key: str, lang: str) -> str | None:
    """The catalog's text for ``key`` in ``lang`` (English when Russian lacks it), or None."""
    text = (_LOADED.get(lang) or catalog(lang)).get(key)
    return text if text is not None else (_LOADED.get("en") or catalog("en")).get(key)


def t(key: str, lang: str = "en", /, **values: object) -> str:
    """The text for ``key`` in ``lang``, filled with ``values`` (the key itself if unknown)."""
    text = lookup(key, lang)
    return tell(key if text is None else text, lang, values, lookup)
