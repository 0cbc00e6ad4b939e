"""Dice statistics: what was rolled against what the exact odds expected.

Every action roll kept in the events (plain rolls, attacks, defences, frenzy and Rötschreck
checks, degeneration) counts, with its own pool, difficulty, specialty and Willpower; damage
and soak rolls do not (they cannot botch). Automatic successes rolled no dice and are left out.

A long chronicle rolls the same few pools again and again: the odds are computed once per
distinct roll (pool, difficulty, specialty, Willpower and the profile), and a tally keeps how
often each was rolled, so the expected values are a short sum at the end. The events come
as an iterable (a stream of the chronicle, :data:`ROLLING` the only types it need decode).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import chain
from typing import TYPE_CHECKING, Any, NamedTuple

from elysium.chronicle.events import Event
from elysium.chronicle.glance import Glance, glance
from elysium.rules import RollKind, RollRequest, odds
from elysium.rules.odds import Odds
from elysium.rules.profiles import Profile
from elysium.rules.tables import MAX_POOL

if TYPE_CHECKING:
    from elysium.chronicle.records import Record
    from elysium.chronicle.store import Store

ANYONE = "—"
_ACTION = RollKind.ACTION.value
# The event types that hold action rolls (what :func:`action_rolls` reads).
ROLLING = frozenset({"roll", "power", "attack", "defend", "frenzy", "rotschreck", "degeneration"})


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
    events: Iterable[Event | Glance], profile: Profile, chapter: int | None = None
) -> dict[str, Tally]:
    """Tallies per character (and ``"*"`` for everyone), for one chapter or all of them."""
    everyone = Tally()
    tallies: dict[str, Tally] = {"*": everyone}
    for event in events:
        if chapter is not None and event.time.get("chapter") != chapter:
            continue
        try:
            for who, roll in action_rolls(event):
                throw = Throw.read(roll, profile)  # a malformed roll from a file is left out
                tally = tallies.get(name := str(who))
                if tally is None:  # (a Tally made only for a new name: it costs)
                    tally = tallies[name] = Tally()
                tally.count(throw)
                everyone.count(throw)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            continue
    for tally in tallies.values():
        tally.settle()
    return tallies


# What a roll's own event (``roll``, ``power``) holds that the tally reads, in the order an
# event is written: such a record is read at a glance, its JSON not decoded whole.
_GLANCED = ("automatic", "botch", "dice", "difficulty", "kind", "specialty", "successes")
_FIELDS = (*_GLANCED, "who", "willpower")  # sorted


def _glance(record: Record) -> Glance | None:
    return glance(record.body, _FIELDS) if record.kind in ("roll", "power") else None


def streamed_stats(
    store: Store, profile: Profile, chapter: int | None = None
) -> tuple[dict[str, Tally], list[str]]:
    """:func:`dice_stats` of every chapter's events read from the files (a roll's own event
    at a glance, the others that hold rolls decoded), and what could not be read."""
    stream = store.stream(kinds=ROLLING, only_wanted=True, glance=_glance)
    seen = (r.seen if r.seen is not None else r.event for r in stream)
    tallies = dice_stats((e for e in seen if e is not None), profile, chapter)
    return tallies, stream.warnings
