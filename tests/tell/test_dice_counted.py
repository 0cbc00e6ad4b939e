"""A pool is counted in words that agree with its number: one die, two dice; in Russian one
кость, two кости, five костей."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.tell.events import describe
from tests.chronicle_helpers import new_session

# (the roll, English, Russian)
POOLS = [
    ("roll 1 diff 6 dice 6", "1 die, diff 6", "1 кость, сл 6"),
    ("roll 2 diff 6 dice 6 1", "2 dice, diff 6", "2 кости, сл 6"),
    ("roll 5 diff 6 dice 6 6 2 3 4", "5 dice, diff 6", "5 костей, сл 6"),
    ("roll 21 diff 6 dice " + " ".join(["6"] * 21), "21 dice, diff 6", "21 кость, сл 6"),
]


@pytest.mark.parametrize(("command", "english", "russian"), POOLS)
def test_the_reply_and_the_log_count_the_dice_in_words_that_agree(
    tmp_path: Path, command: str, english: str, russian: str
) -> None:
    s = new_session(tmp_path / "c")
    try:
        result = s.execute(command)
        assert result.say.render("en").startswith(english)
        assert result.say.render("ru").startswith(russian)
        assert result.event is not None
        assert "1 dice" not in describe(result.event, "en")
    finally:
        s.close()
