"""Shared fixtures. Tests never touch the user's real saves or config: every test runs with
HOME and the XDG directories pointed at a temporary folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import elysium.tell  # noqa: F401  (installs the tellers that the chronicle reaches for)

ROOT = Path(__file__).resolve().parent.parent


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
