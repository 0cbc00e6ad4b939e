"""The tellers handed down to the chronicle (:mod:`elysium.chronicle.telling`), so that an
undo is retold and the players' view is told without the chronicle importing this floor.

They are installed when this package is first imported, and load what they tell with on
first use: ``elysium roll`` imports the marks of this floor and no more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from elysium.chronicle.telling import TableReader, Tellers
from elysium.chronicle.telling import install as hand_down

if TYPE_CHECKING:
    from elysium.chronicle.events import Event
    from elysium.chronicle.offstage import Offstage
    from elysium.chronicle.state import State


def line(event: Event, lang: str) -> str:
    from elysium.tell.events import describe

    return describe(event, lang)


def table(state: State, npcs: str, offstage: Offstage | None = None) -> TableReader:
    from elysium.tell.table import Table

    return Table(state, npcs, offstage)


TELLERS = Tellers(line=line, table=table)


def install() -> None:
    hand_down(TELLERS)
