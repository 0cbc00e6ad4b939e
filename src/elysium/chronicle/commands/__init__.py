"""Command handlers, by domain. Each reads the state, asks the rules core, and returns the
new state, the event's data and what to say about it. Nothing here writes to disk; the
session does that, before anyone sees the result. The verbs and their handlers are
declared in ``elysium.chronicle.verbs``.
"""

from __future__ import annotations

from elysium.chronicle.commands.common import (
    MAX_LEVELS,
    Context,
    Handler,
    Outcome,
    able,
    find,
    health_text,
    marks,
    put,
    resolve,
    roll_data,
    status_word,
    throw_dice,
)
from elysium.chronicle.commands.health import SOURCES, apply_damage

__all__ = [
    "MAX_LEVELS",
    "SOURCES",
    "Context",
    "Handler",
    "Outcome",
    "able",
    "apply_damage",
    "find",
    "health_text",
    "marks",
    "put",
    "resolve",
    "roll_data",
    "status_word",
    "throw_dice",
]
