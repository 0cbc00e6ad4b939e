"""What every dialog shares: Escape (and a Cancel or OK button) closes it with nothing decided,
its boxes never blink, and the command it asks for comes back saved (it closes) or refused
(it stays open and says so: :meth:`Dialog.refused`, the error hook)."""

from __future__ import annotations

import shlex
from typing import TypeVar

from textual import on
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Button, Input

from elysium.tui.messages import CommandDone, RunCommand

T = TypeVar("T")

SPARK = " ▁▂▃▄▅▆▇█"  # a bar chart in one line: the odds' and the statistics' shapes


def quote(name: str) -> str:
    """A name as the command language reads it back (one word however it is spelt)."""
    return shlex.quote(name)


class Field(Input):
    """An Input for a form, that leaves its styles alone until it is in the DOM.

    Building an Input sets classes (``-valid``, ``-textual-compact``) and Textual restyles
    it at each, though it is not mounted yet and is styled whole when it is: in the editor
    (F3) that was two thirds of building a tab's fields.
    """

    def update_node_styles(self, animate: bool = True) -> None:
        if self.is_attached:
            super().update_node_styles(animate)


class FormButton(Button):
    """A Button for a form, not restyled before it is in the DOM (as :class:`Field`)."""

    def update_node_styles(self, animate: bool = True) -> None:
        if self.is_attached:
            super().update_node_styles(animate)


class Dialog(ModalScreen[T]):
    """A modal screen that returns a ``T`` (or None: closed with nothing decided)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog_cancel")]
    lang: str

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#cancel, #ok")
    def _close_pressed(self) -> None:
        self.dismiss(None)

    def on_mount(self) -> None:
        for box in self.query(Input):
            box.cursor_blink = False

    def take_breakpoints(self) -> None:
        """Take the width and height classes (``-narrow``, ``-wide``) of the screen underneath
        before the dialog is first restyled (when it is shown): the Resize that follows a new
        screen then finds them set, where it restyled the whole dialog after its first frame.
        A terminal resized meanwhile is set right by that Resize, as before."""
        stack = self.app.screen_stack
        if self not in stack or stack.index(self) == 0:
            return
        under = stack[stack.index(self) - 1]
        app = self.app
        wide = app.HORIZONTAL_BREAKPOINTS if self.HORIZONTAL_BREAKPOINTS is None else None
        high = app.VERTICAL_BREAKPOINTS if self.VERTICAL_BREAKPOINTS is None else None
        names = {name for _, name in [*(wide or ()), *(high or ())]}
        self.update_classes({name: name in under.classes for name in names}, update=False)

    def send(self, command: str) -> None:
        """Run ``command`` (the dashboard's one place that changes the chronicle); the answer
        comes back to :meth:`saved` or :meth:`refused`."""
        self.post_message(RunCommand(command, origin=self))

    @on(CommandDone)
    def _answered(self, message: CommandDone) -> None:
        if message.ok:
            self.saved()
        else:
            self.refused(message.said)

    def saved(self) -> None:
        """The command asked for is durable: the dialog has done its work."""
        self.dismiss(None)

    def refused(self, said: str) -> None:
        """The command asked for was refused (``said`` is why, also on the status line): the
        dialog stays open with every choice in it."""
