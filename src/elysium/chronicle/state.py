"""Chronicle state and the reducer: ``apply(state, event) -> state``.

State is derived from events only. Each event carries the before and after values of what
it changed, so applying one is a patch, undo is the same patch reversed, and replaying a
chronicle never consults the rules again (an old save replays the same even if a later
version reads a rule differently).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from elysium.chronicle.encounters import encounters_in, encounters_out
from elysium.chronicle.errors import Invalid, brief, reason
from elysium.chronicle.events import Event
from elysium.chronicle.extended import extended_in, extended_out
from elysium.chronicle.text import clean_name, clean_text
from elysium.chronicle.validate import ShapeError, validate_combat
from elysium.rules.character import Character
from elysium.rules.errors import RulesError
from elysium.rules.profiles import V20, HouseRules, Profile, get_profile
from elysium.rules.sheet import OMITTED_WHEN_EMPTY

UNDO_DEPTH = 100  # steps kept on the undo stack; older ones can no longer be undone
MAX_TITLE = 200
MAX_TIME = 10**9
MAX_SEQ = 10**12
NEW = ""  # the field name that stands for a whole character added or removed

# Events that start afresh: nothing before them can be undone. ``recovered`` is written by a
# repair that restored a newer state than the readable events give (see store recovery).
BARRIERS = frozenset({"created", "chapter", "recovered"})
# Events that are not commands a Storyteller would undo.
NOT_UNDOABLE = BARRIERS | {"undo", "redo"}

StackEntry = tuple[int, dict[str, Any], str]  # (seq, the event's changes, its line)


@dataclass(frozen=True, slots=True)
class State:
    """Everything the dashboard shows, derived from the events."""

    name: str = "Chronicle"
    profile: Profile = V20
    night: int = 1
    chapter: int = 1
    scene: int = 1
    turn: int = 1
    characters: Mapping[str, Character] = field(default_factory=dict)  # name key -> character
    forgiven: frozenset[str] = frozenset()  # first botch of the chapter already forgiven
    combat: Mapping[str, Any] | None = None  # the fight in progress (combat engine)
    # Open extended actions by number (chronicle.extended): plain values, like the fight.
    extended: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # Saved encounters by name key (chronicle.encounters): NPC sheets as plain values.
    encounters: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # The rolls left out of the statistics, by their events' numbers (``omit``).
    omitted: frozenset[int] = frozenset()
    events: int = 0  # sequence number of the last event applied
    undo: tuple[StackEntry, ...] = ()
    redo: tuple[StackEntry, ...] = ()

    def time(self) -> dict[str, int]:
        return {
            "night": self.night,
            "chapter": self.chapter,
            "scene": self.scene,
            "turn": self.turn,
        }

    def character(self, key: str) -> Character | None:
        return self.characters.get(key)


def _profile_out(p: Profile) -> dict[str, Any]:
    return {"key": p.key, "house": p.house.to_dict()}


def _profile_in(d: Any) -> Profile:
    if not isinstance(d, dict) or not isinstance(d.get("key"), str):
        raise Invalid("state.profile")
    house = d.get("house") or {}
    if not isinstance(house, dict):
        raise Invalid("state.house")
    return replace(get_profile(d["key"]), house=HouseRules.from_dict(dict(house)))


def _name_in(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_TITLE:
        raise Invalid("state.name")
    return clean_name(value) or "Chronicle"


def _count_in(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TIME:
        raise Invalid("state.time", most=MAX_TIME)
    return value


def _names_in(value: Any) -> frozenset[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise Invalid("state.names")
    return frozenset(value)


def _seqs_in(value: Any) -> frozenset[int]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_SEQ for v in value
    ):
        raise Invalid("state.omitted")
    return frozenset(value)


def _combat_in(value: Any) -> Any:
    if value is not None and not isinstance(value, dict):
        raise Invalid("state.fight")
    return value  # its inside is checked against the characters (validate_combat)


# Meta fields: (to JSON, from JSON).
META: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "name": (str, _name_in),
    "profile": (_profile_out, _profile_in),
    "night": (int, _count_in),
    "chapter": (int, _count_in),
    "scene": (int, _count_in),
    "turn": (int, _count_in),
    "forgiven": (lambda s: sorted(s), _names_in),
    "combat": (lambda c: None if c is None else dict(c), _combat_in),
    "extended": (extended_out, extended_in),
    "encounters": (encounters_out, encounters_in),
    "omitted": (lambda s: sorted(s), _seqs_in),
}
# Meta fields a snapshot leaves out while empty: a chronicle that never used them writes its
# checkpoints as it always did.
UNWRITTEN_WHEN_EMPTY = frozenset({"omitted"})


def diff(old: State, new: State) -> dict[str, Any]:
    """The before/after values of everything that differs between two states."""
    changes: dict[str, Any] = {}
    meta = {}
    for name, (out, _inp) in META.items():
        a, b = getattr(old, name), getattr(new, name)
        if a != b:
            meta[name] = [out(a), out(b)]
    if meta:
        changes["meta"] = meta
    chars: dict[str, dict[str, list[Any]]] = {}
    keys = [*old.characters, *(k for k in new.characters if k not in old.characters)]
    for key in keys:  # in the order characters were added, so replay keeps that order
        a, b = old.characters.get(key), new.characters.get(key)
        if a is b:
            continue
        if a is None or b is None:
            chars[key] = {NEW: [a.to_dict() if a else None, b.to_dict() if b else None]}
            continue
        da, db = a.to_dict(), b.to_dict()
        for f, empty in OMITTED_WHEN_EMPTY.items():
            if f in da or f in db:
                da.setdefault(f, empty)
                db.setdefault(f, empty)
        changed = {f: [da[f], db[f]] for f in da if da[f] != db[f]}
        if changed:
            chars[key] = changed
    if chars:
        changes["chars"] = chars
    return changes


def check_changes(changes: Any) -> None:
    """ValueError unless ``changes`` has the shape :func:`diff` gives: ``meta`` and ``chars``
    tables whose leaves are ``[before, after]`` pairs. (Read from a file, it may not.)"""
    if not isinstance(changes, Mapping):
        raise Invalid("state.changes")
    unknown = set(changes) - {"meta", "chars"}
    if unknown:
        raise Invalid("state.changes_part", part=sorted(map(str, unknown))[0])
    tables = [changes.get("meta") or {}]
    chars = changes.get("chars") or {}
    if not isinstance(chars, Mapping):
        raise Invalid("state.character_changes")
    tables.extend(chars.values())
    for table in tables:
        if not isinstance(table, Mapping):
            raise Invalid("state.changes_table")
        for pair in table.values():
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise Invalid("state.pair")


def invert(changes: Mapping[str, Any]) -> dict[str, Any]:
    """The same changes, undone."""
    check_changes(changes)
    out: dict[str, Any] = {}
    if "meta" in changes:
        out["meta"] = {k: [v[1], v[0]] for k, v in changes["meta"].items()}
    if "chars" in changes:
        out["chars"] = {
            key: {f: [v[1], v[0]] for f, v in fields_.items()}
            for key, fields_ in changes["chars"].items()
        }
    return out


def patch(state: State, changes: Mapping[str, Any]) -> State:
    """Apply the after-values of ``changes``."""
    check_changes(changes)
    updates: dict[str, Any] = {}
    for name, (_before, after) in (changes.get("meta") or {}).items():
        if name not in META:
            raise Invalid("state.field", field=name)
        updates[name] = META[name][1](after)
    chars_changes = changes.get("chars") or {}
    if chars_changes:
        chars = _arrivals(state.characters, chars_changes)
        for key, changed in chars_changes.items():
            if NEW in changed:
                continue
            current = chars.get(key)
            if current is None:
                raise Invalid("state.nobody", who=key)
            data = current.to_dict()
            for f, (_b, a) in changed.items():
                data[f] = a
            chars[key] = _loaded(Character.from_dict(data))
        updates["characters"] = chars
    if not updates:
        return state
    new = replace(state, **updates)
    if new.combat is not None and ("combat" in updates or chars_changes):
        try:
            validate_combat(new.combat, new.characters)
        except ShapeError as exc:
            raise Invalid(reason(exc)) from None
    return new


def _arrivals(
    characters: Mapping[str, Character], changes: Mapping[str, Any]
) -> dict[str, Character]:
    """The characters after the whole ones an event removes and adds. One that arrives as
    another leaves in the same event (a rename, or its undo) takes the leaver's place, so
    the order of the list survives a rename both live and replayed."""
    leaving = {k for k, c in changes.items() if NEW in c and c[NEW][1] is None}
    arriving = [
        (k, _loaded(Character.from_dict(c[NEW][1])))
        for k, c in changes.items()
        if NEW in c and c[NEW][1] is not None
    ]
    out: dict[str, Character] = {}
    for key, c in characters.items():
        if key not in leaving:
            out[key] = c
        elif arriving:
            new_key, new = arriving.pop(0)
            out.pop(new_key, None)
            out[new_key] = new
    out.update(arriving)
    return out


def _loaded(c: Character) -> Character:
    """Text read from disk is neutralised like typed text: a hand-edited or hostile save
    cannot smuggle terminal control sequences into the dashboard."""
    name, notes = clean_name(c.name), clean_text(c.notes, multiline=True)
    derangements = tuple(clean_name(d) for d in c.derangements)
    merits = tuple(replace(m, name=clean_name(m.name) or "?") for m in c.merits)
    flaws = tuple(replace(m, name=clean_name(m.name) or "?") for m in c.flaws)
    if (name, notes, derangements, merits, flaws) == (
        c.name,
        c.notes,
        c.derangements,
        c.merits,
        c.flaws,
    ):
        return c
    return replace(
        c, name=name or "?", notes=notes, derangements=derangements, merits=merits, flaws=flaws
    )


def apply(state: State, event: Event) -> State:
    """The reducer: the state after ``event``. Pure; raises ValueError for an event that
    does not fit the state (a damaged or foreign journal)."""
    try:
        new = patch(state, event.changes)
    except (RulesError, KeyError, TypeError, AttributeError, IndexError) as exc:
        raise Invalid(
            "state.does_not_apply", seq=event.seq, type=event.type, why=reason(exc)
        ) from None
    undo, redo = state.undo, state.redo
    if event.type in BARRIERS:
        undo, redo = (), ()
    elif event.type == "undo":
        target = event.data.get("target")
        if not undo or undo[-1][0] != target:
            raise Invalid("state.undo_stack", seq=event.seq)
        redo = (*redo, undo[-1])
        undo = undo[:-1]
    elif event.type == "redo":
        target = event.data.get("target")
        if not redo or redo[-1][0] != target:
            raise Invalid("state.redo_stack", seq=event.seq)
        undo = (*undo, redo[-1])[-UNDO_DEPTH:]
        redo = redo[:-1]
    elif event.changes:
        line = str(event.data.get("line") or event.type)
        undo = (*undo, (event.seq, event.changes, line))[-UNDO_DEPTH:]
        redo = ()
    return replace(new, undo=undo, redo=redo, events=event.seq)


def _entry(raw: Any) -> StackEntry:
    if not isinstance(raw, list) or len(raw) not in (2, 3):
        raise Invalid("state.undo_entry")
    seq, changes, *rest = raw
    if isinstance(seq, bool) or not isinstance(seq, int) or not isinstance(changes, dict):
        raise Invalid("state.undo_entry")
    check_changes(changes)
    if rest and not isinstance(rest[0], str):
        raise Invalid("state.undo_entry")
    return seq, dict(changes), clean_text(rest[0]) if rest else ""


def to_dict(state: State) -> dict[str, Any]:
    """A snapshot, for checkpoints."""
    out: dict[str, Any] = {
        name: META[name][0](getattr(state, name))
        for name in META
        if getattr(state, name) or name not in UNWRITTEN_WHEN_EMPTY
    }
    out["characters"] = {k: c.to_dict() for k, c in state.characters.items()}
    out["events"] = state.events
    out["undo"] = [list(entry) for entry in state.undo]
    out["redo"] = [list(entry) for entry in state.redo]
    return out


def from_dict(d: Any) -> State:
    """Rebuild a snapshot read from disk, checking every value; ValueError when it is not
    one (wrong types, out of range, a fight naming nobody)."""
    if not isinstance(d, dict):
        raise Invalid("state.snapshot_not_table")
    try:
        values: dict[str, Any] = {name: META[name][1](d[name]) for name in META if name in d}
        chars = d.get("characters") or {}
        if not isinstance(chars, dict):
            raise Invalid("state.characters")
        characters: dict[str, Character] = {}
        for key, raw in chars.items():
            if not isinstance(key, str) or not key or len(key) > MAX_TITLE:
                raise Invalid("state.character_key")
            characters[key] = _loaded(Character.from_dict(raw))
        values["characters"] = characters
        events = d.get("events")
        if isinstance(events, bool) or not isinstance(events, int) or not 1 <= events <= MAX_SEQ:
            raise Invalid("state.event_count")
        values["events"] = events
        for stack in ("undo", "redo"):
            raw_stack = d.get(stack) or []
            if not isinstance(raw_stack, list) or len(raw_stack) > UNDO_DEPTH:
                raise Invalid(f"state.{stack}_stack_malformed")
            values[stack] = tuple(_entry(e) for e in raw_stack)
        if values.get("combat") is not None:
            validate_combat(values["combat"], characters)
    except (RulesError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise Invalid("state.not_snapshot", why=brief(exc, 160)) from None
    known = {f.name for f in fields(State)}
    return State(**{k: v for k, v in values.items() if k in known})
