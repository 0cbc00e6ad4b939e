"""The dashboard screen: the chronicle's state as a reactive, the four panes bound to it, and
the one place that runs commands.

Widgets and dialogs post :class:`RunCommand`; the screen queues it on its :class:`Runner`
(off the screen's thread, in order), and when the event is durable sets :attr:`state`, which
flows down to every pane. Nothing else changes the chronicle.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.reactive import var
from textual.screen import Screen
from textual.timer import Timer

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.parser import MAX_COMMAND, asks_help
from elysium.chronicle.session import Result, Session
from elysium.chronicle.state import State
from elysium.i18n import t
from elysium.rules.table_dice import NeedFaces, TableDice, Typed
from elysium.tui import errorlog, keys
from elysium.tui.commandbar import CommandBar, encounters_of, powers_of
from elysium.tui.messages import CharacterChosen, CommandDone, RunCommand
from elysium.tui.render import without_colour
from elysium.tui.runner import Failed, Runner
from elysium.tui.screens import breakpoints_now
from elysium.tui.screens.acting import Acting
from elysium.tui.screens.away import LOG_TAIL, Away
from elysium.tui.screens.composing import Composing, Held
from elysium.tui.widgets.footer import KeyBar
from elysium.tui.widgets.header import HeaderBar
from elysium.tui.widgets.panes import four_panes, other_side, show_side
from elysium.tui.widgets.rolllog import RollLog
from elysium.tui.widgets.status import StatusLine, key_hints, report_line, with_warnings

SLOW = 0.2  # seconds before a command still being saved says so


def load_handlers() -> None:
    """Every verb's handler, imported in the runner's thread once the first frame is drawn:
    the start does not wait for them, and the first command finds them loaded."""
    from elysium.chronicle.commands import registry  # noqa: F401


FROZEN: list[bool] = []  # the first dashboard's start is frozen (once per process)


def settle_memory(_: object = None) -> None:
    """Once the first dashboard is up and its handlers loaded: what was made to start it
    (the handlers, the stylesheet, the widgets) is left out of the garbage collector's scans
    from now on, as the heap before the app already is (``tui.app``). A full scan took 9 ms
    instead of 3, in the middle of a command: the collector runs when it runs, Enter or not.
    Once per process: a process that opens many dashboards (the tests) pins only the
    first's."""
    import gc

    if not FROZEN:
        FROZEN.append(True)
        gc.freeze()


@dataclass
class Ran:
    """What running one command in the runner's thread came to."""

    text: str
    result: Result | None = None
    refused: ChronicleError | None = None
    bug: BaseException | None = None
    need: NeedFaces | None = None  # physical dice: the next step's faces are still to come
    origin: Any = None  # who asked: the command bar is cleared with the composed result


