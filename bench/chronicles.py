"""Chronicles for the dashboard benchmarks: a private copy of the demo, grown to N events.

Built through the ordinary session (``Session.open`` / ``execute``), so they are real
chronicles; nothing here touches the user's data directory.
"""

from __future__ import annotations

import contextlib
import shutil
from pathlib import Path

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.resources import demo_chronicle
from elysium.rules import SeededDice

# Commands that keep the demo's fight going whatever the dice say (a refusal is skipped).
MIX = [
    'roll "Lucien Marchetti" cha+leadership diff 6',
    'award "Lucien Marchetti" 1',
    'damage "Det. Dana Price" 1 bashing',
    'heal "Det. Dana Price" 1',
    "turn",
]


def demo_copy(target: Path) -> Path:
    """A private (0700 / 0600) copy of the shipped demo chronicle at ``target``."""
    shutil.copytree(demo_chronicle(), target)
    for path in [target, *target.rglob("*")]:
        path.chmod(0o700 if path.is_dir() else 0o600)
    return target


def build(target: Path, events: int) -> Path:
    """The demo grown to at least ``events`` events by repeating :data:`MIX`."""
    demo_copy(target)
    session = Session.open(target, rng=SeededDice(7))
    try:
        i = 0
        while session.state.events < events:
            with contextlib.suppress(ChronicleError):
                session.execute(MIX[i % len(MIX)])
            i += 1
    finally:
        session.close()
    return target
