"""A typo's near traits: one is taken for it (a file read with no one to ask), two or more
leave it open (``Potean`` is as much Potence as Protean)."""

from __future__ import annotations

import pytest

from elysium.rules.traits import V20_BACKGROUNDS, V20_DISCIPLINES, closest, near_misses


@pytest.mark.parametrize(
    ("typed", "known", "near"),
    [
        ("auspecs", V20_DISCIPLINES, ["auspex"]),
        ("potean", V20_DISCIPLINES, ["protean", "potence"]),  # nearest first
        ("присутсвие", V20_DISCIPLINES, ["presence"]),  # a Russian name, misspelt
        ("thaum", V20_DISCIPLINES, ["thaumaturgy"]),  # the start of one name alone
        ("lure-of-flames", V20_DISCIPLINES, []),
        ("ресурсы", V20_BACKGROUNDS, ["resources"]),
    ],
)
def test_near_misses_of_a_typo(typed: str, known: tuple[str, ...], near: list[str]) -> None:
    assert near_misses(typed, known) == near
    # The nearest is the one a suggestion names.
    assert closest(typed, known) == (near[0] if near else None)
