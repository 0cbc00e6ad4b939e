"""The app's screens: the dashboard and the replay (a screen is never built without the
session or replay it shows), and the offer made when a chronicle is busy."""

from textual.screen import Screen


def breakpoints_now(screen: Screen) -> None:
    """Set the app's width classes (``-narrow`` / ``-wide``) from the terminal's size before
    the first frame. Textual applies breakpoints on the first resize, after the first frame:
    the screen would be drawn once wide, then restyled and drawn again."""
    width = screen.app.size.width
    marks = sorted(screen.app.HORIZONTAL_BREAKPOINTS or [])
    chosen = None
    for at, name in marks:
        if width >= at:
            chosen = name
    for _, name in marks:
        screen.set_class(name == chosen, name)
