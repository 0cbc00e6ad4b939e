"""Dashboard benchmark, headless (Textual's test driver): ratios measured in one run.

1. **First paint**: from launch (opening a 10,000-event chronicle included) to the first
   frame handed to the terminal driver, against a bare Textual app with four empty panes
   (``EmptyPanes`` in ``bench/bare_app.py``: a top bar, four empty bordered panes, an
   Input, a status line, a footer). Target (issue 13): at most 1.25 x.
2. **Command -> screen**: a command put in the command bar, Enter pressed by the Pilot,
   until the first frame that shows its acknowledgement on the status line, on the
   10,000-event chronicle, against ``SamePanes`` (``bench/bare_app.py``: the same panes,
   filled with text of about the dashboard's size; Enter changes its status line, one line
   per command). Target (issue 13): at most 1.3 x. The mix: a damage that lands (the soak
   die is typed), the heal that takes it back, a roll with typed faces, an award.
3. The same command time on an 80-event chronicle: at 10,000 events it should cost what it
   costs at 80 (the ratio is printed), and each median should stay within 50 ms.
4. **A pasted megabyte is refused at once** (never tokenised: that alone takes seconds):
   a command of a million characters put in the bar, Enter to the first frame
   whose status line refuses it, on the 80-event chronicle. Target: within 250 ms. A short
   unknown command is refused the same way in turn with it, and the ratio is printed.

The machine is shared and noisy, so the apps run in turn (first paint: A B, B A, ...;
commands: blocks of eight commands per app, the order rotated every round) and every
comparison is a ratio of medians from this one run; absolute times are for orientation.

What it relies on in Elysium (kept stable through the issue 13 rewrite):
``elysium.tui.app.make_app(session, lang)`` returns the app; its screen holds one
``elysium.tui.commandbar.CommandBar`` (an ``Input``: the bench sets its value and presses
Enter) and a widget with the id ``status`` whose ``render()`` shows the acknowledgement.
From Textual it hooks ``App._display`` (every frame passes through it, headless or not).

Usage::

    python bench/tui_bench.py            # the full run (about a minute)
    python bench/tui_bench.py --quick    # a smaller smoke run
    python bench/tui_bench.py --smoke    # smaller still: each measurement once (the tests)
    python bench/tui_bench.py --strict   # exit 1 when a target is missed
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from textual.app import App

from bare_app import EmptyPanes, SamePanes
from chronicles import build
from elysium.chronicle.session import Session
from elysium.tui.app import make_app
from elysium.tui.commandbar import CommandBar

SIZE = (120, 40)
# (command, a word its acknowledgement holds)
COMMANDS = [
    ('damage "Det. Dana Price" 1 bashing dice 3', "takes"),
    ('heal "Det. Dana Price" 1', "heals"),
    ('roll "Lucien Marchetti" cha+leadership diff 6 dice 8,3,6,1,9,10,2', "leadership"),
    ('award "Lucien Marchetti" 1', "awarded"),
]
PAINT_LIMIT = 1.25  # first paint, dashboard / four empty panes
COMMAND_LIMIT = 1.3  # command -> screen, dashboard / the same panes
COMMAND_MS = 50  # command -> screen, each chronicle size
MEGABYTE_MS = 250  # a megabyte command, Enter -> its refusal on screen
# (command, a word its refusal holds): the two refusals timed against each other
REFUSALS = [("roll " + "x" * 1_000_000, "4,096"), ("frobnicate Lucien", "frobnicate")]


def status_text(app: App) -> str:
    return str(app.screen.query_one("#status").render())


def watch_frames(app: App, on_frame: Callable[[], object]) -> None:
    """Call ``on_frame()`` whenever a frame is handed to the terminal driver (headless: the
    same call, nothing written)."""
    original = app._display

    def display(screen, renderable) -> None:
        if renderable is not None:
            on_frame()
        original(screen, renderable)

    app._display = display  # type: ignore[method-assign]


def watch_paints(app: App) -> list[float]:
    """When each frame was handed to the driver (``replay_bench.py`` uses it too)."""
    paints: list[float] = []
    watch_frames(app, lambda: paints.append(time.perf_counter()))
    return paints


def watch_status(app: App) -> list[tuple[float, str]]:
    """Each frame: when, and what the status line said then."""
    paints: list[tuple[float, str]] = []
    watch_frames(app, lambda: paints.append((time.perf_counter(), status_text(app))))
    return paints


async def first_paint(root: Path | None) -> float:
    """From launch (opening the chronicle included) to the first frame on screen."""
    start = time.perf_counter()
    session = None
    if root is None:
        app: App = EmptyPanes()
    else:
        session = Session.open(root)
        app = make_app(session, "en")
    paints = watch_paints(app)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
    finally:
        if session is not None:
            session.close()
    return paints[0] - start


async def command_times(root: Path | None, samples: int) -> list[float]:
    """From the Enter key (pressed by the Pilot) to the first frame whose status line shows
    the command's acknowledgement; ``root`` None: the bare app with the same panes."""
    session = None
    if root is None:
        app: App = SamePanes()
    else:
        session = Session.open(root)
        app = make_app(session, "en")
    paints = watch_status(app)
    times = []
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            bar = app.screen.query_one(CommandBar if session else "#command")
            for i in range(samples):
                text, word = COMMANDS[i % len(COMMANDS)]
                if session is None:
                    word = text  # the bare app's status line shows what was typed
                before = status_text(app)
                bar.focus()
                bar.value = text  # type: ignore[attr-defined]
                await pilot.pause()
                seen = len(paints)
                start = time.perf_counter()
                await pilot.press("enter")
                deadline = start + 10
                while True:
                    shown = [t for t, s in paints[seen:] if s != before and word in s]
                    if shown:
                        break
                    if time.perf_counter() > deadline:
                        raise RuntimeError(f"{text!r}: never acknowledged: {status_text(app)!r}")
                    await asyncio.sleep(0.001)
                times.append(shown[0] - start)
    finally:
        if session is not None:
            session.close()
    return times


