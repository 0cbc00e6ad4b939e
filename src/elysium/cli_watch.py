"""``elysium watch DIR``: the dashboard, read-only and live, following the chronicle's
writer (never taking its lock)."""

from __future__ import annotations

import argparse

from elysium.chronicle.follow import ChronicleSource
from elysium.chronicle.paths import resolve_chronicle


def cmd_watch(args: argparse.Namespace, lang: str) -> int:
    from elysium.tui.app import make_watch_app

    source = ChronicleSource(resolve_chronicle(args.dir))
    try:
        app = make_watch_app(source, lang, args.config)
        app.run()
    finally:
        source.close()
    return app.return_code or 0


COMMANDS = {"watch": cmd_watch}
