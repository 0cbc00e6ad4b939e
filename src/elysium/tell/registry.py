"""The table of tellers: one function per event type turns its data into a line.

Each module of tellers registers its own with :func:`teller`, so the table that
:func:`elysium.tell.events.describe` reads is filled by importing them, and none of them
imports another's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Teller = Callable[[dict[str, Any], str], str]

TELLERS: dict[str, Teller] = {}


def teller(*kinds: str) -> Callable[[Teller], Teller]:
    """Register the decorated function as the teller of each of ``kinds``."""

    def register(tell: Teller) -> Teller:
        tells({kind: tell for kind in kinds})
        return tell

    return register


def tells(table: Mapping[str, Teller]) -> None:
    """Register tellers made by a factory (``_simple("log.night", …)``) by event type. A type
    told twice is a mistake of this floor, so it is refused rather than silently replaced."""
    for kind, tell in table.items():
        if kind in TELLERS:
            raise ValueError(f"two tellers for {kind!r}")
        TELLERS[kind] = tell