async def refusal_times(root: Path, samples: int) -> tuple[list[float], list[float]]:
    """From the Enter key to the first frame whose status line shows the refusal: a
    megabyte command's, and a short unknown command's, in turn."""
    session = Session.open(root)
    app = make_app(session, "en")
    paints = watch_status(app)
    times: tuple[list[float], list[float]] = ([], [])
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            bar = app.screen.query_one(CommandBar)
            for i in range(samples * 2):
                text, word = REFUSALS[i % 2]
                bar.focus()
                bar.value = text
                await pilot.pause()
                seen = len(paints)
                start = time.perf_counter()
                await pilot.press("enter")
                deadline = start + 10
                while True:
                    shown = [t for t, s in paints[seen:] if word in s]
                    if shown:
                        break
                    if time.perf_counter() > deadline:
                        raise RuntimeError(f"{text[:20]!r}: never refused: {status_text(app)!r}")
                    await asyncio.sleep(0.001)
                times[i % 2].append(shown[0] - start)
    finally:
        session.close()
    return times


async def run(quick: bool, smoke: bool = False) -> bool:
    small, big = 80, (2_000 if quick else 10_000)
    repeats = 3 if quick else 7
    rounds, block = (2, 4) if quick else (8, 8)
    if smoke:
        big, repeats, rounds, block = 400, 1, 1, 2
    with tempfile.TemporaryDirectory() as tmp:
        few, many = Path(tmp) / "few", Path(tmp) / "many"
        build(few, small)
        build(many, big)
        await first_paint(None)  # warm the imports once for both
        await first_paint(many)
        bare, ours = [], []
        for i in range(repeats):  # interleaved, so drift hits both alike
            for root in (None, many) if i % 2 == 0 else (many, None):
                (bare if root is None else ours).append(await first_paint(root))
        times: dict[Path | None, list[float]] = {None: [], few: [], many: []}
        order: list[Path | None] = [None, many, few]
        for i in range(rounds):
            for root in order[i % 3 :] + order[: i % 3]:
                times[root] += await command_times(root, block)
        huge, short = await refusal_times(few, (2 if smoke else 4) if quick else 16)
    paint_ratio = statistics.median(ours) / statistics.median(bare)
    at_bare, at_few, at_many = (statistics.median(times[k]) for k in (None, few, many))
    command_ratio = at_many / at_bare
    print(f"first paint, four empty panes:          {statistics.median(bare) * 1000:8.1f} ms")
    print(f"first paint, dashboard at {big} events: {statistics.median(ours) * 1000:8.1f} ms")
    print(f"command to screen, bare app (same panes): {at_bare * 1000:6.1f} ms")
    print(f"command to screen at {small} events:      {at_few * 1000:8.1f} ms")
    print(f"command to screen at {big} events:    {at_many * 1000:8.1f} ms")
    at_huge, at_short = statistics.median(huge), statistics.median(short)
    print(f"a short unknown command refused:        {at_short * 1000:8.1f} ms")
    ok = True
    for name, value, limit in (
        ("first paint: dashboard / bare app", paint_ratio, PAINT_LIMIT),
        ("command to screen: dashboard / bare app", command_ratio, COMMAND_LIMIT),
        (f"command to screen at {big} events (ms)", at_many * 1000, COMMAND_MS),
        (f"command to screen at {small} events (ms)", at_few * 1000, COMMAND_MS),
        ("a megabyte command refused, to screen (ms)", at_huge * 1000, MEGABYTE_MS),
    ):
        good = value <= limit
        ok &= good
        print(f"{name:<44} {value:8.2f}   (needs <= {limit})  {'PASS' if good else 'FAIL'}")
    print(f"{'command time ratio ' + str(big) + ' / ' + str(small):<44} {at_many / at_few:8.2f}")
    print(f"{'refused: a megabyte command / a short one':<44} {at_huge / at_short:8.2f}")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="smaller still, for the test suite")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    ok = asyncio.run(run(args.quick or args.smoke, args.smoke))
    return 1 if args.strict and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
