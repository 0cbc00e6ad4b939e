"""Chronicle store benchmark: ratios measured in one run on this machine.

1. The durable cost of one command (parse, rules, event, fsync) at 1,000 events and at
   50,000: the median at 50,000 must be at most 1.5 x the median at 1,000.
2. The same cost at 10,000 events against stock TinyDB (default JSONStorage, one insert per
   event) at 10,000 documents: Elysium must be at least 20 x faster.
3. Opening a 50,000-event chronicle to its current state: under 1 second, both right after
   a clean close and in the worst case (the most events the journal can hold past the last
   checkpoint).
4. An over-long command is refused at once: ``elysium run DIR -`` fed a one-megabyte line
   against the same process fed a short unknown command (the two alternate; the process
   starting is most of both): at most 1.5 x; and in this process, ``parse`` refusing a
   command of 200,000 quoted words against parsing one of the 680 that fit in 4,096
   characters: at most 1 x.

Usage::

    python bench/chronicle_bench.py            # the full run (about a minute)
    python bench/chronicle_bench.py --quick    # a smaller smoke run
    python bench/chronicle_bench.py --smoke    # smaller still: each measurement once (the tests)

Machines are shared and noisy, so every comparison is a ratio of medians taken in the same
run; absolute times are printed only for orientation.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tinydb import TinyDB

from elysium.chronicle.errors import ChronicleError, CommandError
from elysium.chronicle.parser import MAX_COMMAND, parse
from elysium.chronicle.session import Session
from elysium.chronicle.store import store as store_mod
from elysium.rules import V20, SeededDice

SETUP = [
    'add "Marcus" vampire gen 10',
    'add "Bob" mortal',
    "set Marcus dexterity 3",
    "set Marcus brawl 2",
]
# A realistic mix: rolls with dice, damage with soak, healing, time passing, XP.
MIX = [
    "roll Marcus dex+brawl diff 6",
    "award Marcus 1",
    "damage Bob 1 bashing",
    "heal Bob 1",
    "turn",
]
MEASURED = "award Marcus 1"


def grow(session: Session, target: int) -> None:
    i = 0
    while session.state.events < target:
        with contextlib.suppress(ChronicleError):  # a refusal (Bob unhurt) is skipped
            session.execute(MIX[i % len(MIX)])
        i += 1


def median_cost(session: Session, samples: int) -> float:
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        session.execute(MEASURED)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def tinydb_median(n_docs: int, samples: int, doc: dict, workdir: Path) -> float:
    path = workdir / "stock.json"
    db = TinyDB(path)  # stock: JSONStorage, no caching
    db.insert_multiple(dict(doc, seq=i) for i in range(n_docs))
    times = []
    for i in range(samples):
        start = time.perf_counter()
        db.insert(dict(doc, seq=n_docs + i))
        times.append(time.perf_counter() - start)
    db.close()
    return statistics.median(times)


def open_time(root: Path, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        s = Session.open(root, readonly=True)
        times.append(time.perf_counter() - start)
        assert s.state.events > 0
        s.close()
    return statistics.median(times)


def run_stdin(root: Path, text: str) -> float:
    """``elysium run ROOT -`` fed ``text``: seconds to its exit (refused: status 2)."""
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "elysium", "run", str(root), "-"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    took = time.perf_counter() - start
    if proc.returncode != 2:
        raise SystemExit(f"elysium run: expected a refusal (2), got {proc.returncode}")
    return took


def refusals(root: Path, pairs: int) -> tuple[float, float, float, float]:
    """Medians (seconds): ``elysium run -`` fed a megabyte line, fed a short unknown
    command; ``parse`` refusing 200,000 quoted words, parsing the 680 that fit."""
    huge, short = "roll " + "x" * 1_000_000 + "\n", "bogus words\n"
    at_huge, at_short = [], []
    for i in range(pairs):  # alternated, so drift hits both alike
        for text in (huge, short) if i % 2 == 0 else (short, huge):
            (at_huge if text is huge else at_short).append(run_stdin(root, text))
    too_long = "roll " + '"a b" ' * 200_000
    fits = "roll " + '"a b" ' * 680
    assert len(fits) <= MAX_COMMAND < len(too_long)

    def parse_time(text: str) -> float:
        start = time.perf_counter()
        with contextlib.suppress(CommandError):
            parse(text)
        return time.perf_counter() - start

    refused, parsed = [], []
    for _ in range(200):
        refused.append(parse_time(too_long))
        parsed.append(parse_time(fits))
    return tuple(statistics.median(x) for x in (at_huge, at_short, refused, parsed))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    parser.add_argument("--smoke", action="store_true", help="smaller still, for the test suite")
    args = parser.parse_args(argv)
    args.quick |= args.smoke
    small, mid, big = (200, 1_000, 3_000) if args.quick else (1_000, 10_000, 50_000)
    if args.smoke:
        small, mid, big = 100, 300, 800
    samples = (10 if args.smoke else 50) if args.quick else 300
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        root = work / "chronicle"
        session = Session.create(root, "Bench", V20, SeededDice(1))
        for command in SETUP:
            session.execute(command)

        grow(session, small)
        at_small = median_cost(session, samples)
        grow(session, mid)
        at_mid = median_cost(session, samples)
        event_doc = session.events(session.state.chapter)[-1].to_dict()
        grow(session, big)
        at_big = median_cost(session, samples)
        events = session.state.events
        session.close()

        stock = tinydb_median(mid, (5 if args.smoke else 15) if args.quick else 30, event_doc, work)
        clean_open = open_time(root)

        # Worst case for opening: the journal holds a full checkpoint interval past the
        # snapshot. Write those events with checkpoints switched off.
        session = Session.open(root, rng=SeededDice(2))
        saved = store_mod.CHECKPOINT_EVERY
        store_mod.CHECKPOINT_EVERY = 10**9
        grow(session, session.state.events + saved - 1)
        store_mod.CHECKPOINT_EVERY = saved
        session.store._journal_fd = None  # leave without the closing checkpoint
        session.store.close()
        worst_open = open_time(root)
        small_root = work / "refusals"
        Session.create(small_root, "Bench", V20, SeededDice(3)).close()
        run_huge, run_short, parse_huge, parse_fits = refusals(
            small_root, (2 if args.smoke else 4) if args.quick else 10
        )

    def line(name: str, value: float, limit: float, better: str) -> bool:
        good = value <= limit if better == "<=" else value >= limit
        print(f"{name:<52} {value:10.2f}   (needs {better} {limit})  {'PASS' if good else 'FAIL'}")
        return good

    print(f"events in the chronicle: {events}")
    print(f"median durable command at {small:>6} events: {at_small * 1000:8.3f} ms")
    print(f"median durable command at {mid:>6} events: {at_mid * 1000:8.3f} ms")
    print(f"median durable command at {big:>6} events: {at_big * 1000:8.3f} ms")
    print(f"median stock TinyDB insert at {mid:>6} documents: {stock * 1000:8.3f} ms")
    print(f"open after a clean close: {clean_open * 1000:8.1f} ms")
    print(f"open with {saved - 1} events past the checkpoint: {worst_open * 1000:8.1f} ms")
    print(f"run -, a megabyte line refused: {run_huge * 1000:8.1f} ms")
    print(f"run -, a short line refused: {run_short * 1000:8.1f} ms")
    print(f"parse, 200,000 words refused: {parse_huge * 1e6:8.1f} us")
    print(f"parse, 680 words parsed: {parse_fits * 1e6:8.1f} us")
    ok &= line(f"cost at {big} / cost at {small}", at_big / at_small, 1.5, "<=")
    ok &= line(f"stock TinyDB / Elysium at {mid}", stock / at_mid, 20, ">=")
    ok &= line("open after a clean close (seconds)", clean_open, 1.0, "<=")
    ok &= line("open in the worst case (seconds)", worst_open, 1.0, "<=")
    ok &= line("run -: a megabyte line / a short refused one", run_huge / run_short, 1.5, "<=")
    ok &= line("parse: refusing 200,000 words / parsing 680", parse_huge / parse_fits, 1.0, "<=")
    if args.quick:
        return 0  # sizes too small for the limits to mean anything; the full run judges
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
