"""The ``elysium`` command line's argument parsers, with usage errors told in the reader's
language (argparse's own phrases included) in one line each.

Every subcommand is a row of :data:`SUBCOMMANDS`: its name, its handler, the argument groups
it shares with others (parent parsers: a chronicle's DIR, the roll options, ``--json``,
``--lang``) and the arguments only it takes.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NoReturn

from elysium import __version__
from elysium.cli import config, handlers, rolls, share, verbs, watch
from elysium.cli.values import chapter_or_all, faces, octal_mode, profile, whole
from elysium.cli.words import argparse_words, h, reader_lang
from elysium.i18n import LANGUAGES, detect_lang, t
from elysium.rules import PROFILES, RollKind
from elysium.rules.tables import MAX_POOL

EXIT_USAGE = 2
USAGE = "%(prog)s [DIR] [--demo] [--readonly] [--lang {en,ru}]\n       %(prog)s COMMAND ..."
PROFILE_METAVAR = "v20|dark-ages|demon"

Handler = Callable[[argparse.Namespace, str], int]
Arguments = Callable[[argparse.ArgumentParser], None]


def VERSION_HELP() -> str:
    return argparse_words("show program's version number and exit")


def argv_lang(argv: Sequence[str], configured: str | None = None) -> str:
    """``--lang`` as the command line gives it (before parsing), else ``configured`` (the
    config file's language), else the locale's language."""
    for i, arg in enumerate(argv):
        value = arg.partition("=")[2] if arg.startswith("--lang=") else None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        if value in LANGUAGES:
            return value
    return configured or detect_lang()


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line, not a usage block and a message."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, t("cli.error", reader_lang(), prog=self.prog, error=message) + "\n")


# The argument groups several subcommands share, each a parent parser ----------------------


def _dir(p: argparse.ArgumentParser) -> None:
    p.add_argument("dir", metavar="DIR", help=h("clihelp.dir"))


def _view(p: argparse.ArgumentParser) -> None:
    """A chronicle or a directory ``elysium share`` publishes to."""
    p.add_argument("dir", metavar="DIR", help=h("clihelp.watch.arg.dir", dir=h("clihelp.dir")))


def _roll(p: argparse.ArgumentParser) -> None:
    pool_help = h("clihelp.rollopts.arg.pool", most=MAX_POOL)
    p.add_argument(
        "pool", type=whole("cli.allowed.pool", most=MAX_POOL), metavar="POOL", help=pool_help
    )
    p.add_argument(
        "--diff",
        type=whole("cli.allowed.difficulty"),
        default=6,
        metavar="D",
        help=h("clihelp.rollopts.arg.diff"),
    )
    p.add_argument("--spec", action="store_true", help=h("clihelp.rollopts.arg.spec"))
    p.add_argument("--wp", action="store_true", help=h("clihelp.rollopts.arg.wp"))
    p.add_argument(
        "--profile",
        type=profile,
        default=PROFILES["v20"],
        metavar=PROFILE_METAVAR,
        help=h("clihelp.rollopts.arg.profile"),
    )
    kinds = [k.value for k in RollKind]
    p.add_argument("--kind", choices=kinds, default="action", help=h("clihelp.rollopts.arg.kind"))
    p.add_argument("--rule-of-ten", action="store_true", help=h("clihelp.rollopts.arg.rule_of_ten"))
    p.add_argument("--json", action="store_true", help=h("clihelp.rollopts.arg.json"))


def _json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help=h("clihelp.json"))


def _lang(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))


# Which group goes where: the leading ones before a subcommand's own arguments, the rest after.
GROUPS: dict[str, Arguments] = {
    "dir": _dir,
    "view": _view,
    "roll": _roll,
    "json": _json,
    "lang": _lang,
}
LEADING = ("dir", "view", "roll")


# The arguments only one subcommand takes ---------------------------------------------------


def _chapter(key: str) -> Arguments:
    """``--chapter N``, its help (which chapter when none is given) told by ``key``."""

    def add(p: argparse.ArgumentParser) -> None:
        p.add_argument("--chapter", type=whole("cli.allowed.chapter"), metavar="N", help=h(key))

    return add


def _roll_only(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dice", type=faces, metavar="F,F,...", help=h("clihelp.roll.arg.dice"))
    seed = whole("cli.allowed.whole")
    p.add_argument("--seed", type=seed, metavar="N", help=h("clihelp.roll.arg.seed"))
    p.add_argument("--auto", action="store_true", help=h("clihelp.roll.arg.auto"))


def _new(p: argparse.ArgumentParser) -> None:
    p.add_argument("--name", help=h("clihelp.new.arg.name"))
    p.add_argument(
        "--profile",
        type=profile,
        default=None,
        metavar=PROFILE_METAVAR,
        help=h("clihelp.new.arg.profile"),
    )


def _run(p: argparse.ArgumentParser) -> None:
    p.add_argument("commands", nargs="+", metavar="COMMAND", help=h("clihelp.run.arg.commands"))
    seed = whole("cli.allowed.whole")
    p.add_argument("--seed", type=seed, metavar="N", help=h("clihelp.run.arg.seed"))


def _help(p: argparse.ArgumentParser) -> None:
    p.add_argument("verb", nargs="?", metavar="VERB", help=h("clihelp.help.arg.verb"))


def _import(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help=h("clihelp.import.arg.file"))


def _export(p: argparse.ArgumentParser) -> None:
    chapter_help = h("clihelp.export.arg.chapter")
    p.add_argument("--chapter", type=chapter_or_all, metavar="N|all", help=chapter_help)
    formats = ("md", "html")
    p.add_argument("--format", choices=formats, default="md", help=h("clihelp.export.arg.format"))
    p.add_argument("-o", "--output", metavar="FILE", help=h("clihelp.export.arg.o"))
    mode_help = h("clihelp.export.arg.mode")
    p.add_argument("--mode", type=octal_mode, default=0o600, metavar="OCTAL", help=mode_help)
    p.add_argument("--players", action="store_true", help=h("clihelp.export.arg.players"))
    npcs = ("words", "hidden")
    p.add_argument("--npcs", choices=npcs, default="words", help=h("clihelp.export.arg.npcs"))


def _sheet(p: argparse.ArgumentParser) -> None:
    """The sheet's ``--lang`` is the sheet's own language, so it is not the shared one."""
    p.add_argument("name", metavar="NAME", help=h("clihelp.sheet.arg.name"))
    formats = ("md", "html")
    p.add_argument("--format", choices=formats, default="md", help=h("clihelp.sheet.arg.format"))
    p.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.sheet.arg.lang"))


def _xp(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", metavar="NAME", help=h("clihelp.xp.arg.name"))


def _example(p: argparse.ArgumentParser) -> None:
    p.add_argument("--example", action="store_true", help=h("clihelp.config.arg.example"))


@dataclass(frozen=True)
class Subcommand:
    """One ``elysium NAME``: its words are the catalog's ``clihelp.NAME.help``,
    ``.description`` (and ``.epilog`` when ``epilog``), told with ``values``."""

    name: str
    handler: Handler
    takes: tuple[str, ...] = ("dir", "lang")  # keys of GROUPS
    arguments: Arguments | None = None  # what only this subcommand takes
    aliases: tuple[str, ...] = ()
    epilog: bool = False
    values: Callable[[], dict[str, object]] = dict  # read only when its parser is built


def verb_names() -> str:
    """Every verb, for ``run``'s help: the registry is read only when that help is built."""
    from elysium.chronicle.verbs import VERBS

    return ", ".join(v.name for v in VERBS)


# In the order `elysium --help` lists them.
SUBCOMMAND_TABLE = (
    Subcommand("roll", rolls.cmd_roll, ("roll", "lang"), _roll_only, epilog=True),
    Subcommand("odds", rolls.cmd_odds, ("roll", "lang")),
    Subcommand("new", handlers.new, arguments=_new),
    Subcommand(
        "run",
        handlers.run,
        arguments=_run,
        epilog=True,
        values=lambda: {"verbs": verb_names()},
    ),
    Subcommand("help", verbs.cmd_help, ("lang",), _help),
    Subcommand("state", handlers.state, ("dir", "json", "lang")),
    Subcommand("log", handlers.log, ("dir", "json", "lang"), _chapter("clihelp.log.arg.chapter")),
    Subcommand("import", handlers.import_, arguments=_import),
    Subcommand("export", handlers.export, arguments=_export, aliases=("recap",)),
    Subcommand("sheet", handlers.sheet, ("dir",), _sheet),
    Subcommand("xp", handlers.xp, ("dir", "lang"), _xp),
    Subcommand(
        "stats", handlers.stats, ("dir", "json", "lang"), _chapter("clihelp.stats.arg.chapter")
    ),
    Subcommand("check", handlers.check),
    Subcommand("repair", handlers.repair),
    Subcommand("replay", handlers.replay, arguments=_chapter("clihelp.replay.arg.chapter")),
    Subcommand("watch", watch.cmd_watch, ("view", "lang"), watch.watch_arguments),
    Subcommand(
        "serve",
        watch.cmd_serve,
        ("view", "lang"),
        watch.serve_arguments,
        values=lambda: {"host": watch.DEFAULT_HOST},
    ),
    Subcommand("share", share.cmd_share, arguments=share.share_arguments),
    Subcommand("config", config.cmd_config, ("lang",), _example),
)
SUBCOMMANDS = tuple(name for row in SUBCOMMAND_TABLE for name in (row.name, *row.aliases))


def _parents(row: Subcommand) -> list[_Parser]:
    """The row's argument groups and its own arguments, as parent parsers in help order."""
    adders = [GROUPS[g] for g in row.takes if g in LEADING]
    adders += [row.arguments] if row.arguments else []
    adders += [GROUPS[g] for g in row.takes if g not in LEADING]
    parents = []
    for add in adders:
        parent = _Parser(add_help=False)
        add(parent)
        parents.append(parent)
    return parents


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; tests read its help, the manual (docs/) copies its forms.
    With ``only`` (a subcommand's name or alias), the parser holds that subcommand alone:
    it parses that subcommand's arguments and tells its help and errors as the whole one
    does, without building the eighteen others."""
    parser = _Parser(
        prog="elysium",
        usage=USAGE,
        description=h("clihelp.description"),
        epilog=h("clihelp.epilog"),
    )
    parser.add_argument(
        "--version", action="version", version=f"elysium {__version__}", help=VERSION_HELP()
    )
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=_Parser, prog="elysium"
    )
    for row in SUBCOMMAND_TABLE:
        if only is not None and only not in (row.name, *row.aliases):
            continue
        key = f"clihelp.{row.name}"
        values = row.values()
        p = sub.add_parser(
            row.name,
            aliases=list(row.aliases),
            parents=_parents(row),
            help=h(f"{key}.help", **values),
            description=h(f"{key}.description", **values),
            epilog=h(f"{key}.epilog", **values) if row.epilog else None,
        )
        p.set_defaults(handler=row.handler)
    return parser


def dashboard_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="elysium",
        usage=USAGE,
        description=h("clihelp.dashboard.description", commands=", ".join(SUBCOMMANDS)),
        epilog=h("clihelp.epilog"),
    )
    parser.add_argument("dir", nargs="?", metavar="DIR", help=h("clihelp.dashboard.arg.dir"))
    parser.add_argument("--demo", action="store_true", help=h("clihelp.dashboard.arg.demo"))
    parser.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))
    parser.add_argument("--readonly", action="store_true", help=h("clihelp.dashboard.arg.readonly"))
    parser.add_argument(
        "--version", action="version", version=f"elysium {__version__}", help=VERSION_HELP()
    )
    return parser
