"""Rolls left out of the statistics: ``roll … omit`` (``не-в-счёт``) on any verb whose rolls
``stats`` counts, and ``omit N`` to toggle a logged roll.

Like ``hidden``, the word is taken off before the verb's handler reads its words. The event
carries ``"omitted": true`` (for its line), and its number joins the state's
:attr:`~elysium.chronicle.state.State.omitted`, which is what the statistics read: a roll
toggled later is left out the same way, and undo takes either back.
"""

from __future__ import annotations

from dataclasses import replace

from elysium.chronicle import verbs as registry
from elysium.chronicle.parser import Parsed, take_keyword
from elysium.chronicle.state import State

KEYWORD = "omit"
# The event types whose action rolls the statistics count (:mod:`elysium.tell.stats`).
COUNTED_ROLLS = frozenset(
    {"roll", "power", "attack", "defend", "frenzy", "rotschreck", "degeneration"}
)
# The verbs that roll what the statistics count and take the word (the registry says so).
VERBS = frozenset(v.name for v in registry.VERBS if KEYWORD in v.keywords)


def take_omitted(parsed: Parsed) -> tuple[Parsed, bool]:
    """The command without its ``omit`` word, and whether it had one."""
    return take_keyword(parsed, KEYWORD, VERBS)


def left_out(state: State, seq: int, omit: bool = True) -> State:
    """The state with the roll of event ``seq`` left out of the statistics (or counted)."""
    omitted = state.omitted | {seq} if omit else state.omitted - {seq}
    return replace(state, omitted=omitted)


def is_omitted(data: object) -> bool:
    """Whether an event's data says its roll was left out when it was made."""
    return isinstance(data, dict) and data.get("omitted") is True
