"""Shared fixtures. Tests never touch the user's real saves or config: every test runs with
HOME and the XDG directories pointed at a temporary folder.

Long loops (every byte offset, kill storms, thousands of hypothesis examples) run small by
default and whole with ``ELYSIUM_SLOW=1``: a loop sizes itself with :func:`sized`, and a test
marked ``slow`` runs only then."""

from __future__ import annotations

import argparse
import gc
import io
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import elysium.tell  # noqa: F401  (installs the tellers that the chronicle reaches for)

ROOT = Path(__file__).resolve().parent.parent
SLOW = os.environ.get("ELYSIUM_SLOW") == "1"

# The suite starts a few hundred Python processes (the CLI, the dashboard in a pty, the
# benches, xdist's workers). Where PYTHONDONTWRITEBYTECODE is set, each of them compiled
# Elysium and the test modules from source again: some 20 s of the suite's CPU. So the suite
# keeps bytecode (in __pycache__, ignored by git) whatever the environment says.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# The dashboard under the Pilot makes and drops widgets, styles and strips by the hundred
# thousand; with Python's default thresholds the cycle collector ran every 700 of them,
# some 12 % of a Textual test's CPU. Collected less often, nothing changes but the cost
# (the app under a real terminal keeps Python's defaults).
gc.set_threshold(50_000, 50, 100)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collecting imported (Textual, the rules' tables, every test module) lives to
    the end: kept out of the collector's way."""
    gc.freeze()


def sized(quick: int, full: int) -> int:
    """How long a loop runs: ``quick`` by default, ``full`` with ``ELYSIUM_SLOW=1``. The quick
    size still reaches every kind of case the full one does, only fewer of each."""
    return full if SLOW else quick


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if SLOW:
        return
    skip = pytest.mark.skip(reason="a long run: ELYSIUM_SLOW=1 runs it")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _isolated_home(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
):
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    monkeypatch.setenv("LANG", "C.UTF-8")
    # The snapshots are drawn in Textual's own theme, the default where the terminal says it
    # has true colour; the default without it is tested itself (tests/tui/test_terminal_themes).
    monkeypatch.setenv("COLORTERM", "truecolor")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    yield home
    # A failing dialog no longer ends the app: it is closed and logged. So a test that
    # raised in a screen by mistake would pass unseen; its log says so here instead.
    log = home / ".local" / "state" / "elysium" / "errors.log"
    if log.exists() and request.node.get_closest_marker("logs_errors") is None:
        pytest.fail(f"the app logged a failure:\n{log.read_text(errors='replace')[-3000:]}")


@pytest.fixture
def coterie(tmp_path: Path):
    """A chronicle on disk with the coterie of :data:`tests.chronicle_helpers.COTERIE`
    (Marcus the vampire, Bob the mortal, Rex the ghoul), seeded dice, closed after."""
    from tests.chronicle_helpers import COTERIE, new_session

    session = new_session(tmp_path / "c", COTERIE)
    yield session
    session.close()


@pytest.fixture
def demo_dashboard(tmp_path: Path):
    """The dashboard (not yet running: ``async with app.run_test() as pilot``) on a private
    copy of the demo, seeded dice; its chronicle closed after."""
    from tests.tui_helpers import demo_app

    app = demo_app(tmp_path)
    yield app
    if app.session is not None:
        app.session.close()


def run_elysium(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m elysium`` as a user would, with the test's isolated environment."""
    full_env = dict(os.environ)
    full_env["PYTHONIOENCODING"] = "utf-8"
    if env:
        full_env.update(env)
    return subprocess.run(
        [sys.executable, "-m", "elysium", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=full_env,
        timeout=60,
    )


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """What ``python -m elysium`` prints and returns, without starting an interpreter: the
    same ``elysium.cli.main(argv)`` run in this process, its stdout and stderr captured as
    UTF-8 (as :func:`run_elysium` sets PYTHONIOENCODING), a SystemExit taken for the exit
    status, ``env`` applied for the call only; the signal handlers, the working directory
    and the module state ``main`` sets are put back afterwards. An uncaught exception is not
    turned into a Traceback on stderr: it propagates and fails the test. For process-level
    behaviour (signals, a crash, the interpreter itself) use :func:`run_elysium`."""
    from elysium.cli import main
    from elysium.cli.words import error_lang

    saved_env = {k: os.environ.get(k) for k in env or {}}
    saved_signals = {s: signal.getsignal(s) for s in signal.valid_signals()}
    saved_streams = (sys.stdin, sys.stdout, sys.stderr)
    saved_gettext = argparse._  # type: ignore[attr-defined]
    saved_lang = list(error_lang)
    cwd = os.getcwd()
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    try:
        os.environ.update(env or {})
        sys.stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
        sys.stdout, sys.stderr = out, err
        try:
            code = main(list(args))
        except SystemExit as done:
            code = done.code
        if code is not None and not isinstance(code, int):  # SystemExit("why"): as Python
            print(code, file=sys.stderr)
            code = 1
        out.flush()
        err.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        argparse._ = saved_gettext  # type: ignore[attr-defined]
        error_lang[:] = saved_lang
        os.chdir(cwd)
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        for sig, handler in saved_signals.items():
            if handler is not None and signal.getsignal(sig) is not handler:
                signal.signal(sig, handler)
    said = [
        f.buffer.getvalue().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
        for f in (out, err)  # (decoded as text=True decodes a child's: universal newlines)
    ]
    return subprocess.CompletedProcess(["elysium", *args], code or 0, said[0], said[1])
