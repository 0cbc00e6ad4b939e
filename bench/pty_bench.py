"""The dashboard in a real pseudo-terminal, against a bare Textual app started the same way.

What crosses an SSH link is what the app writes to its terminal, so this runs the real
``python -m elysium CHRONICLE --lang en`` in a pty (``bench/ptyterm.py``) with
``TERM=xterm-256color`` and ``COLORTERM=truecolor``, on a private copy of the demo
chronicle (and, in the full run, on a 10,000-event one), with a temporary HOME and XDG
directories: no file of the user's is read or written. The bare apps are
``bench/bare_app.py``, started the same way. Every comparison is a ratio of medians taken in
this one run, the dashboard (A) and the bare app (B) running side by side and measured in
turn (A B, then B A), because the machine is shared and absolute times wander.

What is measured:

1. **A command**, at 80x24 and 200x55. Its text is typed and the echo left to settle;
   then Enter. Counted: the bytes written after Enter until none came for ``--quiet`` ms
   (150), what the cells they changed needed at least (``ptyterm.cheapest_rewrite`` on the
   screen ``ptyterm.ScreenModel`` follows), the time from Enter to the last byte of that
   burst ("Enter -> screen settled"), the program's CPU meanwhile, and the frames (writes
   more than 4 ms apart). The mix, repeated and alternated: a damage that always lands (the
   soak die is typed, so the state cycles), the heal that takes it back, a roll with typed
   faces, an award. The anchor is the bare ``journal`` app: a one-row Input and a Static
   line, the command appended to a file and fsynced before it is shown; the bare ``line``
   app (the same without the file) is printed for orientation. Then, at 200x55, rolls until
   one scrolls the roll log (the largest burst a one-line command makes). The report and
   the targets are ``bench/pty_commands.py``'s.
2. **First full frame** at 80x24: from starting the process until every row of the screen
   has been drawn and the output then stayed quiet for ``--frame-quiet`` ms (300: so a
   pane filled just after the first frame, like the roll log about 150 ms later, counts;
   the time every row had been drawn is printed too, and the CPU time the program had
   used by then, which a busy machine disturbs less than wall time). Against ``panes``: a top bar,
   four empty bordered panes, an Input, a status line and a footer. Both start with their
   bytecode written, as an install has it (PYTHONDONTWRITEBYTECODE is dropped for these runs).
3. **Idle**: after the commands, the bytes each program writes in 30 s (quick: 3 s) with
   no input. Textual's Input blinks its cursor by repainting itself every 0.5 s; the
   dashboard's command bar turns that off (``cursor_blink = False``) and so do the bare
   apps, so no burst holds blink bytes. A bare app whose cursor blinks runs beside them to
   show what a blink costs; were the dashboard's cursor to blink, its idle line would show
   it (and a burst would now and then hold a blink).
4. For orientation: one keystroke in the command bar (a letter, then backspace), and the
   terminal losing and regaining focus (FocusOut / FocusIn, which Textual asks for with
   ``?1004h``; a terminal or tmux sends them on every window switch).

``--explain`` decodes one damage command's bytes (``ptyterm.decode``): per frame, the rows
and columns rewritten and the bytes spent on text, colour (SGR) and cursor moves, beside
the bare app's line updated by ``Static.update`` and by a reactive with ``render()``.
"Stray" bytes came after a burst had been taken as settled: they should be 0; if not, the
quiet time is too short for this app.

Usage::

    python bench/pty_bench.py              # the full run (about four minutes)
    python bench/pty_bench.py --quick      # a smoke run of about 15 s
    python bench/pty_bench.py --smoke      # the same with 1 s idle (the tests)
    python bench/pty_bench.py --explain    # also: where one damage command's bytes go
    python bench/pty_bench.py --strict     # exit 1 when a target is missed

It prints medians, ratios and the targets with PASS or FAIL, and exits 0 either way
unless ``--strict``. It relies only on the command line (``elysium DIR --lang en``) and on
the demo chronicle (Det. Dana Price, Lucien Marchetti).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import elysium
from chronicles import build, demo_copy
from pty_commands import command_report
from pty_report import explain, frames_summary, kb, ms
from ptyterm import Burst, Terminal, cheapest_rewrite, decode, private_env

HERE = Path(__file__).resolve().parent
SMALL, LARGE = (80, 24), (200, 55)
COMMANDS = [
    ("damage", 'damage "Det. Dana Price" 1 bashing dice 3'),
    ("heal", 'heal "Det. Dana Price" 1'),
    ("roll", 'roll "Lucien Marchetti" cha+leadership diff 6 dice 8,3,6,1,9,10,2'),
    ("award", 'award "Lucien Marchetti" 1'),
]
FOCUS_OUT, FOCUS_IN, BACKSPACE = b"\x1b[O", b"\x1b[I", b"\x7f"
SCROLL = "roll, log full"  # a roll that scrolls the roll log at 200x55 (see Bench.scroll)
SCROLL_TRIES, SCROLLED_ROWS = 40, 10  # rolls at most; rows written when the log moved
# Issue 13's targets.
FRAME_LIMIT = 1.25  # first full frame, dashboard / bare four panes


@dataclass
class Program:
    """One program under test in its terminal, and what it measured."""

    label: str
    argv: list[str]
    size: tuple[int, int]
    dashboard: bool = False
    term: Terminal | None = None
    samples: dict[str, list[Burst]] = field(default_factory=dict)
    needs: dict[str, list[int]] = field(default_factory=dict)  # what the changed cells need
    cpu: dict[str, list[float]] = field(default_factory=dict)  # CPU seconds, Enter -> settled
    stray: list[Burst] = field(default_factory=list)
    idle: int = 0

    @property
    def name(self) -> str:
        return f"{self.label} {self.size[0]}x{self.size[1]}"

    @property
    def terminal(self) -> Terminal:
        assert self.term is not None, self.label
        return self.term

    def start(self, env: dict[str, str]) -> None:
        cols, rows = self.size
        self.term = Terminal(self.argv, cols=cols, rows=rows, env=env, model=self.dashboard)

    def settle(self, quiet: float) -> None:
        """Anything written since the last burst settled is stray, not the next one's."""
        burst = self.terminal.read(quiet)
        if burst.size:
            self.stray.append(burst)

    def stimulus(self, name: str, data: bytes, quiet: float, wait: float = 5.0) -> Burst:
        """Send ``data``; the burst it causes (the first byte waited for ``wait`` s), the CPU
        the program spent on it and, where the screen is followed, what the cells it
        changed needed at least."""
        term = self.terminal
        before = term.screen.snapshot() if term.screen else None
        cpu = term.cpu_threads()
        sent = term.send(data)
        burst = term.read(quiet, timeout=10.0, wait=wait, since=sent)
        self.cpu.setdefault(name, []).append(term.cpu_threads() - cpu)
        self.samples.setdefault(name, []).append(burst)
        if before is not None and term.screen is not None:
            need = cheapest_rewrite(before, term.screen.snapshot())
            self.needs.setdefault(name, []).append(need)
        return burst

    def command(self, name: str, text: str, quiet: float) -> Burst:
        self.settle(0.0)
        self.terminal.send(text.encode())
        self.terminal.read(quiet, wait=2.0)  # the echo of the typing, not counted
        return self.stimulus(name, b"\r", quiet)


