"""The players' screen's choice of whose sheet to read (``s``): the view's players'
characters by name. Only a player's character has a sheet in the view; an NPC is never
offered, so none can be opened."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from elysium.i18n import t
from elysium.tui.dialogs.base import Dialog


class PickSheetDialog(Dialog[int]):
    """The names to choose from; Enter returns the chosen one's place, Escape nothing."""

    def __init__(self, lang: str, names: list[str]) -> None:
        super().__init__(lang)
        self.names = names

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-sheet", classes="dialog"):
            yield Label(t("players.sheet.pick", self.lang), classes="dialog-title")
            # A name is user text: an Option's prompt is plain Text, never markup.
            yield OptionList(*(Option(Text(n)) for n in self.names), id="pick-sheet-names")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)
