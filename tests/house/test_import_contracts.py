"""The layers hold: import-linter checks the contracts in ``pyproject.toml`` (front doors above
the tellers, the tellers above the chronicle, the chronicle above the rules and the catalogs,
and no cycle inside any package), and a copy of the code with one import running up is refused,
so the check is known to bite."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT = [
    sys.executable,
    "-c",
    "import sys, importlinter.cli as c; "
    "sys.exit(c.lint_imports(no_cache=True, no_logo=True, config_filename='pyproject.toml'))",
]


def _lint(root: Path, src: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run(
        LINT, cwd=root, env=env, capture_output=True, text=True, timeout=300
    )  # hang guard


def test_the_import_contracts_are_kept() -> None:
    done = _lint(ROOT, ROOT / "src")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "BROKEN" not in done.stdout


def test_an_import_running_up_breaks_the_layers(tmp_path: Path) -> None:
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    shutil.copytree(
        ROOT / "src" / "elysium",
        tmp_path / "src" / "elysium",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    dice = tmp_path / "src" / "elysium" / "rules" / "dice.py"
    dice.write_text(dice.read_text() + "\nimport elysium.tell.marks  # running up\n")
    done = _lint(tmp_path, tmp_path / "src")
    assert done.returncode == 1
    assert "elysium.rules.dice -> elysium.tell.marks" in done.stdout
