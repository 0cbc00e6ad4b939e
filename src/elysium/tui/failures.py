"""Which screen a failure belongs to, and taking a failed screen away.

The app's exception hook (:meth:`elysium.tui.app.ElysiumApp._handle_exception`) closes a
dialog or screen that raised and keeps the dashboard; these are the two things it needs
from Textual's insides, kept here in one place (checked against Textual 8).
"""

from __future__ import annotations

from textual._context import active_message_pump
from textual.screen import Screen
from textual.widget import Widget
from textual.worker import active_worker


def screen_of_failure() -> Screen | None:
    """The screen whose code is raising now: a worker's node's (a worker runs in the app's
    context), else that of the message pump running (a widget's, a screen's); None for the
    app's own."""
    worker = active_worker.get(None)
    node = worker.node if worker is not None else active_message_pump.get(None)
    if isinstance(node, Screen):
        return node
    if isinstance(node, Widget):
        try:
            return node.screen
        except Exception:  # a widget no longer on any screen
            return None
    return None


async def bury(screen: Screen) -> None:
    """Take a failed screen off the DOM when its message loop is gone without doing so:
    Textual runs no loop for a screen whose mount raised, so nothing would read the request
    to remove it, and it and its widgets would live on until the app ends. A screen whose
    loop runs (it removes itself when popped) or has ended (it cleaned up) is left alone."""
    task = screen._task
    if screen._running or task is None or not task.done() or not screen.is_attached:
        return
    try:
        await screen._message_loop_exit()
    except Exception as exc:  # told in the log only: the dialog is already gone
        from elysium.tui import errorlog

        errorlog.record(exc, f"removing {type(screen).__name__}")
