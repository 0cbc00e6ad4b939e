"""A Brawl maneuver is made bare-handed (V20 p. 299; the cheat sheet's melee table gives
punch, kick, bite, claw, clinch and throw their damage from Strength): a weapon typed with one
is refused in one line, in the user's language, and nothing changes. It used to be dropped
without a word, the damage told as if no weapon had been named."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from tests.chronicle_helpers import COTERIE, journal_bytes, new_session

# (the attack as typed, the maneuver the refusal names in Russian)
UNARMED = [
    ("attack Marcus Bob punch weapon str+2 lethal", "удар рукой"),
    ("attack Marcus Bob kick weapon 3", "удар ногой"),
    ("attack Marcus Bob bite weapon str+1", "укус"),
    ("attack Marcus Bob claw weapon str+2 aggravated", "удар когтями"),
    ("attack Marcus Bob clinch weapon 2", "клинч"),
    ("атака Marcus Bob удар оружие сила+2", "удар рукой"),
    ("declare Marcus attack Bob punch weapon str+2", "удар рукой"),
]


@pytest.mark.parametrize(("command", "russian"), UNARMED)
def test_a_weapon_with_a_bare_handed_maneuver_is_refused_and_nothing_changes(
    tmp_path: Path, command: str, russian: str
) -> None:
    root = tmp_path / "c"
    s = new_session(root, COTERIE)
    try:
        if command.startswith("declare"):
            s.execute("combat start Marcus Bob")
            s.execute("init dice Marcus=2,Bob=7")  # the slowest declares first
        before, on_disk = s.state, journal_bytes(root)
        with pytest.raises(ChronicleError) as caught:
            s.execute(command)
        english, said = caught.value.render("en"), caught.value.render("ru")
        assert "bare-handed" in english and "strike" in english, english
        assert "\n" not in english and "\n" not in said
        assert said.lower().startswith(russian) and "без оружия" not in said, said
        assert "голыми руками" in said and "удар оружием" in said, said
        assert s.state == before and journal_bytes(root) == on_disk
    finally:
        s.close()


def test_a_strike_takes_its_weapon_and_a_punch_without_one_still_lands(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", [*COTERIE, "set Marcus melee 2 strength 2"])
    try:
        strike = s.execute(
            "attack Marcus Bob strike weapon str+2 lethal dice 8,8,8,8,8 dmg 8,8,8,8,8,8,8,8"
        )
        assert strike.event is not None and "lethal" in strike.message, strike.message
        punch = s.execute("attack Marcus Rex punch dice 8,8,8,8,8 dmg 8,8,8,8,8,8")
        assert punch.event is not None and "bashing" in punch.message, punch.message
    finally:
        s.close()
