"""The start screen: open a chronicle (the demo, or one opened lately, or one in the data
directory) or create a new one. It is the first screen when there is no last chronicle, and
the palette's "New chronicle…" and "Open recent…" bring it over the dashboard (Escape goes
back). Names and paths are user text: shown as plain ``Text``, never markup."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList
from textual.widgets.option_list import Option

from elysium import demo
from elysium.i18n import t
from elysium.tui import keys
from elysium.tui.widgets.footer import KeyBar
from elysium.tui.widgets.line import Line

DEMO = "demo"  # the option id of a fresh copy of the demo


@dataclass(frozen=True)
class Choice:
    """What the Storyteller chose: a chronicle to open, a new one to create (a name kept in
    the data directory, or a path), or a fresh copy of the demo."""

    path: Path | None = None
    new: str | None = None
    demo: bool = False


def _option(path: Path, lang: str) -> Option:
    """A chronicle: its folder's name, then where it is (dim)."""
    prompt = Text(path.name, style="bold")
    prompt.append(f"  {path.parent}", style="dim")
    return Option(prompt, id=str(path))


class StartScreen(Screen[None]):
    """Choose a chronicle to open, or name a new one."""

    @dataclass
    class Chosen(Message):
        """The chronicle chosen: the app opens it, and tells ``screen`` why not."""

        screen: StartScreen
        choice: Choice

    def __init__(
        self, lang: str, chronicles: list[Path], *, over: bool = False, focus: str = "new"
    ) -> None:
        super().__init__()
        self._bindings = keys.added(self._bindings, keys.START, lang)
        self.lang = lang
        self.chronicles = chronicles
        self.over = over  # shown over a dashboard: Escape goes back to it
        self.first_focus = focus

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="start", classes="dialog"):
            yield Label(t("start.title", lang), classes="dialog-title")
            yield Label(t("start.open", lang), classes="start-heading")
            # The demo is named as the demo: its chronicle's title alone ("Chicago by
            # Night") read as if it were one's own new chronicle.
            options = [Option(Text(t("start.demo", lang, name=demo.NAME)), id=DEMO)]
            options += [_option(p, lang) for p in self.chronicles]
            yield OptionList(*options, id="start-list")
            if not self.chronicles:
                yield Label(t("start.none", lang), classes="hint")
            yield Label(t("start.new", lang), classes="start-heading")
            with Horizontal(id="start-new"):
                yield Input(placeholder=t("start.new_placeholder", lang), id="start-name")
                yield Button(t("start.create", lang), id="start-create", compact=True)
            yield Label(t("start.new_hint", lang), classes="hint")
            yield Line(id="start-status")
        yield KeyBar()

    def on_mount(self) -> None:
        name = self.query_one("#start-name", Input)
        name.cursor_blink = False
        listing = self.query_one("#start-list", OptionList)
        listing.highlighted = 1 if self.chronicles and self.over else 0
        # Typing names a new chronicle (Enter creates it) unless the list was asked for
        # (Open recent…); Shift+Tab reaches the list either way.
        (name if self.first_focus == "new" else listing).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Back only when there is a dashboard to go back to."""
        return self.over if action == "back" else True

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_new(self) -> None:
        self.query_one("#start-name", Input).focus()

    def tell(self, text: str) -> None:
        """Why the chosen chronicle did not open (plain text: it may hold a path)."""
        self.query_one("#start-status", Line).text = Text(text, style="bold")

    def _choose(self, choice: Choice, name: str) -> None:
        self.query_one("#start-status", Line).text = Text(t("start.opening", self.lang, name=name))
        self.post_message(self.Chosen(self, choice))

    @on(OptionList.OptionSelected, "#start-list")
    def _open(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        if key == DEMO:
            self._choose(Choice(demo=True), t("start.demo_opening", self.lang))
        else:
            self._choose(Choice(path=Path(key)), Path(key).name)

    @on(Input.Submitted, "#start-name")
    @on(Button.Pressed, "#start-create")
    def _create(self) -> None:
        name = self.query_one("#start-name", Input).value.strip()
        self._choose(Choice(new=name), name)
