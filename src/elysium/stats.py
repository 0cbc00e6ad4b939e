"""Dice statistics: what was rolled against what the exact odds expected.

Every action roll kept in the events (plain rolls, attacks, defences, frenzy and Rötschreck
checks, degeneration) counts, with its own pool, difficulty, specialty and Willpower; damage
and soak rolls do not (they cannot botch). Automatic successes rolled no dice and are left out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from elysium.chronicle.events import Event
from elysium.rules import RollKind, RollRequest, odds
from elysium.rules.profiles import Profile
from elysium.rules.tables import MAX_POOL

ANYONE = "—"


@dataclass
class Tally:
    """One character's rolls (or everyone's)."""

    rolls: int = 0
    successes: int = 0
    expected_successes: Fraction = Fraction(0)
    botches: int = 0
    expected_botches: Fraction = Fraction(0)
    outcomes: Counter = field(default_factory=Counter)  # "botch", 0, 1, 2, ...
    faces: Counter = field(default_factory=Counter)  # 1..10 on the first throw

    def add(self, roll: dict[str, Any], profile: Profile) -> None:
        request = RollRequest(
            max(1, len(roll["dice"])),
            int(roll.get("difficulty", 6)),
            specialty=bool(roll.get("specialty")),
            willpower=bool(roll.get("willpower")),
        )
        chances = odds(request, profile)
        self.rolls += 1
        botch = bool(roll.get("botch"))
        self.successes += 0 if botch else int(roll.get("successes", 0))
        self.expected_successes += chances.expected_successes
        self.botches += botch
        self.expected_botches += chances.p_botch
        self.outcomes["botch" if botch else int(roll.get("successes", 0))] += 1
        self.faces.update(roll["dice"])

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


def action_rolls(event: Event) -> list[tuple[str, dict[str, Any]]]:
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
            and roll.get("kind", RollKind.ACTION.value) == RollKind.ACTION.value
            and len(roll["dice"]) <= MAX_POOL
        ):
            out.append((who or ANYONE, roll))
    return out


def dice_stats(
    events: list[Event], profile: Profile, chapter: int | None = None
) -> dict[str, Tally]:
    """Tallies per character (and ``"*"`` for everyone), for one chapter or all of them."""
    tallies: dict[str, Tally] = {"*": Tally()}
    for event in events:
        if chapter is not None and event.time.get("chapter") != chapter:
            continue
        try:
            rolls = action_rolls(event)
            for who, roll in rolls:
                probe = Tally()
                probe.add(roll, profile)  # a malformed record from a file is left out whole
                tallies.setdefault(str(who), Tally()).add(roll, profile)
                tallies["*"].add(roll, profile)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            continue
    return tallies
