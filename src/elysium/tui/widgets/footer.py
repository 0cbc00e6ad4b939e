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

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self.composed = keys_shown(self.screen)
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        unchanged = self.composed is not None and keys_shown(screen) == self.composed
        if unchanged and screen is self.screen:
            return
        super().bindings_changed(screen)
