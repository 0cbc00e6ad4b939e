"""ruff keeps the code base clean and mypy checks its type hints; running them here makes
the README's one test command cover lint and types too."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def _ruff(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True
    )


def test_ruff_lint_is_clean() -> None:
    proc = _ruff("check", "src", "tests", "bench")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_format_is_clean() -> None:
    proc = _ruff("format", "--check", "src", "tests", "bench")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_is_clean() -> None:
    """The package ships ``py.typed``: its hints are a promise to its users."""
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_no_module_is_over_400_lines() -> None:
    """One screen of thought each (issue 11); the catalogs are data and may be longer."""
    src = ROOT / "src" / "elysium"
    long = {
        str(p.relative_to(src)): n
        for p in src.rglob("*.py")
        if p.parent.name != "i18n" and (n := len(p.read_text(encoding="utf-8").splitlines())) > 400
    }
    assert not long, long
