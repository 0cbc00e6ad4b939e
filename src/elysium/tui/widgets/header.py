"""The dashboard's top line: the chronicle's name, night, chapter, scene, turn, round and
open extended actions, bound to the screen's state."""

from __future__ import annotations

from pathlib import Path

from textual.reactive import var

from elysium.chronicle.state import State
from elysium.tui.render import header, header_inputs, without_colour
from elysium.tui.widgets.line import Line


class HeaderBar(Line):
    """The chronicle's name, night, chapter, scene, turn, round and open extended actions."""

    state: var[State | None] = var(None, always_update=True)
    writer: var[bool | None] = var(None, init=False)  # watching: whether the writer is there

    def __init__(
        self, lang: str, state: State, readonly: bool, root: Path | None = None, **kwargs
    ) -> None:
        """``root``: where the chronicle is; a fresh copy of the demo is told as such."""
        from elysium.demo import is_copy

        self.demo = root is not None and is_copy(root)
        super().__init__(header(state, lang, readonly, demo=self.demo), id="topbar", **kwargs)
        self.lang = lang
        self.readonly = readonly
        self.set_reactive(HeaderBar.state, state)
        self.drawn_from: tuple[object, ...] = ()  # what the header was last drawn from

    def watch_state(self, state: State | None) -> None:
        if state is not None:
            inputs = (header_inputs(state), self.writer, self.is_attached)
            if inputs == self.drawn_from:
                return  # a command that left the time and the fight be: the same header
            self.drawn_from = inputs
            text = header(state, self.lang, self.readonly, self.writer, self.demo)
            # Under NO_COLOR the weights alone: WRITER STOPPED's red would be a dark grey.
            self.text = without_colour(text) if self.is_attached and self.app.no_color else text

    def watch_writer(self) -> None:
        self.watch_state(self.state)
