"""An answer longer than the status line: a question's (the house rules, a character's powers)
or the status line's last message whole (Ctrl+L). Shown as plain ``Text``: it may quote user
text."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Button, Static

from elysium.tui.dialogs.base import Dialog


class AnswerScreen(Dialog[None]):
    """A question's answer that takes more than the status line: the house rules, a
    character's powers."""

    def __init__(self, lang: str, text: str) -> None:
        super().__init__(lang)
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-dialog", classes="dialog"):
            yield Static(Text(self.text), markup=False)
            yield Button("OK", id="ok", compact=True)
