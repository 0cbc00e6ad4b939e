"""The manual names real files: every path the README and ``docs/`` give exists, and each
row of the guide's "Three changes, traced" tables leans only on names its files hold today,
so a newcomer following it never meets a file or a name that moved."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "development.md"
PATH = re.compile(r"`((?:src|tests|styles|docs|bench|saves)/[^`\s]+)`")


def _traced() -> list[tuple[list[str], list[str]]]:
    """(files, names leaned on) for each row of the traced changes' tables."""
    text = GUIDE.read_text(encoding="utf-8").split("## Three changes, traced", 1)[1]
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not PATH.search(cells[0]):
            continue
        rows.append((PATH.findall(cells[0]), re.findall(r"`([^`]+)`", cells[2])))
    return rows


def test_every_path_the_manual_names_exists() -> None:
    """Not only links: a path in backticks in the README or any page of docs/ is real too."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    missing = []
    for page in pages:
        named = set(PATH.findall(page.read_text(encoding="utf-8")))
        missing += [f"{page.name}: {p}" for p in sorted(named) if not (ROOT / p).exists()]
    assert PATH.findall(GUIDE.read_text(encoding="utf-8")) and not missing, missing


def test_each_traced_change_leans_on_names_its_files_hold() -> None:
    rows = _traced()
    assert len(rows) >= 15, "three traced changes, each a table of its files"
    wrong = []
    for files, names in rows:
        text = "\n".join((ROOT / f).read_text(encoding="utf-8") for f in files)
        wrong += [f"{name} not in {', '.join(files)}" for name in names if name not in text]
    assert not wrong, wrong
