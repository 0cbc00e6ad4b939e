"""Rules profiles and house rules as immutable values (RULES.md §2)."""

from __future__ import annotations

import dataclasses

import pytest

from elysium.rules import DARK_AGES, DEMON, PROFILES, V20, HouseRules, RulesError, get_profile
from elysium.rules.profiles import ExtendedBotch, MultipleActions, RerolledOnes

# RULES.md §2 table: auto-success threshold, multiple actions, morality, blood.
PROFILE_TABLE = [
    ("v20", False, MultipleActions.SPLIT, ("humanity", "path"), True),
    ("dark-ages", False, MultipleActions.SUBTRACT, ("humanity", "road"), True),
    ("demon", True, MultipleActions.SUBTRACT, (), False),
]


@pytest.mark.parametrize(("key", "strict", "multiple", "morality", "blood"), PROFILE_TABLE)
def test_profile_table(key, strict, multiple, morality, blood) -> None:
    profile = get_profile(key)
    assert profile.auto_success_needs_more is strict
    assert profile.multiple_actions is multiple
    assert profile.morality_traits == morality
    assert profile.has_blood is blood


def test_profiles_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        V20.key = "x"  # type: ignore[misc]
    changed = V20.with_house(rule_of_ten=True)
    assert changed.house.rule_of_ten and not V20.house.rule_of_ten


def test_house_rule_defaults() -> None:
    house = HouseRules()
    assert house.forgiven_first_botch is False  # optional rules are off by default
    assert house.rule_of_ten is False
    assert house.rule_of_ten_ones is RerolledOnes.IGNORE
    assert house.ones_cancel_on_damage is True
    assert house.willpower_on_attacks is True
    assert house.fixed_initiative is False


def test_house_rules_round_trip_and_refuse_nonsense() -> None:
    house = HouseRules(rule_of_ten=True, rule_of_ten_ones=RerolledOnes.CANCEL)
    assert HouseRules.from_dict(house.to_dict()) == house
    with pytest.raises(RulesError, match="unknown house rule 'rule_of_eleven'"):
        HouseRules.from_dict({"rule_of_eleven": True})
    with pytest.raises(RulesError, match="true or false"):
        HouseRules.from_dict({"rule_of_ten": "yes"})
    with pytest.raises(RulesError, match="one of: ignore, cancel"):
        HouseRules.from_dict({"rule_of_ten_ones": "sometimes"})


def test_unknown_profile_lists_the_allowed_ones() -> None:
    with pytest.raises(RulesError, match="use one of: v20, dark-ages, demon"):
        get_profile("werewolf")
    assert get_profile(" Dark-Ages ") is DARK_AGES
    assert set(PROFILES) == {"v20", "dark-ages", "demon"}
    assert DEMON.extended_botch is ExtendedBotch.END and not DEMON.contest_cancels
