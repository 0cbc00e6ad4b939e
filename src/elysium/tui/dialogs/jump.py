"""The replay's jump (g): an event number to go to."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label

from elysium.i18n import t
from elysium.tui.dialogs.base import Dialog


class JumpDialog(Dialog[int]):
    """Ask for an event number."""

    def compose(self) -> ComposeResult:
        with Vertical(id="jump-dialog", classes="dialog"):
            yield Label(t("dlg.jump.title", self.lang), classes="dialog-title")
            yield Input(id="seq", type="integer", compact=True)

    @on(Input.Submitted)
    def go(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.dismiss(int(text) if text.isdigit() else None)
