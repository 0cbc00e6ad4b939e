"""``elysium watch DIR`` and ``elysium serve DIR``: following the Storyteller's Elysium live,
read-only (never taking the chronicle's lock).

``watch`` on a chronicle is the Storyteller's dashboard, read-only; on a directory that
``elysium share`` publishes to (or on a chronicle with ``--players``) it is the players'
screen. ``serve`` shows the players' view as a web page. This module is read at every start:
what the commands need is imported when they run.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from elysium.cli.values import port
from elysium.cli.words import h

NPC_MODES = ("words", "hidden")
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8042


def _players_path(arg: str) -> Path:
    """A shared view's directory is any path; a plain name is a chronicle in the data
    directory, as everywhere else."""
    from elysium.chronicle.store.paths import resolve_chronicle

    return resolve_chronicle(arg)


def watch_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", action="store_true", help=h("clihelp.watch.arg.players"))
    p.add_argument("--npcs", choices=NPC_MODES, help=h("clihelp.watch.arg.npcs"))


def serve_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--host", default=DEFAULT_HOST, help=h("clihelp.serve.arg.host", host=DEFAULT_HOST)
    )
    p.add_argument(
        "--port",
        type=port,
        default=DEFAULT_PORT,
        help=h("clihelp.serve.arg.port", port=DEFAULT_PORT),
    )
    p.add_argument("--npcs", choices=NPC_MODES, help=h("clihelp.serve.arg.npcs"))
    p.add_argument("--key", metavar="KEY", help=h("clihelp.serve.arg.key"))
    p.add_argument("--no-key", action="store_true", help=h("clihelp.serve.arg.no_key"))


def cmd_watch(args: argparse.Namespace, lang: str) -> int:
    from elysium.chronicle.players import is_shared_view, players_source

    path = _players_path(args.dir)
    if args.players or args.npcs or is_shared_view(path) or not path.exists():
        from elysium.tui.app import make_players_app

        source = players_source(path, args.npcs)
        try:
            players = make_players_app(source, lang)
            players.run()
        finally:
            source.close()
        return players.return_code or 0

    from elysium.chronicle.follow import ChronicleSource
    from elysium.tui.app import make_watch_app

    follow = ChronicleSource(path)
    try:
        app = make_watch_app(follow, lang, args.config)
        app.run()
    finally:
        follow.close()
    return app.return_code or 0


def cmd_serve(args: argparse.Namespace, lang: str) -> int:
    from elysium.chronicle.players import players_source
    from elysium.web import new_key, serve

    if args.key is not None and not args.key.strip():
        from elysium.chronicle.errors import CommandError

        raise CommandError("serve.empty_key")  # one line, status 2 (the caller tells it)
    source = players_source(_players_path(args.dir), args.npcs)
    key = None if args.no_key else (args.key or new_key())
    try:
        return serve(source, args.host, args.port, lang, key)
    finally:
        source.close()
