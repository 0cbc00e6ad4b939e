"""The ``elysium`` command line's argument parsers, with usage errors told in the reader's
language (argparse's own phrases included) in one line each."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import NoReturn

from elysium import __version__
from elysium.chronicle.verbs import VERBS as VERB_TABLE
from elysium.cli import share as cli_share
from elysium.cli import watch as cli_watch
from elysium.cli.words import argparse_words, h, reader_lang
from elysium.i18n import LANGUAGES, Msg, Refusal, detect_lang, t
from elysium.rules import PROFILES, Profile, RollKind, RulesError, get_profile
from elysium.rules.tables import MAX_POOL

EXIT_USAGE = 2
USAGE = "%(prog)s [DIR] [--demo] [--readonly] [--lang {en,ru}]\n       %(prog)s COMMAND ..."


def VERSION_HELP() -> str:
    return argparse_words("show program's version number and exit")


def told(exc: BaseException, lang: str) -> str:
    """A refusal in ``lang``; any other error as its text."""
    return exc.render(lang) if isinstance(exc, Refusal) else str(exc)


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


def _whole(allowed: str, **values: object):
    """An int parser whose error says what is allowed (argparse names the argument);
    ``allowed`` is a catalog key (``cli.allowed.…``) told with ``values``."""

    def parse(text: str) -> int:
        try:
            return int(text.strip())
        except ValueError:
            said = Msg("cli.must_be", allowed=Msg(allowed, **values), got=text)
            raise argparse.ArgumentTypeError(said.render(reader_lang())) from None

    return parse


def _faces(text: str) -> list[int]:
    parts = [p for p in text.replace(" ", "").split(",") if p]
    if not parts:
        raise argparse.ArgumentTypeError(t("cli.needs_faces", reader_lang()))
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.faces_whole", reader_lang(), got=text)) from None


def _mode(text: str) -> int:
    try:
        mode = int(text, 8)
    except ValueError:
        mode = -1
    if not 0 <= mode <= 0o777:
        raise argparse.ArgumentTypeError(t("cli.octal", reader_lang(), got=text))
    return mode


def _profile(text: str) -> Profile:
    try:
        return get_profile(text)
    except RulesError as exc:
        raise argparse.ArgumentTypeError(told(exc, reader_lang())) from None


def _add_roll_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "pool",
        type=_whole("cli.allowed.pool", most=MAX_POOL),
        metavar="POOL",
        help=h("clihelp.rollopts.arg.pool", most=MAX_POOL),
    )
    p.add_argument(
        "--diff",
        type=_whole("cli.allowed.difficulty"),
        default=6,
        metavar="D",
        help=h("clihelp.rollopts.arg.diff"),
    )
    p.add_argument("--spec", action="store_true", help=h("clihelp.rollopts.arg.spec"))
    p.add_argument(
        "--wp",
        action="store_true",
        help=h("clihelp.rollopts.arg.wp"),
    )
    p.add_argument(
        "--profile",
        type=_profile,
        default=PROFILES["v20"],
        metavar="v20|dark-ages|demon",
        help=h("clihelp.rollopts.arg.profile"),
    )
    p.add_argument(
        "--kind",
        choices=[k.value for k in RollKind],
        default="action",
        help=h("clihelp.rollopts.arg.kind"),
    )
    p.add_argument(
        "--rule-of-ten",
        action="store_true",
        help=h("clihelp.rollopts.arg.rule_of_ten"),
    )
    p.add_argument("--json", action="store_true", help=h("clihelp.rollopts.arg.json"))
    p.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))


def build_parser() -> argparse.ArgumentParser:
    """The whole command line; tests read its help, the README copies its forms."""
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

    p_roll = sub.add_parser(
        "roll",
        help=h("clihelp.roll.help"),
        description=h("clihelp.roll.description"),
        epilog=h("clihelp.roll.epilog"),
    )
    _add_roll_options(p_roll)
    p_roll.add_argument(
        "--dice",
        type=_faces,
        metavar="F,F,...",
        help=h("clihelp.roll.arg.dice"),
    )
    p_roll.add_argument(
        "--seed", type=_whole("cli.allowed.whole"), metavar="N", help=h("clihelp.roll.arg.seed")
    )
    p_roll.add_argument(
        "--auto",
        action="store_true",
        help=h("clihelp.roll.arg.auto"),
    )

    p_odds = sub.add_parser(
        "odds",
        help=h("clihelp.odds.help"),
        description=h("clihelp.odds.description"),
    )
    _add_roll_options(p_odds)

    p_new = sub.add_parser(
        "new",
        help=h("clihelp.new.help"),
        description=h("clihelp.new.description"),
    )
    p_new.add_argument("dir", metavar="DIR", help=h("clihelp.dir"))
    p_new.add_argument("--name", help=h("clihelp.new.arg.name"))
    p_new.add_argument(
        "--profile",
        type=_profile,
        default=None,
        metavar="v20|dark-ages|demon",
        help=h("clihelp.new.arg.profile"),
    )
    p_new.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))

    p_run = sub.add_parser(
        "run",
        help=h("clihelp.run.help"),
        description=h("clihelp.run.description"),
        epilog=h("clihelp.run.epilog", verbs=", ".join(v.name for v in VERB_TABLE)),
    )
    p_run.add_argument("dir", metavar="DIR", help=h("clihelp.dir"))
    p_run.add_argument("commands", nargs="+", metavar="COMMAND", help=h("clihelp.run.arg.commands"))
    p_run.add_argument(
        "--seed",
        type=_whole("cli.allowed.whole"),
        metavar="N",
        help=h("clihelp.run.arg.seed"),
    )
    p_run.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))

    p_help = sub.add_parser(
        "help",
        help=h("clihelp.help.help"),
        description=h("clihelp.help.description"),
    )
    p_help.add_argument("verb", nargs="?", metavar="VERB", help=h("clihelp.help.arg.verb"))
    p_help.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))

    p_state = sub.add_parser(
        "state",
        help=h("clihelp.state.help"),
        description=h("clihelp.state.description"),
    )
    p_state.add_argument("dir", metavar="DIR", help=h("clihelp.dir"))
    p_state.add_argument("--json", action="store_true", help=h("clihelp.json"))
    p_state.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))

    p_log = sub.add_parser(
        "log",
        help=h("clihelp.log.help"),
        description=h("clihelp.log.description"),
    )
    p_log.add_argument("dir", metavar="DIR", help=h("clihelp.dir"))
    p_log.add_argument(
        "--chapter",
        type=_whole("cli.allowed.chapter"),
        metavar="N",
        help=h("clihelp.log.arg.chapter"),
    )
    p_log.add_argument("--json", action="store_true", help=h("clihelp.json"))
    p_log.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))

    p_import = sub.add_parser(
        "import",
        help=h("clihelp.import.help"),
        description=h("clihelp.import.description"),
    )
    p_import.add_argument("dir", metavar="DIR", help=h("clihelp.dir"))
    p_import.add_argument("file", metavar="FILE", help=h("clihelp.import.arg.file"))
    p_import.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))

    p_export = sub.add_parser(
        "export",
        aliases=["recap"],
        help=h("clihelp.export.help"),
        description=h("clihelp.export.description"),
    )
    p_export.add_argument("dir", metavar="DIR", help=h("clihelp.dir"))
    p_export.add_argument(
        "--chapter",
        type=_whole("cli.allowed.chapter"),
        metavar="N",
        help=h("clihelp.export.arg.chapter"),
    )
    p_export.add_argument(
        "--format", choices=("md", "html"), default="md", help=h("clihelp.export.arg.format")
    )
    p_export.add_argument("-o", "--output", metavar="FILE", help=h("clihelp.export.arg.o"))
    p_export.add_argument(
        "--mode",
        type=_mode,
        default=0o600,
        metavar="OCTAL",
        help=h("clihelp.export.arg.mode"),
    )
    p_export.add_argument("--players", action="store_true", help=h("clihelp.export.arg.players"))
    p_export.add_argument(
        "--npcs", choices=("words", "hidden"), default="words", help=h("clihelp.export.arg.npcs")
    )
    p_export.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))

    p_sheet = sub.add_parser(
        "sheet",
        help=h("clihelp.sheet.help"),
        description=h("clihelp.sheet.description"),
    )
    p_sheet.add_argument("dir", metavar="DIR", help=h("clihelp.dir"))
    p_sheet.add_argument("name", metavar="NAME", help=h("clihelp.sheet.arg.name"))
    p_sheet.add_argument(
        "--format", choices=("md", "html"), default="md", help=h("clihelp.sheet.arg.format")
    )
    p_sheet.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.sheet.arg.lang"))

    p_stats = sub.add_parser(
        "stats",
        help=h("clihelp.stats.help"),
        description=h("clihelp.stats.description"),
    )
    p_stats.add_argument("dir", metavar="DIR", help=h("clihelp.dir"))
    p_stats.add_argument(
        "--chapter",
        type=_whole("cli.allowed.chapter"),
        metavar="N",
        help=h("clihelp.stats.arg.chapter"),
    )
    p_stats.add_argument("--json", action="store_true", help=h("clihelp.json"))
    p_stats.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))

    p_check = sub.add_parser(
        "check",
        help=h("clihelp.check.help"),
        description=h("clihelp.check.description"),
    )
    p_check.add_argument("dir", metavar="DIR", help=h("clihelp.dir"))
    p_check.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))
    p_repair = sub.add_parser(
        "repair",
        help=h("clihelp.repair.help"),
        description=h("clihelp.repair.description"),
    )
    p_repair.add_argument("dir", metavar="DIR", help=h("clihelp.dir"))
    p_repair.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))

    p_replay = sub.add_parser(
        "replay",
        help=h("clihelp.replay.help"),
        description=h("clihelp.replay.description"),
    )
    p_replay.add_argument("dir", metavar="DIR", help=h("clihelp.dir"))
    p_replay.add_argument(
        "--chapter",
        type=_whole("cli.allowed.chapter"),
        metavar="N",
        help=h("clihelp.replay.arg.chapter"),
    )
    p_replay.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))

    dir_help, lang_help = h("clihelp.dir"), h("clihelp.lang")
    cli_watch.add_parsers(sub, dir_help, lang_help, LANGUAGES)
    cli_share.add_parser(sub, dir_help, lang_help, LANGUAGES)

    p_config = sub.add_parser(
        "config",
        help=h("clihelp.config.help"),
        description=h("clihelp.config.description"),
    )
    p_config.add_argument("--example", action="store_true", help=h("clihelp.config.arg.example"))
    p_config.add_argument("--lang", choices=LANGUAGES, help=h("clihelp.lang"))
    return parser


CHRONICLE_COMMANDS = (
    *("new", "run", "state", "log", "import", "export", "sheet", "stats", "replay", "check"),
    *("repair", "recap", "watch", "share", "serve"),
)
SUBCOMMANDS = ("roll", "odds", "help", "config", *CHRONICLE_COMMANDS)


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
