"""The ``elysium`` command line.

``roll`` and ``odds`` answer instantly from a shell, so this module imports only the rules
core; anything heavier (Textual, the store) is imported inside the command that needs it.
Bad input exits with status 2 and one line on stderr saying what was wrong and what is
allowed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from elysium.chronicle.parser import VerbWord
from elysium.chronicle.verbs import VERBS as VERB_TABLE
from elysium.cli_parser import (
    CHRONICLE_COMMANDS,
    EXIT_USAGE,
    SUBCOMMANDS,
    argv_lang,
    build_parser,
    dashboard_parser,
    told,
)
from elysium.cli_words import argparse_words, error_lang
from elysium.config import Config, load_config
from elysium.i18n import detect_lang, t
from elysium.rules import (
    Profile,
    RollKind,
    RollRequest,
    RulesError,
    SeededDice,
    automatic_success,
    odds,
    roll,
    roll_faces,
)
from elysium.tell.marks import format_odds, format_roll


def _request(args: argparse.Namespace) -> tuple[RollRequest, Profile]:
    profile: Profile = args.profile
    if args.rule_of_ten:
        profile = profile.with_house(rule_of_ten=True)
    kind = RollKind(args.kind)
    return (
        RollRequest(args.pool, args.diff, specialty=args.spec, willpower=args.wp, kind=kind),
        profile,
    )


def _warn(args: argparse.Namespace, lang: str) -> None:
    if args.diff == 10:
        print(t("warn.difficulty10", lang), file=sys.stderr)


def cmd_roll(args: argparse.Namespace, lang: str) -> int:
    request, profile = _request(args)
    if args.dice is not None and args.seed is not None:
        raise RulesError("cli.dice_or_seed")
    if args.auto:
        result = automatic_success(request, profile)
    elif args.dice is not None:
        if not profile.house.rule_of_ten and len(args.dice) != request.dice:
            raise RulesError("cli.dice_count", faces=len(args.dice), dice=request.dice)
        try:
            result = roll_faces(request, args.dice, profile)
        except RulesError as exc:
            if not profile.house.rule_of_ten:
                raise
            raise RulesError("cli.rule_of_ten_hint", error=exc) from None
    else:
        result = roll(request, SeededDice(args.seed), profile)
    _warn(args, lang)
    if args.json:
        data = {"profile": profile.key, **result.to_dict()}
        if args.seed is not None:
            data["seed"] = args.seed
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(format_roll(result, profile, lang))
    return 0


def cmd_odds(args: argparse.Namespace, lang: str) -> int:
    request, profile = _request(args)
    result = odds(request, profile)
    _warn(args, lang)
    if args.json:
        data = result.to_dict()
        data["profile"] = profile.key
        data["auto_success_allowed"] = profile.auto_success_allowed(
            request.pool, request.difficulty
        )
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(format_odds(result, profile, lang))
    return 0


def cmd_help(args: argparse.Namespace, lang: str) -> int:
    """``elysium help [VERB]``: the command language from the verb registry."""
    from elysium import helptext

    if args.verb is None:
        print(helptext.overview(lang))
        return 0
    verb = helptext.find(args.verb)
    if verb is None:
        known = [VerbWord(v.name) for v in VERB_TABLE]
        raise RulesError("cli.unknown_verb", word=args.verb, known=known)
    print(helptext.verb_help(verb, lang))
    return 0


def cmd_config(args: argparse.Namespace, lang: str) -> int:
    """``elysium config``: where the settings live and which are in effect."""
    from elysium import cli_config

    return cli_config.cmd_config(args, lang)


COMMANDS = {"roll": cmd_roll, "odds": cmd_odds, "help": cmd_help, "config": cmd_config}


def _config_warnings(config: Config, lang: str) -> None:
    """What is wrong in config.toml, on stderr (the rest of the file applies meanwhile)."""
    for line in config.problems:
        print(t("cli.warning", lang, prog="elysium", line=line.render(lang)), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``elysium`` script; returns the exit status. The language is
    ``--lang``, else config.toml's ``language``, else the locale's."""
    argv = lang_after_subcommand(list(sys.argv[1:] if argv is None else argv))
    config = load_config()
    error_lang[:] = [argv_lang(argv, config.language)]
    argparse._ = argparse_words  # type: ignore[attr-defined]  # its usage errors, told
    asks_help = any(a in ("-h", "--help") for a in argv)  # `elysium --lang ru --help` too
    if not argv or (argv[0] not in SUBCOMMANDS and not asks_help):
        args = dashboard_parser().parse_args(argv)
        from elysium.tui.launch import launch

        return launch(args.dir, args.demo, args.lang, args.readonly, config)
    parser = build_parser()
    args = parser.parse_args(argv if argv[0] in SUBCOMMANDS else ["--help"])
    if args.command is None:
        parser.print_help()
        return 0
    args.config = config
    lang = getattr(args, "lang", None) or config.language or detect_lang()
    if args.command != "config":  # which shows them itself
        _config_warnings(config, lang)
    if args.command in CHRONICLE_COMMANDS:
        return _chronicle_command(args, lang)
    try:
        return COMMANDS[args.command](args, lang)
    except RulesError as exc:
        said = t("cli.error", lang, prog=f"elysium {args.command}", error=told(exc, lang))
        print(said, file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # `elysium odds 50 | head` is not an error
        return 0


def lang_after_subcommand(argv: list[str]) -> list[str]:
    """``elysium --lang ru roll 5``: a ``--lang`` written before a subcommand is that
    subcommand's (every one takes it); the dashboard's parser would refuse the rest."""
    if len(argv) >= 3 and argv[0] == "--lang" and argv[2] in SUBCOMMANDS:
        return [argv[2], "--lang", argv[1], *argv[3:]]
    if len(argv) >= 2 and argv[0].startswith("--lang=") and argv[1] in SUBCOMMANDS:
        return [argv[1], argv[0], *argv[2:]]
    return argv


def _chronicle_command(args: argparse.Namespace, lang: str) -> int:
    """Run a chronicle command; its errors become one line and exit status 2."""
    from elysium import cli_chronicle, cli_export, cli_share, cli_watch
    from elysium.chronicle.errors import ChronicleError

    commands = {**cli_chronicle.COMMANDS, **cli_export.COMMANDS, **cli_watch.COMMANDS}
    commands |= cli_share.COMMANDS
    try:
        return commands[args.command](args, lang)
    except (ChronicleError, RulesError) as exc:
        said = t("cli.error", lang, prog=f"elysium {args.command}", error=told(exc, lang))
        print(said, file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return 0
    except OSError as exc:  # a file the user may not read (another's chronicle, a view)
        key = "cli.permission" if isinstance(exc, PermissionError) else "cli.os_error"
        why = t(key, lang, path=exc.filename or "", why=exc.strerror or str(exc))
        print(t("cli.error", lang, prog=f"elysium {args.command}", error=why), file=sys.stderr)
        return EXIT_USAGE
