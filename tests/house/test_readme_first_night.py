"""The README's first night goes as it says, whatever the dice: each command of it is
acknowledged, never refused, typed into a new chronicle in the order given, and Bob's
declared dodge answers Marcus's declared attack when it hits. Run under several seeds, since
the rolls the README leaves to the dice (the roll, the attack, its damage) differ from night
to night."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from elysium.chronicle.session import Session
from elysium.rules import V20, SeededDice
from tests.conftest import ROOT


def first_night() -> list[str]:
    """The commands of the README's "A first night", the block typed at the dashboard."""
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("## A first night", 1)[1]
    blocks = re.findall(r"^```\w*\n(.*?)^```", section.split("\n## ", 1)[0], flags=re.S | re.M)
    return [line for line in blocks[-1].splitlines() if line.strip()]


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_first_night_goes_as_the_readme_says(tmp_path: Path, seed: int) -> None:
    commands = first_night()
    assert commands[0].startswith("add ") and commands[-1] == "night", commands
    s = Session.create(tmp_path / "chicago", "chicago", V20, SeededDice(seed))
    try:
        results = {command: s.execute(command) for command in commands}
        attack = results["attack Marcus"].event
        assert attack.type == "attack", attack
        if attack.data["attack"]["successes"] > 0:  # a miss needs no defence
            assert attack.data["defence"]["maneuver"] == "dodge", attack.data
    finally:
        s.close()
