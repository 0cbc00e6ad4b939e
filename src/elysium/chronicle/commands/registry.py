"""Every module that holds handlers, imported for the verbs each registers (``@runs``):
the session imports this at its first command (:func:`elysium.chronicle.session.run_parsed`)."""

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
