"""The benchmarks keep working: their smoke mode by default, their quick mode with
``ELYSIUM_SLOW=1``; docs/benchmarks.md tells the full runs."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT, SLOW

# What each prints; {n} stands for a size, which is the mode's.
BENCHES = [
    (
        "chronicle_bench.py",
        (
            "cost at {n} / cost at {n}",
            "stock TinyDB / Elysium",
            "open in the worst",
            "run -: a megabyte line / a short refused one",
            "parse: refusing 200,000 words / parsing 680",
        ),
    ),
    (
        "tui_bench.py",
        (
            "first paint: dashboard / bare app",
            "command to screen: dashboard / bare app",
            "command to screen at {n} events",
            "a megabyte command refused, to screen (ms)",
        ),
    ),
    (
        "pty_bench.py",
        (
            "bytes per command, 80x24",
            "bytes per command, 200x55",
            "Enter -> settled / bare line",
            "Enter -> settled / bare journal, median, 80x24",
            "Enter -> settled / bare journal, median, 200x55",
            "Enter -> settled / bare journal, worst command",
            "bytes / what the changed cells need, 80x24",
            "bytes / what the changed cells need, 200x55",
            "first full frame / bare four panes",
            "idle dashboard, bytes in {n} s",
            "stray bytes",
        ),
    ),
    (
        "dialog_bench.py",
        (
            "open {n}x{n}, wall: F3 editor / F2 roll dialog",
            "open {n}x{n}, CPU: F3 editor / F2 roll dialog",
            "open 200x55, wall: F3 editor / F2 roll dialog",
            "open 200x55, CPU: F3 editor / F2 roll dialog",
        ),
    ),
    (
        "start_bench.py",
        (
            "elysium roll 5 / python -c pass",
            "elysium odds 100 --rule-of-ten / python -c pass",
            'elysium run DIR "roll 5" / python -c pass',
            "elysium state DIR / python -c pass",
        ),
    ),
    ("replay_bench.py", ("worst jump, sweep not prepared (ms)", "worst jump, on screen (ms)")),
    (
        "watch_bench.py",
        (
            "ack -> ST's watch screen at 80 events, notified",
            "ack -> ST's watch screen at 80 events, polled",
            "ack -> players' watch screen at 80 events, notified",
            "ack -> players' watch screen at 80 events, polled",
            "idle players' watcher CPU",
        ),
    ),
    (
        "serve_bench.py",
        (
            "change -> last of 1 waiting pages, notified",
            "change -> last of 50 waiting pages, notified",
            "change -> last of 50 waiting pages, polled",
            "50 pages / 1 page, notified, median",
            "50 pages / 1 page, polled, median",
            "idle server CPU",
        ),
    ),
    (
        "costs_bench.py",
        (
            "open at {n} / open at {n}",
            "export of the {n}-event chapter / floor (CPU)",
            "export --chapter all of {n} events / floor (CPU)",
            "stats of {n} events / floor (CPU)",
            "export chapter {n} of {n} (seconds)",
            "stats of {n}, peak memory (MB)",
            "replay: open at the end of {n}",
            "replay: a step, worst (ms)",
            "odds 100 --rule-of-ten, the command's work",
            "odds 100 --rule-of-ten --spec, the command's work",
            "odds 50 --diff 7 --spec, the command's work",
        ),
    ),
]


@pytest.mark.parametrize(("script", "needles"), BENCHES, ids=[b[0] for b in BENCHES])
def test_bench_quick_mode_runs(script: str, needles: tuple[str, ...]) -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), "--quick" if SLOW else "--smoke"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    for needle in needles:
        pattern = re.escape(needle).replace(re.escape("{n}"), r"\d+")
        assert re.search(pattern, proc.stdout), (needle, proc.stdout)