def dashboard(root: Path) -> list[str]:
    return [sys.executable, "-m", "elysium", str(root), "--lang", "en"]


def bare(kind: str, *extra: str) -> list[str]:
    return [sys.executable, str(HERE / "bare_app.py"), kind, *extra]


def journal(base: Path, size: tuple[int, int]) -> list[str]:
    """The bare app that appends and fsyncs a line per command before it shows it, its
    journal beside the chronicles (the same file system)."""
    return bare("journal", "--journal", str(base / f"journal-{size[0]}.txt"))


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


class Bench:
    def __init__(self, args: argparse.Namespace, base: Path) -> None:
        quick = args.quick = args.quick or args.smoke
        self.args = args
        self.quiet = args.quiet / 1000
        self.frame_quiet = args.frame_quiet / 1000
        self.reps = {SMALL: 1 if quick else 10, LARGE: 1 if quick else 6}
        self.mixes = {SMALL: COMMANDS, LARGE: COMMANDS[:1] if args.smoke else COMMANDS}
        self.starts = 1 if quick else 7
        self.idle_for = (1.0 if args.smoke else 3.0) if quick else 30.0
        self.big = 0 if quick else 10_000
        pythonpath = str(Path(elysium.__file__).resolve().parents[1])
        self.env = private_env(base / "home", pythonpath)
        self.frame_root = demo_copy(base / "demo-frame")
        self.many = build(base / "many", self.big) if self.big else None
        roots = {size: demo_copy(base / f"demo-{size[0]}") for size in (SMALL, LARGE)}
        self.apps = {
            ("dash", SMALL): Program("dashboard", dashboard(roots[SMALL]), SMALL, True),
            ("bare", SMALL): Program("bare line", bare("line"), SMALL),
            ("journal", SMALL): Program("bare journal", journal(base, SMALL), SMALL),
            ("dash", LARGE): Program("dashboard", dashboard(roots[LARGE]), LARGE, True),
            ("bare", LARGE): Program("bare line", bare("line"), LARGE),
            ("journal", LARGE): Program("bare journal", journal(base, LARGE), LARGE),
        }
        if self.many is not None:
            label = f"dashboard @{self.big}"
            self.apps[("many", SMALL)] = Program(label, dashboard(self.many), SMALL, True)
        self.blink = Program("bare line, blinking", bare("line", "--blink"), SMALL)
        self.extra = []
        if args.explain:
            self.extra = [Program("bare line-render", bare("line-render"), SMALL)]
        self.everyone = [*self.apps.values(), *self.extra]
        if not quick:
            self.everyone.append(self.blink)
        self.focus: dict[str, tuple[int, int]] = {}
        self.firsts: dict[str, list[Burst]] = {"bare": [], "demo": [], "many": []}

    def run(self) -> None:
        try:
            for app in self.everyone:  # all start at once; these first frames are no samples
                app.start(self.env)
            for app in self.everyone:
                frame = app.terminal.read_frame(self.frame_quiet)
                if app.dashboard and b"Lucien" not in frame.data:
                    raise RuntimeError(f"{app.name}: no dashboard: {frame.data[-300:]!r}")
            time.sleep(0.5)  # programs started at once finish late: none of it is a sample
            for app in self.everyone:
                app.terminal.read(0.0)
            self.commands()
            if not self.args.smoke:
                self.scroll()
            self.keys()
            self.idle()
            self.focus_events()
            for app in self.extra:
                app.command("damage", COMMANDS[0][1], self.quiet)
        finally:
            for app in self.everyone:
                if app.term is not None:
                    app.term.close()
        self.first_frames()

    def commands(self) -> None:
        """Each command of the mix, the dashboard and its anchors in turn (the bare journal
        app, then the bare line; the order reversed every round)."""
        apps = self.apps
        for size in (SMALL, LARGE):
            anchors = [apps[("journal", size)], apps[("bare", size)]]
            groups = [[apps[("dash", size)], *anchors]]
            if size == SMALL and ("many", SMALL) in apps:
                groups.append([apps[("many", SMALL)], *anchors])
            for rep in range(self.reps[size]):
                for name, text in self.mixes[size]:
                    for group in groups:
                        for app in group if rep % 2 == 0 else group[::-1]:
                            app.command(name, text, self.quiet)

    def scroll(self) -> None:
        """At 200x55, rolls until one scrolls the roll log (the worst case for bytes: at
        80x24 the log is short and every roll of the mix scrolls it)."""
        app = self.apps[("dash", LARGE)]
        for _ in range(SCROLL_TRIES):
            burst = app.command(SCROLL, COMMANDS[2][1], self.quiet)
            if len(decode(burst.data).cells) > SCROLLED_ROWS:
                return

    def keys(self) -> None:
        """One keystroke and its undoing, at 80x24."""
        for rep in range(1 if self.args.quick else 3):
            pair = [self.apps[("dash", SMALL)], self.apps[("bare", SMALL)]]
            for app in pair if rep % 2 == 0 else pair[::-1]:
                app.settle(0.0)
                app.stimulus("key", b"x", self.quiet, wait=1.0)
                app.stimulus("key", BACKSPACE, self.quiet, wait=1.0)

    def idle(self) -> None:
        """Every program at once, no input, for ``idle_for`` seconds."""
        for app in self.everyone:
            app.settle(self.quiet)
        deadline = time.monotonic() + self.idle_for
        while (left := deadline - time.monotonic()) > 0:
            for app in self.everyone:
                app.idle += app.terminal.read(0.0, timeout=left).size
            time.sleep(min(0.05, max(left, 0.0)))

    def focus_events(self) -> None:
        for app in (self.apps[("dash", SMALL)], self.apps[("bare", SMALL)]):
            out = app.stimulus("focus", FOCUS_OUT, self.quiet, wait=1.0)
            back = app.stimulus("focus", FOCUS_IN, self.quiet, wait=1.0)
            self.focus[app.label] = (out.size, back.size)

    def first_frames(self) -> None:
        """Process start -> first full frame at 80x24, A and B in turn."""
        runs = [("bare", bare("panes")), ("demo", dashboard(self.frame_root))]
        if self.many is not None:
            runs.append(("many", dashboard(self.many)))
        # Warm the disk caches for both (quick: the dashboard's bytecode only).
        for _, argv in runs[1:2] if self.args.quick else runs[:2]:
            self.first_frame(argv)
        for rep in range(self.starts):
            for key, argv in runs if rep % 2 == 0 else runs[::-1]:
                self.firsts[key].append(self.first_frame(argv))

    def first_frame(self, argv: list[str]) -> Burst:
        # Bytecode as an install has it (pip compiles Textual's; the warm-up writes
        # Elysium's): where PYTHONDONTWRITEBYTECODE is set, the dashboard compiled its source
        # at every start while the bare app's Textual did not.
        env = {k: v for k, v in self.env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        with Terminal(argv, cols=SMALL[0], rows=SMALL[1], env=env) as term:
            return term.read_frame(self.frame_quiet)

    # --- the report ---------------------------------------------------------------------------

    def report(self) -> bool:
        print(
            f"pty bench: A = dashboard, B = bare apps, in turn; quiet = {self.args.quiet} ms"
            f" (first frame: {self.args.frame_quiet} ms)"
        )
        command_checks = command_report(self, [SMALL, LARGE])
        typical = {}
        for size in (SMALL, LARGE):
            damage = sorted(self.apps[("dash", size)].samples["damage"], key=lambda s: s.size)
            typical[size] = damage[len(damage) // 2]
            print(f"\ndamage at {size[0]}x{size[1]}, frame by frame:")
            print(f"  dashboard: {frames_summary(typical[size], size[0])}")
            line = self.apps[("bare", size)].samples["damage"][-1]
            print(f"  bare line: {frames_summary(line, size[0])}")

        print("\none keystroke in the command bar at 80x24 (a letter, then backspace):")
        for key in ("dash", "bare"):
            app = self.apps[(key, SMALL)]
            print(f"  {app.label:<20} {median([s.size for s in app.samples['key']]):8,.0f} B")
        print("terminal focus lost / regained (FocusOut, FocusIn) at 80x24:")
        for label, (out, back) in self.focus.items():
            print(f"  {label:<20} {out:8,} B / {back:,} B")

        print("\nfirst full frame at 80x24 (process start -> every row drawn -> quiet):")
        bare_first = median([b.last for b in self.firsts["bare"]])
        bare_cpu = median([b.cpu for b in self.firsts["bare"]])
        frame_ratio = (0.0, "")
        for key, name in (
            ("bare", "bare four panes"),
            ("demo", "dashboard, demo"),
            ("many", f"dashboard @{self.big}"),
        ):
            firsts = self.firsts[key]
            if not firsts:
                continue
            value = median([b.last for b in firsts])
            drawn = median([b.drawn(SMALL[1]) for b in firsts])
            size = median([b.size for b in firsts])
            cpu = median([b.cpu for b in firsts])
            ratio = value / bare_first if bare_first else float("inf")
            cpu_ratio = cpu / bare_cpu if bare_cpu else float("inf")
            print(
                f"  {name + ':':<24}{ms(value)} ({ratio:4.2f}x), every row at {ms(drawn)},"
                f" CPU {ms(cpu)} ({cpu_ratio:4.2f}x), {kb(size)}"
            )
            if key != "bare":
                frame_ratio = max(frame_ratio, (ratio, name))

        print(f"\nidle for {self.idle_for:.0f} s, bytes written:")
        for app in self.everyone:
            print(f"  {app.name:<32} {app.idle:8,} B")
        if self.blink in self.everyone:
            per_blink = self.blink.idle / (self.idle_for / 0.5)
            print(f"  (a blinking cursor costs about {per_blink:,.0f} B a blink, two a second)")
        stray = sum(b.size for app in self.apps.values() for b in app.stray)
        print(f"stray bytes (output after a burst was taken as settled): {stray:,} B")
        for app in self.apps.values():
            for burst in app.stray:
                print(f"  {app.name}: {frames_summary(burst, app.size[0])}")
        if self.args.explain:
            for size in (SMALL, LARGE):
                explain(f"dashboard, damage at {size[0]}x{size[1]}", typical[size], size[0])
            line = self.apps[("bare", SMALL)].samples["damage"][-1]
            explain("bare line (Static.update), damage at 80x24", line, SMALL[0])
            for app in self.extra:
                explain(f"{app.label}, damage at 80x24", app.samples["damage"][-1], SMALL[0])

        idle_dash = max(app.idle for app in self.everyone if app.dashboard)
        checks = [
            *command_checks,
            (f"first full frame / bare four panes ({frame_ratio[1]})",
             frame_ratio[0], FRAME_LIMIT, "x"),
            (f"idle dashboard, bytes in {self.idle_for:.0f} s", idle_dash, 0, "B"),
        ]  # fmt: skip
        print("\ntargets")
        ok = True
        for name, value, limit, unit in checks:
            good = value <= limit
            ok &= good
            shown = f"{value:,.0f} {unit}" if unit == "B" else f"{value:.2f} {unit}"
            verdict = "PASS" if good else "FAIL"
            print(f"  {name:<66} {shown:>9}  (needs <= {limit:,} {unit})  {verdict}")
        return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of about 15 s")
    parser.add_argument(
        "--smoke", action="store_true", help="the quick run with 1 s idle, for the test suite"
    )
    parser.add_argument("--explain", action="store_true", help="decode a damage command's bytes")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--quiet", type=int, default=150, help="ms of silence that ends a burst")
    parser.add_argument(
        "--frame-quiet", type=int, default=300, help="ms of silence that ends the first frame"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="elysium-pty-") as tmp:
        bench = Bench(args, Path(tmp))
        bench.run()
    ok = bench.report()
    return 1 if args.strict and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
