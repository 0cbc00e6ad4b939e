"""One line of text that repaints only itself, and only when its text changed."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class Line(Widget):
    """A one-line widget (top bar, status line). Setting :attr:`text` to what is already
    shown sends nothing; a new text repaints this line alone: the height is fixed, so no
    layout pass is needed (``Static.update`` would run one)."""

    DEFAULT_CSS = "Line { height: 1; width: 1fr; }"

    text: reactive[Text] = reactive(Text, layout=False)

    def __init__(self, text: Text | str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.set_reactive(Line.text, Text(text) if isinstance(text, str) else text)

    def render(self) -> Text:
        return self.text

    @property
    def plain(self) -> str:
        return self.text.plain
