"""The Initiative and Beast panes, and :data:`PANES`, the one table of the four panes that the
grid, the narrow screen's swap and the scroll memory (:mod:`elysium.tui.views`) all read. Each
pane is bound to the screen's state (and selection) and computes its text from it; a text
equal to the one shown is not sent again."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.containers import Container, VerticalScroll
from textual.css.query import NoMatches
from textual.reactive import reactive, var
from textual.widget import Widget
from textual.widgets import Static

from elysium.chronicle.state import State
from elysium.i18n import t
from elysium.tui import render
from elysium.tui.widgets.rolllog import RollLog
from elysium.tui.widgets.vitals import VitalsPane


class TextPane(VerticalScroll):
    """A scrolling pane of text computed from the state.

    :meth:`inputs` picks, cheaply, the part of the state the text is drawn from; the text
    is drawn again only when those inputs changed, and sent only when it differs (both
    comparisons are the reactives' own)."""

    state: var[State | None] = var(None, always_update=True)
    inputs_now: var[Any] = var(None, init=False)
    text: reactive[Text] = reactive(Text, init=False, layout=False, repaint=False)

    def __init__(self, lang: str, state: State, title: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.border_title = t(title, lang)
        self.set_reactive(TextPane.state, state)
        self.set_reactive(TextPane.inputs_now, self.inputs(state))
        self.set_reactive(TextPane.text, self.compute(state))
        self.body = Static(self.text, markup=False)

    def compose(self):
        yield self.body

    def inputs(self, state: State) -> Any:
        raise NotImplementedError

    def compute(self, state: State) -> Text:
        raise NotImplementedError

    def watch_state(self, state: State | None) -> None:
        if state is not None:
            self.inputs_now = self.inputs(state)

    def watch_inputs_now(self) -> None:
        if self.state is not None:
            self.text = self.compute(self.state)

    def watch_text(self, text: Text) -> None:
        self.body.update(text)


class InitiativePane(TextPane):
    """Round, phase, acting order, who acts now, declarations, delays, the dazed."""

    def __init__(self, lang: str, state: State, **kwargs) -> None:
        self.current_line = 0
        super().__init__(lang, state, "ui.pane.initiative", **kwargs)

    def inputs(self, state: State) -> Any:
        """The fight, and of each character what the list shows: the name, whether they can
        act, the conditions (a wound that leaves them able to act, or an award, changes
        nothing here: the pane is not drawn again for it)."""
        if state.combat is None:
            return None
        return state.combat, tuple(
            (c.name, c.can_act(), c.conditions) for c in state.characters.values()
        )

    def compute(self, state: State) -> Text:
        text, self.current_line = render.initiative(state, self.lang)
        return text

    def watch_text(self, text: Text) -> None:
        super().watch_text(text)
        # Keep the one acting (or declaring) now in view, however small the pane.
        line = self.current_line
        self.call_after_refresh(
            lambda: self.scroll_to(y=max(0, line - self.size.height // 2), animate=False)
        )


class BeastPane(TextPane):
    """Humanity or Path, Virtues, checks in progress, the trigger tables, the sins, for the
    chosen character."""

    selected: var[str | None] = var(None)

    def __init__(self, lang: str, state: State, selected: str | None = None, **kwargs) -> None:
        self._selected = selected
        super().__init__(lang, state, "ui.pane.beast", **kwargs)
        self.set_reactive(BeastPane.selected, selected)

    def inputs(self, state: State) -> Any:
        """The chosen character (an unchanged character is the same object)."""
        key = self._selected
        return state.characters.get(key) if key else None

    def compute(self, state: State) -> Text:
        return render.beast(self.inputs(state), self.lang)

    def watch_selected(self, selected: str | None) -> None:
        self._selected = selected
        if self.state is not None:
            self.inputs_now = self.inputs(self.state)


class LogPane(Container):
    """The roll log's frame. The border belongs to this frame, not to the log, so a new roll
    scrolls (and repaints) the lines inside and never the border around them."""

    def __init__(self, log: RollLog, **kwargs) -> None:
        super().__init__(log, **kwargs)
        self.border_title = log.title


def _vitals(at: str, lang: str, state: State, selected: str | None, owner: Any) -> Widget:
    return VitalsPane(lang, state, selected, id=at).data_bind(owner.state, owner.selected)


def _initiative(at: str, lang: str, state: State, selected: str | None, owner: Any) -> Widget:
    return InitiativePane(lang, state, id=at).data_bind(owner.state)


def _log(at: str, lang: str, state: State, selected: str | None, owner: Any) -> Widget:
    return LogPane(RollLog(lang, id="rolls"), id=at)


def _beast(at: str, lang: str, state: State, selected: str | None, owner: Any) -> Widget:
    return BeastPane(lang, state, selected, id=at).data_bind(owner.state, owner.selected)


@dataclass(frozen=True)
class Pane:
    """One of the four panes: its id (the grid's, the stylesheet's), how it is built bound to
    a screen, when it sits beside the roll log on a narrow screen, and the key its scroll is
    kept under in :mod:`elysium.tui.views`."""

    id: str
    build: Callable[[str, str, State, str | None, Any], Widget]
    kept: str  # the key of its scroll in views.json (the files saved so far name it so)
    beside_log: str = ""  # narrow: "fight" or "peace", the two that take turns (F9 swaps)


PANES = (  # in the grid's order (styles/app.tcss places them)
    Pane("vitals", _vitals, kept="vitals"),
    Pane("initiative", _initiative, kept="initiative", beside_log="fight"),
    Pane("log", _log, kept="rolls_back"),  # kept from the newest line: its lines wrap anew
    Pane("beast", _beast, kept="beast", beside_log="peace"),
)
AT_PEACE = next(p.id for p in PANES if p.beside_log == "peace")
IN_FIGHT = next(p.id for p in PANES if p.beside_log == "fight")
QUIET = f"-{AT_PEACE}"  # the grid's class while the pane of peace is beside the log


def show_side(screen: Any, state: State, side: str | None) -> None:
    """Narrow: which pane sits beside the roll log, Initiative or Morality (the other is
    hidden, so the log gets the width). ``side`` None: Initiative while a fight is on.
    Called on every command: the grid is found through Textual's cached ``query_one`` and
    its class touched only when it changes."""
    quiet = side == AT_PEACE if side else state.combat is None
    try:
        panes = screen.query_one("#panes")
    except NoMatches:  # not composed yet
        return
    if panes.has_class(QUIET) != quiet:
        panes.set_class(quiet, QUIET)


def other_side(screen: Any) -> str:
    """Narrow: the pane that is not beside the roll log now (F9 puts it there)."""
    return IN_FIGHT if screen.query_one("#panes").has_class(QUIET) else AT_PEACE


def four_panes(lang: str, state: State, selected: str | None, owner: Any) -> Container:
    """The grid of the four panes, bound to ``owner``'s ``state`` and ``selected``
    reactives (the dashboard and the replay screens)."""
    return Container(
        *(pane.build(pane.id, lang, state, selected, owner) for pane in PANES),
        id="panes",
        classes=QUIET if state.combat is None else "",
    )
