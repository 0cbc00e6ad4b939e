"""The tellers handed down to the chronicle (:mod:`elysium.chronicle.telling`), so that an
undo is retold and the players' view is told without the chronicle importing this floor."""

from __future__ import annotations

from elysium.chronicle.telling import Tellers
from elysium.chronicle.telling import install as hand_down
from elysium.tell.events import describe
from elysium.tell.table import Table

TELLERS = Tellers(line=describe, table=Table)


def install() -> None:
    hand_down(TELLERS)
