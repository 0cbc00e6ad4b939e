"""The catalogs: every language's words, gathered from its parts (one per domain), and
:func:`t`, the one way to read them (filled as :mod:`elysium.i18n.templates` says)."""

from __future__ import annotations

from collections.abc import Mapping

from elysium.i18n import (
    en,
    en_cli,
    en_combat,
    en_commands,
    en_conditions,
    en_config,
    en_encounters,
    en_feats,
    en_hidden,
    en_house,
    en_import,
    en_merits,
    en_players,
    en_pools,
    en_rolls,
    en_rules,
    en_screen,
    en_sheet,
    en_start,
    en_store,
    en_story,
    en_surprises,
    en_table,
    en_terminal,
    en_watch,
    en_xp,
    en_xp_log,
    ru,
    ru_cli,
    ru_combat,
    ru_commands,
    ru_conditions,
    ru_config,
    ru_encounters,
    ru_feats,
    ru_hidden,
    ru_house,
    ru_import,
    ru_merits,
    ru_players,
    ru_pools,
    ru_rolls,
    ru_rules,
    ru_screen,
    ru_sheet,
    ru_start,
    ru_store,
    ru_story,
    ru_surprises,
    ru_table,
    ru_terminal,
    ru_watch,
    ru_xp,
    ru_xp_log,
)
from elysium.i18n.templates import tell

LANGUAGES: tuple[str, ...] = ("en", "ru")
# Each language's catalog is split by domain; a key lives in exactly one part (tested).
PARTS: dict[str, tuple[Mapping[str, str], ...]] = {
    "en": (
        *(en.STRINGS, en_rules.STRINGS, en_store.STRINGS, en_commands.STRINGS, en_combat.STRINGS),
        *(en_rolls.STRINGS, en_feats.STRINGS, en_house.STRINGS, en_xp.STRINGS, en_config.STRINGS),
        en_table.STRINGS,
        en_start.STRINGS,
        en_surprises.STRINGS,
        en_sheet.STRINGS,
        en_screen.STRINGS,
        en_watch.STRINGS,
        en_players.STRINGS,
        en_pools.STRINGS,
        en_story.STRINGS,
        en_cli.STRINGS,
        en_import.STRINGS,
        en_encounters.STRINGS,
        en_terminal.STRINGS,
        en_conditions.STRINGS,
        en_hidden.STRINGS,
        en_merits.STRINGS,
        en_xp_log.STRINGS,
    ),
    "ru": (
        *(ru.STRINGS, ru_rules.STRINGS, ru_store.STRINGS, ru_commands.STRINGS, ru_combat.STRINGS),
        *(ru_rolls.STRINGS, ru_feats.STRINGS, ru_house.STRINGS, ru_xp.STRINGS, ru_config.STRINGS),
        ru_table.STRINGS,
        ru_start.STRINGS,
        ru_surprises.STRINGS,
        ru_sheet.STRINGS,
        ru_screen.STRINGS,
        ru_watch.STRINGS,
        ru_players.STRINGS,
        ru_pools.STRINGS,
        ru_story.STRINGS,
        ru_cli.STRINGS,
        ru_import.STRINGS,
        ru_encounters.STRINGS,
        ru_terminal.STRINGS,
        ru_conditions.STRINGS,
        ru_hidden.STRINGS,
        ru_merits.STRINGS,
        ru_xp_log.STRINGS,
    ),
}
CATALOGS: dict[str, dict[str, str]] = {
    lang: {k: v for part in parts for k, v in part.items()} for lang, parts in PARTS.items()
}


def lookup(key: str, lang: str) -> str | None:
    """The catalog's text for ``key`` in ``lang`` (English when Russian lacks it), or None."""
    text = CATALOGS.get(lang, CATALOGS["en"]).get(key)
    return text if text is not None else CATALOGS["en"].get(key)


def t(key: str, lang: str = "en", /, **values: object) -> str:
    """The text for ``key`` in ``lang``, filled with ``values`` (the key itself if unknown)."""
    text = lookup(key, lang)
    return tell(key if text is None else text, lang, values, lookup)
