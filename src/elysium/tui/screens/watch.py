"""``elysium watch``: the dashboard, read-only, following the process that writes.

When the kernel says the chronicle's directories changed (:mod:`.nudged`), and on a timer
(every ``POLL`` seconds without that; a slower safety net with it), the screen asks the
:class:`~elysium.chronicle.follow.Source` whether anything changed (a few ``stat`` calls)
and whether the writer is there (its lock, asked without taking it). Only a change costs a
read, in the dashboard's runner thread; the new state flows down to the panes as a
command's would, and new rolls join the log. Nothing here writes: the screen is read-only,
so every key that would is hidden.
"""

from __future__ import annotations

from typing import Any

from elysium.chronicle.follow import Source, Update
from elysium.chronicle.session import Session
from elysium.i18n import t
from elysium.tui.runner import Failed
from elysium.tui.screens.dashboard import DashboardScreen
from elysium.tui.screens.nudged import Nudged
from elysium.tui.widgets.header import HeaderBar

POLL = 0.1  # seconds between looks at the files where the kernel does not tell of a change


class WatchScreen(DashboardScreen):
    """The Storyteller's screen as another process writes it, live."""

    def __init__(self, source: Source, session: Session, update: Update, lang: str) -> None:
        super().__init__(session, lang, report=update.report)
        self.source = source
        self.first = update
        self.writer: bool | None = None  # not asked yet
        self._reading = False
        self.nudged: Nudged | None = None

    def on_mount(self) -> None:
        super().on_mount()
        self.nudged = Nudged(self.source, self._look, lambda: self.call_later(self._look))
        self._look()
        self.set_interval(POLL, self.nudged.tick, name="watch")

    def on_unmount(self) -> None:
        if self.nudged is not None:
            self.nudged.close()
        super().on_unmount()

    def _read_log(self) -> None:
        events = self.first.events  # read with the state: the log follows on from them
        self.call_after_refresh(self._log_read, events)

    def _look(self) -> None:
        """The timer's tick: say when the writer left or came back; read what changed."""
        writing = self.source.writing()
        if writing != self.writer:
            if self.writer is not None or not writing:
                key = "watch.writer_back" if writing else "watch.writer_stopped"
                if self.writer is None:
                    key = "watch.no_writer"
                self.say(t(key, self.lang), error=not writing)
            elif not self.report:
                self.say(t("watch.started", self.lang))
            if writing and self.writer is False:
                self.source.again()  # a writer come back may have repaired: read it all
            self.writer = writing
            self.query_one(HeaderBar).writer = writing
        if not self._reading and self.source.changed():
            self._reading = True
            self.runner.submit(self.source.read, self._read)

    def _read(self, update: Any) -> None:
        self._reading = False
        if isinstance(update, Failed):
            self.say(t("watch.cannot_read", self.lang, error=update.error), error=True)
            return
        session = getattr(self.source, "session", None)
        if isinstance(session, Session):
            self.session = session
        with self.app.batch_update():
            self.state = update.state
            if update.whole:
                self.log_pane.replace_events(update.events)
            elif update.events:
                self.log_pane.add_events(update.events)
        if self.nudged is not None and self.nudged.notified:
            self._look()  # a change told of while this one was read is not told again

    def action_reload(self) -> None:
        """Ctrl+R: read everything again at the next tick."""
        self.source.again()
