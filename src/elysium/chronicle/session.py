"""The session controller: the one place that changes a chronicle.

The dashboard's command bar, its keys and ``elysium run`` all come here. A command is parsed,
judged by the rules, turned into an event, checked against the reducer, written durably,
and only then becomes the state the caller sees.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from elysium.chronicle import state as st
from elysium.chronicle.commands.common import ANSWER, Context, Journal, Outcome
from elysium.chronicle.errors import (
    CommandError,
    Line,
    StoreError,
    brief,
    repair_hint,
)
from elysium.chronicle.events import Event, now_iso
from elysium.chronicle.hidden import take_hidden
from elysium.chronicle.now import now_said
from elysium.chronicle.omitted import left_out, take_omitted
from elysium.chronicle.parser import Parsed, parse
from elysium.chronicle.share import Share
from elysium.chronicle.share import setting as share_setting
from elysium.chronicle.store.signals import ignore_file_size_signal
from elysium.chronicle.store.store import Store
from elysium.chronicle.telling import Tellers, installed
from elysium.chronicle.text import clean_name, name_key
from elysium.chronicle.verbs import handler
from elysium.i18n import Msg, Told
from elysium.rules import SeededDice
from elysium.rules.dice import DiceSource
from elysium.rules.errors import RulesError
from elysium.rules.profiles import Profile

MAX_RETELL = 500  # events back that an undo's acknowledgement looks to tell its target anew


Composer = Callable[[Event, st.State, Msg], None]  # see Session.execute's before_write


@dataclass(frozen=True, slots=True)
class Result:
    """What a command did: the line to show and the event now on disk."""

    say: Msg
    event: Event | None  # None for a question answered (``rules``, ``power NAME``): no event
    # What went wrong after the event was saved (the players' view not published, a
    # checkpoint postponed): the event stands; these are said beside it.
    warnings: tuple[Line, ...] = ()

    @property
    def message(self) -> str:
        """The acknowledgement in English (``say.render(lang)`` for another language)."""
        return str(self.say)

    def render(self, lang: str = "en") -> str:
        return self.say.render(lang)


def dispatch(state: st.State, text: str, rng: DiceSource) -> tuple[st.State, tuple[str, dict, Msg]]:
    """Run one command (not undo or redo) on a state in memory: the new state and the
    event's type, data and line. Nothing is written."""
    return run_parsed(state, parse(text), rng)


def run_parsed(
    state: st.State, parsed: Parsed, rng: DiceSource, journal: Journal | None = None
) -> tuple[st.State, tuple[str, dict, Msg]]:
    """:func:`dispatch` for a command already parsed (``journal``: the chronicle's events,
    for the verbs that read them)."""
    if parsed.verb in ("undo", "redo"):
        raise CommandError(f"session.{parsed.verb}_needs_chronicle")
    parsed, hidden = take_hidden(parsed)
    parsed, omitted = take_omitted(parsed)
    from elysium.chronicle.commands import registry  # noqa: F401  the handlers, at the first command

    try:
        outcome: Outcome = handler(parsed.verb)(Context(state, rng, journal), parsed.args)
    except RulesError as exc:
        raise CommandError(way_on(state, exc.msg)) from None
    data, say, after = dict(outcome.data), outcome.say, outcome.state
    if omitted and outcome.type != ANSWER:  # the event about to be written is this roll
        data["omitted"] = True
        after = left_out(after, state.events + 1)
        say = Msg("ack.omitted", line=say)
    if hidden and outcome.type != ANSWER:
        data["hidden"] = True
        say = Msg("ack.hidden", line=say)
    return after, (outcome.type, data, say)


# Refusals that a limit per turn gives: each is told with the way to the next turn.
PER_TURN = frozenset(
    {
        "blood.per_turn",
        "blood.turn_spent",
        "blood.feed_per_turn",
        "willpower.already_ignoring",
        "willpower.already_spent",
    }
)


def way_on(state: st.State, why: Msg) -> Msg:
    """A per-turn limit's refusal with how to move on: ``turn`` outside a fight (the limit
    holds until then, or a new scene or night), the next round in one."""
    if why.key not in PER_TURN:
        return why
    told = why.values
    if "per_turn" in told and (
        told.get("left", 0) >= told["per_turn"] or told.get("amount", 0) > told["per_turn"]
    ):
        return why  # more than a whole turn allows: the next turn would not help
    return Msg("limit.turn" if state.combat is None else "limit.round", why=why)


