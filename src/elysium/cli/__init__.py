"""The ``elysium`` command line.

``roll`` and ``odds`` answer instantly from a shell, so parsing imports only the rules core;
anything heavier (Textual, the store) is imported inside the command that needs it. Bad
input exits with status 2 and one line on stderr saying what was wrong and what is allowed.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence

from elysium.chronicle.errors import ChronicleError, told
from elysium.cli.parser import (
    EXIT_USAGE,
    SUBCOMMANDS,
    Handler,
    argv_lang,
    build_parser,
    dashboard_parser,
)
from elysium.cli.words import argparse_words, error_lang
from elysium.config import Config, load_config
from elysium.i18n import detect_lang, t
from elysium.rules import RulesError

# Subcommands that compute and print, with nothing open when they return: the interpreter's
# exit walked every object they imported twice (some 7 ms of a 60 ms `elysium roll`).
COMPUTED = ("roll", "odds")


def _config_warnings(config: Config, lang: str) -> None:
    """What is wrong in config.toml, on stderr (the rest of the file applies meanwhile)."""
    for line in config.problems:
        print(t("cli.warning", lang, prog="elysium", line=line.render(lang)), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``elysium`` script; returns the exit status. The language is
    ``--lang``, else config.toml's ``language``, else the locale's."""
    own_process = argv is None  # the command line of this process, which ends when we return
    argv = lang_after_subcommand(list(sys.argv[1:] if argv is None else argv))
    config = load_config()
    error_lang[:] = [argv_lang(argv, config.language)]
    argparse._ = argparse_words  # type: ignore[attr-defined]  # its usage errors, told
    asks_help = any(a in ("-h", "--help") for a in argv)  # `elysium --lang ru --help` too
    if not argv or (argv[0] not in SUBCOMMANDS and not asks_help):
        args = dashboard_parser().parse_args(argv)
        from elysium.tui.launch import launch

        return launch(args.dir, args.demo, args.lang, args.readonly, config)
    if argv[0] in SUBCOMMANDS:  # that subcommand's parser only: it answers alike, sooner
        parser = build_parser(argv[0])
        args = parser.parse_args(argv)
    else:
        parser = build_parser()
        args = parser.parse_args(["--help"])
    if args.command is None:
        parser.print_help()
        return 0
    args.config = config
    lang = getattr(args, "lang", None) or config.language or detect_lang()
    if args.command != "config":  # which shows them itself
        _config_warnings(config, lang)
    status = _run(args, lang)
    if own_process and args.command in COMPUTED:
        gc.freeze()  # the exit then frees every object without the collector walking them all
    return status


def lang_after_subcommand(argv: list[str]) -> list[str]:
    """``elysium --lang ru roll 5``: a ``--lang`` written before a subcommand is that
    subcommand's (every one takes it); the dashboard's parser would refuse the rest."""
    if len(argv) >= 3 and argv[0] == "--lang" and argv[2] in SUBCOMMANDS:
        return [argv[2], "--lang", argv[1], *argv[3:]]
    if len(argv) >= 2 and argv[0].startswith("--lang=") and argv[1] in SUBCOMMANDS:
        return [argv[1], argv[0], *argv[2:]]
    return argv


def _run(args: argparse.Namespace, lang: str) -> int:
    """Run the subcommand's handler; its errors become one line and exit status 2."""
    prog = f"elysium {args.command}"
    try:
        handler: Handler = args.handler
        return handler(args, lang)
    except (ChronicleError, RulesError) as exc:
        print(t("cli.error", lang, prog=prog, error=told(exc, lang)), file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # `elysium odds 50 | head` is not an error
        return 0
    except OSError as exc:  # a file the user may not read (another's chronicle, a view)
        key = "cli.permission" if isinstance(exc, PermissionError) else "cli.os_error"
        why = t(key, lang, path=exc.filename or "", why=exc.strerror or str(exc))
        print(t("cli.error", lang, prog=prog, error=why), file=sys.stderr)
        return EXIT_USAGE
