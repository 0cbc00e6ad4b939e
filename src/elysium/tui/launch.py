"""Starting the app: the dashboard (which chronicle, which language, and what to do when it is
busy), and ``elysium replay`` on the replay screen."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from elysium.chronicle.errors import ChronicleError, LockedError, StoreError
from elysium.chronicle.session import Session
from elysium.chronicle.store.paths import resolve_chronicle
from elysium.config import Config, load_config
from elysium.i18n import detect_lang, t
from elysium.tui.opening import fresh_demo
from elysium.tui.userstate import recent, remember


def new_command(dir_arg: str) -> str:
    """The shell command that creates the chronicle ``dir_arg`` names (quoted as typed)."""
    import shlex

    return f"elysium new {shlex.quote(dir_arg)}"


def choose(dir_arg: str | None, demo: bool) -> Path | None:
    """The chronicle to open: a fresh demo, the one named, else the one used last; None
    when there is none yet (the start screen offers the demo and a new chronicle)."""
    if demo:
        return fresh_demo()
    if dir_arg:
        return resolve_chronicle(dir_arg)
    return recent()


def launch(
    dir_arg: str | None,
    demo: bool,
    lang: str | None,
    readonly: bool,
    config: Config | None = None,
) -> int:
    """Open the chronicle and run the dashboard; always close the store on the way out.
    ``lang`` is ``--lang`` (None when not given: then the config's language, then the
    locale's); ``config`` is read from the config file unless the caller already has it."""
    from elysium.tui.app import make_app

    config = load_config() if config is None else config
    lang = lang or config.language or detect_lang()

    try:
        root = choose(dir_arg, demo)
    except ChronicleError as exc:
        print(t("cli.error", lang, prog="elysium", error=exc.render(lang)), file=sys.stderr)
        return 2
    session: Session | None = None
    locked = None
    try:
        session = Session.open(root, readonly=readonly) if root is not None else None
    except LockedError:
        locked = root
    except StoreError as exc:
        said = exc.render(lang)
        if exc.key == "store.no_chronicle" and dir_arg:  # say how to make it
            said = t("start.create_hint", lang, error=said, command=new_command(dir_arg))
        print(t("cli.error", lang, prog="elysium", error=said), file=sys.stderr)
        return 2
    if session is not None and root is not None and not session.readonly:
        with contextlib.suppress(StoreError, OSError):  # a convenience; a full disk is fine
            remember(root)
    report = session.report if session else ()
    app = make_app(session, lang, report=report, locked=locked, config=config)
    try:
        app.run()
    finally:
        if app.dashboard is not None:
            app.dashboard.runner.finish()
        if app.session is not None:
            app.session.close()
    return app.return_code or 0


def run_replay(root: Path, chapter: int | None, lang: str) -> int:
    """``elysium replay``: open ``chapter`` (the latest when None) read-only and show it on
    the app's replay screen; the chronicle is closed before the screen starts."""
    from elysium.chronicle.replay import Replay

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
    from elysium.tui.app import make_replay_app

    # The user's keymap and theme apply to the replay as to the dashboard.
    make_replay_app(replay, name, lang, config=load_config()).run()
    return 0
