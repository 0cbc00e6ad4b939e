"""Bare Textual apps: the floors the dashboard's benchmarks measure it against.

Each is what any Textual app of that shape costs, with nothing of Elysium in it:

- ``line``: an Input and one Static line; Enter shows the typed text on the line
  (``Static.update``) and empties the Input. "A bare app updating one line" (pty bench).
- ``line-render``: the same, but the line is a widget with a reactive and ``render()``
  (a repaint without a layout pass): for comparing the two ways of updating a line.
- ``journal``: the ``line`` app that first appends the command to a journal file and
  fsyncs it, then shows it: "a bare app that is durable before it shows" (``--journal
  PATH``; the pty bench puts it beside the chronicle, on the same file system). The write
  is done on the app's own thread, as the plainest app would do it.
- ``panes``: a top bar, four empty bordered panes (three scrolling panes, one log), an
  Input, a status line and a footer: "a bare app with four empty panes" (first frame).
- :class:`SamePanes` (headless only, used by ``tui_bench.py``): the dashboard's panes with
  text of about the dashboard's size in them; Enter updates the status line only.

The Input's cursor does not blink (as in the dashboard's command bar, so an idle app sends
nothing); ``--blink`` turns the blink on, to measure what it costs.

Usage::

    python bench/bare_app.py line|line-render|journal|panes [--blink] [--journal PATH]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Container, VerticalScroll
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Footer, Input, RichLog, Static

PANES_CSS = """
#topbar { height: 1; padding: 0 1; background: $panel; }
#panes { layout: grid; grid-size: 2 2; grid-columns: 2fr 1fr; height: 1fr; }
#panes > * { border: round $primary; border-title-align: left; height: 100%; }
#command { height: 1; border: none; padding: 0 1; background: $boost; }
#status { height: 1; padding: 0 1; color: $text-muted; }
"""

BINDINGS = [
    Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
    Binding("f1", "noop", "Help", id="help"),
    Binding("f2", "noop", "Roll", id="roll"),
    Binding("f3", "noop", "Edit", id="edit"),
    Binding("f5", "noop", "Next", id="next"),
]


class Line(Widget):
    """One line of text drawn by ``render()``; changing ``text`` repaints, no layout."""

    DEFAULT_CSS = "Line { height: 1; }"
    text = reactive("", layout=False)

    def render(self) -> Text:
        return Text(self.text)


class BareLine(App[None]):
    """An Input (one row, no border: like the dashboard's command bar) and one line that
    shows what was submitted."""

    CSS = "#command { height: 1; border: none; padding: 0 1; background: $boost; }"

    def __init__(
        self, reactive_line: bool = False, blink: bool = False, journal: Path | None = None
    ) -> None:
        super().__init__()
        self.reactive_line = reactive_line
        self.blink = blink
        self.journal = journal
        self.fd = -1

    def compose(self) -> ComposeResult:
        box = Input(placeholder="type a command", id="command")
        box.cursor_blink = self.blink
        yield box
        yield Line(id="line") if self.reactive_line else Static("", id="line", markup=False)

    def on_mount(self) -> None:
        if self.journal is not None:
            flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT
            self.fd = os.open(self.journal, flags, 0o600)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.fd >= 0:  # durable before it is shown, as the dashboard is
            os.write(self.fd, event.value.encode() + b"\n")
            os.fsync(self.fd)
        if self.reactive_line:
            self.query_one(Line).text = event.value
        else:
            self.query_one("#line", Static).update(Text(event.value))
        event.input.value = ""


def _panes(*bodies: str) -> Container:
    """Three scrolling panes and a log, bordered and titled like the dashboard's."""
    vitals, initiative, beast = (VerticalScroll(Static(b, markup=False)) for b in bodies)
    log = RichLog(wrap=True, markup=False, highlight=False)
    for pane, title in ((vitals, "Vitals"), (initiative, "Initiative"), (log, "Roll log")):
        pane.border_title = title
    beast.border_title = "Morality & Beast"
    return Container(vitals, initiative, log, beast, id="panes")


class EmptyPanes(App[None]):
    """A top bar, four empty bordered panes, an Input, a status line, a footer."""

    CSS = PANES_CSS
    BINDINGS = BINDINGS

    def __init__(self, blink: bool = False) -> None:
        super().__init__()
        self.blink = blink

    def compose(self) -> ComposeResult:
        yield Static("", id="topbar")
        yield _panes("", "", "")
        box = Input(placeholder="type a command", id="command")
        box.cursor_blink = self.blink
        yield box
        yield Static("", id="status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def action_noop(self) -> None:
        pass


# Text of about the demo dashboard's size: eight character rows, an acting order, a log.
VITALS = "\n".join(f"  Character {i:<10}  /X.....  Hurt -1   ■■■■■□□□□□  5/6  ok" for i in range(8))
INITIATIVE = "Round 2 · act\n" + "\n".join(f"▶ Character {i}  {10 - i}" for i in range(8))
BEAST = "Humanity 6\nConscience 3 Self-Control 4 Courage 3\n" + "\n".join(
    f"{i}. a sin of the hierarchy" for i in range(10, 0, -1)
)


class SamePanes(App[None]):
    """The dashboard's panes, filled; each command changes the status line only."""

    CSS = PANES_CSS
    BINDINGS = BINDINGS

    def compose(self) -> ComposeResult:
        yield Static("Chronicle · Night 2 · Chapter 2 · Scene 1 · Turn 2", id="topbar")
        yield _panes(VITALS, INITIATIVE, BEAST)
        box = Input(placeholder="type a command", id="command")
        box.cursor_blink = False
        yield box
        yield Static("", id="status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        log.write(
            Text("\n".join(f"21:0{i % 10} Someone rolls 7 dice: 3 successes" for i in range(30)))
        )
        self.query_one(Input).focus()
        self.count = 0

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.count += 1
        self.query_one("#status", Static).update(Text(f"{self.count}: {event.value}"))
        event.input.value = ""

    def action_noop(self) -> None:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=("line", "line-render", "journal", "panes"))
    parser.add_argument("--blink", action="store_true", help="let the Input's cursor blink")
    parser.add_argument("--journal", type=Path, help="journal: the file appended and fsynced")
    args = parser.parse_args(argv)
    app: App[None]
    if args.kind == "panes":
        app = EmptyPanes(blink=args.blink)
    elif args.kind == "journal":
        if args.journal is None:
            parser.error("journal needs --journal PATH")
        app = BareLine(blink=args.blink, journal=args.journal)
    else:
        app = BareLine(reactive_line=args.kind == "line-render", blink=args.blink)
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
