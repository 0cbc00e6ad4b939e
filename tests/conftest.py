"""Shared fixtures. Tests never touch the user's real saves or config: every test runs with
HOME and the XDG directories pointed at a temporary folder.

Long loops (every byte offset, kill storms, thousands of hypothesis examples) run small by
default and whole with ``ELYSIUM_SLOW=1``: a loop sizes itself with :func:`sized`, and a test
marked ``slow`` runs only then."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import elysium.tell  # noqa: F401  (installs the tellers that the chronicle reaches for)

ROOT = Path(__file__).resolve().parent.parent
SLOW = os.environ.get("ELYSIUM_SLOW") == "1"


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
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    yield home
    # A failing dialog no longer ends the app: it is closed and logged. So a test that
    # raised in a screen by mistake would pass unseen; its log says so here instead.
    log = home / ".local" / "state" / "elysium" / "errors.log"
    if log.exists() and request.node.get_closest_marker("logs_errors") is None:
        pytest.fail(f"the app logged a failure:\n{log.read_text(errors='replace')[-3000:]}")


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
