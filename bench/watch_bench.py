"""``elysium watch`` benchmark: from the writer's acknowledgement to the watcher's screen.

Usage::

    python bench/watch_bench.py            # 80 and 10,000 events, 40 rolls each; 30 s idle
    python bench/watch_bench.py --quick    # 80 and 1,000 events, 8 rolls; 3 s idle
    python bench/watch_bench.py --smoke    # 80 and 300 events, 3 rolls; 1 s idle (the tests)

``python -m elysium watch DIR`` runs as a real process (once on the chronicle, once on the
players' view the writer publishes: ``elysium share``) in a 100x30 pseudo-terminal
(``bench/ptyterm.py``); this process is the writer: an ordinary ``Session`` on the same
chronicle. For each roll, the clock starts when ``execute`` returns (the event is fsynced:
acknowledged) and stops when the roll's log line has reached the terminal. Between rolls we
wait a random 0.05-0.3 s, so the rolls land anywhere in the watcher's poll period. Then the
watcher's CPU time (``/proc``) over an idle period with the writer still open.
"""

from __future__ import annotations

import argparse
import os
import random
import select
import statistics
import sys
import tempfile
import time
from pathlib import Path

import elysium
import elysium.tell  # the tellers the writer tells the players' view with
from chronicles import build
from elysium.chronicle import share
from elysium.chronicle.session import Session
from elysium.rules import SeededDice
from ptyterm import Terminal, private_env

COLS, ROWS = 100, 30
WHO = "Lucien Marchetti"


def wait_for(term: Terminal, seen: bytearray, needle: bytes, timeout: float) -> float:
    """Read the terminal until ``needle`` is in what came since ``seen`` was emptied; the
    moment it arrived."""
    end = time.monotonic() + timeout
    while needle not in seen:
        left = end - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"{needle!r} never reached the screen: {bytes(seen[-400:])!r}")
        ready, _, _ = select.select([term.master], [], [], left)
        if ready:
            seen.extend(term._chunk())
    return time.monotonic()


def drain(term: Terminal, quiet: float = 0.3) -> None:
    term.read(quiet, timeout=10)


def latencies(term: Terminal, writer: Session, rolls: int, rng: random.Random) -> list[float]:
    out = []
    for i in range(rolls):
        time.sleep(rng.uniform(0.05, 0.3))
        drain(term, 0.01)
        pool, diff = 1 + i % 9, 3 + (i // 9) % 7
        needle = f"dice {pool}d diff {diff}".encode()
        seen = bytearray()
        writer.execute(f'roll {pool} diff {diff} by "{WHO}"')
        acknowledged = time.monotonic()
        shown = wait_for(term, seen, needle, 10)
        out.append(max(0.0, shown - acknowledged))
    return out


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def run(
    base: Path, events: int, rolls: int, idle: float, env: dict[str, str], players: bool
) -> dict:
    """One watcher over a chronicle of ``events`` events: the Storyteller's (``watch DIR``)
    or the players' (``watch SHARED``, the view ``elysium share`` publishes)."""
    root = build(base / f"c{events}-{'players' if players else 'st'}", events)
    watched = root
    if players:  # the writer publishes the view after each event, as the Storyteller's does
        watched = base / f"shared{events}"
        os.environ["XDG_STATE_HOME"] = env["XDG_STATE_HOME"]  # where the setting is kept
        share.remember(root, share.Share(watched))
    writer = Session.open(root, rng=SeededDice(3))
    if players:
        writer.execute(f'set "{WHO}" player yes')  # the roll lines are told whole
    argv = [sys.executable, "-m", "elysium", "watch", str(watched), "--lang", "en"]
    try:
        with Terminal(argv, cols=COLS, rows=ROWS, env=env) as term:
            wait_for(term, bytearray(), b"WATCHING", 60)
            drain(term, 1.0)
            found = latencies(term, writer, rolls, random.Random(events))
            drain(term, 0.5)
            cpu0, t0 = term.cpu_seconds(), time.monotonic()
            time.sleep(idle)
            cpu = (term.cpu_seconds() - cpu0) / (time.monotonic() - t0)
    finally:
        writer.close()
    return {
        "events": events,
        "latency": found,
        "cpu": cpu,
        "who": "players'" if players else "ST's",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    parser.add_argument("--smoke", action="store_true", help="smaller still, for the test suite")
    args = parser.parse_args(argv)
    sizes = (80, 1_000) if args.quick else (80, 10_000)
    rolls = 8 if args.quick else 40
    idle = 3.0 if args.quick else 30.0
    if args.smoke:
        sizes, rolls, idle = (80, 300), 3, 1.0
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        pythonpath = str(Path(elysium.__file__).resolve().parents[1])
        env = private_env(base / "home", pythonpath)
        results = [run(base, n, rolls, idle, env, p) for n in sizes for p in (False, True)]
    for r in results:
        ms = [x * 1000 for x in r["latency"]]
        print(
            f"ack -> {r['who']} watch screen at {r['events']} events: median "
            f"{statistics.median(ms):.0f} ms, p95 {p95(ms):.0f} ms, worst {max(ms):.0f} ms "
            f"({len(ms)} rolls)"
        )
    for r in results:
        print(
            f"idle {r['who']} watcher CPU at {r['events']} events ({idle:.0f} s): "
            f"{100 * r['cpu']:.2f} %"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
