"""NPCs kept off the players' view: ``set NAME hidden yes|no`` (``задать ИМЯ скрыт да|нет``).

While an NPC is hidden the table sees nothing of it: not in the view's characters, the
order or the fight, nor named in any roll. An event is told by whether its NPCs were hidden
*at that event*: the table never saw what a revealed NPC did while it was kept off, so
neither the live view nor the players' recap tells it. The live view also leaves out, while
an NPC is hidden, what it did before (``keep_now``): it is out of the view entirely. The
recap, told after the session, tells what the table saw then. That is worked out from the
hiding events alone (a ``trait_set`` of ``hidden``), never by replaying the state.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Container, Iterable
from typing import TYPE_CHECKING

from elysium.chronicle.events import Event, undone
from elysium.chronicle.state import State

if TYPE_CHECKING:
    from elysium.chronicle.store.store import Store

FLAG = "hidden"


def hidden_now(state: State) -> frozenset[str]:
    """The names of the NPCs hidden in ``state`` (a player's character never is)."""
    return frozenset(c.name for c in state.characters.values() if c.hidden and not c.player)


def hiding(e: Event) -> tuple[str, bool] | None:
    """The NPC an event hides or reveals, and which; None for any other event."""
    d = e.data
    if e.type != "trait_set" or d.get("trait") != FLAG or d.get("flag") not in ("yes", "no"):
        return None
    name = d.get("name")
    return (name, d["flag"] == "yes") if isinstance(name, str) else None


def removed_hidden(e: Event) -> list[str]:
    """The names of hidden NPCs an event removed from the sheet (its changes hold each
    removed character as it was): still left out of what they did while hidden."""
    if e.type != "character_removed":
        return []
    names = []
    for change in (e.changes.get("chars") or {}).values():
        whole = change.get("") if isinstance(change, dict) else None
        before = whole[0] if isinstance(whole, list) and whole else None
        if isinstance(before, dict) and before.get(FLAG) is True and not before.get("player"):
            names.append(str(before.get("name", "")))
    return names


class Offstage:
    """Who was hidden at each event, from who is hidden now and the hiding events known.

    ``changes`` must hold every hiding event (not undone) after the earliest event asked
    about: the live view's recent events, or a whole chronicle's for a recap. Before a
    name's first known change it was the opposite of that change (a ``set`` that changes
    nothing records nothing); a name with no change known is as it is now.
    """

    def __init__(
        self, now: Iterable[str], changes: Iterable[Event] = (), keep_now: bool = False
    ) -> None:
        self.now = frozenset(now)
        self.keep_now = keep_now  # those hidden now are left out of every event too
        self._seqs: dict[str, list[int]] = {}
        self._flags: dict[str, list[bool]] = {}
        for e in sorted(changes, key=lambda e: e.seq):
            found = hiding(e)
            if found is not None:
                self._seqs.setdefault(found[0], []).append(e.seq)
                self._flags.setdefault(found[0], []).append(found[1])

    def at(self, seq: int) -> frozenset[str]:
        """The names hidden just before event ``seq`` (its own hiding is not yet in force:
        a ``set`` is not a line the table reads anyway)."""
        if not self._seqs:
            return self.now
        hidden = set(self.now if self.keep_now else self.now - self._seqs.keys())
        for name, seqs in self._seqs.items():
            i = bisect_left(seqs, seq)
            flags = self._flags[name]
            if flags[i - 1] if i else not flags[0]:
                hidden.add(name)
        return frozenset(hidden)


def offstage_of(
    state: State, events: Iterable[Event], undone: Container[int], keep_now: bool = False
) -> Offstage:
    """The timeline of ``state``'s hidden NPCs over ``events`` (those ``undone`` left out)."""
    kept = [e for e in events if e.seq not in undone]
    gone = {name for e in kept for name in removed_hidden(e)}
    return Offstage(hidden_now(state) | gone, (e for e in kept if hiding(e)), keep_now)


def chronicle_offstage(store: Store, state: State) -> Offstage:
    """The timeline over a whole chronicle, for a recap of any chapter: its hiding events
    and the undos and redos that may have taken them back, found without reading the rest."""
    kinds = frozenset({"trait_set", "character_removed", "undo", "redo"})
    found = list(store.stream(kinds=kinds, only_wanted=True).events())
    return offstage_of(state, found, undone(found))
