"""The headless chronicle commands: ``new``, ``run``, ``log``, ``import``, ``check``, ``repair``.

Imported only when one of them runs, so ``elysium roll`` never loads TinyDB.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from elysium.chronicle.errors import ChronicleError, CommandError, told
from elysium.chronicle.events import Event
from elysium.chronicle.parser import MAX_COMMAND
from elysium.chronicle.session import Session
from elysium.chronicle.store.paths import data_dir, ensure_private_dir, resolve_chronicle
from elysium.chronicle.store.store import Store
from elysium.chronicle.store.stream import Stream
from elysium.config import Config, load_config
from elysium.i18n import t
from elysium.rules import SeededDice, get_profile


def _exit_on_signal(signum: int, _frame: Any) -> None:
    raise SystemExit(128 + signum)


def _graceful() -> None:
    """SIGTERM / SIGHUP end the run between commands; a record being written finishes
    first (the store blocks them during the write)."""
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _exit_on_signal)


def open_session(args: argparse.Namespace, readonly: bool, lang: str) -> Session:
    root = resolve_chronicle(args.dir)
    rng = SeededDice(args.seed) if getattr(args, "seed", None) is not None else None
    session = Session.open(root, readonly=readonly, rng=rng)
    for line in session.report:
        key = "cli.warning" if readonly else "cli.recovered"  # a reader changes nothing
        print(t(key, lang, prog="elysium", line=told(line, lang)), file=sys.stderr)
    return session


def _config(args: argparse.Namespace) -> Config:
    config = getattr(args, "config", None)
    return config if isinstance(config, Config) else load_config()


def cmd_new(args: argparse.Namespace, lang: str) -> int:
    root = resolve_chronicle(args.dir)
    if root.parent == data_dir().absolute():
        ensure_private_dir(root.parent)  # the data directory itself is private too
    profile = args.profile or get_profile(_config(args).profile)  # --profile, else config
    session = Session.create(root, args.name or root.name, profile)
    try:
        print(t("cli.created", lang, name=session.state.name, root=root, profile=profile.key))
    finally:
        session.close()
    return 0


def cmd_run(args: argparse.Namespace, lang: str) -> int:
    _graceful()
    from_stdin = args.commands == ["-"]
    session = open_session(args, readonly=False, lang=lang)
    try:
        commands = _stdin_commands() if from_stdin else enumerate(args.commands, start=1)
        for i, command in commands:
            try:
                if isinstance(command, CommandError):
                    raise command
                result = session.execute(command)
            except ChronicleError as exc:
                shown = command if isinstance(command, str) else ""
                if from_stdin and shown:
                    where = t("cli.where_line_text", lang, n=i, text=_short(shown))
                elif from_stdin:
                    where = t("cli.where_line", lang, n=i)
                elif len(args.commands) > 1:
                    where = t("cli.where_command", lang, n=i, text=_short(shown))
                else:
                    where = repr(_short(shown))
                error = t("cli.where", lang, where=where, error=exc.render(lang))
                print(t("cli.error", lang, prog="elysium run", error=error), file=sys.stderr)
                return 2
            print(result.render(lang), flush=True)
            for line in result.warnings:  # the event stands; what failed after it is told
                print(
                    t("cli.warning", lang, prog="elysium run", line=told(line, lang)),
                    file=sys.stderr,
                )
    finally:
        session.close()
    return 0


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _stdin_commands() -> Iterator[tuple[int, str | CommandError]]:
    """Commands from standard input, one a line, read as they come (a prepared scene piped
    in, or a test counting acknowledgements). A line over the limit is refused as soon as
    the limit is passed, without reading the rest of it."""
    stream = sys.stdin.buffer
    cap = MAX_COMMAND * 4 + 2  # UTF-8 takes at most four bytes a character
    number = 0
    while True:
        raw = stream.readline(cap)
        if not raw:
            return
        number += 1
        if len(raw) >= cap and not raw.endswith(b"\n"):
            yield number, CommandError("parse.line_too_long", most=MAX_COMMAND)
            return
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            yield number, CommandError("parse.not_utf8")
            return
        if not line or line.startswith("#"):
            continue
        yield number, line


def cmd_import(args: argparse.Namespace, lang: str) -> int:
    session = open_session(args, readonly=False, lang=lang)
    try:
        result = session.import_file(Path(args.file))
        print(result.render(lang))
    finally:
        session.close()
    return 0


def cmd_log(args: argparse.Namespace, lang: str) -> int:
    """The events a line each (or as JSON), read as they are printed; what could not be
    read is said after them."""
    session = open_session(args, readonly=True, lang=lang)
    try:
        store = session.store
        stream = store.stream(args.chapter)
        if args.json:
            out = sys.stdout
            out.write("[")
            for i, e in enumerate(stream.events()):
                out.write((", " if i else "") + json.dumps(e.to_dict(), ensure_ascii=False))
            out.write("]\n")
        else:
            _log_lines(store, stream, args.chapter, lang)
        store.warnings = stream.warnings
        warn(args.command, session, lang)
    finally:
        session.close()
    return 0


def _log_lines(store: Store, stream: Stream, chapter: int | None, lang: str) -> None:
    from elysium.tell.events import describe, when

    # An undo or redo is told with the step it names, in the reader's language: those
    # steps are found first (English keeps the line each undo recorded).
    targets: set[int] = set()
    if lang != "en":
        first = store.stream(chapter, want=lambda r: r.kind in ("undo", "redo"))
        for r in first:
            target = r.event.data.get("target") if r.event is not None else None
            if r.kind in ("undo", "redo") and isinstance(target, int):
                targets.add(target)
    earlier: dict[int, Event] = {}
    previous: int | None = None
    for e in stream.events():
        if e.seq in targets:
            earlier[e.seq] = e
        if e.type in ("undo", "redo") and targets:
            _look_ahead(store, chapter, e, earlier)
        if previous is None:
            previous = e.seq - 1
        if e.seq > previous + 1:
            gap = f"{previous + 1}" if e.seq == previous + 2 else f"{previous + 1}–{e.seq - 1}"
            print(f"{'·' * 6}  {t('log.gap', lang, events=gap)}")
        print(f"{e.seq:>6}  {when(e, lang):<16} {describe(e, lang, earlier)}")
        previous = e.seq


def _look_ahead(store: Store, chapter: int | None, e: Event, earlier: dict[int, Event]) -> None:
    """A step named by an undo but written after it (only a hand-made journal has one)."""
    target = e.data.get("target")
    if isinstance(target, int) and target not in earlier and target > e.seq:
        for r in store.stream(chapter, want=lambda r: r.seq == target):
            if r.seq == target and r.event is not None:
                earlier[target] = r.event


def warn(command: str, session: Session, lang: str) -> None:
    """What could not be read: said on stderr, so the output stays what was asked for."""
    for line in session.store.warnings:
        said = told(line, lang)
        print(t("cli.warning", lang, prog=f"elysium {command}", line=said), file=sys.stderr)


def cmd_check(args: argparse.Namespace, lang: str) -> int:
    from elysium.chronicle.store.store import Store

    root = resolve_chronicle(args.dir)
    verdict = Store.verify(root)
    for line in verdict.lines:
        print(told(line, lang))
    if not verdict.sound:
        print(t("cli.damaged", lang, root=root))
    return 0 if verdict.sound else 1


def cmd_repair(args: argparse.Namespace, lang: str) -> int:
    from elysium.chronicle.store.store import Store

    root = resolve_chronicle(args.dir)
    session = Session.open(root, full=True)
    try:
        for line in session.report:
            print(t("cli.repaired", lang, line=told(line, lang)))
    finally:
        session.close()
    if not session.report:
        print(t("cli.nothing_to_repair", lang))
    verdict = Store.verify(root)
    for line in verdict.lines:
        print(told(line, lang))
    return 0 if verdict.sound else 1
