"""The dashboard: four panes, a command bar, dialogs, a help screen.

One place changes the chronicle: :meth:`ElysiumApp.run_command`. Widgets post messages and
dialogs return commands; the app hands each command to the session, which writes the event
durably, and only then are the panes given the new state.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Iterable
from functools import partial
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from elysium.chronicle import verbs
from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.parser import MAX_COMMAND
from elysium.chronicle.session import Session
from elysium.i18n import t
from elysium.resources import stylesheets
from elysium.tui.commandbar import CommandBar, powers_of
from elysium.tui.dialogs import ConfirmScreen, EditDialog, NpcDialog, RollDialog
from elysium.tui.help import AnswerScreen, HelpScreen, StatsScreen
from elysium.tui.panes import BeastPane, InitiativePane, RollLog, VitalsPane, four_panes
from elysium.tui.render import header

NARROW = 110  # below this many columns the panes rearrange for small terminals
LOG_TAIL = 300  # events read for the roll log at start


def bindings(lang: str) -> list[Binding]:
    """Every key action, with an id (remappable) and a description in ``lang``."""
    return [
        Binding("f1", "help", t("key.help", lang), id="help"),
        Binding("question_mark", "help", t("key.help", lang), show=False, id="help_alt"),
        Binding("f2", "roll", t("key.roll", lang), id="roll"),
        Binding("f3", "edit", t("key.edit", lang), id="edit"),
        Binding("f4", "npc", t("key.npc", lang), show=False, id="npc"),
        Binding("f5", "next", t("key.next", lang), id="next"),
        Binding("f6", "filter", t("key.filter", lang), show=False, id="filter"),
        Binding("f7", "stats", t("key.stats", lang), show=False, id="stats"),
        Binding("ctrl+z", "undo", t("key.undo", lang), id="undo", priority=True),
        Binding("ctrl+y", "redo", t("key.redo", lang), show=False, id="redo", priority=True),
        Binding("escape", "focus_command", t("key.command", lang), show=False, id="command"),
        Binding("ctrl+p", "command_palette", t("key.palette", lang), id="palette"),
        Binding("ctrl+r", "reload", t("key.reload", lang), show=False, id="reload"),
        Binding("ctrl+q", "quit", t("key.quit", lang), id="quit", priority=True),
    ]


class ElysiumApp(App[None]):
    """The Storyteller's screen."""

    CSS_PATH = stylesheets("app.tcss", "dialogs.tcss")
    TITLE = "Elysium"
    ENABLE_COMMAND_PALETTE = True

    def __init__(
        self,
        session: Session | None,
        lang: str = "en",
        *,
        report: Iterable[str] = (),
        locked: Path | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.lang = lang
        self.report = list(report)
        self.locked = locked
        self.selected: str | None = None
        self._history_warned = False  # a full disk is mentioned once, not at every command

    # --- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        lang = self.lang
        yield Static("", id="topbar", markup=False)
        yield four_panes(lang)
        powers = powers_of(lambda: self.session.state if self.session else None)
        yield CommandBar(self._names, t("ui.command_placeholder", lang), powers, id="command")
        yield Static("", id="status", markup=False)
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self._arrange(self.size.width)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGHUP, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self._hang_up)
        if self.locked is not None:
            self.push_screen(ConfirmScreen(t("ui.locked", self.lang), self.lang), self._locked)
            return
        self._start()

    def _start(self) -> None:
        if self.session is None:
            return
        from elysium.tui.launch import load_history

        bar = self.query_one(CommandBar)
        bar.history = load_history()
        bar.remember("")
        self.refresh_panes()
        if self.report:
            self._say(self._report_line(), error=True)
        self.query_one(CommandBar).focus()
        # The roll log is read after the first frame, so the panes appear at once.
        self.call_after_refresh(self.load_log)

    def _report_line(self) -> str:
        """What opening found, in one line (one toast, not a screenful at 80x24): the first
        finding, how many more, and how to repair; ``elysium check`` lists them all."""
        readonly = self.session is not None and self.session.readonly
        label = t("ui.damaged" if readonly else "ui.recovered", self.lang)
        lines = [
            line.render(self.lang) if hasattr(line, "render") else line for line in self.report
        ]
        hints = [line for line in lines if "elysium repair" in line]
        found = [line for line in lines if line not in hints] or lines
        key = "ui.more_check" if readonly else "ui.more"
        more = t(key, self.lang, n=len(found) - 1) if len(found) > 1 else ""
        tail = f"; {hints[0]}" if hints else ""
        return f"{label}: {found[0]}{more}{tail}"

    def _locked(self, read_only: bool | None) -> None:
        if not read_only or self.locked is None:
            self.exit()
            return
        try:
            self.session = Session.open(self.locked, readonly=True)
        except ChronicleError as exc:
            self.exit(message=str(exc))
            return
        self._start()

    def on_resize(self, event) -> None:
        self._arrange(event.size.width)

    def _arrange(self, width: int) -> None:
        narrow = width < NARROW
        self.screen.set_class(narrow, "narrow")
        self.query_one(VitalsPane).set_compact(narrow)

    def _hang_up(self) -> None:
        """The SSH link dropped (SIGHUP) or we were asked to stop (SIGTERM): everything
        acknowledged is already on disk; leave cleanly."""
        self.exit()

    # --- state to panes ----------------------------------------------------------------------

    def _names(self) -> list[str]:
        if self.session is None:
            return []
        return [c.name for c in self.session.state.characters.values()]

    def refresh_panes(self) -> None:
        if self.session is None:
            return
        state = self.session.state
        readonly = self.session.readonly
        top = header(state, self.lang, readonly)
        if top != getattr(self, "_top", None):
            self._top = top
            self.query_one("#topbar", Static).update(top)
        vitals = self.query_one(VitalsPane)
        vitals.show(state)
        if self.selected not in state.characters:
            self.selected = vitals.selected_key
        self.query_one(InitiativePane).show(state)
        self.query_one(BeastPane).show(state, self.selected)

    @work(thread=True, exclusive=True, group="log")
    def load_log(self) -> None:
        """Read the recent events for the roll log off the UI thread."""
        if self.session is None:
            return
        events = self.session.store.tail_events(LOG_TAIL)
        self.call_from_thread(self.query_one(RollLog).add_events, events)

    def on_vitals_pane_character_selected(self, message: VitalsPane.CharacterSelected) -> None:
        self.selected = message.key
        if self.session is not None:
            self.query_one(BeastPane).show(self.session.state, self.selected)

    # --- the one place that changes the chronicle --------------------------------------------

    def run_command(self, text: str | None) -> bool:
        """Send a command to the session; show its result or why it was refused."""
        if not text or self.session is None:
            return False
        try:
            result = self.session.execute(text)
        except ChronicleError as exc:
            refused = t("ui.refused", self.lang)
            short = exc.render(self.lang)
            if exc.key == "args.fail":  # the toast leaves the usage line to the status line
                short = t("args.short", self.lang, **exc.values)
            self._say(f"{refused}: {exc.render(self.lang)}", True, short=f"{refused}: {short}")
            return False
        except Exception as exc:  # a bug must not take the Storyteller's screen down
            self.log.error(f"command {text!r} failed", exc)
            self._say(f"{t('ui.refused', self.lang)}: {type(exc).__name__}: {exc}", error=True)
            return False
        if result.event is None:  # a question answered (rules, a character's powers)
            self.push_screen(AnswerScreen(self.lang, result.render(self.lang)))
            return True
        self.refresh_panes()
        self.query_one(RollLog).add_events([result.event])
        from elysium.describe import describe

        undoing = result.event.type in ("undo", "redo")  # the session tells the step again
        self._say(result.render(self.lang) if undoing else describe(result.event, self.lang))
        return True

    def _back_to_bar(self, _: object = None) -> None:
        self.query_one(CommandBar).focus()

    def _say(self, message: str, error: bool = False, short: str | None = None) -> None:
        line = Text(message)  # never markup: names are user text
        if error:
            line.stylize("bold")
        self.query_one("#status", Static).update(line)
        if error:
            # The toast says what went wrong; the status line keeps the full usage.
            self.notify(short or message, severity="error", markup=False, timeout=4)

    @on(Input.Submitted, "#command")
    def command_submitted(self, event: Input.Submitted) -> None:
        bar = self.query_one(CommandBar)
        text = event.value.strip()
        if not text:
            return
        if len(text) > MAX_COMMAND:  # refused at once: not tokenised, not kept in history
            self.run_command(text)
            bar.select_all()
            return
        bar.remember(text)
        from elysium.tui.launch import append_history

        problem = append_history(text)
        if problem and not self._history_warned:
            self._history_warned = True
            self.notify(problem, severity="warning", markup=False, timeout=6)
        if self.run_command(text):
            bar.value = ""
        else:
            bar.select_all()  # fix it, or just type the next command over it

    # --- actions -------------------------------------------------------------------------------

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.lang))

    def _from_dialog(self, command: str | None) -> None:
        """A dialog's command: run it, then give the keyboard back to the command bar."""
        self.run_command(command)
        self.query_one(CommandBar).focus()

    def action_roll(self) -> None:
        if self.session:
            self.push_screen(
                RollDialog(self.lang, self.session.state, self.selected), self._from_dialog
            )

    def action_edit(self) -> None:
        if not self.session:
            return
        c = self.session.state.characters.get(self.selected or "")
        if c is None:
            self._say(t("ui.no_character", self.lang), error=True)
            return
        # The editor stays open when a value is refused, so no edit is lost.
        self.push_screen(EditDialog(self.lang, c, self.run_command), self._back_to_bar)

    def action_npc(self) -> None:
        self.push_screen(NpcDialog(self.lang), self._from_dialog)

    def action_next(self) -> None:
        self.run_command("next")

    def action_undo(self) -> None:
        self.run_command("undo")

    def action_redo(self) -> None:
        self.run_command("redo")

    def action_scene(self) -> None:
        self.run_command("scene")

    def action_night(self) -> None:
        self.run_command("night")

    def action_filter(self) -> None:
        log = self.query_one(RollLog)
        if log.filter_name is not None or not self.session:
            log.filter_name = None
            return
        c = self.session.state.characters.get(self.selected or "")
        log.filter_name = c.name if c else None

    def action_stats(self) -> None:
        """Dice statistics for the current chapter."""
        if not self.session:
            return
        state = self.session.state
        events = self.session.events(state.chapter)
        self.push_screen(StatsScreen(self.lang, events, state.profile, state.chapter))

    def action_reload(self) -> None:
        """Read-only: look again at what the writing process has saved since."""
        if self.session is None or not self.session.readonly:
            return
        root = self.session.store.root
        self.session.close()
        self.session = Session.open(root, readonly=True)
        self.refresh_panes()
        self.query_one(RollLog).replace_events(self.session.store.tail_events(LOG_TAIL))

    def action_focus_command(self) -> None:
        self.query_one(CommandBar).focus()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Every key action in the command palette, so nothing needs remembering."""
        lang = self.lang
        for key, action in (
            ("roll", self.action_roll),
            ("edit", self.action_edit),
            ("npc", self.action_npc),
            ("undo", self.action_undo),
            ("redo", self.action_redo),
            ("next", self.action_next),
            ("scene", self.action_scene),
            ("night", self.action_night),
            ("filter", self.action_filter),
            ("stats", self.action_stats),
            ("help", self.action_help),
        ):
            yield SystemCommand(t(f"palette.{key}", lang), t(f"palette.{key}.help", lang), action)
        # Every verb of the command language, as the reader's language spells it: choosing
        # one puts it in the command bar, ready for its words.
        for verb in verbs.VERBS:
            word = verbs.spelling(verb.name, lang)
            others = ", ".join(s for s in verb.spellings if s != word)
            title = t(
                "palette.verb", lang, verb=word, others=others, help=t(f"help.{verb.name}", lang)
            )
            # Usage lines hold brackets ([N], [dice F,...]): text, never markup.
            yield SystemCommand(
                escape(title),
                escape(t(f"usage.{verb.name}", lang)),
                partial(self.action_type_verb, word),
            )
        for command in super().get_system_commands(screen):
            # Textual's own entries (Keys, Quit, Theme…), told in the reader's language.
            key = f"palette.sys.{command.title.casefold()}"
            title = t(key, lang)
            if title != key:
                command = command._replace(title=title, help=t(f"{key}.help", lang))
            yield command

    def action_command_palette(self) -> None:
        """The command palette, its prompt in the reader's language."""
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            placeholder = t("palette.placeholder", self.lang)
            self.push_screen(CommandPalette(id="--command-palette", placeholder=placeholder))

    def action_type_verb(self, word: str) -> None:
        """Start a command with ``word`` in the command bar."""
        bar = self.query_one(CommandBar)
        bar.value = f"{word} "
        bar.cursor_position = len(bar.value)
        bar.focus()


def make_app(
    session: Session | None,
    lang: str = "en",
    *,
    report: Iterable[str] = (),
    locked: Path | None = None,
) -> ElysiumApp:
    """The app with its key bindings described in ``lang`` (bindings are class data in
    Textual, so each language gets its own small subclass)."""
    cls = type(f"ElysiumApp_{lang}", (ElysiumApp,), {"BINDINGS": bindings(lang)})
    return cls(session, lang, report=report, locked=locked)
