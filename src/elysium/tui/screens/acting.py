"""The dashboard's keys that run a command for the table: F12 acts the declared action of
the one acting now (or of a selected character who waits), Ctrl+T runs the typed command
with the dice the chronicle does not use by default.

F12 runs the command the Storyteller could type (``attack Ann Bob shoot weapon 4``), so
with physical dice it goes straight to the dice prompt as any typed attack does.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Any, Protocol

from elysium.chronicle import verbs
from elysium.chronicle.commands.attack_parts import declared_words
from elysium.chronicle.commands.fight import CombatState, name
from elysium.chronicle.state import State
from elysium.i18n import Msg, t
from elysium.tui import keys

if TYPE_CHECKING:
    from textual.app import App


def declared_command(state: State, selected: str | None, lang: str, next_key: str) -> str | Msg:
    """The command that carries out a declaration, or why there is none to carry out: the
    one acting now, or ``selected`` if they wait (a delayed action may come at any time);
    ``next_key`` is the key that moves the round on, for the line that says to use it."""
    if state.combat is None:
        return Msg("act.no_fight")
    combat = CombatState.from_dict(state.combat)
    if combat.phase == "initiative":
        return Msg("act.initiative", round=combat.round)
    if combat.phase == "declare":
        now = name(state, combat.current) if combat.current else Msg("combat.nobody")
        return Msg("act.declaring", who=now)
    key = selected if selected in combat.delayed else combat.current
    if key is None:
        return Msg("act.nobody")
    who = name(state, key)
    decl = combat.declared.get(key)
    if decl is not None and decl.attack:
        words = declared_words(decl) or ()
        return " ".join(_quoted(w) for w in (verbs.spelling("attack", lang), who, *words))
    if decl is not None and decl.delay and key == combat.current:
        return f"{verbs.spelling('delay', lang)} {_quoted(who)}"
    if decl is None or decl.text is None:
        return Msg("act.nothing", who=who)
    return Msg("act.by_hand", who=who, text=decl.text, key=next_key)


def _quoted(word: str) -> str:
    """A word as the command line reads it back: bare unless it holds a space or a quote."""
    return shlex.quote(word) if not word or any(c in word for c in " \t'\"\\") else word


class Screen(Protocol):
    """What these actions use of the dashboard screen."""

    lang: str
    state: State
    selected: str | None

    @property
    def app(self) -> App: ...

    def say(self, message: str, error: bool = False) -> None: ...

    def query_one(self, selector: Any) -> Any: ...

    def run_command(
        self, text: str, origin: Any = None, *, remember: bool = False, physical: bool | None
    ) -> None: ...


class Acting:
    """Mixed into :class:`~elysium.tui.screens.dashboard.DashboardScreen`."""

    def action_act(self: Screen) -> None:
        """The declared action of the one acting now: run as typed, or said why not."""
        next_key = keys.shown(self.app, "next")
        command = declared_command(self.state, self.selected, self.lang, next_key)
        if isinstance(command, Msg):
            self.say(command.render(self.lang))
            return
        self.run_command(command, physical=None)

    def action_other_dice(self: Screen) -> None:
        """The typed command, run with the dice the chronicle does not use by default."""
        from elysium.tui.commandbar import CommandBar

        bar = self.query_one(CommandBar)
        text = bar.value.strip()
        if not text:
            self.say(t("ui.type_first", self.lang, key=keys.shown(self.app, "other_dice")))
            return
        physical = not self.state.profile.house.physical_dice
        self.run_command(text, bar, remember=True, physical=physical)
