"""The key bar at the foot of each screen, rebuilt only when the keys it shows change.

Textual's Footer rebuilds its keys (a widget each) whenever the screen's bindings are
reported changed: each time a dialog closes or the focus moves, although the keys shown are
nearly always the same. On the dashboard that rebuild was a good part of the cost of closing
any dialog.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

Shown = tuple[tuple[str, str, bool, str], ...]


def keys_shown(screen: Screen) -> Shown:
    """What the bar would show for ``screen``: each key, its description, whether it is
    enabled, and its tooltip."""
    return tuple(
        (binding.key, binding.description, enabled, tooltip)
        for _node, binding, enabled, tooltip in screen.active_bindings.values()
        if binding.show
    )


class KeyBar(Footer):
    """A Footer that keeps its keys while the screen's keys stay the same."""

    def __init__(self) -> None:
        super().__init__(show_command_palette=False)
        self.composed: Shown | None = None  # the keys the bar holds now
        self.pending: Shown | None = None  # the keys a rebuild already asked for will show

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self.composed = keys_shown(self.screen)
        self.pending = None
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        """Rebuilt once for a change of keys: at the start the screen reports its keys
        changed three times before the first rebuild runs, and each asked for its own."""
        shown = keys_shown(screen)
        if screen is self.screen and shown in (self.composed, self.pending):
            return
        if screen is self.screen and self.is_attached and screen.app.app_focus:
            self.pending = shown  # what the rebuild asked for next will show
        super().bindings_changed(screen)
