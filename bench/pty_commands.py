"""The pty benchmark's commands, reported: per size and command the dashboard's bytes (with
what its changed cells needed at least), its time from Enter until the screen settled and
its CPU, beside the bare apps' (``bench/bare_app.py``): ``journal``, which appends and
fsyncs one line per command before it shows it (durable before shown, as the dashboard is:
the anchor of the targets), and ``line``, which only shows it (for orientation).

Ratios of medians taken in one run, the programs measured in turn. "Median" pools every
command of the mix; "worst command" is the command whose median is furthest from the
anchor's median for the same command; bytes are checked on the largest burst of the run (a
roll that scrolls the log), and against what the cells it changed needed.
"""

from __future__ import annotations

import statistics
from typing import Any

from pty_report import kb, ms

SETTLE_MEDIAN = 1.5  # Enter -> settled, dashboard / bare journal, the mix's median
SETTLE_WORST = 2.0  # the same, the worst command's median
NEED_LIMIT = 2.0  # bytes written / what the changed cells need, the largest burst
BYTES_LIMIT = {(80, 24): 2500, (200, 55): 4000}
LINE_LIMIT = 3.0  # issue 13's limit against the bare line, for orientation


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def _times(app: Any, name: str) -> list[float]:
    return [s.last for s in app.samples.get(name, [])]


def _pooled(app: Any, names: list[str]) -> list[float]:
    return [t for name in names for t in _times(app, name)]


def _row(label: str, name: str, a: Any, journal: Any, line: Any) -> float:
    """One command's line; returns its time ratio against the bare journal."""
    bursts = a.samples[name]
    a_bytes = median([s.size for s in bursts])
    need = median([float(n) for n in a.needs.get(name, [])])
    a_time, j_time, l_time = (median(_times(x, name)) for x in (a, journal, line))
    worst = max(_times(a, name))
    cpu, j_cpu = (1000 * median(x.cpu[name]) for x in (a, journal))
    ratio = a_time / max(j_time, 1e-6)
    print(
        f"{label:<13} {name:<7} {kb(a_bytes)} (needs {kb(need).strip()}) {ms(a_time)}"
        f" (worst {ms(worst).strip()}, CPU {cpu:4.1f} ms = {cpu / max(j_cpu, 1e-3):3.1f}x)"
        f"   {ms(j_time)}   {ms(l_time)}"
        f"   {ratio:4.2f}x {a_time / max(l_time, 1e-6):4.2f}x"
    )
    return ratio


def _bytes_row(label: str, name: str, a: Any) -> None:
    """A stimulus measured for its bytes alone (no anchor does it): its largest burst."""
    burst, need = max(zip(a.samples[name], a.needs[name], strict=True), key=lambda b: b[0].size)
    print(
        f"{label:<13} {name:<7} {kb(burst.size)} (needs {kb(need).strip()}) {ms(burst.last)}"
        f" (the largest of {len(a.samples[name])}: the burst that scrolled the log)"
    )


def command_report(bench: Any, sizes: list[tuple[int, int]]) -> list[tuple[str, float, float, str]]:
    """Print the commands' table and return the targets' checks (name, value, limit, unit)."""
    apps, big = bench.apps, bench.big
    print("medians per command: bytes after Enter (what the changed cells need at least),")
    print("Enter -> last byte (the worst sample; the program's CPU for it, and that over the")
    print("bare journal's), the anchors'")
    print("times, and the dashboard's time over the bare journal's and the bare line's\n")
    head = f"{'size':<13} {'command':<7} {'dashboard':>70}   {'journal':>9}   {'line':>9}"
    print(f"{head}   /jour /line")
    checks: list[tuple[str, float, float, str]] = []
    line_worst = (0.0, "")
    for key, size in [("dash", s) for s in sizes] + [("many", sizes[0])]:
        if (key, size) not in apps:
            continue
        a, journal, line = apps[(key, size)], apps[("journal", size)], apps[("bare", size)]
        label = f"{size[0]}x{size[1]}" + (f" @{big}" if key == "many" else "")
        every = [name for name in a.samples if name not in ("key", "focus")]
        names = [name for name in every if name in journal.samples]  # timed beside anchors
        ratios = {name: _row(label, name, a, journal, line) for name in names}
        for name in every:
            if name not in names:
                _bytes_row(label, name, a)
        for name in names:
            vs_line = median(_times(a, name)) / max(median(_times(line, name)), 1e-6)
            line_worst = max(line_worst, (vs_line, f"{name}, {label}"))
        pooled = median(_pooled(a, names)) / max(median(_pooled(journal, names)), 1e-6)
        worst = max(ratios, key=lambda n: ratios[n])
        checks += [
            (f"Enter -> settled / bare journal, median, {label}", pooled, SETTLE_MEDIAN, "x"),
            (f"Enter -> settled / bare journal, worst command ({worst}), {label}",
             ratios[worst], SETTLE_WORST, "x"),
        ]  # fmt: skip
        if key == "many":
            continue
        bursts = [(s, a.needs[n][i]) for n in every for i, s in enumerate(a.samples[n])]
        largest, need = max(bursts, key=lambda b: b[0].size)
        which = next(n for n in every if largest in a.samples[n])
        checks += [
            (f"bytes per command, {label} (worst: {which}, {label})",
             largest.size, BYTES_LIMIT[size], "B"),
            (f"bytes / what the changed cells need, {label} ({which}: {need:,} B)",
             largest.size / max(need, 1), NEED_LIMIT, "x"),
        ]  # fmt: skip
    print(
        f"\nfor orientation: Enter -> settled / bare line (worst: {line_worst[1]})"
        f" {line_worst[0]:.2f}x (issue 13 asked <= {LINE_LIMIT}x)"
    )
    return checks