class Session:
    """An open chronicle and its current state."""

    def __init__(
        self,
        store: Store,
        state: st.State,
        rng: DiceSource | None = None,
        tellers: Tellers | None = None,
    ) -> None:
        self.store = store
        self.state = state
        self.rng = rng or SeededDice()
        self.report: list[str] = []
        self.warnings: list[Line] = []  # after-save troubles, each told with its command
        self._published: tuple[Any, bool] | None = None  # the view last published
        self.share: Share | None = None  # where the players' view is published (issue 15)
        self.tellers = tellers  # who retells an undone step (None: those installed)

    @property
    def readonly(self) -> bool:
        return self.store.readonly

    @classmethod
    def create(
        cls, root: Path, name: str, profile: Profile, rng: DiceSource | None = None
    ) -> Session:
        ignore_file_size_signal()
        title = clean_name(name) or root.name
        base = st.State()
        new = st.State(name=title, profile=profile)
        first = Event(
            seq=1,
            type="created",
            time=new.time(),
            wall=now_iso(),
            cmd="",
            data={"name": title, "profile": profile.key, "line": f"chronicle {title} begins"},
            changes=st.diff(base, new),
        )
        store, state = Store.create(root, first)
        return cls(store, state, rng)

    @classmethod
    def open(
        cls,
        root: Path,
        readonly: bool = False,
        rng: DiceSource | None = None,
        full: bool = False,
    ) -> Session:
        """Open a chronicle; ``full`` verifies (and, writing, repairs) every closed chapter."""
        if not readonly:
            ignore_file_size_signal()
        store, opened = Store.open(root, readonly=readonly, full=full)
        session = cls(store, opened.state, rng)
        session.report = opened.report
        session.publish_view()
        return session

    def publish_view(self, stopped: bool = False) -> None:
        """Publish the players' view, when the chronicle is shared (``elysium share`` and
        ``--stop`` reach a running writer at its next event). It only ever writes there; a
        failure is reported and the chronicle goes on (its event is saved)."""
        if self.readonly:
            return
        self.share = share_setting(self.store.root)
        if self.share is None:
            return
        from elysium.chronicle.share import EVENTS_READ, publish_state

        recent = self.store.tail_events(EVENTS_READ)
        try:
            self._published = publish_state(
                self.share, self.state, recent, stopped, self._published
            )
        except Exception as exc:  # the event is saved: the view must never undo that
            self._published = None
            self.warnings.append(Line("share.failed", to=str(self.share.to), error=brief(exc, 120)))

    def execute(
        self,
        text: str,
        dice: DiceSource | None = None,
        *,
        before_write: Composer | None = None,
        publish: bool = True,
    ) -> Result:
        """Run one command. On any refusal nothing is written and the state is unchanged;
        the error says why (CommandError or StoreError). ``dice``: this command's own source
        (physical dice asked step by step: :class:`~elysium.rules.table_dice.NeedFaces`
        leaves with nothing written when a step's faces are still to come).
        ``before_write(event, state, message)`` is called once the event is decided, just
        before it is written: a screen may compose its result meanwhile, to show it once
        this returns (the write can still fail: then this raises, as ever). ``publish``
        False: the players' view is left for the caller to publish (:meth:`publish_view`),
        once it has shown the result."""
        if self.readonly:
            raise StoreError("store.read_only")
        parsed = parse(text)
        state = self.state
        if parsed.verb in ("undo", "redo"):
            if parsed.args:
                raise CommandError(f"session.{parsed.verb}_no_words")
            stack = state.undo if parsed.verb == "undo" else state.redo
            if not stack:
                raise CommandError(f"session.nothing_to_{parsed.verb}")
            target, changes, line = stack[-1]
            event_type, data = parsed.verb, {"target": target, "what": line}
            try:
                forward = st.invert(changes) if parsed.verb == "undo" else changes
                new_state = st.patch(state, forward)
            except (ValueError, RulesError) as exc:
                raise CommandError(
                    f"session.cannot_{parsed.verb}",
                    why=brief(exc, 120),
                    hint=repair_hint(self.store.root),
                ) from None
            # The step's own line tells the numbers of its time; ``now`` those after this.
            told = self._retold(target, line)
            now = now_said(new_state, forward)
            message = Msg(f"session.{parsed.verb}_done", target=target, line=told, now=now)
            changes_out = forward
        else:
            new_state, (event_type, data, message) = run_parsed(
                state, parsed, dice or self.rng, self.journal
            )
            if event_type == ANSWER:
                return Result(message, None)  # a question: nothing changed, nothing written
            changes_out = None
        return self._commit(
            state,
            new_state,
            event_type,
            data,
            message,
            parsed.text,
            changes_out,
            before_write,
            publish,
        )

    def journal(self, kinds: frozenset[str]) -> Iterator[Event]:
        """The chronicle's events of these types, oldest first, read from its files."""
        for record in self.store.stream(kinds=kinds, only_wanted=True):
            try:
                yield record.decoded()
            except ValueError:
                continue  # a record that does not read is left out, as ``log`` leaves it

    def _retold(self, target: int, line: str) -> Told | str:
        """The undone event's line in the reader's language: told again from the event when
        it is among the recent ones (the stack keeps only its English line)."""
        if self.state.events - target > MAX_RETELL:
            return line
        try:
            recent = self.store.tail_events(self.state.events - target + 1)
        except StoreError:
            return line
        found = next((e for e in recent if e.seq == target), None)
        if found is None:
            return line
        tell = (self.tellers or installed()).line
        return Told(lambda lang: line if lang == "en" else tell(found, lang))

    def import_file(self, path: Path) -> Result:
        """Add every character of a JSON or TOML file (or a Foundry actor) as one event, or
        none of them; what the file held that the sheet cannot is said after, a line each."""
        if self.readonly:
            raise StoreError("store.read_only")
        from elysium.chronicle.importer import build, read_import  # `import` only (HTML, Foundry)

        state = self.state
        read = read_import(path)
        chars = build(read.entries, state.profile, set(state.characters))
        new_state = replace(
            state, characters={**state.characters, **{name_key(c.name): c for c in chars}}
        )
        names = [c.name for c in chars]
        message = Msg("session.imported", n=len(chars), names=names)
        result = self._commit(
            state, new_state, "import", {"names": names}, message, f"import {path.name}", None
        )
        if not read.skipped:
            return result
        skipped = read.skipped
        lines = Told(lambda lang: "".join("\n" + m.render(lang) for m in skipped))
        return replace(result, say=Msg("import.done_but", done=message, skipped=lines))

    def _commit(
        self,
        state: st.State,
        new_state: st.State,
        event_type: str,
        data: dict,
        message: Msg,
        cmd: str,
        changes: dict | None,
        before_write: Composer | None = None,
        publish: bool = True,
    ) -> Result:
        data["line"] = str(message)  # English, for older readers and plain tools
        if state.events >= st.MAX_SEQ:
            raise CommandError("session.most_events", most=st.MAX_SEQ)
        event = Event(
            seq=state.events + 1,
            type=event_type,
            time=new_state.time(),
            wall=now_iso(),
            cmd=cmd,
            data=data,
            changes=st.diff(state, new_state) if changes is None else changes,
        )
        try:
            after = st.apply(state, event)  # the reducer must agree before anything is written
        except ValueError as exc:
            raise CommandError("session.does_not_fit", why=exc) from None
        if before_write is not None:
            before_write(event, after, message)
        if event_type == "chapter":
            self.store.start_chapter(event, after.chapter, after)
        else:
            self.store.append(event)
        self.state = after
        told = len(self.warnings)
        if publish:
            self.publish_view()
        if self.store.checkpoint_due():
            try:
                self.store.checkpoint(after)
            except StoreError as exc:
                self.warnings.append(Line("session.checkpoint_postponed", error=exc))
        return Result(message, event, tuple(self.warnings[told:]))

    def events(self, chapter: int | None = None) -> list[Event]:
        return self.store.events(chapter)

    def close(self) -> None:
        self.publish_view(stopped=True)
        self.store.close(None if self.readonly else self.state)
