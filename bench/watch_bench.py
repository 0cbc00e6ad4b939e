"""``elysium watch`` benchmark: from the writer's acknowledgement to the watcher's screen.

Usage::

    python bench/watch_bench.py            # 80 and 10,000 events, 40 rolls each; 30 s idle
    python bench/watch_bench.py --quick    # 80 and 1,000 events, 8 rolls; 3 s idle
    python bench/watch_bench.py --smoke    # 80 events, 3 rolls; 1 s idle (the tests)

``python -m elysium watch DIR`` runs as a real process (once on the chronicle, once on the
players' view the writer publishes: ``elysium share``) in a 100x30 pseudo-terminal
(``bench/ptyterm.py``), twice side by side: told of changes by the kernel (inotify, the
default) and with ``ELYSIUM_NOTIFY=0`` (its poll alone, as on a network file system). This
process is the writer: an ordinary ``Session`` on the same chronicle. For each roll, the
clock starts when ``execute`` returns (the event is fsynced: acknowledged) and stops when
the roll's log line has reached each terminal. Between rolls we wait a random 0.05-0.3 s,
so the rolls land anywhere in the poll period. Then each watcher's CPU time (``/proc``)
over an idle period with the writer still open.
"""

from __future__ import annotations

import argparse
import contextlib
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
TARGET = 25.0  # ms, the median told of a change by the kernel
MODES = ("notified", "polled")


def wait_for(term: Terminal, seen: bytearray, needle: bytes, timeout: float) -> float:
    """Read the terminal until ``needle`` is in what came since ``seen`` was emptied; the
    moment it arrived."""
    return wait_all([term], [seen], needle, timeout)[0]


def wait_all(
    terms: list[Terminal], seen: list[bytearray], needle: bytes, timeout: float
) -> list[float]:
    """Read every terminal until ``needle`` reached each; the moment it reached each."""
    end = time.monotonic() + timeout
    when: dict[int, float] = {}
    while len(when) < len(terms):
        left = end - time.monotonic()
        if left <= 0:
            late = [bytes(seen[i][-400:]) for i in range(len(terms)) if i not in when]
            raise TimeoutError(f"{needle!r} never reached the screen: {late!r}")
        waiting = [t.master for i, t in enumerate(terms) if i not in when]
        ready, _, _ = select.select(waiting, [], [], left)
        now = time.monotonic()
        for i, term in enumerate(terms):
            if term.master in ready:
                seen[i].extend(term._chunk())
                if needle in seen[i]:
                    when[i] = now
    return [when[i] for i in range(len(terms))]


def drain(term: Terminal, quiet: float = 0.3) -> None:
    term.read(quiet, timeout=10)


def latencies(
    terms: list[Terminal], writer: Session, rolls: int, rng: random.Random
) -> list[list[float]]:
    """Each roll's time from its acknowledgement to each terminal (the same roll for all)."""
    out: list[list[float]] = [[] for _ in terms]
    for i in range(rolls):
        time.sleep(rng.uniform(0.05, 0.3))
        for term in terms:
            drain(term, 0.01)
        pool, diff = 1 + i % 9, 3 + (i // 9) % 7
        needle = f"dice {pool}d diff {diff}".encode()
        seen = [bytearray() for _ in terms]
        writer.execute(f'roll {pool} diff {diff} by "{WHO}"')
        acknowledged = time.monotonic()
        for found, shown in zip(out, wait_all(terms, seen, needle, 10), strict=True):
            found.append(max(0.0, shown - acknowledged))
    return out


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def run(
    base: Path, events: int, rolls: int, idle: float, env: dict[str, str], players: bool
) -> list[dict]:
    """Two watchers over a chronicle of ``events`` events, one told by the kernel and one
    polling: the Storyteller's (``watch DIR``) or the players' (``watch SHARED``, the view
    ``elysium share`` publishes)."""
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
    envs = [env, env | {"ELYSIUM_NOTIFY": "0"}]
    try:
        with contextlib.ExitStack() as stack:
            terms = [stack.enter_context(Terminal(argv, cols=COLS, rows=ROWS, env=e)) for e in envs]
            for term in terms:
                wait_for(term, bytearray(), b"WATCHING", 60)
                drain(term, 1.0)
            found = latencies(terms, writer, rolls, random.Random(events))
            for term in terms:
                drain(term, 0.5)
            cpu0, t0 = [t.cpu_seconds() for t in terms], time.monotonic()
            time.sleep(idle)
            spent = time.monotonic() - t0
            cpu = [(t.cpu_seconds() - c) / spent for t, c in zip(terms, cpu0, strict=True)]
    finally:
        writer.close()
    who = "players'" if players else "ST's"
    return [
        {"events": events, "latency": found[i], "cpu": cpu[i], "who": who, "mode": mode}
        for i, mode in enumerate(MODES)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    parser.add_argument("--smoke", action="store_true", help="smaller still, for the test suite")
    parser.add_argument("--strict", action="store_true", help="exit 1 on a FAIL")
    args = parser.parse_args(argv)
    sizes = (80, 1_000) if args.quick else (80, 10_000)
    rolls = 8 if args.quick else 40
    idle = 3.0 if args.quick else 30.0
    if args.smoke:
        sizes, rolls, idle = (80,), 3, 1.0
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        pythonpath = str(Path(elysium.__file__).resolve().parents[1])
        env = private_env(base / "home", pythonpath)
        results = [
            r for n in sizes for p in (False, True) for r in run(base, n, rolls, idle, env, p)
        ]
    passed = True
    for r in results:
        ms = [x * 1000 for x in r["latency"]]
        median = statistics.median(ms)
        verdict = ""
        if r["mode"] == "notified":
            verdict = f" (target {TARGET:.0f} ms) {'PASS' if median <= TARGET else 'FAIL'}"
            passed = passed and median <= TARGET
        print(
            f"ack -> {r['who']} watch screen at {r['events']} events, {r['mode']}: median "
            f"{median:.0f} ms, p95 {p95(ms):.0f} ms, worst {max(ms):.0f} ms "
            f"({len(ms)} rolls){verdict}"
        )
    for r in results:
        print(
            f"idle {r['who']} watcher CPU at {r['events']} events, {r['mode']} "
            f"({idle:.0f} s): {100 * r['cpu']:.2f} %"
        )
    return 1 if args.strict and not passed else 0


if __name__ == "__main__":
    raise SystemExit(main())
