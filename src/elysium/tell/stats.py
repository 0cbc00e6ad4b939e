"""Dice statistics: what was rolled against what the exact odds expected.

Every action roll kept in the events (plain rolls, attacks, defences, frenzy and Rötschreck
checks, degeneration) counts, with its own pool, difficulty, specialty and Willpower; damage
and soak rolls do not (they cannot botch). Automatic successes rolled no dice and are left out.

A long chronicle rolls the same few pools again and again: the odds are computed once per
distinct roll (pool, difficulty, specialty, Willpower and the profile), and a tally keeps how
often each was rolled, so the expected values are a short sum at the end. The rolls are
counted the same way, once per distinct (name, roll, outcome), and a roll's own event read
at a glance is judged once per distinct text of what it holds. The events come as an
iterable (a stream of the chronicle, :data:`ROLLING` the only types it need decode).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import chain
from typing import TYPE_CHECKING, Any, NamedTuple

from elysium.chronicle.events import Event
from elysium.chronicle.glance import Glance, Texts, texts_reader, value
from elysium.chronicle.omitted import COUNTED_ROLLS
from elysium.rules import RollKind, RollRequest, odds
from elysium.rules.odds import Odds
from elysium.rules.profiles import Profile
from elysium.rules.tables import MAX_POOL

if TYPE_CHECKING:
    from elysium.chronicle.store.entries import Record
    from elysium.chronicle.store.store import Store

ANYONE = "—"
_ACTION = RollKind.ACTION.value
# The event types that hold action rolls (what :func:`action_rolls` reads).
ROLLING = COUNTED_ROLLS


@lru_cache(maxsize=4096)
def chances(request: RollRequest, profile: Profile) -> Odds:
    """The exact odds of one distinct roll, computed once."""
    return odds(request, profile)


# Each distinct roll once: (dice, difficulty, specialty, Willpower, the profile's id) -> the
# request and its profile (kept alive here, so its id stays its own).
_KINDS: dict[tuple[int, int, bool, bool, int], tuple[RollRequest, Profile]] = {}


class Throw(NamedTuple):
    """One action roll read from an event, checked: what a tally adds."""

    kind: tuple[int, int, bool, bool, int]  # a key of _KINDS
    botch: bool
    successes: int  # 0 for a botch
    faces: Any  # as the record holds them (a list of faces)

    @classmethod
    def read(cls, roll: dict[str, Any], profile: Profile) -> Throw:
        """The roll as a record holds it; an error of the kinds :func:`dice_stats` catches
        when it is malformed."""
        dice = roll["dice"]
        kind = (
            max(1, len(dice)),
            int(roll.get("difficulty", 6)),
            bool(roll.get("specialty")),
            bool(roll.get("willpower")),
            id(profile),
        )
        if kind not in _KINDS:
            request = RollRequest(kind[0], kind[1], specialty=kind[2], willpower=kind[3])
            chances(request, profile)
            _KINDS[kind] = (request, profile)
        botch = bool(roll.get("botch"))
        got = 0 if botch else int(roll.get("successes", 0))
        if not isinstance(dice, Mapping):
            hash(tuple(dice))  # faces a tally cannot count (unhashable) are a malformed roll
        return cls(kind, botch, got, dice)


@dataclass
class Tally:
    """One character's rolls (or everyone's)."""

    rolls: int = 0
    successes: int = 0
    botches: int = 0
    outcomes: Counter = field(default_factory=Counter)  # "botch", 0, 1, 2, ...
    faces: Counter = field(default_factory=Counter)  # 1..10 on the first throw
    rolled: Counter = field(default_factory=Counter)  # Throw.kind -> times rolled
    omitted: int = 0  # rolls left out (``omit``): counted in everyone's tally only
    _thrown: list[Any] = field(default_factory=list, repr=False, compare=False)

    def add(self, roll: dict[str, Any], profile: Profile) -> None:
        self.count(Throw.read(roll, profile))
        self.settle()

    def count(self, throw: Throw) -> None:
        """Add a roll (its faces are counted by :meth:`settle`, many at once)."""
        self.rolls += 1
        self.successes += throw.successes
        self.botches += throw.botch
        self.outcomes["botch" if throw.botch else throw.successes] += 1
        self.rolled[throw.kind] += 1
        if isinstance(throw.faces, Mapping):  # not a list: counted at once, as it always was
            self.faces.update(throw.faces)
        else:
            self._thrown.append(throw.faces)

    def settle(self) -> None:
        if self._thrown:
            self.faces.update(chain.from_iterable(self._thrown))
            self._thrown.clear()

    @property
    def expected_successes(self) -> Fraction:
        return self._expected(lambda o: o.expected_successes)

    @property
    def expected_botches(self) -> Fraction:
        return self._expected(lambda o: o.p_botch)

    def _expected(self, part: Any) -> Fraction:
        total = Fraction(0)
        for kind, times in self.rolled.items():
            total += times * part(chances(*_KINDS[kind]))
        return total

    def to_dict(self) -> dict[str, Any]:
        return {
            "rolls": self.rolls,
            "successes": self.successes,
            "expected_successes": float(self.expected_successes),
            "botches": self.botches,
            "expected_botches": float(self.expected_botches),
            "botch_rate": self.botches / self.rolls if self.rolls else 0.0,
            "expected_botch_rate": float(self.expected_botches / self.rolls) if self.rolls else 0.0,
            "outcomes": {str(k): v for k, v in sorted(self.outcomes.items(), key=_order)},
            "faces": {str(f): self.faces.get(f, 0) for f in range(1, 11)},
        }


def _order(item: tuple[Any, int]) -> tuple[int, int]:
    key = item[0]
    return (-1, 0) if key == "botch" else (0, int(key))


def action_rolls(event: Event | Glance) -> list[tuple[str, dict[str, Any]]]:
    """(who, roll) for every action roll an event holds."""
    d = event.data
    found: list[tuple[str | None, dict[str, Any] | None]] = []
    if event.type in ("roll", "power"):
        found.append((d.get("who"), d))
    elif event.type == "attack":
        found.append((d.get("attacker"), d.get("attack")))
        if d.get("defence_roll"):
            found.append((d.get("target"), d.get("defence_roll")))
    elif event.type == "defend":
        found.append((d.get("who"), d.get("roll")))
        if d.get("abort"):
            found.append((d.get("who"), d.get("abort")))
    elif event.type in ("frenzy", "rotschreck", "degeneration"):
        found.append((d.get("who"), d.get("roll")))
    out = []
    for who, roll in found:
        if (
            roll
            and roll.get("dice")
            and not roll.get("automatic")
            and roll.get("kind", _ACTION) == _ACTION
            and len(roll["dice"]) <= MAX_POOL
        ):
            out.append((who or ANYONE, roll))
    return out


def dice_stats(
    events: Iterable[Event | Glance | Texts],
    profile: Profile,
    chapter: int | None = None,
    omitted: frozenset[int] = frozenset(),
) -> dict[str, Tally]:
    """Tallies per character (and ``"*"`` for everyone), for one chapter or all of them.
    The rolls of the events numbered in ``omitted`` (the state's) are left out, and counted
    as such in everyone's tally."""
    counts = _Counts(profile, chapter, omitted)
    for event in events:
        counts.add(event)
    return counts.tallies()


Outcome = tuple[str, tuple[int, int, bool, bool, int], bool, int]  # name, Throw.kind, botch, net
_UNSEEN: Outcome = ("", (0, 0, False, False, 0), False, 0)  # (told by identity: no name is "")


class _Counts:
    """The rolls as they come, counted per distinct (name, roll, outcome) and added to the
    tallies at the end: a long chronicle holds few distinct ones. A roll read as texts (a
    :class:`Texts`) is judged once per distinct texts of its fields, its faces aside (what
    it counts depends on their number only); its faces are counted from their texts."""

    def __init__(
        self, profile: Profile, chapter: int | None, omitted: frozenset[int] = frozenset()
    ) -> None:
        self.profile, self.chapter, self.omitted = profile, chapter, omitted
        self.everyone = Tally()
        self.by_name: dict[str, Tally] = {"*": self.everyone}
        self.times: dict[Outcome, int] = {}
        self.judged: dict[tuple[Any, ...], Outcome | None] = {}
        self.faces: dict[str, list[str]] = {}  # name -> its list faces' texts

    def add(self, event: Event | Glance | Texts | None) -> None:
        if event is None:
            return
        if self.chapter is not None and event.time.get("chapter") != self.chapter:
            return
        if event.seq in self.omitted:
            self.left_out(_converted(event) if type(event) is Texts else event)  # type: ignore[arg-type]
            return
        if type(event) is Texts:
            self.texts(event)
        else:
            self.event(event)  # type: ignore[arg-type]

    def event(self, event: Event | Glance) -> None:
        try:
            for who, roll in action_rolls(event):
                self._count(Throw.read(roll, self.profile), str(who))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            pass  # a malformed roll from a file is left out (and the event's others)

    def left_out(self, event: Event | Glance) -> None:
        """A roll the Storyteller left out: not counted, only told how many."""
        with suppress(KeyError, TypeError, ValueError, AttributeError, IndexError):
            self.everyone.omitted += len(action_rolls(event))  # (malformed: left out too)

    def _count(self, throw: Throw, name: str) -> Outcome | None:
        tally = self.by_name.get(name)
        if tally is None:  # (a Tally made only for a new name, when it first counts)
            tally = self.by_name[name] = Tally()
        if isinstance(throw.faces, Mapping):  # not a list: counted now, as it always was
            tally.count(throw)
            self.everyone.count(throw)
            return None
        outcome = (name, throw.kind, throw.botch, throw.successes)
        self.times[outcome] = self.times.get(outcome, 0) + 1
        tally._thrown.append(throw.faces)
        self.everyone._thrown.append(throw.faces)
        return outcome

    def texts(self, seen: Texts) -> None:
        texts = seen.texts
        dice = texts[_DICE]
        if dice[0] != "[":  # faces that are not a list: read whole
            self.event(_converted(seen))
            return
        key = (*texts[:_DICE], dice.count(",") if len(dice) > 2 else -1, *texts[_DICE + 1 :])
        outcome = self.judged.get(key, _UNSEEN)
        if outcome is _UNSEEN:
            outcome = self._judge(seen)
            if len(self.judged) < 65536:  # (a forged file's rolls, each its own, stop here)
                self.judged[key] = outcome
            return
        if outcome is not None:
            self.times[outcome] += 1
            self.faces[outcome[0]].append(dice)

    def _judge(self, seen: Texts) -> Outcome | None:
        """Count the first roll of its texts as an event's; what it counted, if it did."""
        try:
            found = action_rolls(_converted(seen))
            if not found:
                return None
            who, roll = found[0]
            throw = Throw.read(roll, self.profile)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            return None
        outcome = self._count(throw._replace(faces=[]), name := str(who))
        self.faces.setdefault(name, []).append(seen.texts[_DICE])
        return outcome

    def tallies(self) -> dict[str, Tally]:
        everyone = self.everyone
        for (name, kind, botch, successes), n in self.times.items():
            for tally in (self.by_name[name], everyone):
                tally.rolls += n
                tally.successes += n * successes
                tally.botches += n * botch
                tally.outcomes["botch" if botch else successes] += n
                tally.rolled[kind] += n
        for name, texts in self.faces.items():
            faces = Counter(",".join(t[1:-1] for t in texts).split(","))
            faces.pop("", None)  # (no faces: an empty list has none)
            for face, n in faces.items():
                self.by_name[name].faces[int(face)] += n
                everyone.faces[int(face)] += n
        for tally in self.by_name.values():
            tally.settle()
        return self.by_name


def _converted(seen: Texts) -> Glance:
    data = {k: value(v) for k, v in zip(_FIELDS, seen.texts, strict=True)}
    return Glance(seen.seq, seen.type, seen.time, data)


# What a roll's own event (``roll``, ``power``) holds that the tally reads, in the order an
# event is written: such a record is read at a glance, its JSON not decoded whole.
_GLANCED = ("automatic", "botch", "dice", "difficulty", "kind", "specialty", "successes")
_FIELDS = (*_GLANCED, "who", "willpower")  # sorted
_DICE = _FIELDS.index("dice")
_OWN = frozenset({"roll", "power"})


_READ = texts_reader(_FIELDS)


def _glance(record: Record) -> Texts | None:
    return _READ(record.body) if record.kind in _OWN else None


def streamed_stats(
    store: Store,
    profile: Profile,
    chapter: int | None = None,
    omitted: frozenset[int] = frozenset(),
) -> tuple[dict[str, Tally], list[str]]:
    """:func:`dice_stats` of every chapter's events read from the files (a roll's own event
    at a glance, the others that hold rolls decoded), and what could not be read."""
    stream = store.stream(kinds=ROLLING, only_wanted=True, glance=_glance)
    counts = _Counts(profile, chapter, omitted)
    for record in stream:
        counts.add(record.seen if record.seen is not None else record.event)
    return counts.tallies(), stream.warnings
