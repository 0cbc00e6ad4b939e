"""``elysium replay``: open a chapter read-only and show it on the app's replay screen
(:mod:`elysium.tui.screens.replay`)."""

from __future__ import annotations

import sys
from pathlib import Path

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.replay import Replay
from elysium.chronicle.session import Session


def run_replay(root: Path, chapter: int | None, lang: str) -> int:
    try:
        session = Session.open(root, readonly=True)
    except ChronicleError as exc:
        print(f"elysium replay: error: {exc}", file=sys.stderr)
        return 2
    try:
        chapters = session.store.chapters()
        if chapter is not None and chapter not in chapters:
            print(
                f"elysium replay: error: there is no chapter {chapter}; chapters are "
                f"{', '.join(map(str, chapters))}",
                file=sys.stderr,
            )
            return 2
        replay = Replay.open(session, chapter)
        name = session.state.name
        for line in [*session.report, *session.store.warnings]:
            print(f"elysium replay: warning: {line}", file=sys.stderr)
    except ChronicleError as exc:
        print(f"elysium replay: error: {exc}", file=sys.stderr)
        return 2
    finally:
        session.close()
    from elysium.config import load_config
    from elysium.tui.app import make_replay_app

    # The user's keymap and theme apply to the replay as to the dashboard.
    make_replay_app(replay, name, lang, config=load_config()).run()
    return 0
