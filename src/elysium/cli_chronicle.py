"""The headless chronicle commands: ``new``, ``run``, ``state``, ``log``, ``import``.

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
from elysium.chronicle.state import State
from elysium.chronicle.store.paths import data_dir, ensure_private_dir, resolve_chronicle
from elysium.chronicle.store.store import Store
from elysium.chronicle.store.stream import Stream
from elysium.config import Config, load_config
from elysium.i18n import t
from elysium.present import bearing_note, boosts, load_words
from elysium.rules import SeededDice, get_profile
from elysium.rules.beast import vampire_bearing as bearing
from elysium.rules.character import Character
from elysium.rules.clans import in_clan, is_caitiff


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


def character_json(c: Character) -> dict[str, Any]:
    """The ``state --json`` shape of one character."""
    track = c.health
    return {
        "name": c.name,
        "kind": c.kind.value,
        "generation": c.generation,
        "clan": c.clan,
        "clan_disciplines": list(in_clan(c.clan, c.clan_disciplines)),
        "clan_disciplines_own": bool(c.clan_disciplines),
        "caitiff": is_caitiff(c.clan),
        "blood": {"current": c.blood, "max": c.blood_max, "per_turn": c.blood_per_turn},
        "willpower": {"current": c.willpower_points, "rating": c.willpower},
        "morality": {"name": c.morality, "rating": c.morality_rating, "bearing": bearing(c)},
        "virtues": dict(c.virtues),
        "health": {
            "track": list(track.marks()),
            "penalty": track.penalty if track.penalty is not None else 0,
            "status": c.status().value,
            "level": track.level.key if track.level else None,
        },
        "attributes": dict(c.attributes),
        "abilities": dict(c.abilities),
        "disciplines": dict(c.disciplines),
        "frenzy": c.frenzy.to_dict() if c.frenzy else None,
        "rotschreck": c.fear.to_dict() if c.fear else None,
        "derangements": list(c.derangements),
        "derangements_due": c.derangements_due,
        "xp": c.xp,
        "rested": c.aggravated_rested,
        "boosts": {  # what blood adds now (after fading), as rolls count it
            k: {"base": c.attributes.get(k, 0), "now": c.trait(k)}
            for k in c.boosts
            if c.boost_bonus(k)
        },
        **({"load": c.load} if c.load else {}),  # pounds carried (``carry``)
    }


def state_json(state: State) -> dict[str, Any]:
    from elysium.chronicle.combat import combat_json

    return {
        "name": state.name,
        "profile": state.profile.key,
        "night": state.night,
        "chapter": state.chapter,
        "scene": state.scene,
        "turn": state.turn,
        "events": state.events,
        "characters": [character_json(c) for c in state.characters.values()],
        "combat": combat_json(state),
        "extended": [{"id": int(k), **v} for k, v in state.extended.items()],
        "undo": len(state.undo),
        "redo": len(state.redo),
    }


def cmd_state(args: argparse.Namespace, lang: str) -> int:
    session = open_session(args, readonly=True, lang=lang)
    try:
        state = session.state
        if args.json:
            print(json.dumps(state_json(state), ensure_ascii=False))
            return 0
        print(
            t(
                "cli.state",
                lang,
                name=state.name,
                profile=state.profile.key,
                night=state.night,
                chapter=state.chapter,
                scene=state.scene,
                turn=state.turn,
                events=state.events,
            )
        )
        width = min(24, max((len(c.name) for c in state.characters.values()), default=4))
        for key, c in state.characters.items():
            track = c.health
            level = t(f"health.{track.level.key}" if track.level else "health.unhurt", lang)
            flags = []
            status = c.status().value
            if status not in ("active", "incapacitated"):
                level = t("status." + status, lang)  # dead is not "Incapacitated"
            if c.frenzied:
                flags.append(t("ui.frenzy", lang))
            if c.in_rotschreck:
                flags.append(t("ui.rotschreck", lang))
            for check, label in ((c.frenzy, "ui.frenzy_check"), (c.fear, "ui.rotschreck_check")):
                if check is not None and check.state.value == "resisting":
                    flags.append(f"{t(label, lang)} {check.accumulated}/5")
            flags += boosts(c, lang)
            flags += load_words(c, lang)
            if c.staked:
                flags.append(t("ui.staked", lang))
            flags += [t("ui.dazed", lang)] if key in (state.combat or {}).get("dazed", ()) else []
            if c.aggravated_rested:
                flags.append(t("ui.rested", lang))
            if c.lost:
                flags.append(t("ui.lost", lang))
            name = c.name if len(c.name) <= width else c.name[: width - 1] + "…"
            extra = f" [{'; '.join(flags)}]" if flags else ""
            kind = c.kind.value if lang == "en" else t(f"kind.{c.kind.value}", lang)
            morality = c.morality
            if lang != "en" and c.has_humanity:
                morality = t("ui.humanity", lang)
            print(
                t(
                    "cli.state_character",
                    lang,
                    name=f"{name:<{width}}",
                    kind=f"{kind:<7}",
                    track="".join(track.marks(lang)),
                    level=f"{level:<14}",
                    blood=c.blood,
                    blood_max=c.blood_max,
                    wp=c.willpower_points,
                    wp_max=c.willpower,
                    morality=morality,
                    rating=c.morality_rating,
                    bearing=bearing_note(c, lang),
                    extra=extra,
                )
            )
            if c.clan or c.clan_disciplines:
                own = list(in_clan(c.clan, c.clan_disciplines)) or t("ack.set.none", lang)
                print(t("cli.state_clan", lang, clan=c.clan or "—", disciplines=own))
        from elysium.chronicle.combat import combat_json
        from elysium.chronicle.commands.extended import open_line

        combat = combat_json(state)
        if combat:
            order = ", ".join(f"{e['name']} {e['initiative']}" for e in combat["order"]) or t(
                "cli.no_initiative", lang
            )
            now = t("cli.now", lang, who=combat["current"]) if combat["current"] else ""
            round_ = combat["round"]
            phase = combat["phase"]
            print(t("cli.combat", lang, round=round_, phase=phase, order=order, now=now))
            if combat["dazed"]:
                print(t("cli.dazed", lang, names=combat["dazed"]))
        for number, action in state.extended.items():
            print(open_line(number, action, lang))
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
    from elysium.describe import describe, when

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


COMMANDS = {
    "new": cmd_new,
    "run": cmd_run,
    "state": cmd_state,
    "log": cmd_log,
    "import": cmd_import,
    "check": cmd_check,
    "repair": cmd_repair,
}
