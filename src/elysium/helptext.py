"""The command language explained from the verb registry, in English or Russian.

``elysium help``, ``elysium help VERB`` and the README's table of verbs are written here from
``elysium.chronicle.verbs`` and the catalogs, so a verb is described in one place. (The F1
help screen renders the same entries as rich text.)
"""

from __future__ import annotations

from elysium.chronicle import verbs
from elysium.i18n import t


def find(word: str) -> verbs.Verb | None:
    """The verb any of whose spellings is ``word`` (any case)."""
    name = verbs.SPELLINGS.get(word.casefold())
    return None if name is None else verbs.BY_NAME[name]


def verb_help(verb: verbs.Verb, lang: str) -> str:
    """A few lines on one verb: its spellings, what it does, its usage, its keywords."""
    from elysium.chronicle.parser import spellings

    main = verbs.spelling(verb.name, lang)
    others = [s for s in verb.spellings if s != main]
    lines = [f"{main} ({', '.join(others)}) — {t(f'help.{verb.name}', lang)}"]
    lines.append(f"  {t('help.usage', lang)}: {t(f'usage.{verb.name}', lang)}")
    if verb.keywords:
        words = [
            " | ".join(sorted(spellings(k), key=lambda w: (not w.isascii(), w)))
            for k in verb.keywords
        ]
        lines.append(f"  {t('help.keywords', lang)}: {'; '.join(words)}")
    return "\n".join(lines)


def overview(lang: str) -> str:
    """Every verb by group, one line each, and how to ask about one."""
    out = [t("help.overview", lang)]
    for group in verbs.GROUPS:
        out.append("")
        out.append(t(f"help.group.{group}", lang))
        for verb in verbs.VERBS:
            if verb.group == group:
                word = verbs.spelling(verb.name, lang)
                out.append(f"  {word:<12} {t(f'help.{verb.name}', lang)}")
    return "\n".join(out)


def markdown_table(lang: str = "en") -> str:
    """The README's table: every verb, its Russian spellings, what it does, its usage."""
    rows = ["| verb | Russian | what it does | usage |", "|---|---|---|---|"]
    for verb in verbs.VERBS:
        usage = t(f"usage.{verb.name}", lang).replace("|", "\\|")
        rows.append(
            f"| `{verb.name}` | {', '.join(f'`{s}`' for s in verb.ru)} | "
            f"{t(f'help.{verb.name}', lang)} | `{usage}` |"
        )
    return "\n".join(rows)
