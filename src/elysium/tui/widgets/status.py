"""The status line: what the last command did, or why it was refused.

Errors are said here, in bold (and red where there is colour), never in a toast: a toast
lies over the roll log and the Morality pane at 80x24, hiding the roll the Storyteller wants
to read. A message longer than a row takes two, the footer giving up its row meanwhile, so
the panes keep their size (no pane is repainted for it); one longer still ends with the key
that shows it whole (see ``DashboardScreen.action_said``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text

from elysium.i18n import t
from elysium.tui.widgets.line import Line

ROWS = 2  # the most the status line takes
TALL = "-tall-status"  # the screen's class while it takes two rows (the footer hides)


class StatusLine(Line):
    """One or two rows of the last message. Only a change in the number of rows costs a
    layout pass; a message of the same height repaints this widget alone."""

    def __init__(self, more: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.more = more  # ``… (ctrl+l: all)``: the end of a message cut short
        self.full = Text()
        self.rows = 1

    @property
    def plain(self) -> str:
        return self.full.plain

    def show(self, message: Text) -> None:
        self.full = message
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        width = self.content_size.width
        message = self.full
        lines = message.wrap(self.app.console, width) if width > 0 else [message]
        if len(lines) > ROWS:
            last = lines[ROWS - 1]
            last.rstrip()
            more = Text(self.more, style="dim")
            last.truncate(max(0, width - more.cell_len))
            lines = [*lines[: ROWS - 1], Text.assemble(last, more)]
        rows = max(1, min(ROWS, len(lines)))
        self.text = Text("\n").join(lines) if rows > 1 else message
        if rows != self.rows:
            self.rows = rows
            self.styles.height = rows
            self.screen.set_class(rows > 1, TALL)


def report_line(report: Iterable[Any], readonly: bool, lang: str) -> str:
    """What opening found, in one line: the first finding, how many more, and how to
    repair; ``elysium check`` lists them all."""
    label = t("ui.damaged" if readonly else "ui.recovered", lang)
    lines = [line.render(lang) if hasattr(line, "render") else line for line in report]
    hints = [line for line in lines if "elysium repair" in line]
    found = [line for line in lines if line not in hints] or lines
    key = "ui.more_check" if readonly else "ui.more"
    more = t(key, lang, n=len(found) - 1) if len(found) > 1 else ""
    tail = f"; {hints[0]}" if hints else ""
    return f"{label}: {found[0]}{more}{tail}"
