"""The dashboard's ways elsewhere: F7 counts the chapter's dice, F8 replays it, Ctrl+R reads a
read-only chronicle again. Each reads the chronicle's files in the dashboard's runner thread,
so the screen stays live meanwhile; a failure is said on the status line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from elysium.chronicle.session import Session
from elysium.i18n import t
from elysium.tui.runner import Failed
from elysium.tui.widgets.rolllog import RollLog

if TYPE_CHECKING:
    from textual.app import App

    from elysium.chronicle.replay import Replay
    from elysium.chronicle.state import State
    from elysium.tui.runner import Runner

LOG_TAIL = 300  # events read for the roll log (at start, and when read again)


class Dashboard(Protocol):
    """What these actions use of the dashboard screen."""

    lang: str
    session: Session
    state: State
    runner: Runner

    @property
    def app(self) -> App: ...

    def say(self, message: str, error: bool = False) -> None: ...

    def query_one(self, selector: type[RollLog]) -> RollLog: ...


class Away:
    """Mixed into :class:`~elysium.tui.screens.dashboard.DashboardScreen`."""

    def action_stats(self: Dashboard) -> None:
        """Dice statistics for the current chapter, counted in the runner's thread."""
        from elysium.tell.stats import streamed_stats
        from elysium.tui.dialogs.stats import StatsScreen

        state = self.state
        session = self.session

        def count() -> dict:
            # Streamed: only the events that hold rolls are read, one at a time.
            return streamed_stats(session.store, state.profile, state.chapter, state.omitted)[0]

        def show(tallies: Any) -> None:
            if isinstance(tallies, Failed):
                self.say(f"{t('ui.refused', self.lang)}: {tallies.error}", error=True)
                return
            self.app.push_screen(StatsScreen(self.lang, tallies, state.chapter))

        self.runner.submit(count, show)

    def action_replay(self: Dashboard) -> None:
        """This chapter, event by event, on a screen of its own (q comes back here)."""
        from elysium.chronicle.replay import Replay
        from elysium.tui.screens.replay import ReplayScreen

        session = self.session
        chapter = self.state.chapter

        def read() -> Replay:
            # From the chronicle's files: the chapter's index, and the state before it.
            return Replay.open(session, chapter)

        def show(replay: Any) -> None:
            if isinstance(replay, Failed):
                self.say(f"{t('ui.refused', self.lang)}: {replay.error}", error=True)
                return
            self.app.push_screen(ReplayScreen(replay, self.state.name, self.lang))

        self.runner.submit(read, show)

    def action_reload(self: Dashboard) -> None:
        """Read-only: look again at what the writing process has saved since."""
        if not self.session.readonly:
            return
        old = self.session

        def reopen() -> tuple[Session, list]:
            session = Session.open(old.store.root, readonly=True)  # first: a failure keeps
            events = session.store.tail_events(LOG_TAIL)  # the old one open and shown
            old.close()
            return session, events

        def show(opened: Any) -> None:
            if isinstance(opened, Failed):
                self.say(f"{t('ui.refused', self.lang)}: {opened.error}", error=True)
                return
            self.session, events = opened
            self.state = self.session.state
            self.say("")
            self.query_one(RollLog).replace_events(events)

        self.runner.submit(reopen, show)
