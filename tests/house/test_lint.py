"""ruff keeps the code base clean and mypy checks its type hints; running them here makes
the README's one test command cover lint and types too. Two habits no linter keeps are
checked on the package's syntax trees: no module takes another's private names, and no
function runs past one screen."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

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


SRC = ROOT / "src" / "elysium"
LONGEST_FUNCTION = 80  # lines: one screen of thought; a longer one is several concepts


def _modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    found = {}
    for path in SRC.rglob("*.py"):
        parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imported(node: ast.Import | ast.ImportFrom, name: str, path: Path) -> list[tuple[str, str]]:
    """(module, name) for each name an import statement takes; a relative import is
    resolved against ``name``, the module it stands in."""
    if isinstance(node, ast.Import):
        pairs = (alias.name.rpartition(".") for alias in node.names)  # import a.b: b of a
        return [(source, what) for source, _, what in pairs]
    base = node.module or ""
    if node.level:
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    return [(base, alias.name) for alias in node.names]


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_module_takes_a_private_name_from_another() -> None:
    """A name that starts with ``_`` is its module's own business: another module that
    takes it is tied to an inside that may change without notice. Either the name is
    public (no underscore), or what uses it belongs in its module. Tests may look inside."""
    modules = _modules()
    taken = []
    for name, path in sorted(modules.items()):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for source, what in _imported(node, name, path):
                dotted = f"{source}.{what}"
                private = _private(what) or any(_private(part) for part in source.split("."))
                ours = source in modules or dotted in modules
                if private and ours and dotted != name and source != name:
                    taken.append(f"{name} takes {what} from {source}")
    assert not taken, f"{len(taken)} private names taken across modules:\n" + "\n".join(taken)


def test_no_function_is_over_80_lines() -> None:
    """A function past 80 lines does several things: split it by concept (a helper per
    step, a table for a list of cases). Nested functions and methods count on their own."""
    long = []
    for name, path in sorted(_modules().items()):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > LONGEST_FUNCTION:
                    long.append(f"{name}.{node.name} ({lines} lines, line {node.lineno})")
    assert not long, f"{len(long)} functions over {LONGEST_FUNCTION} lines:\n" + "\n".join(long)
