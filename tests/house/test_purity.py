"""The rules core stays pure (STYLE.md): no UI, no store, no I/O, no clock, no global RNG."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import elysium.rules

RULES_DIR = Path(elysium.rules.__file__).parent
ALLOWED = {
    "__future__",
    "collections",
    "collections.abc",
    "dataclasses",
    "enum",
    "fractions",
    "functools",
    "itertools",
    "math",
    "random",  # only random.Random instances, checked below
    "typing",
    "types",  # UnionType, to check a saved value against a type hint (shape.py)
    "difflib",  # close-match suggestions for unknown names
    "elysium.i18n.message",  # refusals as keys with values (no words, no I/O; checked below)
}


def _modules() -> list[Path]:
    files = sorted(RULES_DIR.rglob("*.py"))
    assert len(files) >= 5, "the rules package should have been found"
    return files


def _imports(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append(node.module or "")
    return names


def test_rules_import_only_pure_modules() -> None:
    for path in _modules():
        for name in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            ok = name in ALLOWED or name == "elysium.rules" or name.startswith("elysium.rules.")
            assert ok, f"{path.name} imports {name!r}, which the pure rules core may not use"


def test_the_message_module_the_rules_raise_with_is_pure() -> None:
    import elysium.i18n.message as message

    tree = ast.parse(Path(message.__file__).read_text(encoding="utf-8"))
    top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    names = _imports(ast.Module(body=top, type_ignores=[]))
    assert set(names) <= ALLOWED | {"string"}, names


def test_rules_never_use_the_module_level_random_generator() -> None:
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
            ):
                assert node.attr == "Random", f"{path.name} uses random.{node.attr}"


def test_rules_never_open_files_or_read_the_clock() -> None:
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"open", "input", "print"}, (
                    f"{path.name} calls {node.func.id}()"
                )


def _loaded_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys; print(' '.join(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return set(out)


def test_importing_rules_loads_no_ui_or_store() -> None:
    loaded = _loaded_after("import elysium.rules")
    for heavy in ("textual", "tinydb", "rich", "elysium.tui", "elysium.chronicle"):
        assert heavy not in loaded


def test_roll_and_odds_commands_do_not_import_textual() -> None:
    loaded = _loaded_after(
        "from elysium.cli import main\n"
        "main(['roll', '5', '--seed', '1'])\n"
        "main(['odds', '5', '--json'])"
    )
    assert "elysium.cli" in loaded
    assert "textual" not in loaded
    assert "tinydb" not in loaded
