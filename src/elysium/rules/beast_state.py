"""The state of a frenzy or Rötschreck check that runs over several turns (V20 p. 322-324).

Kept apart from :mod:`elysium.rules.beast` so that the character value can hold it without
an import cycle.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from elysium.rules.errors import RulesError


class BeastKind(StrEnum):
    FRENZY = "frenzy"
    ROTSCHRECK = "rotschreck"


class BeastState(StrEnum):
    RESISTING = "resisting"  # successes are accumulating; each bought a turn
    RESISTED = "resisted"  # five successes: the Beast is held back
    SUCCUMBED = "succumbed"  # frenzy, or flight from fire and sun


@dataclass(frozen=True, slots=True)
class BeastCheck:
    kind: BeastKind
    difficulty: int
    accumulated: int = 0  # successes so far; each one before the fifth buys a turn
    rolls: int = 0
    state: BeastState = BeastState.RESISTING
    botched: bool = False  # lasts as long as the ST says; may bring a derangement
    automatic: bool = False  # Instinct: no roll, the vampire frenzies

    @property
    def turns_bought(self) -> int:
        """Turns of delay bought so far (one per success before the fifth)."""
        return self.accumulated if self.state is BeastState.RESISTING else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "difficulty": self.difficulty,
            "accumulated": self.accumulated,
            "rolls": self.rolls,
            "state": self.state.value,
            "botched": self.botched,
            "automatic": self.automatic,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BeastCheck:
        try:
            return cls(
                kind=BeastKind(data["kind"]),
                difficulty=int(data["difficulty"]),
                accumulated=int(data.get("accumulated", 0)),
                rolls=int(data.get("rolls", 0)),
                state=BeastState(data.get("state", "resisting")),
                botched=bool(data.get("botched", False)),
                automatic=bool(data.get("automatic", False)),
            )
        except (KeyError, ValueError) as exc:
            raise RulesError("beast.malformed", error=str(exc)) from None
