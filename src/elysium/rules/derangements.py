"""Derangements: named by the Storyteller, added and removed (V20 p. 337; issue 14).

A botched degeneration brings a derangement the Storyteller chooses; the rules only count
it as due (``Character.derangements_due``). Naming one (:func:`add_derangement`) settles a
due one, if any. Removing takes the whole name (any case): it discards data.
"""

from __future__ import annotations

from dataclasses import replace

from elysium.i18n.message import Msg
from elysium.rules.character import Character
from elysium.rules.errors import RulesError

MAX_DERANGEMENT = 80  # characters in a derangement's name: a sanity bound, not a rule
MAX_DERANGEMENTS = 30  # derangements one character may carry: a sanity bound


def add_derangement(c: Character, name: str) -> Character:
    """``c`` with the derangement ``name`` (already cleaned text); a due one is settled."""
    if not name:
        raise RulesError("derangement.empty")
    if len(name) > MAX_DERANGEMENT:
        raise RulesError("derangement.too_long", most=MAX_DERANGEMENT)
    if any(d.casefold() == name.casefold() for d in c.derangements):
        raise RulesError("derangement.already", who=c.name, name=name)
    if len(c.derangements) >= MAX_DERANGEMENTS:
        raise RulesError("derangement.too_many", who=c.name, most=MAX_DERANGEMENTS)
    return replace(
        c,
        derangements=(*c.derangements, name),
        derangements_due=max(0, c.derangements_due - 1),
    )


def remove_derangement(c: Character, name: str) -> tuple[Character, str]:
    """``c`` without the derangement whose whole name (any case) is ``name``, and that
    name as it was written. A part of a name is refused, naming the ones it could be."""
    wanted = name.casefold()
    found = next((d for d in c.derangements if d.casefold() == wanted), None)
    if found is None:
        close = [d for d in c.derangements if wanted and wanted in d.casefold()]
        if close:
            raise RulesError("derangement.not_exact", name=name, close=close)
        have = list(c.derangements) or Msg("derangement.none")
        raise RulesError("derangement.unknown", who=c.name, name=name, have=have)
    kept = tuple(d for d in c.derangements if d != found)
    return replace(c, derangements=kept), found
