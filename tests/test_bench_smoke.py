"""The benchmarks keep working (their quick mode); the full runs are documented in README."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_chronicle_bench_quick_mode_runs() -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "chronicle_bench.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    for needle in ("cost at 3000 / cost at 200", "stock TinyDB / Elysium", "open in the worst"):
        assert needle in proc.stdout


def test_tui_bench_quick_mode_runs() -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "tui_bench.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    for needle in ("first paint: dashboard / bare app", "command to screen at 2000 events"):
        assert needle in proc.stdout


def test_replay_bench_quick_mode_runs() -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "replay_bench.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "worst jump, on screen (ms)" in proc.stdout
