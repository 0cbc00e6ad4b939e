"""Dashboard benchmark: ratios measured in one run (headless, with Textual's test driver).

1. Time to first paint of the dashboard on a 10,000-event chronicle (opening it included),
   against a bare Textual app showing the same number of empty panes: at most 1.5 x.
2. A command typed in the bar until its result is on screen: median within 50 ms, at
   10,000 events as at 10 (the ratio is printed too).

Usage::

    python bench/tui_bench.py            # the full run
    python bench/tui_bench.py --quick    # a smaller smoke run (used by the tests)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.containers import Container, VerticalScroll
from textual.widgets import DataTable, Footer, Input, RichLog, Static

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.resources import demo_chronicle
from elysium.rules import SeededDice
from elysium.tui.app import make_app
from elysium.tui.commandbar import CommandBar

SIZE = (120, 40)
MIX = [
    'roll "Lucien Marchetti" cha+leadership diff 6',
    'award "Lucien Marchetti" 1',
    'damage "Det. Dana Price" 1 bashing',
    'heal "Det. Dana Price" 1',
    "turn",
]


class BareApp(App[None]):
    """The same panes, empty: a table, two scrolling text panes and a log in a 2 x 2 grid,
    an input, a footer. The floor any dashboard of these widgets stands on."""

    CSS = (
        "#panes { layout: grid; grid-size: 2 2; height: 1fr; } "
        "#panes > * { border: round; height: 100%; }"
    )

    def compose(self) -> ComposeResult:
        yield Static("", id="topbar")
        with Container(id="panes"):
            yield DataTable()
            yield VerticalScroll(Static(""))
            yield RichLog()
            yield VerticalScroll(Static(""))
        yield Input()
        yield Static("", id="status")
        yield Footer()


def build(target: Path, events: int) -> None:
    shutil.copytree(demo_chronicle(), target)
    for path in [target, *target.rglob("*")]:
        path.chmod(0o700 if path.is_dir() else 0o600)
    session = Session.open(target, rng=SeededDice(7))
    i = 0
    while session.state.events < events:
        with contextlib.suppress(ChronicleError):
            session.execute(MIX[i % len(MIX)])
        i += 1
    session.close()


def watch_paints(app: App) -> list[float]:
    """Record when each frame is handed to the terminal driver (headless: the same call,
    nothing written)."""
    paints: list[float] = []
    original = app._display

    def display(screen, renderable) -> None:
        if renderable is not None:
            paints.append(time.perf_counter())
        original(screen, renderable)

    app._display = display  # type: ignore[method-assign]
    return paints


async def first_paint(root: Path | None) -> float:
    """From launch (opening the chronicle included) to the first frame on screen."""
    start = time.perf_counter()
    if root is None:
        app: App = BareApp()
    else:
        app = make_app(Session.open(root), "en")
    paints = watch_paints(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
    if root is not None:
        app.session.close()
    return paints[0] - start


async def command_times(root: Path, samples: int) -> list[float]:
    """From the Enter key (pressed by the Pilot) to the first frame after the command's
    result reached the panes."""
    app = make_app(Session.open(root), "en")
    paints = watch_paints(app)
    done: list[float] = []
    run = app.run_command

    def timed(text: str | None) -> bool:
        ok = run(text)
        done.append(time.perf_counter())
        return ok

    app.run_command = timed  # type: ignore[method-assign]
    times = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = app.query_one(CommandBar)
        for _ in range(samples):
            bar.value = 'award "Lucien Marchetti" 1'
            start = time.perf_counter()
            await pilot.press("enter")
            await pilot.pause()
            shown = next(p for p in paints if p >= done[-1])
            times.append(shown - start)
            assert "awarded" in str(app.query_one("#status", Static).render())
    app.session.close()
    return times


async def run(quick: bool) -> bool:
    small, big = 80, (2_000 if quick else 10_000)
    repeats = 3 if quick else 7
    samples = 10 if quick else 40
    with tempfile.TemporaryDirectory() as tmp:
        few, many = Path(tmp) / "few", Path(tmp) / "many"
        build(few, small)
        build(many, big)
        await first_paint(None)  # warm the imports once for both
        await first_paint(many)
        bare, ours = [], []
        for _ in range(repeats):  # interleaved, so drift hits both alike
            bare.append(await first_paint(None))
            ours.append(await first_paint(many))
        at_few = statistics.median(await command_times(few, samples))
        at_many = statistics.median(await command_times(many, samples))
    paint_ratio = statistics.median(ours) / statistics.median(bare)
    print(f"first paint, bare Textual app:         {statistics.median(bare) * 1000:8.1f} ms")
    print(f"first paint, dashboard at {big} events: {statistics.median(ours) * 1000:8.1f} ms")
    print(f"command to screen at {small} events:      {at_few * 1000:8.1f} ms")
    print(f"command to screen at {big} events:    {at_many * 1000:8.1f} ms")
    ok = True
    for name, value, limit in (
        ("first paint: dashboard / bare app", paint_ratio, 1.5),
        (f"command to screen at {big} events (ms)", at_many * 1000, 50),
        (f"command to screen at {small} events (ms)", at_few * 1000, 50),
    ):
        good = value <= limit
        ok &= good
        print(f"{name:<44} {value:8.2f}   (needs <= {limit})  {'PASS' if good else 'FAIL'}")
    print(f"{'command time ratio ' + str(big) + ' / ' + str(small):<44} {at_many / at_few:8.2f}")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    ok = asyncio.run(run(args.quick))
    return 0 if ok or args.quick else 1


if __name__ == "__main__":
    sys.exit(main())
