"""Reading the history: ``xp NAME``, every award and spend of a character's experience with
its reason and time, and ``omit N``, a logged roll left out of the statistics (or counted
again).

Both read the chronicle's events (the session hands them in, :data:`Context.journal`): what
a character earned and spent is in the events that changed its ``xp``, not in the state. The
view writes nothing; the toggle is an event like any other, so undo takes it back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from elysium.chronicle.commands.common import ANSWER, Context, Journal, Outcome, find
from elysium.chronicle.errors import CommandError
from elysium.chronicle.events import Event, undone
from elysium.chronicle.omitted import COUNTED_ROLLS, left_out
from elysium.chronicle.parser import Args, VerbWord
from elysium.chronicle.state import MAX_SEQ, NEW
from elysium.chronicle.text import name_key
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg, Told, trait_label
from elysium.rules.tables import XP_PER_DOT

# The events that can change a character's experience (or who it belongs to), and the
# undos and redos that say which of them still stand.
XP_KINDS = frozenset(
    {
        "xp",
        "raise",
        "story",
        "gain",
        "spend",
        "trait_set",
        "import",
        "character_added",
        "character_removed",
        "renamed",
        "undo",
        "redo",
    }
)


@dataclass(frozen=True, slots=True)
class Entry:
    """One change to a character's experience: the event and how much it gave (or took)."""

    event: Event
    delta: int


def _history(ctx: Context, verb: str, kinds: frozenset[str]) -> list[Event]:
    journal: Journal | None = ctx.journal
    if journal is None:
        raise CommandError("xp_log.needs_chronicle", verb=VerbWord(verb))
    events = list(journal(kinds | {"undo", "redo"}))
    gone = undone(events)
    return [e for e in events if e.seq not in gone and e.type not in ("undo", "redo")]


def _delta(e: Event, key: str) -> int:
    """What ``e`` did to the experience of the character stored under ``key``."""
    changed = (e.changes.get("chars") or {}).get(key) or {}
    if NEW in changed:
        before, after = changed[NEW]
        if before is None and isinstance(after, dict):  # arrived (added, imported)
            return int(after.get("xp", 0) or 0)
        return 0
    pair = changed.get("xp")
    if not pair:
        return 0
    return int(pair[1] or 0) - int(pair[0] or 0)


def entries(events: Iterable[Event], key: str) -> list[Entry]:
    """The changes to the experience of the character now under ``key``, oldest first: a
    rename carries the earlier ones over, a removal forgets them (a character added later
    under the same name starts afresh)."""
    found: dict[str, list[Entry]] = {}
    for e in events:
        d = e.data
        if e.type == "renamed":
            old, new = name_key(str(d.get("name", ""))), name_key(str(d.get("new", "")))
            found[new] = found.pop(old, [])
            continue
        if e.type == "character_removed":
            found.pop(name_key(str(d.get("name", ""))), None)
            continue
        for who in (e.changes.get("chars") or {}) if isinstance(e.changes, dict) else ():
            try:
                delta = _delta(e, who)
            except (TypeError, ValueError, AttributeError):
                continue  # a malformed record from a file adds nothing
            if delta:
                found.setdefault(who, []).append(Entry(e, delta))
    return found.get(key, [])


def what(entry: Entry, who: str) -> Msg:
    """What the change was, as the view names it."""
    e, d = entry.event, entry.event.data
    if e.type == "xp":
        reason = d.get("reason")
        return Msg("xp_log.award.reason", reason=reason) if reason else Msg("xp_log.award")
    if e.type == "story":
        mine: dict[str, Any] = next((a for a in d.get("awards") or [] if a.get("who") == who), {})
        return Msg("xp_log.story", awards=[Msg(f"story.award.{a}") for a in mine.get("awards", [])])
    if e.type == "raise":
        name, rule, cost = str(d.get("trait", "")), d.get("rule"), int(d.get("cost", 0))
        trait: Msg | Told = (
            Msg("xp.path", name=name.removeprefix("path:"))
            if name.startswith("path:")
            else Told(lambda lang: trait_label(name, lang))
        )
        if isinstance(rule, str) and rule in XP_PER_DOT:
            row = Msg(f"xp.rule.{rule}", current=cost // XP_PER_DOT[rule])
            return Msg("xp_log.raise.priced", trait=trait, rule=row)
        if isinstance(rule, str) and rule.startswith("new_"):
            return Msg("xp_log.raise.priced", trait=trait, rule=Msg(f"xp.rule.{rule}"))
        return Msg("xp_log.raise", trait=trait)
    if e.type in ("gain", "spend"):
        return Msg(f"xp_log.{e.type}")
    return Msg("xp_log.other", command=e.cmd or e.type)


def line(entry: Entry, who: str) -> Msg:
    """One row of the view: the amount, the game's time and the date, what it was."""
    e = entry.event
    date = e.wall[:10] if isinstance(e.wall, str) else ""
    return Msg(
        "xp_log.line",
        n=f"{entry.delta:+d}".rjust(4),
        night=e.time.get("night", "?"),
        scene=e.time.get("scene", "?"),
        date=date,
        what=what(entry, who),
    )


@runs("xp")
def cmd_xp(ctx: Context, words: tuple[str, ...]) -> Outcome:
    """A question answered: nothing is written."""
    args = Args("xp", words)
    args.take("what.name")
    key, c = find(ctx.state, " ".join(words))
    found = entries(_history(ctx, "xp", XP_KINDS), key)
    if not found:
        return Outcome(ctx.state, ANSWER, {}, Msg("xp_log.none", who=c.name, left=c.xp))
    rows = [line(x, c.name) for x in found]
    awarded = sum(x.delta for x in found if x.delta > 0)
    spent = -sum(x.delta for x in found if x.delta < 0)
    say = Msg(
        "xp_log.view",
        who=c.name,
        rows=Told(lambda lang: "\n".join("  " + r.render(lang) for r in rows)),
        awarded=awarded,
        spent=spent,
        left=c.xp,
    )
    return Outcome(ctx.state, ANSWER, {}, say)


@runs("omit")
def cmd_omit(ctx: Context, words: tuple[str, ...]) -> Outcome:
    """Toggle a logged roll out of the statistics (or back in): one event, undoable."""
    args = Args("omit", words)
    wanted = args.take_int("what.event_number", 1, MAX_SEQ) if args.words else None
    args.done()
    state = ctx.state
    if wanted is not None and wanted > state.events:
        raise args.fail("omit.no_such_event", n=wanted, last=state.events)
    rolls = _history(ctx, "omit", COUNTED_ROLLS)
    if wanted is None:  # the newest roll: the one just thrown, as the dashboard shows it
        if not rolls:
            raise CommandError("omit.no_rolls")
        roll = rolls[-1]
    else:
        found = next((e for e in rolls if e.seq == wanted), None)
        if found is None:
            raise args.fail("omit.not_a_roll", n=wanted)
        roll = found
    seq = roll.seq
    leave = seq not in state.omitted
    data: dict[str, Any] = {"roll": seq, "left_out": leave}
    who = roll.data.get("who") or roll.data.get("attacker")
    if isinstance(who, str) and who:
        data["name"] = who
    key = "ack.omit.out" if leave else "ack.omit.in"
    say = Msg(key + (".who" if "name" in data else ""), n=seq, who=data.get("name", ""))
    return Outcome(left_out(state, seq, leave), "omit", data, say)
