"""Elysium's one app: the dashboard, the replay, the players' view and their dialogs are its
screens.

The app holds what outlives a screen: the language, the user's config (keymap, theme), the
palette's providers and the signal handlers. The dashboard screen owns the session and is the
one place that changes the chronicle (:mod:`elysium.tui.screens.dashboard`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import signal
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.app import App, SystemCommand
from textual.screen import Screen

from elysium import config as settings
from elysium.chronicle.session import Session
from elysium.config import Config
from elysium.i18n import t
from elysium.resources import stylesheets
from elysium.tui import keys
from elysium.tui.messages import RunCommand
from elysium.tui.screens.dashboard import DashboardScreen

if TYPE_CHECKING:
    from textual.command import Provider
    from textual.driver import Driver

    from elysium.chronicle.follow import Source
    from elysium.chronicle.players import PlayersSource
    from elysium.chronicle.replay import Replay
    from elysium.tui.screens.start import StartScreen

NARROW = 110  # below this many columns the panes rearrange for small terminals


def _provider(name: str) -> type[Provider]:
    """A palette provider, imported when the palette first opens (not at start)."""
    from elysium.tui import palette

    provider: type[Provider] = getattr(palette, name)
    return provider


class ElysiumApp(App[None]):
    """The one app: the Storyteller's dashboard, the replay, or the players' view."""

    CSS_PATH = stylesheets("app.tcss", "dialogs.tcss", "editor.tcss", "start.tcss", "players.tcss")
    TITLE = "Elysium"
    ENABLE_COMMAND_PALETTE = True
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW, "-wide")]
    COMMANDS = App.COMMANDS | {lambda: _provider("CharacterCommands")}
    COMMANDS |= {lambda: _provider("VerbCommands")}

    def __init__(
        self,
        session: Session | None = None,
        lang: str = "en",
        *,
        report: Iterable[Any] = (),
        locked: Path | None = None,
        replay: tuple[Replay, str] | None = None,
        players: tuple[PlayersSource, dict[str, Any] | None] | None = None,
        config: Config | None = None,
    ) -> None:
        _freeze_startup_heap()
        super().__init__()
        if players is None:
            self._bindings = keys.added(self._bindings, keys.APP, lang)
        else:  # the table's view offers no palette: its only keys are its screen's
            self.use_command_palette = False
        self.lang = lang
        self.config = config
        self.dashboard: DashboardScreen | None = None
        if session is not None:
            from elysium.tui import views

            view = views.load(session.store.root)  # as the Storyteller left it
            self.dashboard = DashboardScreen(session, lang, report=report, view=view)
        self._locked = locked
        self._replay = replay
        self._players = players
        self._theme_ready = False
        self._leaving: asyncio.Task[None] | None = None  # leaving after a failure
        if config is not None and config.theme in self.available_themes:
            self.theme = config.theme  # an unknown one is told on mount
        else:  # none chosen: the terminal's own colours where it has no true colour
            self.theme = settings.default_theme(os.environ)

    def get_driver_class(self) -> type[Driver]:
        """Textual's terminal driver, made to leave when its terminal is gone (the SSH link
        dropped): see :mod:`elysium.tui.driver`."""
        driver = super().get_driver_class()
        if driver.__module__ == "textual.drivers.linux_driver":
            from elysium.tui.driver import surviving

            driver = surviving(driver)
        return driver

    @property
    def session(self) -> Session | None:
        """The open chronicle's session (None only while offering a locked one)."""
        return self.dashboard.session if self.dashboard is not None else None

    def get_default_screen(self) -> Screen:
        """The first screen is built at once (no empty frame before it)."""
        if self._players is not None:
            from elysium.tui.screens.players import PlayersScreen

            source, first = self._players
            return PlayersScreen(source, self.lang, first)
        if self._replay is not None:
            from elysium.tui.screens.replay import ReplayScreen

            replay, name = self._replay
            return ReplayScreen(replay, name, self.lang)
        if self.dashboard is not None:
            return self.dashboard
        if self._locked is not None:
            from elysium.tui.screens.locked import LockedScreen

            return LockedScreen(self._locked, self.lang)
        return self._start_screen(over=False, focus="new")  # no chronicle yet: name one

    def _start_screen(self, *, over: bool, focus: str = "open") -> Screen:
        from elysium.tui.screens.start import StartScreen
        from elysium.tui.userstate import chronicles

        session = self.session
        here = session.store.root if session is not None else None
        listed = [p for p in chronicles() if p != here]  # never the one open now
        return StartScreen(self.lang, listed, over=over, focus=focus)

    def action_start(self, focus: str = "open") -> None:
        """The start screen over the dashboard (the palette's New chronicle…, Open recent…)."""
        self.push_screen(self._start_screen(over=self.dashboard is not None, focus=focus))

    def on_start_screen_chosen(self, message: StartScreen.Chosen) -> None:
        """Open (or create) the chosen chronicle and show it instead of the one shown now;
        the start screen says why not (see :mod:`elysium.tui.opening`)."""
        from elysium.tui.opening import switch_to

        switching = switch_to(self, message.choice, message.screen.tell)
        self.run_worker(switching, name="open-chronicle", exclusive=True)

    def on_mount(self) -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGHUP, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self._hang_up)
        self._apply_config()
        self._theme_ready = True

    def _apply_config(self) -> None:
        """The user's keymap and theme; every mistake in the file told once, in a toast."""
        config = self.config
        if config is None:
            return
        if config.keys:
            self.set_keymap(settings.keymap(config))
        problems = [
            *config.problems,
            *settings.unknown_keys(config, keys.IDS),
            *settings.unknown_theme(config, self.available_themes),
        ]
        told = [problem.render(self.lang) for problem in problems]
        for key, moved, lost in keys.clashes(config.keys):
            told.append(
                t("ui.key_clash", self.lang, file="config.toml", key=key, id=moved, other=lost)
            )
        if not told:
            return
        said = "\n".join(told)
        if self.dashboard is not None and self.screen is self.dashboard:
            # The status line, as every other warning: a toast would lie over the first
            # dialog opened (F2's buttons at 80x24); Ctrl+L shows it whole.
            self.call_after_refresh(self._say_config, said)
        else:  # the start screen has no status line: one toast (several would pile up)
            self.notify(said, severity="warning", markup=False, timeout=10)

    def _say_config(self, said: str) -> None:
        dashboard = self.dashboard
        if dashboard is None or not dashboard.is_attached:
            self.notify(said, severity="warning", markup=False, timeout=10)
            return
        before = dashboard.said.plain  # a recovery report said at mount stays first
        dashboard.say(f"{before}\n{said}" if before else said, error=True)

    def watch_theme(self, theme: str) -> None:
        """A theme chosen from the palette is kept in the user's config."""
        if not self._theme_ready or self.config is None:
            return
        problem = settings.save_theme(theme)
        if problem:
            self.notify(problem.render(self.lang), severity="warning", markup=False, timeout=6)

    def on_app_blur(self, event: events.AppBlur) -> None:
        """The terminal lost focus (a window or tmux pane switch). Textual would unfocus the
        command bar and repaint the whole screen (about 14 KB at 80x24 over SSH), then do it
        again on the way back; the dashboard keeps what it shows and sends nothing."""
        event.prevent_default()

    def on_app_focus(self, event: events.AppFocus) -> None:
        event.prevent_default()

    def _hang_up(self) -> None:
        """The SSH link dropped (SIGHUP) or we were asked to stop (SIGTERM): everything
        acknowledged is already on disk; finish what is being saved and leave."""
        self.run_worker(self.action_quit(), name="hang-up")

    async def action_quit(self) -> None:
        """Leave once every command asked for is saved (the screen waits, never drops it)."""
        if self.dashboard is not None:
            await self.dashboard.runner.settled()
            self._keep_view()
        self.exit()

    def _keep_view(self) -> None:
        """What the dashboard shows (selection, scroll), for the next time it is opened."""
        from elysium.tui import views

        dashboard = self.dashboard
        if dashboard is not None and dashboard.is_attached:
            views.save(dashboard.session.store.root, views.capture(dashboard))

    # --- what a failure leaves -------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        """Textual's one door for every exception nothing else caught: a handler, compose,
        mount, a callback, a timer, a worker (Textual's own would print the traceback over
        the terminal and end the app, the Storyteller back at the shell mid-session).

        Every failure is logged, traceback and all (:mod:`elysium.tui.errorlog`). One that
        belongs to a dialog or screen over the dashboard closes that screen (and any over
        it); the dashboard and its session go on and its status line says what failed. One
        in the dashboard itself (or in the app) may have left the screen half-updated: then
        Elysium leaves, once what is being saved is saved, with one line instead of the
        traceback."""
        from textual.worker import WorkerFailed

        from elysium.tui import errorlog, failures

        failed = error.error if isinstance(error, WorkerFailed) else error
        screen = failures.screen_of_failure()
        where = type(screen).__name__ if screen is not None else type(self).__name__
        logged = errorlog.record(failed, where)
        told = {"error": errorlog.summary(failed), "log": str(logged)}
        dashboard = self.dashboard
        stack = self.screen_stack
        over = screen is not None and screen is not dashboard and not self._exit
        if over and (screen not in stack or stack.index(screen) > 0):
            while screen in self.screen_stack[1:]:
                self.pop_screen()  # its result is dropped: a failed dialog decided nothing
            self.call_later(failures.bury, screen)
            key = "screen.failed" if logged is not None else "screen.failed.unlogged"
            said = t(key, self.lang, **told)
            try:
                if dashboard is None or not dashboard.is_attached:
                    raise LookupError("no dashboard")
                dashboard.say(said, error=True)
            except Exception:  # no status line to say it on: a toast, then
                self.notify(said, severity="error", markup=False, timeout=10)
            return
        self._give_up(
            error,
            t("screen.failed.exit" if logged else "screen.failed.exit_unlogged", self.lang, **told),
        )

    def _give_up(self, error: Exception, said: str) -> None:
        """Leave after a failure the dashboard may not survive: what is being saved is
        saved first (the runner's queue drained), the view kept, and one line said."""
        if self._exception is None:  # what ``run_test`` raises when the test ends
            self._exception = error
            self._exception_event.set()
        self._return_code = 1
        if self._leaving is not None:
            return
        from rich.text import Text

        # Said even if the app's own loop is what failed (then it ends without ``exit``).
        line = t("cli.error", self.lang, prog="elysium", error=said)
        self.error_console.soft_wrap = True  # one line, however wide: the terminal wraps it
        self._exit_renderables.append(Text(line))

        async def leave() -> None:
            dashboard = self.dashboard
            with contextlib.suppress(Exception):
                if dashboard is not None:
                    await dashboard.runner.settled()
                    self._keep_view()
            self.exit(return_code=1)

        self._leaving = asyncio.get_running_loop().create_task(leave())

    @on(RunCommand)
    def _forward(self, message: RunCommand) -> None:
        """A dialog is a screen of its own: its commands come here, and go to the one place
        that runs them."""
        message.stop()
        if self.dashboard is not None:
            self.dashboard.run(message)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own entries, told in the reader's language, and what ``screen`` can do
        (:func:`elysium.tui.palette.system_commands`)."""
        from elysium.tui.palette import system_commands

        return system_commands(self, screen, super().get_system_commands(screen))

    def action_sheet(self) -> None:
        """The selected character's whole sheet, read-only (the dashboard's Ctrl+O)."""
        from elysium.tui.dialogs.sheet import SheetScreen

        dashboard = self.dashboard
        if dashboard is None:
            return
        c = dashboard.state.characters.get(dashboard.selected or "")
        if c is None:
            dashboard.say(t("ui.no_character", self.lang), error=True)
            return
        self.push_screen(SheetScreen(self.lang, c))

    def action_command_palette(self) -> None:
        """The command palette, its prompt in the reader's language."""
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            placeholder = t("palette.placeholder", self.lang)
            self.push_screen(CommandPalette(id="--command-palette", placeholder=placeholder))


