"""Replay benchmark: jumping to any event of a 50,000-event chronicle (limit 100 ms).

Usage::

    python bench/replay_bench.py            # 50,000 events
    python bench/replay_bench.py --quick    # 5,000 (a smoke run)
    python bench/replay_bench.py --smoke    # 300 (the tests)

Prints the time to build the replay (one fold, once: ``Replay.prepare`` works out a state
every 256 events; a replay opened on a session starts at the end without it, see
``costs_bench.py``) and the worst and median jump; then the worst jump of a sweep through a
replay that was not prepared (every 97th event from the start, then back: each jump patches
from the state shown last), and the worst jump in the replay screen, key to frame. Each
must be at most 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.events import Event
from elysium.chronicle.replay import Replay
from elysium.chronicle.session import Session
from elysium.rules import V20, SeededDice

sys.path.insert(0, str(Path(__file__).resolve().parent))

SETUP = ['add "Marcus" vampire gen 10', 'add "Bob" mortal', "set Marcus dexterity 3 brawl 2"]
MIX = [
    "roll Marcus dex+brawl diff 6",
    "award Marcus 1",
    "damage Bob 1 bashing",
    "heal Bob 1",
    "turn",
    "scene",
]


def build_chronicle(root: Path, events: int) -> list[Event]:
    session = Session.create(root, "Bench", V20, SeededDice(3))
    for command in SETUP:
        session.execute(command)
    i = 0
    while session.state.events < events:
        with contextlib.suppress(ChronicleError):
            session.execute(MIX[i % len(MIX)])
        i += 1
    out = session.events()
    session.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="300 events, for the test suite")
    args = parser.parse_args(argv)
    args.quick |= args.smoke
    size = (300 if args.smoke else 5_000) if args.quick else 50_000
    with tempfile.TemporaryDirectory() as tmp:
        events = build_chronicle(Path(tmp) / "c", size)
    start = time.perf_counter()
    replay = Replay(events)
    replay.prepare()
    built = time.perf_counter() - start
    rng = random.Random(11)
    jumps = []
    for cursor in [rng.randrange(len(replay)) for _ in range(200)] + [0, len(replay) - 1]:
        start = time.perf_counter()
        replay.state(cursor)
        jumps.append(time.perf_counter() - start)
    worst = max(jumps) * 1000
    print(f"events: {len(events)}; replay built in {built:.2f} s (one fold)")
    print(
        f"jump to an event: median {statistics.median(jumps) * 1000:.1f} ms, worst {worst:.1f} ms"
    )
    swept = sweep(events) * 1000
    print(f"sweep without prepare, every 97th event and back: worst {swept:.1f} ms")
    screen = asyncio.run(screen_jumps(replay, rng)) * 1000
    print(f"jump in the replay screen, key to frame: worst {screen:.1f} ms")
    ok = True
    for name, value in (
        ("worst jump, state (ms)", worst),
        ("worst jump, sweep not prepared (ms)", swept),
        ("worst jump, on screen (ms)", screen),
    ):
        good = value <= 100
        ok &= good
        print(f"{name:<44} {value:8.2f}   (needs <= 100)  {'PASS' if good else 'FAIL'}")
    return 0 if ok or args.quick else 1


def sweep(events: list[Event]) -> float:
    """A fresh replay, not prepared: every 97th event from the start, then back; the worst
    jump (seconds)."""
    replay = Replay(events)
    strides = list(range(0, len(replay), 97))
    worst = 0.0
    for cursor in [*strides, *reversed(strides)]:
        start = time.perf_counter()
        replay.state(cursor)
        worst = max(worst, time.perf_counter() - start)
    return worst


async def screen_jumps(replay: Replay, rng: random.Random) -> float:
    """The replay app, headless: from a jump to the first frame that shows it."""
    from elysium.tui.app import make_replay_app
    from tui_bench import watch_paints

    app = make_replay_app(replay, "Bench", "en")
    paints = watch_paints(app)
    worst = 0.0
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for cursor in [rng.randrange(len(replay)) for _ in range(20)]:
            start = time.perf_counter()
            app.screen.go(cursor)  # type: ignore[attr-defined]
            await pilot.pause()
            shown = next(p for p in paints if p >= start)
            worst = max(worst, shown - start)
    return worst


if __name__ == "__main__":
    sys.exit(main())
