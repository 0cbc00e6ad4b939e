"""The command language explained from the verb registry, in English or Russian.

``elysium help``, ``elysium help VERB`` and the manual's reference, ``docs/commands.md``
(``python -m elysium.helptext --markdown > docs/commands.md``), are written here from
``elysium.chronicle.verbs`` and the catalogs, so a verb is described in one place and the
manual cannot drift from the parser. (The F1 help screen renders the same entries as rich
text.)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

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


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell (a ``|`` would end the cell)."""
    return text.replace("|", "\\|")


def _keywords(verb: verbs.Verb) -> str:
    """A verb's keywords, each with every spelling, English first."""
    from elysium.chronicle.parser import spellings

    return "; ".join(
        " \\| ".join(f"`{w}`" for w in sorted(spellings(k), key=lambda w: (not w.isascii(), w)))
        for k in verb.keywords
    )


def markdown_table(group: str | None = None, lang: str = "en") -> str:
    """A table of verbs (of one help group, or all): Russian spellings, what each does, usage."""
    rows = ["| verb | Russian | what it does | usage |", "|---|---|---|---|"]
    for verb in verbs.VERBS:
        if group is not None and verb.group != group:
            continue
        rows.append(
            f"| `{verb.name}` | {', '.join(f'`{s}`' for s in verb.ru)} | "
            f"{_cell(t(f'help.{verb.name}', lang))} | `{_cell(t(f'usage.{verb.name}', lang))}` |"
        )
    return "\n".join(rows)


GENERATED = "<!-- Written by `python -m elysium.helptext --markdown > docs/commands.md`. -->"

INTRO = """\
Every verb of the command language, as the command bar, `elysium run` and `elysium help`
know it. This page is written from the verb registry (`src/elysium/chronicle/verbs.py`) and
the English catalogs; a test keeps it so, and edits belong there, not here.

Any spelling works whatever the language shown: English and Russian verbs and keywords mix
freely (`бросок Marcus dex+brawl сл 7`). Names are case-insensitive; quote them when they
hold spaces. The [Storyteller's guide](guide.md#the-command-language) shows the verbs at work."""


def house_table(lang: str = "en") -> str:
    """Every house rule ``rules SETTING on|off`` switches: its names, default and meaning."""
    from dataclasses import fields

    from elysium.rules.profiles import HouseRules

    default = HouseRules()
    rows = ["| setting | Russian | default | what it does |", "|---|---|---|---|"]
    for field in fields(HouseRules):
        value = getattr(default, field.name)
        word = ("on" if value else "off") if isinstance(value, bool) else str(value.value)
        en, ru = (t(f"house.name.{field.name}", each) for each in ("en", "ru"))
        meaning = _cell(t(f"house.meaning.{field.name}", lang))
        rows.append(f"| `{en}` | `{ru}` | {t(f'house.value.{word}', lang)} | {meaning} |")
    return "\n".join(rows)


HOUSE_INTRO = """\
`rules` shows the chronicle's profile and these settings; `rules SETTING on|off` switches
one as an event (undone, replayed and told like any other). Every profile starts from the
same defaults."""


def markdown_reference(lang: str = "en") -> str:
    """``docs/commands.md``: the verbs by help group, the keywords, the house rules."""
    out = [GENERATED, "", "# The command language", "", INTRO]
    for group in verbs.GROUPS:
        out += ["", f"## {t(f'help.group.{group}', lang)}", "", markdown_table(group, lang)]
    out += ["", "## Keywords", "", "| verb | keywords (every spelling) |", "|---|---|"]
    out += [f"| `{v.name}` | {_keywords(v)} |" for v in verbs.VERBS if v.keywords]
    out += ["", "## House rules", "", HOUSE_INTRO, "", house_table(lang)]
    return "\n".join(out) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m elysium.helptext --markdown``: print the manual's command reference."""
    parser = argparse.ArgumentParser(prog="python -m elysium.helptext")
    parser.add_argument("--markdown", action="store_true", help="docs/commands.md")
    parser.parse_args(argv)
    sys.stdout.write(markdown_reference())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
