"""The selected character's whole sheet, read-only and scrollable (the dashboard's Ctrl+O and
the palette's "Sheet of NAME"). The same sheet ``elysium sheet`` prints: built by
:mod:`elysium.tell.sheet`, shown as plain ``Text`` (names and notes are never markup). The
players' screen shows a player's character's sheet from the view the same way, without notes
(:mod:`elysium.tell.players_sheet`)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from elysium.i18n import t
from elysium.rules.character import Character
from elysium.tell.sheet import Sheet, build, lines
from elysium.tui.dialogs.base import Dialog

STYLES = {"h1": "bold", "h2": "bold underline", "h3": "bold dim"}
CHROME = 6  # the dialog's border and padding, and the scroll bar
WIDEST = 100  # the sheet's width on a large terminal (styles/editor.tcss); 96% on a small one


def sheet_text(sheet: Sheet, lang: str, width: int, notes: bool = True) -> Text:
    out = Text()
    for style, line in lines(sheet, lang, width, notes):
        out.append(line + "\n", style=STYLES.get(style, ""))
    return out


class SheetScreen(Dialog[None]):
    """Arrows and Page Up/Down scroll; Escape or q closes."""

    BINDINGS = [Binding("q", "cancel", "", show=False, id="sheet_close")]

    def __init__(self, lang: str, character: Character | None, sheet: Sheet | None = None) -> None:
        super().__init__(lang)
        self.character = character
        self.sheet = sheet  # a player's sheet from the view: no notes to show

    def compose(self) -> ComposeResult:
        width = max(40, min(WIDEST, int(self.app.size.width * 0.96)) - CHROME)
        with VerticalScroll(id="sheet-view", classes="dialog") as view:
            view.border_title = t("sheet.title", self.lang)
            view.border_subtitle = t("sheet.hint", self.lang)
            shown = self.sheet
            if shown is None:
                assert self.character is not None
                shown = build(self.character, self.lang)
            text = sheet_text(shown, self.lang, width, notes=self.sheet is None)
            yield Static(text, markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#sheet-view").focus()
