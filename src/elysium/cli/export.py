"""The chronicle commands that read a chapter out: ``export`` (a recap as Markdown or HTML),
``stats`` (dice against the exact odds) and ``replay``. Imported only when one runs."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from elysium.chronicle.errors import StoreError
from elysium.chronicle.session import Session
from elysium.chronicle.store.paths import resolve_chronicle
from elysium.cli.chronicle import open_session as _open
from elysium.cli.chronicle import warn as _warn
from elysium.cli.values import ALL
from elysium.i18n import Msg, t


def _chapter(session: Session, chapter: int | None) -> int:
    chapters = session.store.chapters()
    if chapter is None:
        return chapters[-1]
    if chapter not in chapters:
        raise StoreError("store.no_such_chapter", chapter=chapter, chapters=chapters)
    return chapter


def cmd_export(args: argparse.Namespace, lang: str) -> int:
    from elysium.chronicle.events import undone as undone_in
    from elysium.tell.recap import build, markdown_pieces, page_pieces

    session = _open(args, readonly=True, lang=lang)
    try:
        # The story so far (every chapter), or one chapter.
        chapter = None if args.chapter == ALL else _chapter(session, args.chapter)
        # Every chapter read once lightly (what cannot be read is told, as always; the
        # undos and redos say what did not happen), then the chapter's events, once.
        store = session.store
        undos = frozenset({"undo", "redo"})  # (a closed chapter is searched for them)
        skim = None if chapter is None else chapter.__ne__
        first = store.stream(kinds=undos, only_wanted=True, skim=skim)
        undone = undone_in(r.event for r in first if r.event is not None)
        store.warnings = first.warnings
        events = store.stream(chapter).events()
        table = None
        if args.players:  # what the table may read (the characters as they are now)
            from elysium.chronicle.offstage import chronicle_offstage
            from elysium.tell.table import Table

            # Each event told by whether its NPCs were kept off the view at that event.
            offstage = chronicle_offstage(store, session.state)
            table = Table(session.state, args.npcs, offstage)
        recap = build(events, chapter, session.state.name, lang, undone=undone, table=table)
        _warn(args.command, session, lang)
    finally:
        session.close()
    # Written as it is told: a long chapter's text is never held whole beside its recap.
    pieces = markdown_pieces(recap, lang) if args.format == "md" else page_pieces(recap, lang)
    if not args.output:
        write = sys.stdout.write
        for piece in pieces:
            write(piece)
        return 0
    _write_export(Path(args.output).expanduser(), "".join(pieces).encode("utf-8"), args.mode)
    print(t("cli.wrote", lang, path=args.output), file=sys.stderr)
    return 0


def _write_export(target: Path, data: bytes, mode: int) -> None:
    """Write an export beside the target under an unpredictable temp name created
    exclusively (never through a planted symlink), then rename it into place."""
    from elysium.chronicle.store.files import atomic_write

    if target.is_symlink():
        raise StoreError("export.symlink", path=target)
    if target.exists() and not target.is_file():
        raise StoreError("export.not_regular", path=target)
    for directory in (target.parent, target.parent.parent):
        if (directory / "journal").is_dir() or (directory / "chronicle.json").exists():
            raise StoreError("export.inside", path=target)
    if not target.parent.is_dir():
        raise StoreError("export.no_dir", directory=target.parent, name=target.name)
    atomic_write(target, data, mode=mode, what=Msg("store.could_not_write", name=target))


def cmd_stats(args: argparse.Namespace, lang: str) -> int:
    from elysium.tell.stats import ANYONE, streamed_stats

    session = _open(args, readonly=True, lang=lang)
    try:
        if args.chapter is not None:
            _chapter(session, args.chapter)
        # Every chapter is read (what cannot be be read is told as before); only the events
        # that hold rolls are read, a roll's own at a glance.
        state = session.state
        tallies, warnings = streamed_stats(
            session.store, state.profile, args.chapter, state.omitted
        )
        session.store.warnings = warnings
        _warn(args.command, session, lang)
    finally:
        session.close()
    if args.json:
        data = {
            "chapter": args.chapter,
            "characters": {k: v.to_dict() for k, v in tallies.items() if k != "*"},
            "all": tallies["*"].to_dict(),
        }
        if tallies["*"].omitted:  # (a chronicle that left none out reads as it always did)
            data["omitted"] = tallies["*"].omitted
        print(json.dumps(data, ensure_ascii=False))
        return 0
    left_out = tallies["*"].omitted
    if not tallies["*"].rolls:
        print(t("stats.none", lang))
        if left_out:
            print(t("stats.omitted", lang, n=left_out))
        return 0
    print(
        f"{t('stats.who', lang):<22} {t('stats.rolls', lang):>6}  "
        f"{t('stats.successes', lang):>10} ({t('stats.expected', lang)})  "
        f"{t('stats.botches', lang):>8} ({t('stats.expected', lang)})"
    )
    for who, tally in sorted(tallies.items(), key=lambda kv: (kv[0] == "*", kv[0])):
        name = t("stats.all", lang) if who == "*" else who
        name = t("rolls.storyteller", lang) if name == ANYONE else name
        print(
            f"{name[:22]:<22} {tally.rolls:>6}  {tally.successes:>10} "
            f"({float(tally.expected_successes):6.2f})  {tally.botches:>8} "
            f"({float(tally.expected_botches):5.2f})"
        )
    if left_out:
        print(t("stats.omitted", lang, n=left_out))
    return 0


def cmd_replay(args: argparse.Namespace, lang: str) -> int:
    from elysium.tui.launch import run_replay

    return run_replay(resolve_chronicle(args.dir), args.chapter, lang)


def cmd_sheet(args: argparse.Namespace, lang: str) -> int:
    """A character's whole sheet, as Markdown or one standalone HTML page."""
    from elysium.chronicle.commands.common import find
    from elysium.tell.sheet import build, markdown, page

    session = _open(args, readonly=True, lang=lang)
    try:
        _key, character = find(session.state, args.name)  # refused like the command bar
        _warn(args.command, session, lang)
    finally:
        session.close()
    sheet = build(character, lang)
    sys.stdout.write(markdown(sheet, lang) if args.format == "md" else page(sheet, lang))
    return 0
