"""Where the chronicle's words come from: the tellers of the floor above, handed down.

The chronicle tells nothing itself: an undo names the step it took back in the reader's
language, and the players' view carries each roll's line as the table may read it, yet
neither may import the floor that has the words. That floor installs its tellers here
when it is imported (every front door imports it), or a caller hands its own to a
:class:`~elysium.chronicle.session.Session` or to ``project``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # only named here: importing this costs a command nothing
    from elysium.chronicle.events import Event
    from elysium.chronicle.offstage import Offstage
    from elysium.chronicle.state import State


class TableReader(Protocol):
    """What the players of one state may read of an event (None: not theirs to read)."""

    def line(self, e: Event, lang: str) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Tellers:
    line: Callable[[Event, str], str]  # an event's line in a language
    # The table's reading of a state: its NPC mode, and who was kept off at each event.
    table: Callable[[State, str, Offstage | None], TableReader]


_installed: list[Tellers] = []


def install(tellers: Tellers) -> None:
    """Make ``tellers`` the ones the chronicle reaches for when it is handed none."""
    _installed[:] = [tellers]


def installed() -> Tellers:
    """The tellers installed by the floor above; without them the chronicle cannot tell a
    line, which is a mistake of the program (nothing imported it), not of the chronicle."""
    if not _installed:
        raise LookupError("no tellers installed: import elysium.tell first")
    return _installed[0]
