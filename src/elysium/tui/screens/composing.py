"""A command's result composed while its event is being written, and shown the moment the
write returns: never before.

The session calls back once the event is decided and just before it writes it
(``Session.execute``'s ``before_write``). On the screen's thread the dashboard then opens a
Textual batch (no frame reaches the terminal while one is open), sets the new state, adds
the roll to the log and says the result, all while the journal is fsynced in the runner's
thread. When the write returns, the result's frame is drawn at once: the composing did
not wait for the disk. Were the write refused, the composed result is taken back, still
unseen (the state as it was, the log as it was, the last message), and the refusal said. A
write slower than :data:`HOLD` has its composition taken back too, so that typing stays
live on a slow disk; its result is then shown as any other, once it is durable.
"""

from __future__ import annotations

import asyncio
import contextlib
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.text import Text

from elysium.chronicle.events import ROLL_TYPES, Event
from elysium.chronicle.state import State
from elysium.i18n import Msg
from elysium.tui.commandbar import CommandBar

if TYPE_CHECKING:
    from asyncio import TimerHandle

    from elysium.tui.widgets.rolllog import LogMark

HOLD = 0.05  # seconds a composed result waits for its write before it is taken back


@dataclass
class Held:
    """A result composed and not yet shown: the batch that holds the screen, and what the
    log and the status line held before it."""

    token: object  # the command it is the result of (its Ran)
    batch: AbstractContextManager[None]
    mark: LogMark
    said: Text  # the status line before
    timer: TimerHandle | None = None
    told: str = field(default="")  # what the status line says of it
    line: Text | None = None  # the status line as the composing left it
    bar: Any = None  # the command bar it cleared, and the text it held
    typed: str = ""

    def release(self, screen: Any) -> None:
        """End the batch, and prompt the screens: what was composed while it was open asked
        for its repaint then, when the screens could not draw."""
        if self.timer is not None:
            self.timer.cancel()
        self.batch.__exit__(None, None, None)
        screen.check_idle()
        screen.app.screen.check_idle()


class Composing:
    """The dashboard's side of composing a result early (mixed into ``DashboardScreen``)."""

    held: Held | None = None

    def composer(self, token: object) -> Any:
        """The ``before_write`` for one command (made on the screen's thread, called in the
        runner's): it hands the decided event back to the screen's thread, in this context
        (Textual finds its app through it)."""
        import contextvars

        loop = asyncio.get_running_loop()
        context = contextvars.copy_context()

        def before_write(event: Event, state: State, message: Msg) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed: the app is gone
                loop.call_soon_threadsafe(
                    self.compose_early, token, event, state, message, context=context
                )

        return before_write

    def compose_early(self, token: object, event: Event, state: State, message: Msg) -> None:
        """On the screen's thread, while the event is written: the result, held."""
        from elysium.tell.events import describe

        screen: Any = self
        if self.held is not None or not screen.is_attached:
            return
        batch = screen.app.batch_update()
        batch.__enter__()
        held = Held(token, batch, screen.log_pane.mark(), screen.said)
        self.held = held
        lang = screen.lang
        told = describe(event, lang)
        screen.state = state
        screen.log_pane.add_events([event], told)
        held.told = told if event.type in ROLL_TYPES else message.render(lang)
        screen.say(held.told)
        held.line = screen.said
        bar = getattr(token, "origin", None)
        if isinstance(bar, CommandBar) and bar.value.strip() == getattr(token, "text", None):
            held.bar, held.typed = bar, bar.value  # cleared in the same frame as the result
            bar.empty()
        # A plain loop timer, not a Textual one: no task to start now and to stop again
        # on the way to the frame.
        held.timer = asyncio.get_running_loop().call_later(HOLD, self.too_slow)

    def too_slow(self) -> None:
        """The write takes long (a network disk): the screen is given back meanwhile."""
        held, self.held = self.held, None
        if held is not None:
            self.take_back(held)
            held.release(self)

    def take_back(self, held: Held) -> None:
        """Undo the composing of a result no one has seen."""
        screen: Any = self
        screen.log_pane.restore(held.mark)
        screen.state = screen.session.state
        screen.say_again(held.said)
        if held.bar is not None and not held.bar.value:  # nothing typed since
            held.bar.value = held.typed
            held.bar.cursor_position = len(held.typed)

    def claim(self, token: object, shown: bool) -> Held | None:
        """The held result of ``token``'s command, now that it came back (``shown``: it was
        saved and is to be shown as composed), or None; a composition that does not fit is
        taken back (and left for the caller to release, after its own frame)."""
        held, self.held = self.held, None
        if held is None:
            return None
        if held.token is not token or not shown:
            self.take_back(held)
            held.told = ""
        return held
