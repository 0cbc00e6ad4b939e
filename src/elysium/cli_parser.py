"""The ``elysium`` command line's argument parsers, with usage errors told in the reader's
language (argparse's own phrases included) in one line each."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import NoReturn

from elysium import __version__, cli_share, cli_watch
from elysium.chronicle.verbs import VERBS as VERB_TABLE
from elysium.cli_words import _lang, argparse_words
from elysium.i18n import LANGUAGES, Msg, Refusal, detect_lang, t
from elysium.rules import PROFILES, Profile, RollKind, RulesError, get_profile
from elysium.rules.tables import MAX_POOL

EXIT_USAGE = 2
LANG_HELP = "language (default: language in config.toml, else the locale's)"


def VERSION_HELP() -> str:
    return argparse_words("show program's version number and exit")


DIR_HELP = "a chronicle: a name (kept in your data directory) or a path"
JSON_HELP = "print JSON instead of text"
DASHBOARD_EPILOG = (
    "The dashboard: elysium [DIR] [--demo] [--readonly] [--lang en|ru]. Without DIR it opens "
    "the chronicle used last, or a start screen to open the demo or create one; --demo opens "
    "a fresh copy of the demo chronicle, --readonly looks without changing anything. "
    "elysium COMMAND --help tells a command's arguments."
)


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
        self.exit(EXIT_USAGE, t("cli.error", _lang(), prog=self.prog, error=message) + "\n")


def _whole(allowed: str, **values: object):
    """An int parser whose error says what is allowed (argparse names the argument);
    ``allowed`` is a catalog key (``cli.allowed.…``) told with ``values``."""

    def parse(text: str) -> int:
        try:
            return int(text.strip())
        except ValueError:
            said = Msg("cli.must_be", allowed=Msg(allowed, **values), got=text)
            raise argparse.ArgumentTypeError(said.render(_lang())) from None

    return parse


def _faces(text: str) -> list[int]:
    parts = [p for p in text.replace(" ", "").split(",") if p]
    if not parts:
        raise argparse.ArgumentTypeError(t("cli.needs_faces", _lang()))
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.faces_whole", _lang(), got=text)) from None


def _mode(text: str) -> int:
    try:
        mode = int(text, 8)
    except ValueError:
        mode = -1
    if not 0 <= mode <= 0o777:
        raise argparse.ArgumentTypeError(t("cli.octal", _lang(), got=text))
    return mode


def _profile(text: str) -> Profile:
    try:
        return get_profile(text)
    except RulesError as exc:
        raise argparse.ArgumentTypeError(told(exc, _lang())) from None


def _add_roll_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "pool",
        type=_whole("cli.allowed.pool", most=MAX_POOL),
        metavar="POOL",
        help=f"number of d10s, 1-{MAX_POOL}",
    )
    p.add_argument(
        "--diff",
        type=_whole("cli.allowed.difficulty"),
        default=6,
        metavar="D",
        help="difficulty 2-10 (default 6)",
    )
    p.add_argument("--spec", action="store_true", help="specialty: each 10 counts twice")
    p.add_argument(
        "--wp",
        action="store_true",
        help="spend Willpower: one success no 1 can cancel; never a botch",
    )
    p.add_argument(
        "--profile",
        type=_profile,
        default=PROFILES["v20"],
        metavar="v20|dark-ages|demon",
        help="rules profile (default v20)",
    )
    p.add_argument(
        "--kind",
        choices=[k.value for k in RollKind],
        default="action",
        help="damage and soak rolls never botch (default action)",
    )
    p.add_argument(
        "--rule-of-ten",
        action="store_true",
        help="house rule: every 10 is rolled again for more successes",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line; tests read its help, the README copies its forms."""
    parser = _Parser(
        prog="elysium",
        description="Elysium: the Storyteller's screen for Vampire: The Masquerade (V20).",
        epilog=DASHBOARD_EPILOG,
    )
    parser.add_argument(
        "--version", action="version", version=f"elysium {__version__}", help=VERSION_HELP()
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p_roll = sub.add_parser(
        "roll",
        help="roll a pool of d10s and judge it",
        description="Roll a pool (or score faces from physical dice) and judge it.",
        epilog="Faces: +8 a success, *10* a ten (**10** counts twice with a specialty), "
        "-1- a one that cancels a success, a bare number does nothing.",
    )
    _add_roll_options(p_roll)
    p_roll.add_argument(
        "--dice",
        type=_faces,
        metavar="F,F,...",
        help="faces rolled on physical dice, one per die (then the rule of ten's rerolls)",
    )
    p_roll.add_argument(
        "--seed", type=_whole("cli.allowed.whole"), metavar="N", help="repeatable dice"
    )
    p_roll.add_argument(
        "--auto",
        action="store_true",
        help="take the automatic success without rolling, where the pool allows it",
    )

    p_odds = sub.add_parser(
        "odds",
        help="exact odds of a roll before it is thrown",
        description="The exact chances of a roll: success, failure, botch, each count.",
    )
    _add_roll_options(p_odds)

    p_new = sub.add_parser(
        "new",
        help="create a chronicle",
        description="Create an empty chronicle (then add characters with elysium run, or "
        "open it in the dashboard: elysium DIR).",
    )
    p_new.add_argument("dir", metavar="DIR", help=DIR_HELP)
    p_new.add_argument("--name", help="the chronicle's title (default: the directory's name)")
    p_new.add_argument(
        "--profile",
        type=_profile,
        default=None,
        metavar="v20|dark-ages|demon",
        help="rules profile (default: profile in config.toml, else v20)",
    )
    p_new.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)

    p_run = sub.add_parser(
        "run",
        help="apply commands to a chronicle",
        description="Apply commands in order, one result line each, printed as soon as the "
        "event is on disk. A single '-' reads the commands from standard input, one a line "
        "(blank lines and # comments skipped). The first refused command stops the run "
        "(exit 2); the ones before it are kept.",
        epilog="Verbs: " + ", ".join(v.name for v in VERB_TABLE) + ". Russian spellings work "
        "too; elysium help VERB explains one.",
    )
    p_run.add_argument("dir", metavar="DIR", help=DIR_HELP)
    p_run.add_argument("commands", nargs="+", metavar="COMMAND", help="commands, or - for stdin")
    p_run.add_argument(
        "--seed",
        type=_whole("cli.allowed.whole"),
        metavar="N",
        help="repeatable dice for rolls without typed faces",
    )
    p_run.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)

    p_help = sub.add_parser(
        "help",
        help="the command language: every verb, or one verb in detail",
        description="Every verb of the command language by group, or one verb (any of its "
        "spellings) with its usage and keywords, in the session's language.",
    )
    p_help.add_argument("verb", nargs="?", metavar="VERB", help="a verb, in any spelling")
    p_help.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)

    p_state = sub.add_parser(
        "state",
        help="show a chronicle's current state",
        description="The chronicle as it stands: time, combat, every character.",
    )
    p_state.add_argument("dir", metavar="DIR", help=DIR_HELP)
    p_state.add_argument("--json", action="store_true", help=JSON_HELP)
    p_state.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)

    p_log = sub.add_parser(
        "log",
        help="list a chronicle's events",
        description="Every event of the chronicle (or of one chapter), oldest first.",
    )
    p_log.add_argument("dir", metavar="DIR", help=DIR_HELP)
    p_log.add_argument(
        "--chapter", type=_whole("cli.allowed.chapter"), metavar="N", help="default: every chapter"
    )
    p_log.add_argument("--json", action="store_true", help=JSON_HELP)
    p_log.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)

    p_import = sub.add_parser(
        "import",
        help="add characters from a JSON or TOML file",
        description="Add the characters a JSON or TOML file lists, each checked as set checks "
        "it; one event each, undoable.",
    )
    p_import.add_argument("dir", metavar="DIR", help=DIR_HELP)
    p_import.add_argument("file", metavar="FILE", help="the JSON or TOML file")
    p_import.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)

    p_export = sub.add_parser(
        "export",
        aliases=["recap"],
        help="a chapter's recap as Markdown or HTML (also: elysium recap)",
        description="A chapter told as a recap: scenes, fights round by round, notable rolls, "
        "damage, blood, the Beast, experience. HTML is one standalone page.",
    )
    p_export.add_argument("dir", metavar="DIR", help=DIR_HELP)
    p_export.add_argument(
        "--chapter",
        type=_whole("cli.allowed.chapter"),
        metavar="N",
        help="default: the latest chapter",
    )
    p_export.add_argument(
        "--format", choices=("md", "html"), default="md", help="Markdown or HTML (default md)"
    )
    p_export.add_argument("-o", "--output", metavar="FILE", help="write here (default: stdout)")
    p_export.add_argument(
        "--mode",
        type=_mode,
        default=0o600,
        metavar="OCTAL",
        help="permissions of the file written (default 600: private, like every save)",
    )
    p_export.add_argument(
        "--players", action="store_true", help="the players' recap: only what the table saw"
    )
    p_export.add_argument(
        "--npcs", choices=("words", "hidden"), default="words", help="with --players: NPCs shown"
    )
    p_export.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)

    p_sheet = sub.add_parser(
        "sheet",
        help="a character's sheet as Markdown or HTML",
        description="A character's whole sheet, as on the printed V20 sheet, in Markdown or "
        "HTML (names and notes escaped).",
    )
    p_sheet.add_argument("dir", metavar="DIR", help=DIR_HELP)
    p_sheet.add_argument("name", metavar="NAME", help="the character (any unique part of the name)")
    p_sheet.add_argument("--format", choices=("md", "html"), default="md", help="default: md")
    p_sheet.add_argument("--lang", choices=LANGUAGES, help="the sheet's language")

    p_stats = sub.add_parser(
        "stats",
        help="dice statistics against the exact odds",
        description="Rolls, successes and botches per character against their exact "
        "expectation, with histograms of outcomes and faces.",
    )
    p_stats.add_argument("dir", metavar="DIR", help=DIR_HELP)
    p_stats.add_argument(
        "--chapter", type=_whole("cli.allowed.chapter"), metavar="N", help="default: every chapter"
    )
    p_stats.add_argument("--json", action="store_true", help=JSON_HELP)
    p_stats.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)

    p_check = sub.add_parser(
        "check",
        help="verify every file and checksum of a chronicle",
        description="Verify every file and checksum of a chronicle without changing "
        "anything. Exit 0 when it is sound, 1 when something is damaged.",
    )
    p_check.add_argument("dir", metavar="DIR", help=DIR_HELP)
    p_check.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)
    p_repair = sub.add_parser(
        "repair",
        help="repair a damaged chronicle, keeping every original aside",
        description="Recover a chronicle explicitly: finish or undo an interrupted chapter "
        "close, cut off an unfinished record, rebuild damaged files from what is readable. "
        "Every original is kept as NAME.damaged-DATE.",
    )
    p_repair.add_argument("dir", metavar="DIR", help=DIR_HELP)
    p_repair.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)

    p_replay = sub.add_parser(
        "replay",
        help="step through a saved chapter in the dashboard",
        description="A saved chapter event by event, read-only, in the dashboard's panes.",
    )
    p_replay.add_argument("dir", metavar="DIR", help=DIR_HELP)
    p_replay.add_argument(
        "--chapter",
        type=_whole("cli.allowed.chapter"),
        metavar="N",
        help="default: the latest chapter",
    )
    p_replay.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)

    cli_watch.add_parsers(sub, DIR_HELP, LANG_HELP, LANGUAGES)
    cli_share.add_parser(sub, DIR_HELP, LANG_HELP, LANGUAGES)

    p_config = sub.add_parser(
        "config",
        help="where your settings live and which are in effect",
        description="Print the path of config.toml, the settings in effect (language, "
        "default profile, theme, keys) and where each comes from, and any problem in the "
        "file (exit 1 when there is one).",
    )
    p_config.add_argument(
        "--example", action="store_true", help="print a commented example config.toml"
    )
    p_config.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)
    return parser


CHRONICLE_COMMANDS = (
    *("new", "run", "state", "log", "import", "export", "sheet", "stats", "replay", "check"),
    *("repair", "recap", "watch", "share", "serve"),
)
SUBCOMMANDS = ("roll", "odds", "help", "config", *CHRONICLE_COMMANDS)


def dashboard_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="elysium",
        description="Open the dashboard: the most recent chronicle, or DIR, or a fresh demo. "
        "Other commands: " + ", ".join(SUBCOMMANDS) + " (elysium COMMAND --help).",
        epilog=DASHBOARD_EPILOG,
    )
    parser.add_argument(
        "dir", nargs="?", metavar="DIR", help=DIR_HELP + " (default: the one used last)"
    )
    parser.add_argument("--demo", action="store_true", help="open a fresh copy of the demo")
    parser.add_argument("--lang", choices=LANGUAGES, help=LANG_HELP)
    parser.add_argument("--readonly", action="store_true", help="look, change nothing")
    parser.add_argument(
        "--version", action="version", version=f"elysium {__version__}", help=VERSION_HELP()
    )
    return parser
