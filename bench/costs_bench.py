"""Costs that stay flat or stream: opening, export, stats, replay and the odds.

Targets, each measured in this one run (A and B interleaved where two things are compared,
since the machine is shared and noisy):

1. What a reader of every event waits for, each a process of its own timed by its CPU
   (user + system, from ``os.wait4``) against the floor of reading the same files in a
   process too (every event's JSON line read and parsed by ``json.loads``, nothing else),
   the floor and the commands interleaved, their order turned round every other round:
   ``elysium export`` of a chronicle whose one (open) chapter holds all 200,000 events,
   and ``export --chapter all`` of the 200,000-event chronicle of many chapters, each at
   most 1.5 x its floor; ``elysium stats`` of that chronicle at most 1 x; each with its
   peak memory (the process's maximum resident set) at most 120 MB. The median ratio is
   judged, the worst printed beside it.
2. Opening a chronicle of 200,000 events against one of 1,000 (read-only, in this process;
   openings of the two alternate): the median at 200k at most 2 x the median at 1k.
3. ``elysium export`` (Markdown) of a 10,000-event chapter of the 200k chronicle and
   ``elysium stats`` of all of it, each a separate process (the two alternate): at most 2 s
   each (median), peak memory at most 120 MB.
4. The replay of the latest chapter (50,000 events, at the end of the 200k chronicle):
   opening it at the end (the session opened, the replay opened, the last state and the
   log window read) at most 1 s; a step (the state, the event and the log window of the
   next or previous event) at most 10 ms, worst of 400 steps back and forth.
5. ``elysium odds 100 --rule-of-ten``: the command's work in this process (odds and their
   table) at most 0.1 s, and so with ``--spec`` (every ten counting twice); ``odds 50
   --diff 7 --spec`` at most 0.5 s; the whole process of the first against ``elysium odds
   1`` is printed too.

The processes measured keep their bytecode (PYTHONDONTWRITEBYTECODE is taken out of their
environment, and a first run writes it), as an installed Elysium has it.

Building 200,000 events through ``Session.execute`` with an fsync per event takes many
minutes, so the chronicles are built the honest way with one bench-only switch: this
process replaces ``os.fsync`` with a no-op before building (see :func:`no_fsync`). Every
event still goes through the parser, the rules, the reducer, the journal, checkpoints and
chapter closes; only durability, which nothing here measures, is skipped, and the files are
the same bytes. The measurements run with fsync restored. ``--keep DIR`` keeps (or reuses)
the built chronicles in DIR between runs.

Usage::

    python bench/costs_bench.py            # the full run (a few minutes: most is building)
    python bench/costs_bench.py --quick    # small sizes, a few seconds
    python bench/costs_bench.py --smoke    # smaller still: 1,000 events, one pair (the tests)
    python bench/costs_bench.py --strict   # exit 1 when a target fails (else 0: a report)
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.replay import Replay
from elysium.chronicle.session import Session
from elysium.rules import V20, SeededDice

SETUP = [
    'add "Marcus" vampire gen 10',
    'add "Bob" mortal',
    "set Marcus dexterity 3 brawl 2 wits 2",
    "set Bob dexterity 2 brawl 1",
]
# A night's mix: rolls (some with a specialty or Willpower), damage and healing, XP, time.
MIX = [
    "roll Marcus dex+brawl diff 6",
    "award Marcus 1",
    "damage Bob 1 bashing",
    "roll Bob dex+brawl diff 7",
    "heal Bob 1",
    "turn",
    "roll Marcus wits+brawl diff 8",
    "scene",
]
LOG_WINDOW = 120  # what the replay screen reads for its log after a jump


@contextlib.contextmanager
def no_fsync() -> Iterator[None]:
    """The bench-only switch: fsync is a no-op while chronicles are built (see above)."""
    saved = os.fsync
    os.fsync = lambda fd: None
    try:
        yield
    finally:
        os.fsync = saved


def build(root: Path, events: int, chapter_every: int, open_from: int) -> None:
    """A chronicle of ``events`` events, a chapter closed every ``chapter_every`` up to
    ``open_from``; the rest is the open chapter."""
    marker = root / ".bench-built"
    wanted = f"{events} {chapter_every} {open_from}"
    if marker.exists() and marker.read_text() == wanted:
        return  # kept from an earlier run (--keep)
    if root.exists():
        raise SystemExit(f"{root} exists and is not this bench's chronicle")
    with no_fsync():
        session = Session.create(root, "Bench", V20, SeededDice(13))
        for command in SETUP:
            session.execute(command)
        i = 0
        while session.state.events < events:
            n = session.state.events
            if n <= open_from and n % chapter_every == 0:
                session.execute("chapter")
                continue
            with contextlib.suppress(ChronicleError):  # a refusal (Bob unhurt) is skipped
                session.execute(MIX[i % len(MIX)])
            i += 1
        session.close()
    marker.write_text(wanted)


def median_of(samples: list[float]) -> float:
    return statistics.median(samples)


def open_time(root: Path) -> float:
    start = time.perf_counter()
    session = Session.open(root, readonly=True)
    took = time.perf_counter() - start
    session.close()
    return took


# Runs a command and says how long it took and its own peak memory. A small process of its
# own: a child's peak memory counts the pages of the process it was forked from, so the
# command is not forked from this one (which holds the chronicles it built).
MEASURE = """
import os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[2:], stdout=open(sys.argv[1], "wb"))
_, status, usage = os.wait4(child.pid, 0)
cpu = usage.ru_utime + usage.ru_stime
print(time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status), cpu)
"""

# Every event's line of a chronicle's files, as a script: a closed chapter's entry line
# without its number and comma, the header lines left out; ``{use}`` is done with each.
READ = """
import json, sys
{imports}
loads, write = json.loads, sys.stdout.write
for name in sys.argv[1:]:
    closed = not name.endswith(".jsonl")
    with open(name, "rb") as f:
        for line in f:
            if closed:
                if not line[1:2].isdigit():
                    continue
                line = line[line.index(b":") + 1 :].rstrip(b",\\n")
            {use}
