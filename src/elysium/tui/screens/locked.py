"""The first screen when the chronicle is open for writing elsewhere: offer to look at it
read-only, or leave. The dashboard is only built once there is a session to show."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.i18n import t


class LockedScreen(Screen[None]):
    """``y`` opens the chronicle read-only (the dashboard replaces this screen); ``n`` or
    Escape leaves."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="locked_yes"),
        Binding("n", "answer(False)", "No", id="locked_no"),
        Binding("escape", "answer(False)", "No", id="locked_escape"),
    ]

    def __init__(self, root: Path, lang: str) -> None:
        super().__init__()
        self.root = root
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-dialog", classes="dialog"):
            yield Static(Text(t("ui.locked", self.lang)), markup=False)
            with Horizontal(classes="buttons"):
                yield Button(
                    t("ui.yes", self.lang) + " (y)", variant="primary", id="yes", compact=True
                )
                yield Button(t("ui.no", self.lang) + " (n)", id="no", compact=True)

    def action_answer(self, read_only: bool) -> None:
        if not read_only:
            self.app.exit()
            return
        try:
            session = Session.open(self.root, readonly=True)
        except ChronicleError as exc:
            self.app.exit(message=exc.render(self.lang))
            return
        from elysium.tui import views
        from elysium.tui.screens.dashboard import DashboardScreen

        view = views.load(self.root)  # as this Storyteller left it
        screen = DashboardScreen(session, self.lang, report=session.report, view=view)
        self.app.dashboard = screen  # type: ignore[attr-defined]
        self.app.push_screen(screen)  # the offer stays below, never seen again

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")
