"""``elysium xp DIR NAME``: a character's experience, every award and spend with its reason,
read from the chronicle without taking the writer's lock (as ``xp NAME`` answers it).
Imported only when it runs."""

from __future__ import annotations

import argparse

from elysium.chronicle.commands.common import Context
from elysium.chronicle.commands.xp_log import cmd_xp
from elysium.cli.chronicle import open_session, warn


def cmd_xp_view(args: argparse.Namespace, lang: str) -> int:
    session = open_session(args, readonly=True, lang=lang)
    try:
        outcome = cmd_xp(Context(session.state, session.rng, session.journal), (args.name,))
        warn(args.command, session, lang)
    finally:
        session.close()
    print(outcome.say.render(lang))
    return 0