"""
# The floor of reading a chronicle: every event's JSON parsed with ``json.loads``, nothing
# else. What a reader of every event cannot go below.
FLOOR = READ.format(imports="", use="loads(line)")
# The least an export can do beyond the floor, for orientation: each event's JSON parsed,
# the Event built without its checks and told in English by the tellers the recap uses,
# and the line written; no recap, no undo pass, no checks. Its ratio to the floor is what
# telling every event costs, which no export of every event can go below.
TOLD = READ.format(
    imports="import elysium.tell\nfrom elysium.chronicle.events import Event\n"
    "from elysium.tell.events import describe",
    use='record = loads(line); write(describe(Event.from_dict(record.get("e", record),'
    ' clean=False), "en") + "\\n")',
)


class Run(NamedTuple):
    seconds: float  # wall
    peak: int  # KB, the process's maximum resident set
    tail: str  # the end of its output
    cpu: float  # user + system seconds, from os.wait4


def child_env() -> dict[str, str]:
    """The environment of a measured process: bytecode kept, as an installed Elysium has
    it (a development shell's PYTHONDONTWRITEBYTECODE would have every run compile the
    modules it imports again, which no user waits for)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run_process(argv: list[str]) -> Run:
    """A process of its own, measured by a small one between (see MEASURE)."""
    with tempfile.NamedTemporaryFile() as out:
        proc = subprocess.run(
            [sys.executable, "-c", MEASURE, out.name, *argv],
            capture_output=True,
            text=True,
            check=False,
            env=child_env(),
        )
        try:
            seconds, peak, status, cpu = proc.stdout.split()
        except ValueError:
            raise SystemExit(f"{' '.join(argv)}: {proc.stderr}") from None
        if int(status) != 0:
            raise SystemExit(f"{' '.join(argv)} failed: {proc.stderr}")
        text = Path(out.name).read_bytes().decode(errors="replace")
    return Run(float(seconds), int(peak), text[-300:], float(cpu))


def run_command(argv: list[str]) -> Run:
    """An ``elysium`` command in its own process."""
    return run_process([sys.executable, "-m", "elysium", *argv])


def chronicle_files(root: Path) -> list[str]:
    """The files a reader of every chapter reads: the closed chapters, then the journals."""
    return [
        *sorted(str(p) for p in (root / "chapters").glob("chapter-*.json")),
        *sorted(str(p) for p in (root / "journal").glob("chapter-*.jsonl")),
    ]


def floor_of(root: Path) -> Run:
    return run_process([sys.executable, "-c", FLOOR, *chronicle_files(root)])


