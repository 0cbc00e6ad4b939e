"""The book's dice tables as data (V20 cheat sheet "Броски").

Only keys live here; the words a Storyteller reads (English and Russian) are in
``elysium.i18n`` so that the rules never hold UI text.
"""

from __future__ import annotations

from typing import Final

MIN_DIFFICULTY: Final = 2  # V20 p. 265: the scale runs 2-10
MAX_DIFFICULTY: Final = 10
DEFAULT_DIFFICULTY: Final = 6  # V20 p. 265: an unnamed difficulty is 6
MAX_POOL: Final = 100  # not a book number: a sanity bound so the odds stay instant

# V20 p. 265-266: difficulty names. 2 and 10 have no name in the book.
DIFFICULTY_NAMES: Final[dict[int, str]] = {
    3: "easy",
    4: "routine",
    5: "straightforward",
    6: "standard",
    7: "challenging",
    8: "difficult",
    9: "extremely_difficult",
}

# V20 p. 266: degrees of success by net successes; 5 and more are phenomenal.
DEGREES: Final[tuple[str, ...]] = (
    "marginal",  # 1
    "moderate",  # 2
    "complete",  # 3
    "exceptional",  # 4
    "phenomenal",  # 5+
)


def degree_of(successes: int) -> str | None:
    """The degree key for a number of net successes, or None when there are none."""
    if successes <= 0:
        return None
    return DEGREES[min(successes, len(DEGREES)) - 1]


def difficulty_name(difficulty: int) -> str | None:
    """The book's name key for a difficulty, or None for 2 and 10 (unnamed)."""
    return DIFFICULTY_NAMES.get(difficulty)
