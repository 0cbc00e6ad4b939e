"""The players' screen: ``elysium watch`` on a shared view, or ``--players`` on a chronicle, a
screen of the one app (:func:`elysium.tui.app.make_players_app`). Read-only by construction:
it holds no session and no way to send a command; the only keys are quit, read again, the
status line's last message in full, and a player's character's sheet as the view carries it.

When the kernel says the view's directory changed (:mod:`.nudged`), and on a timer (every
``POLL`` seconds without that; a slower safety net with it), the screen asks the source
whether the writer is there and whether its files changed (``stat`` calls). Only a change
costs a read, in a thread; each pane is repainted only when its own text changed, so an
idle screen sends nothing to the terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.players import PlayersSource
from elysium.chronicle.view_check import ViewRefused
from elysium.i18n import t
from elysium.tui import players_render as draw
from elysium.tui.render import without_colour
from elysium.tui.screens.nudged import Nudged
from elysium.tui.widgets.footer import KeyBar
from elysium.tui.widgets.line import Line

POLL = 0.1  # seconds between looks at the files, as the Storyteller's watch screen


class Pane(Static):
    """A pane whose text is set only when it differs from what is shown."""

    def show(self, text: Text) -> bool:
        if text == getattr(self, "_shown", None):
            return False
        self._shown = text
        self.update(without_colour(text) if self.app.no_color else text)
        return True


class PlayersScreen(Screen[None]):
    """What the table sees, live."""

    BINDINGS = [Binding("ctrl+c", "app.quit", show=False)]

    def __init__(self, source: PlayersSource, lang: str, first: dict[str, Any] | None) -> None:
        super().__init__()
        self.source = source
        self.lang = lang
        self.view = first
        self.writer: bool | None = None  # not asked yet
        self._was_live = False  # "is back" only for a writer this screen saw go
        self._reading = False
        self._failing = False  # the last read was refused; said on the status line
        self._said = ""
        self.nudged: Nudged | None = None
        self._bindings.bind("q", "app.quit", t("key.quit", lang))
        self._bindings.bind("ctrl+r", "reload", t("players.key.reload", lang))
        self._bindings.bind("ctrl+l", "said", t("key.said", lang))
        self._bindings.bind("s", "sheet", t("players.key.sheet", lang))

    def compose(self) -> ComposeResult:
        lang = self.lang
        yield Line(self._weights(draw.header(self.view, lang, None)), id="players-header")
        characters = Pane(draw.characters(self.view, lang), id="players-characters")
        characters.border_title = t("players.pane.characters", lang)
        yield characters
        with Horizontal(id="players-lower"):
            initiative = Pane(draw.initiative(self.view, lang), id="players-initiative")
            initiative.border_title = t("ui.pane.initiative", lang)
            yield initiative
            with VerticalScroll(id="players-rolls-box") as box:
                box.border_title = t("players.pane.rolls", lang)
                yield Pane(draw.rolls(self.view, lang), id="players-rolls")
        yield Line("", id="players-status")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.view is None:
            self.say(t("players.none_yet", self.lang), error=True)
        self.query_one("#players-rolls-box").scroll_end(animate=False)
        self.nudged = Nudged(self.source, self._look, lambda: self.call_later(self._look))
        self._look()
        self.set_interval(POLL, self.nudged.tick, name="players")

    def on_unmount(self) -> None:
        if self.nudged is not None:
            self.nudged.close()

    def say(self, text: str, error: bool = False) -> None:
        if text == self._said:
            return
        self._said = text
        style = "bold red" if error else "dim"
        self.query_one("#players-status", Line).text = self._weights(Text(text, style=style))

    def _weights(self, text: Text) -> Text:
        """Under NO_COLOR the weights alone (bold, reverse): Textual would draw red as a
        grey darker than the background."""
        return without_colour(text) if self.app.no_color else text

    def _look(self) -> None:
        """The timer's tick: say when the writer left or came back; read what changed."""
        writing = self.source.writing() if self.view is not None else False
        if writing != self.writer:
            if self.writer is not None or self.view is not None:
                key = "players.writer_back" if writing else "players.writer_stopped"
                if writing and not self._was_live:
                    key = "players.watching"
                if self.writer is None:
                    key = "players.watching" if writing else "players.no_writer"
                self.say(t(key, self.lang), error=not writing)
            if writing and self.writer is False:
                self.source.again()
            self.writer = writing
            self._was_live = self._was_live or writing
            header = draw.header(self.view, self.lang, writing)
            self.query_one("#players-header", Line).text = self._weights(header)
        if not self._reading and self.source.changed():
            self._reading = True
            self.run_worker(self._read, thread=True, exclusive=True, exit_on_error=False)

    def _read(self) -> None:
        """In a thread: the view, or why not (any failure: the screen must keep following)."""
        try:
            view: Any = self.source.read()
        except Exception as exc:
            self.app.call_from_thread(self._failed, exc)
            return
        self.app.call_from_thread(self._show, view)

    def _failed(self, exc: Exception) -> None:
        """One line on the status line; the last good view stays on the screen, and the
        timer keeps looking at the file until it is good again."""
        self._reading = False
        self._failing = True
        if isinstance(exc, ViewRefused):
            why = exc.values.get("why") or exc.msg
            self.say(t("players.view_refused", self.lang, why=why), error=True)
            return
        why = exc.render(self.lang) if isinstance(exc, ChronicleError) else str(exc)
        self.say(t("players.cannot_read", self.lang, error=why), error=True)

    def _show(self, view: dict[str, Any] | None) -> None:
        self._reading = False
        was = self.view
        self.view = view
        if self._failing:  # good again: the next tick says the writer's state anew
            self._failing, self.writer = False, None
        if view is None:
            if was is not None:
                self.say(t("players.withdrawn", self.lang), error=True)
            self.writer = None
        elif was is None:
            self.writer = None  # shared (again): the next tick says whether it is live
        lang = self.lang
        parts: list[tuple[str, Callable[[Any, str], Text]]] = [
            ("#players-initiative", draw.initiative),
            ("#players-characters", draw.characters),
            ("#players-rolls", draw.rolls),
        ]
        try:  # a view in a shape this cannot draw is said, never the end of the screen
            header = draw.header(view, lang, self.writer)
            texts = [(selector, render(view, lang)) for selector, render in parts]
        except (AttributeError, TypeError, ValueError, KeyError) as exc:
            self._failed(exc)
            return
        with self.app.batch_update():
            self.query_one("#players-header", Line).text = self._weights(header)
            for selector, text in texts:
                if self.query_one(selector, Pane).show(text) and selector.endswith("rolls"):
                    box = self.query_one("#players-rolls-box")
                    self.call_after_refresh(box.scroll_end, animate=False)
        if self.nudged is not None and self.nudged.notified:
            self._look()  # a change told of while this one was read is not told again

    def action_reload(self) -> None:
        self.source.again()

    def action_said(self) -> None:
        """The status line's message whole, however long (the line shows two rows)."""
        from elysium.tui.dialogs.answer import AnswerScreen

        if not isinstance(self.app.screen, AnswerScreen):
            said = self._said or t("screen.said.none", self.lang)
            self.app.push_screen(AnswerScreen(self.lang, said))

    def action_sheet(self) -> None:
        """A player's character's sheet, read-only: chosen from the view's players'
        characters (any player may read any of them; an NPC has no sheet in the view)."""
        from elysium.tell.players_sheet import sheets

        rows = sheets(self.view)
        if not rows:
            self.say(t("players.sheet.none", self.lang))
            return
        if len(rows) == 1:
            self._open_sheet(rows[0])
            return
        from elysium.tui.dialogs.pick_sheet import PickSheetDialog

        def chosen(place: int | None) -> None:
            if place is not None and 0 <= place < len(rows):
                self._open_sheet(rows[place])

        names = [str(r.get("name", "")) for r in rows]
        self.app.push_screen(PickSheetDialog(self.lang, names), chosen)

    def _open_sheet(self, row: Mapping[str, Any]) -> None:
        from elysium.tell.players_sheet import view_sheet
        from elysium.tui.dialogs.sheet import SheetScreen

        self.app.push_screen(SheetScreen(self.lang, None, view_sheet(row, self.lang)))