_frozen = False


def _freeze_startup_heap() -> None:
    """Everything built before the first app (modules, catalogs, rule tables, the opened
    chronicle) lives as long as the process: frozen, the collector stops rescanning it.
    Measured (bench/tui_bench.py): a full collection during the first frame cost 40-100 ms.
    Once per process: frozen objects are never collected, so a process that makes many apps
    (the tests) freezes only what was there before the first."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()


def make_app(
    session: Session | None,
    lang: str = "en",
    *,
    report: Iterable[Any] = (),
    locked: Path | None = None,
    config: Config | None = None,
) -> ElysiumApp:
    """The dashboard over ``session`` (or, when the chronicle is busy, the offer to look at
    ``locked`` read-only)."""
    return ElysiumApp(session, lang, report=report, locked=locked, config=config)


def make_replay_app(
    replay: Replay, name: str, lang: str, config: Config | None = None
) -> ElysiumApp:
    """The same app opened on the replay screen (``elysium replay``)."""
    return ElysiumApp(None, lang, replay=(replay, name), config=config)


def make_watch_app(source: Source, lang: str, config: Config | None = None) -> ElysiumApp:
    """The dashboard, read-only, following ``source`` (``elysium watch``); its first read
    is done here, so a chronicle that cannot be read is said before the screen starts."""
    from elysium.tui.screens.watch import WatchScreen

    update = source.read()
    session = getattr(source, "session", None)
    if not isinstance(session, Session):
        raise TypeError("a watched source must hold its read-only session")
    app = ElysiumApp(None, lang, config=config)
    app.dashboard = WatchScreen(source, session, update, lang)
    return app


def make_players_app(source: PlayersSource, lang: str) -> ElysiumApp:
    """The players' screen over ``source`` (``elysium watch`` on a shared view); the first
    read is done here, so a view that cannot be read is said before the screen starts."""
    return ElysiumApp(None, lang, players=(source, source.read()))
