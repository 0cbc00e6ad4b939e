"""Hidden rolls: ``roll … hidden`` (``скрытно``) on any verb that rolls.

The word is taken off before the verb's handler reads its words, so every rolling verb
understands it the same way; the event carries ``"hidden": true``. A hidden roll stays in
the Storyteller's log, replay, recap and stats (marked), and never reaches the players'
projection (:mod:`elysium.chronicle.projection`).
"""

from __future__ import annotations

from elysium.chronicle import verbs as registry
from elysium.chronicle.parser import Parsed, take_keyword

KEYWORD = "hidden"
# The verbs that roll and take the word (their keywords in the registry say so).
VERBS = frozenset(v.name for v in registry.VERBS if KEYWORD in v.keywords)


def take_hidden(parsed: Parsed) -> tuple[Parsed, bool]:
    """The command without its ``hidden`` word, and whether it had one."""
    return take_keyword(parsed, KEYWORD, VERBS)


def is_hidden(data: object) -> bool:
    """Whether an event's data marks it hidden from the players."""
    return isinstance(data, dict) and data.get(KEYWORD) is True
