"""The README is a front door and the manual in docs/ stands behind it: every relative link
(and the heading it points at) resolves, so a page moved or a heading renamed is caught
here rather than by a reader."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} (.+)$", re.MULTILINE)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def _anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as -."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {_anchor(h) for h in HEADING.findall(text)}


def _links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return [link for link in LINK.findall(text) if "://" not in link]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for link in _links(page):
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        missing = not target.exists()
        if missing or (anchor and target.suffix == ".md" and anchor not in _anchors(target)):
            broken.append(link)
    assert not broken, broken


def test_the_anchor_of_a_heading_is_githubs() -> None:
    assert _anchor("Replay, recap, statistics") == "replay-recap-statistics"
    assert _anchor("The players' recap") == "the-players-recap"
    assert _anchor("Шпаргалка `rules`") == "шпаргалка-rules"


def test_the_readme_is_a_front_door_to_every_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count("\n") <= 300 and len(readme.encode()) <= 25_000
    linked = {Path(link.partition("#")[0]).name for link in _links(ROOT / "README.md")}
    missing = [p.name for p in PAGES[1:] if p.name not in linked]
    assert not missing, missing
    # The rules are told in docs/rules.md; there is no RULES.md to cite.
    assert "RULES.md" not in readme and not (ROOT / "RULES.md").exists()
