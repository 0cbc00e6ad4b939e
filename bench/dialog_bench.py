"""Dialog benchmark, headless (Textual's test driver): F3 (the character editor, the whole
sheet in tabs) against F2 (the roll dialog), from the key pressed by the Pilot to the first
frame handed to the terminal driver with the dialog on top, on the demo chronicle at 80x24.

Target: F3 opens within 2 x F2's time. Before the editor built only the tab shown (and
laid each column out as one grid) it was about 4.6 x here, 241 widgets against F2's 30; a
tester measured 1.7-3.5 s against 0.3-0.7 s. Now some 52 widgets: about 1.6-1.9 x.

The machine is shared and noisy, so the two keys are pressed in turn (F2 F3, F3 F2, ...)
in one app and the result is a ratio of medians from this one run; absolute times are for
orientation.

Usage::

    python bench/dialog_bench.py            # the full run (about half a minute)
    python bench/dialog_bench.py --quick    # a smaller smoke run
    python bench/dialog_bench.py --smoke    # one round (the tests)
    python bench/dialog_bench.py --strict   # exit 1 when the target is missed
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from textual.app import App
from textual.screen import Screen

from elysium.chronicle.session import Session
from elysium.resources import demo_chronicle
from elysium.tui.app import make_app
from elysium.tui.dialogs.editor import EditDialog
from elysium.tui.dialogs.roll import RollDialog

SIZE = (80, 24)
EDITOR_LIMIT = 2.0  # F3 open / F2 open
KEYS: dict[str, type[Screen]] = {"f2": RollDialog, "f3": EditDialog}


def watch_frames(app: App, seen: list[tuple[float, type]]) -> None:
    """Each frame handed to the driver: when, and the type of the screen on top."""
    original = app._display

    def display(screen, renderable) -> None:
        if renderable is not None:
            seen.append((time.perf_counter(), type(app.screen)))
        original(screen, renderable)

    app._display = display  # type: ignore[method-assign]


async def open_times(root: Path, rounds: int) -> dict[str, list[float]]:
    """From each key to the first frame with its dialog on top; Escape closes it."""
    session = Session.open(root)
    app = make_app(session, "en")
    seen: list[tuple[float, type]] = []
    watch_frames(app, seen)
    times: dict[str, list[float]] = {key: [] for key in KEYS}
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for n in range(rounds):
                order = list(KEYS) if n % 2 == 0 else list(reversed(KEYS))
                for key in order:
                    kind = KEYS[key]
                    seen.clear()
                    start = time.perf_counter()
                    await pilot.press(key)
                    for _ in range(400):  # hang guard
                        if any(k is kind for _, k in seen):
                            break
                        await asyncio.sleep(0.005)
                    times[key].append(next(at for at, k in seen if k is kind) - start)
                    await pilot.press("escape")
                    await pilot.pause()
                    await pilot.pause()
    finally:
        session.close()
    return times


async def run(quick: bool, smoke: bool = False) -> bool:
    rounds = (1 if smoke else 2) if quick else 10
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "demo"
        shutil.copytree(demo_chronicle(), root, ignore=shutil.ignore_patterns(".lock"))
        times = await open_times(root, rounds)
    f2, f3 = (statistics.median(times[k]) for k in ("f2", "f3"))
    ratio = f3 / f2
    print(f"F2 roll dialog open, median (ms): {f2 * 1000:.0f}")
    print(f"F3 editor open, median (ms): {f3 * 1000:.0f}")
    print(f"open: F3 editor / F2 roll dialog: {ratio:.2f} (target <= {EDITOR_LIMIT})")
    return ratio <= EDITOR_LIMIT


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="one round, for the test suite")
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    met = asyncio.run(run(args.quick or args.smoke, args.smoke))
    return 1 if args.strict and not met else 0


if __name__ == "__main__":
    sys.exit(main())
