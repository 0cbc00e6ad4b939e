"""Commands as processes against ``python -c pass``: what a command costs before it answers.

A shell command that answers at once is mostly the interpreter starting and the imports of
the path it takes, so each command here runs as its own process, and its CPU time (user +
system, from ``os.wait4``'s resource usage, steadier than wall time on a shared machine) is
set against ``python -c pass`` run by the same interpreter, the two in turn (A B, then B A),
in this one run. Printed per command: the median and the worst CPU, and the ratio of the
median to the anchor's median.

Targets: ``elysium roll 5`` and ``elysium odds 100 --rule-of-ten`` (the console script as
installed beside this Python) at most 3 x ``python -c pass`` each. For orientation, without
a target: the same through ``python -m elysium``, the standard library modules that
``roll`` needs imported alone (the least any such command costs), and
``elysium run DIR "roll 5"`` and ``elysium state DIR`` on a private copy of the demo
chronicle (each opens the store).

``--python`` measures another install's interpreter instead of this one: a plain
``pip install .`` (what the README's first command makes) starts without the editable
finder that the development install's ``python -c pass`` already pays for, so its anchor is
smaller and its ratios larger.

Every process gets a temporary HOME and XDG directories (``ptyterm.private_env``): no file
of the user's is read or written, and there is no config file.

Usage::

    python bench/start_bench.py            # 21 rounds (about a minute)
    python bench/start_bench.py --quick    # 5 rounds
    python bench/start_bench.py --smoke    # 1 round (the tests)
    python bench/start_bench.py --strict   # exit 1 when a target is missed
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from chronicles import demo_copy
from ptyterm import private_env

LIMIT = 3.0  # CPU of the command / CPU of `python -c pass`, medians
# The standard library modules `elysium roll` cannot start without (its options, the rules'
# dataclasses and enums, the dice, the odds' fractions): the least such a command costs.
STDLIB = "argparse, dataclasses, enum, fractions, random, re, typing"


@dataclass
class Command:
    """One command line measured against the anchor; ``limit`` None is for orientation."""

    label: str
    argv: list[str]
    limit: float | None = None
    cpu: list[float] = field(default_factory=list)


def cpu_of(argv: list[str], env: dict[str, str]) -> float:
    """The CPU seconds (user + system) of ``argv`` run to its end, its output dropped."""
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    error = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stderr.close()
    if proc.returncode != 0:
        raise RuntimeError(f"{argv}: exit {proc.returncode}: {error.decode()[-400:]}")
    return usage.ru_utime + usage.ru_stime


def commands(root: Path, python: str) -> list[Command]:
    script = str(Path(python).parent / "elysium")
    return [
        Command("elysium roll 5", [script, "roll", "5"], LIMIT),
        Command(
            "elysium odds 100 --rule-of-ten",
            [script, "odds", "100", "--rule-of-ten"],
            LIMIT,
        ),
        Command("python -m elysium roll 5", [python, "-m", "elysium", "roll", "5"]),
        Command(
            "python -m elysium odds 100 --rule-of-ten",
            [python, "-m", "elysium", "odds", "100", "--rule-of-ten"],
        ),
        Command(
            "stdlib roll needs, alone",
            [python, "-c", f"import {STDLIB}"],
        ),
        Command('elysium run DIR "roll 5"', [script, "run", str(root), "roll 5"]),
        Command("elysium state DIR", [script, "state", str(root)]),
    ]


def measure(
    rounds: int, env: dict[str, str], todo: list[Command], python: str, warm: int = 2
) -> list[float]:
    """Each command beside an anchor run, the order of the two swapped every round."""
    anchor = [python, "-c", "pass"]
    anchors: list[float] = []
    for _ in range(warm):  # warm the disk caches and write the bytecode, not counted
        for command in todo:
            cpu_of(anchor, env), cpu_of(command.argv, env)
    for rep in range(rounds):
        for command in todo:
            if rep % 2 == 0:
                anchors.append(cpu_of(anchor, env))
                command.cpu.append(cpu_of(command.argv, env))
            else:
                command.cpu.append(cpu_of(command.argv, env))
                anchors.append(cpu_of(anchor, env))
    return anchors


def report(anchors: list[float], todo: list[Command]) -> bool:
    base = statistics.median(anchors)
    print(f"start bench: {len(anchors) // len(todo)} rounds, CPU (user + system) per process")
    print(
        f"anchor: python -c pass, median {base * 1000:.1f} ms, worst {max(anchors) * 1000:.1f} ms"
    )
    ok = True
    for command in todo:
        mid, worst = statistics.median(command.cpu), max(command.cpu)
        ratio = mid / base
        line = (
            f"  {command.label + ' / python -c pass':<58} {ratio:5.2f} x"
            f"  (median {mid * 1000:6.1f} ms, worst {worst * 1000:6.1f} ms)"
        )
        if command.limit is not None:
            good = ratio <= command.limit
            ok &= good
            line += f"  (needs <= {command.limit} x)  {'PASS' if good else 'FAIL'}"
        print(line)
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 rounds")
    parser.add_argument("--smoke", action="store_true", help="1 round, for the test suite")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--rounds", type=int, default=21, help="rounds in the full run")
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="the interpreter of another install to measure (a plain `pip install .` venv's"
        " bin/python: the development install's editable finder makes every start dearer)",
    )
    args = parser.parse_args(argv)
    rounds = 1 if args.smoke else 5 if args.quick else args.rounds
    with tempfile.TemporaryDirectory(prefix="elysium-start-") as tmp:
        base = Path(tmp)
        env = private_env(base / "home")  # the installed elysium, as a user runs it
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # an install has its bytecode (pip compiles)
        todo = commands(demo_copy(base / "demo"), args.python)
        anchors = measure(rounds, env, todo, args.python, warm=1 if args.smoke else 2)
    ok = report(anchors, todo)
    return 1 if args.strict and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