class DashboardScreen(Composing, Away, Acting, Screen[None]):
    """The Storyteller's screen over one open chronicle."""

    state: var[State] = var(State, always_update=True)
    selected: var[str | None] = var(None)
    side: var[str | None] = var(None, init=False)  # narrow: the pane beside the log (None: auto)
    fighting: var[bool] = var(False, init=False)  # a fight is on: F12 is offered

    def __init__(
        self,
        session: Session,
        lang: str,
        *,
        report: Iterable[Any] = (),
        view: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        self._bindings = keys.added(self._bindings, keys.DASHBOARD, lang)
        self.session = session
        self.lang = lang
        self.report = list(report)
        self.runner = Runner(self)
        self._slow: Timer | None = None
        self._commands = 0  # asked for, not yet shown
        self._history_warned = False
        self.view = view or {}  # what this chronicle's dashboard showed last (tui.views)
        self.said = Text()
        self._hints: dict[tuple[int, bool, bool], Text] = {}  # see _key_hints
        state = session.state
        self.set_reactive(DashboardScreen.state, state)
        chosen = self.view.get("selected")
        first = chosen if chosen in state.characters else next(iter(state.characters), None)
        self.set_reactive(DashboardScreen.selected, first)
        self.set_reactive(DashboardScreen.fighting, state.combat is not None)

    def compose(self) -> ComposeResult:
        breakpoints_now(self)  # before the children are styled: they are styled once
        lang = self.lang
        top = HeaderBar(lang, self.state, self.session.readonly, self.session.store.root)
        yield top.data_bind(DashboardScreen.state)
        yield four_panes(lang, self.state, self.selected, DashboardScreen)
        powers = powers_of(lambda: self.state)
        placeholder = t("ui.command_placeholder", lang, key=keys.shown(self.app, "help"))
        groups = encounters_of(lambda: self.state)
        yield CommandBar(self._names, placeholder, powers, groups, id="command")
        more = t("screen.more", lang, key=keys.shown(self.app, "said"))
        yield StatusLine(more, self._key_hints, id="status")
        yield KeyBar()

    def _key_hints(self, width: int) -> Text:
        """The footer's keys for the status line's second row, made once per width and
        fight (what they depend on while the screen lives: F12 is offered in a fight)."""
        key = (width, self.fighting, self.session.readonly)
        if key not in self._hints:
            self._hints[key] = key_hints(self, width)
        return self._hints[key]

    def on_mount(self) -> None:
        from elysium.tui.userstate import load_history

        self.log_pane = self.query_one(RollLog)
        bar = self.query_one(CommandBar)
        bar.focus()
        if self.report:
            self.say(report_line(self.report, self.session.readonly, self.lang), error=True)
        self.runner.submit(load_history, self._history_loaded)
        self._read_log()
        self.call_after_refresh(self.runner.submit, load_handlers, settle_memory)

    def _read_log(self) -> None:
        """The roll log's last lines are in the first frame: reading them is a few reads from
        the journals' ends, while filling the log after that frame painted every pane twice.
        A store that cannot be read just now is asked again from the runner's thread."""
        try:
            events = self.session.store.tail_events(LOG_TAIL)
        except (ChronicleError, OSError):
            self.runner.submit(lambda: self.session.store.tail_events(LOG_TAIL), self._log_read)
        else:
            self._log_read(events)

    def on_unmount(self) -> None:
        self.runner.close()

    def _history_loaded(self, history: Any) -> None:
        if isinstance(history, list):
            bar = self.query_one(CommandBar)
            bar.history = history + bar.history
            bar.remember("")

    def _log_read(self, events: Any) -> None:
        if isinstance(events, list):
            self.log_pane.add_events(events)
        if self.view:  # each pane's scroll as it was left, once the panes have their lines
            from elysium.tui.views import restore

            self.call_after_refresh(restore, self, self.view)

    def _names(self) -> list[str]:
        return [c.name for c in self.state.characters.values()]

    # --- state down ------------------------------------------------------------------------

    def watch_state(self, state: State) -> None:
        if self.selected not in state.characters:
            self.selected = next(iter(state.characters), None)
        show_side(self, state, self.side)
        self.fighting = state.combat is not None

    def watch_fighting(self) -> None:
        self.refresh_bindings()  # F12 (act as declared) is offered in a fight only

    def watch_side(self, side: str | None) -> None:
        show_side(self, self.state, side)

    @on(CharacterChosen)
    def _chosen(self, message: CharacterChosen) -> None:
        message.stop()
        self.selected = message.key

    # --- the one place that changes the chronicle ------------------------------------------

    @on(RunCommand)
    def run(self, message: RunCommand) -> None:
        """A command asked for by a pane, a dialog or the bar (dialogs' come via the app)."""
        message.stop()
        if isinstance(message.origin, CommandBar) and asks_help(message.text):
            message.origin.command_done(message.text.strip(), ok=True)  # the bar clears
            self.action_help()  # `help` typed: the help itself, not a refusal
            return
        self.run_command(
            message.text,
            message.origin,
            remember=message.remember,
            physical=message.physical,
            dice=message.dice,
        )

    def run_command(
        self,
        text: str,
        origin: Any = None,
        *,
        remember: bool = False,
        physical: bool | None = None,
        dice: Typed | None = None,
    ) -> None:
        """Queue a command; its result is shown when it is durable (see :meth:`_ran`). With
        physical dice (the chronicle's setting, or ``physical``) its rolls are asked of the
        table step by step; ``dice`` holds the faces typed so far."""
        text = text.strip()
        if not text:
            return
        if dice is None and (
            self.state.profile.house.physical_dice if physical is None else physical
        ):
            dice = []
        self._commands += 1
        if self._slow is None:
            self._slow = self.set_timer(SLOW, self._saving)
        ran = Ran(text, origin=origin)  # filled in the runner's thread (see composing)
        composer = self.composer(ran)
        self.runner.submit(
            lambda: self._execute(ran, dice, composer),
            lambda done: self._ran(done, origin, dice),
        )
        # The players' view, published while the result is drawn (not before it is shown).
        self.runner.submit(lambda: self._publish(ran), self._published)
        if remember and len(text) <= MAX_COMMAND:
            self._remember(text)

    def _execute(self, ran: Ran, dice: Typed | None = None, composer: Any = None) -> Ran:
        """In the runner's thread: the command (fsync included); ``composer`` hands the
        decided event to the screen's thread before it is written (see composing)."""
        text = ran.text
        source = TableDice(dice, self.session.rng) if dice is not None else None
        try:
            ran.result = self.session.execute(text, source, before_write=composer, publish=False)
        except NeedFaces as need:
            ran.need = need  # nothing written: the table throws the next step first
        except ChronicleError as exc:
            ran.refused = exc
        except Exception as exc:  # a bug must not take the Storyteller's screen down
            ran.bug = exc
            errorlog.record(exc, f"command {text!r}")  # its traceback, for whoever fixes it
        return ran

    def _publish(self, ran: Ran) -> list[Any]:
        """In the runner's thread, after the command: the players' view (when the chronicle
        is shared) and what went wrong publishing it."""
        if ran.result is None or ran.result.event is None:
            return []  # nothing was written: the view is as it was
        told = len(self.session.warnings)
        self.session.publish_view()
        return self.session.warnings[told:]

    def _published(self, warnings: Any) -> None:
        """The event stands whatever the view did: a failure is said after the result."""
        if isinstance(warnings, Failed):
            errorlog.record(warnings.error, "publishing the players' view")
            return
        if warnings:
            said = self.said.plain
            self.say(*with_warnings(said, warnings, self.lang))

    def _remember(self, text: str) -> None:
        """The typed line into the history file, after its command (the result first)."""
        from elysium.tui.userstate import append_history

        self.runner.submit(lambda: append_history(text), self._remembered)

    def _remembered(self, problem: Any) -> None:
        if problem and not isinstance(problem, Failed) and not self._history_warned:
            self._history_warned = True  # a full disk is mentioned once
            said = problem.render(self.lang) if hasattr(problem, "render") else str(problem)
            self.notify(said, severity="warning", markup=False, timeout=6)

    def _saving(self) -> None:
        if self._commands:  # a command (not the history file) is still being saved
            self.say(t("ui.saving", self.lang))

    def _ran(self, ran: Ran | Failed, origin: Any, dice: Typed | None = None) -> None:
        """Back on the screen's thread: show what the command did, or why not."""
        self._commands -= 1
        if not self._commands and self._slow is not None:
            self._slow.stop()
            self._slow = None
        if isinstance(ran, Failed):
            ran = Ran("", bug=ran.error)
        saved = ran.result is not None and ran.result.event is not None
        held = self.claim(ran, saved)  # composed while it was written, not yet shown
        try:
            if ran.need is not None and dice is not None:
                self._ask_table(ran, origin, dice)
                return
            with self.app.batch_update():  # the result and the cleared bar: one frame
                said, ok = self._show(ran, held)
                if isinstance(origin, CommandBar):
                    origin.command_done(ran.text, ok)
                elif origin is not None:
                    origin.post_message(CommandDone(ran.text, ok, said))
        finally:
            if held is not None:
                held.release(self)  # the frame, now that the event is durable

    def _ask_table(self, ran: Ran, origin: Any, dice: Typed) -> None:
        """A roll needs faces: the open prompt asks, or a new one takes the command over."""
        from elysium.tui.dialogs.faces import FacesPrompt

        assert ran.need is not None
        if isinstance(origin, FacesPrompt):
            origin.ask(ran.need)
            return
        if isinstance(origin, CommandBar):
            origin.command_done(ran.text, True)
        elif isinstance(origin, Screen):  # a dialog (F2): closed before the prompt opens;
            if origin.is_current:  # closing itself later, it would pop the prompt instead
                origin.dismiss(None)
        elif origin is not None:
            origin.post_message(CommandDone(ran.text, True, ""))
        self.say(t("table.moved", self.lang, command=ran.text))
        prompt = FacesPrompt(self.lang, ran.text, dice, ran.need)
        self.app.push_screen(prompt, lambda saved: self._table_closed(ran.text, saved))

    def _table_closed(self, text: str, saved: bool | None) -> None:
        if saved is None:
            self.say(t("table.cancelled", self.lang, command=text))
        self.action_focus_command()

    def _show(self, ran: Ran, held: Held | None = None) -> tuple[str, bool]:
        lang = self.lang
        refused = t("ui.refused", lang)
        if ran.refused is not None:
            said = f"{refused}: {ran.refused.render(lang)}"
            self.say(said, True)
            return said, False
        if ran.bug is not None or ran.result is None:
            said = f"{refused}: {type(ran.bug).__name__}: {ran.bug}"
            self.say(said, error=True)
            return said, False
        result = ran.result
        if result.event is None:  # a question answered (rules, a character's powers)
            from elysium.tui.dialogs.answer import AnswerScreen

            self.app.push_screen(AnswerScreen(lang, result.render(lang)))
            return result.render(lang), True
        from elysium.chronicle.events import ROLL_TYPES
        from elysium.tell.events import describe

        if held is not None and held.told:  # composed while it was written: as it stands
            said = held.told
            if not result.warnings and self.said is held.line:
                return said, True  # the status line already says it
        else:
            # One frame: the panes, the log's newest line and the status line together.
            told = describe(result.event, lang)
            self.state = self.session.state
            self.log_pane.add_events([result.event], told)
            # A roll is said as the log tells it, the rest as the session answered.
            said = told if result.event.type in ROLL_TYPES else result.render(lang)
        self.say(*with_warnings(said, result.warnings, lang))
        return said, True

    def say(self, message: str, error: bool = False) -> None:
        """The status line: a result, or (bold, and red where there is colour) why not.
        Never a toast: one would lie over the roll log and the Morality pane."""
        line = Text(message, style="bold red" if error else "")  # never markup: user text
        if error and self.app.no_color:
            line = without_colour(line)  # bold alone: NO_COLOR would turn red a dark grey
        self.say_again(line)

    def say_again(self, line: Text) -> None:
        """The status line shows ``line`` (as it was said before)."""
        self.said = line
        self.query_one("#status", StatusLine).show(line)

    # --- actions ---------------------------------------------------------------------------

    WRITES = frozenset({"roll", "edit", "npc", "next", "act", "undo", "redo", "scene", "night"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing that writes on a read-only dashboard; acting a declaration in a fight."""
        if action == "act" and not self.fighting:
            return False
        return not (self.session.readonly and action in self.WRITES)

    def _dialog_closed(self, _: None) -> None:
        """A dialog closed (it ran its own command, through :meth:`run`): the keyboard goes
        back to the command bar."""
        self.action_focus_command()

    def action_roll(self) -> None:
        from elysium.tui.dialogs.roll import RollDialog

        self.app.push_screen(RollDialog(self.lang, self.state, self.selected), self._dialog_closed)

    def action_edit(self) -> None:
        from elysium.tui.dialogs.editor import EditDialog

        c = self.state.characters.get(self.selected or "")
        if c is None:
            self.say(t("ui.no_character", self.lang), error=True)
            return
        # The editor runs its own command and stays open when it is refused: no edit lost.
        self.app.push_screen(EditDialog(self.lang, c), self._dialog_closed)

    def action_npc(self) -> None:
        from elysium.tui.dialogs.npc import NpcDialog

        self.app.push_screen(NpcDialog(self.lang), self._dialog_closed)

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
        if log.filter_name is not None:
            log.filter_name = None
            return
        c = self.state.characters.get(self.selected or "")
        log.filter_name = c.name if c else None

    def action_help(self) -> None:
        """Keys as bound now (the user's keymap applied) and the command language."""
        from elysium.tui.dialogs.help import HelpScreen, key_rows

        self.app.push_screen(HelpScreen(self.lang, key_rows(self.app, keys.DASHBOARD + keys.APP)))

    def action_side(self) -> None:
        """Narrow: the other pane beside the roll log (Initiative or Morality)."""
        self.side = other_side(self)

    def action_said(self) -> None:
        """The last message whole, however long (the status line shows two rows of it)."""
        from elysium.tui.dialogs.answer import AnswerScreen

        said = self.said.plain or t("screen.said.none", self.lang)
        self.app.push_screen(AnswerScreen(self.lang, said))

    def action_focus_command(self) -> None:
        self.query_one(CommandBar).focus()

    def action_type_verb(self, word: str) -> None:
        """Start a command with ``word`` in the command bar."""
        bar = self.query_one(CommandBar)
        bar.value = f"{word} "
        bar.cursor_position = len(bar.value)
        bar.focus()

    def action_choose(self, key: str, then: str = "") -> None:
        """Select a character (the palette), then maybe edit or roll for them."""
        self.selected = key
        if then:
            getattr(self, f"action_{then}")()