def told_of(root: Path) -> Run:
    return run_process([sys.executable, "-c", TOLD, *chronicle_files(root)])


def replay_costs(root: Path, steps: int) -> tuple[float, float, float, int]:
    """Opening the latest chapter's replay at its end, then steps back and forth: (open
    seconds, median step, worst step, events in the chapter)."""
    start = time.perf_counter()
    session = Session.open(root, readonly=True)
    replay = Replay.open(session)
    session.close()
    cursor = len(replay) - 1
    replay.state(cursor)
    replay.events_window(cursor, LOG_WINDOW)
    opened = time.perf_counter() - start
    times = []
    for step in [-1] * (steps // 2) + [1] * (steps // 2):
        cursor += step
        start = time.perf_counter()
        replay.state(cursor)
        replay.event(cursor)
        replay.events_window(cursor, LOG_WINDOW)
        times.append(time.perf_counter() - start)
    size = len(replay)
    replay.close()
    return opened, median_of(times), max(times), size


def odds_in_process(
    repeats: int, pool: int = 100, diff: int = 6, spec: bool = False, ten: bool = True
) -> float:
    from elysium.rules import RollRequest, odds
    from elysium.tell.marks import format_odds

    profile = V20.with_house(rule_of_ten=True) if ten else V20
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        format_odds(odds(RollRequest(pool, diff, specialty=spec), profile), profile, "en")
        times.append(time.perf_counter() - start)
    return median_of(times)


def interleaved(pairs: int, *runs: Callable[[], float]) -> list[list[float]]:
    out: list[list[float]] = [[] for _ in runs]
    for _ in range(pairs):
        for samples, run in zip(out, runs, strict=True):
            samples.append(run())
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    parser.add_argument("--keep", type=Path, help="keep (or reuse) the chronicles here")
    parser.add_argument("--smoke", action="store_true", help="smaller still, for the test suite")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target fails")
    args = parser.parse_args(argv)
    args.quick |= args.smoke
    if args.smoke:
        small, big, every, open_from, chapter, steps, pairs = 100, 1_000, 250, 600, 3, 20, 1
    elif args.quick:
        small, big, every, open_from, chapter, steps, pairs = 200, 3_000, 500, 2_000, 4, 40, 2
    else:
        small, big, every, open_from, chapter, steps, pairs = (
            1_000,
            200_000,
            10_000,
            150_000,
            15,
            400,
            5,
        )
    with contextlib.ExitStack() as stack:
        work = args.keep or Path(stack.enter_context(tempfile.TemporaryDirectory()))
        work.mkdir(parents=True, exist_ok=True)
        small_root, big_root = work / f"small-{small}", work / f"big-{big}"
        one_root = work / f"chapter-{big}"
        start = time.perf_counter()
        build(small_root, small, every, open_from)
        build(big_root, big, every, open_from)
        build(one_root, big, big + 1, 0)  # one chapter, open: what a plain export exports
        print(f"chronicles ready in {time.perf_counter() - start:.1f} s (fsync off to build)")
        ok = reading_costs(big_root, one_root, big, pairs)
        ok &= measure(small_root, big_root, small, big, chapter, steps, pairs)
        if args.quick:
            return 0  # sizes too small for the limits to mean anything; the full run judges
        return 0 if ok or not args.strict else 1


def verdict(name: str, value: float, limit: float, unit: str = "") -> bool:
    good = value <= limit
    print(f"{name:<60} {value:10.3f}{unit}  (needs <= {limit}{unit})  {'PASS' if good else 'FAIL'}")
    return good


def reading_costs(big_root: Path, one_root: Path, big: int, pairs: int) -> bool:
    """What a user waits for when a command reads every event it is asked for, each a
    process timed by its CPU (os.wait4) against the floor of reading the same files, the
    floor and the commands interleaved (their order turned round every other round)."""
    runs: dict[str, Callable[[], Run]] = {
        "floor one": lambda: floor_of(one_root),
        "told one": lambda: told_of(one_root),
        "export one": lambda: run_command(["export", str(one_root), "--format", "md"]),
        "floor all": lambda: floor_of(big_root),
        "export all": lambda: run_command(["export", str(big_root), "--chapter", "all"]),
        "stats": lambda: run_command(["stats", str(big_root)]),
    }
    got: dict[str, list[Run]] = {name: [] for name in runs}
    run_command(["stats", str(big_root)])  # a first run writes the bytecode a user has
    for i in range(pairs):
        for name in list(runs) if i % 2 == 0 else list(runs)[::-1]:
            got[name].append(runs[name]())
    ok = True
    for name, floor, label, limit in (
        ("export one", "floor one", f"export of the {big}-event chapter", 1.5),
        ("export all", "floor all", f"export --chapter all of {big} events", 1.5),
        ("stats", "floor all", f"stats of {big} events", 1.0),
    ):
        cpu = median_of([r.cpu for r in got[name]])
        anchor = median_of([r.cpu for r in got[floor]])
        worst = max(a.cpu / b.cpu for a, b in zip(got[name], got[floor], strict=True))
        peak = max(r.peak for r in got[name]) / 1024
        print(
            f"{label}: CPU {cpu:.2f} s, floor (read + json.loads) {anchor:.2f} s, "
            f"worst ratio {worst:.2f}, peak memory {peak:.0f} MB "
            f"(floor {max(r.peak for r in got[floor]) / 1024:.0f} MB)"
        )
        ok &= verdict(f"{label} / floor (CPU)", cpu / anchor, limit)
        ok &= verdict(f"{label}, peak memory (MB)", peak, 120)
    told = median_of([r.cpu for r in got["told one"]])
    floor = median_of([r.cpu for r in got["floor one"]])
    print(
        f"(the least an export of the {big}-event chapter can do: each event parsed and told"
        f" in English, nothing else: CPU {told:.2f} s = {told / floor:.2f} x the floor)"
    )
    return ok


def measure(
    small_root: Path,
    big_root: Path,
    small: int,
    big: int,
    chapter: int,
    steps: int,
    pairs: int,
) -> bool:
    at_small, at_big = interleaved(
        pairs * 4, lambda: open_time(small_root), lambda: open_time(big_root)
    )
    export_argv = ["export", str(big_root), "--chapter", str(chapter), "--format", "md"]
    stats_argv = ["stats", str(big_root)]
    exports, stats = [], []
    for _ in range(pairs):
        exports.append(run_command(export_argv))
        stats.append(run_command(stats_argv))
    opened, step_median, step_worst, replayed = replay_costs(big_root, steps)
    odds_work = odds_in_process(pairs * 2)
    odds_spec = odds_in_process(pairs * 2, spec=True)
    odds_fifty = odds_in_process(pairs * 2, pool=50, diff=7, spec=True, ten=False)
    odds_process, odds_start = interleaved(
        pairs,
        lambda: run_command(["odds", "100", "--rule-of-ten"]).seconds,
        lambda: run_command(["odds", "1"]).seconds,
    )
    ok = True
    line = verdict
    print(f"open at {small} events: {median_of(at_small) * 1000:.2f} ms (median)")
    print(f"open at {big} events: {median_of(at_big) * 1000:.2f} ms (median)")
    ok &= line(f"open at {big} / open at {small}", median_of(at_big) / median_of(at_small), 2)
    for name, runs in ((f"export chapter {chapter} of {big}", exports), (f"stats of {big}", stats)):
        seconds = median_of([r.seconds for r in runs])
        memory = max(r.peak for r in runs) / 1024
        ok &= line(f"{name} (seconds)", seconds, 2)
        ok &= line(f"{name}, peak memory (MB)", memory, 120)
    everyone = stats[0].tail.strip().splitlines()[-1].split()
    print(f"stats counted {everyone[1]} action rolls in {big} events (the cost is mostly theirs)")
    print(f"replay of the latest chapter: {replayed} events")
    ok &= line(f"replay: open at the end of {big} (seconds)", opened, 1)
    print(f"replay: median step {step_median * 1000:.3f} ms")
    ok &= line("replay: a step, worst (ms)", step_worst * 1000, 10)
    ok &= line("odds 100 --rule-of-ten, the command's work (seconds)", odds_work, 0.1)
    ok &= line("odds 100 --rule-of-ten --spec, the command's work (seconds)", odds_spec, 0.1)
    ok &= line("odds 50 --diff 7 --spec, the command's work (seconds)", odds_fifty, 0.5)
    print(
        f"odds 100 --rule-of-ten as a process: {median_of(odds_process):.3f} s "
        f"(odds 1: {median_of(odds_start):.3f} s, the interpreter starting)"
    )
    return ok


if __name__ == "__main__":
    sys.exit(main())
