"""Command handlers, by domain. Each reads the state, asks the rules core, and returns the
new state, the event's data and what to say about it. Nothing here writes to disk; the
session does that, before anyone sees the result. The verbs are declared in
``elysium.chronicle.verbs``; each handler registers the verb it runs there (``@runs``), and
importing this package imports every handler module, so that all are registered.
"""

from __future__ import annotations

# Every module that holds handlers: imported for the verbs each registers.
from elysium.chronicle.commands import (  # noqa: F401
    attack,
    beast,
    blood,
    carry,
    characters,
    clock,
    conditions,
    contests,
    daytime,
    defend,
    derangements,
    dice,
    encounters,
    extended,
    feats,
    feeding,
    health,
    house,
    merits,
    powers,
    rename,
    rounds,
    story,
    xp_log,
)
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
