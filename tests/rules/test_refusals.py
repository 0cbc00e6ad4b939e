"""The rules refuse with message keys: English as it always read, Russian whole and Russian.

Each case raises a representative refusal through the rules themselves and checks both
renderings; a table of plurals checks the Russian forms for 1, 2 and 5.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import pytest

from elysium.rules.blood import feed, gain_blood, spend_blood
from elysium.rules.character import Character, new_character, set_trait
from elysium.rules.combat import Modifiers, maneuver, plan_attack
from elysium.rules.dice import RollRequest
from elysium.rules.errors import RulesError
from elysium.rules.experience import raise_trait
from elysium.rules.health import HealthTrack, parse_damage_type
from elysium.rules.profiles import V20
from elysium.rules.traits import Kind
from elysium.rules.willpower import Use, spend_willpower

NAME = "Виктор"


def _vampire(generation: int = 13) -> Character:
    return new_character(NAME, Kind.VAMPIRE, generation)


def _mortal() -> Character:
    return new_character(NAME, Kind.MORTAL)


def _latin(text: str) -> list[str]:
    return re.findall(r"[A-Za-z][A-Za-z_]+", text)


CASES: list[tuple[str, Callable[[], object], str, str, str]] = [
    (
        "blood.per_turn",
        lambda: spend_blood(_vampire(), 2),
        "Виктор can spend 1 blood per turn (generation 13; 1 left this turn); asked for 2",
        "Виктор может тратить 1 пункт крови за ход (13-е поколение; в этот ход осталось 1); "
        "запрошено 2",
        "",
    ),
    (
        "blood.room",
        lambda: gain_blood(replace(_vampire(), blood=5), 6),
        "Виктор can hold only 5 more blood (maximum 10)",
        "Виктор может принять ещё только 5 пунктов крови (предел 10)",
        "",
    ),
    (
        "blood.cannot_feed",
        lambda: feed(
            replace(_vampire(), blood=0, health=HealthTrack(bashing=7)), 1, 10, human=True
        ),
        "Виктор cannot feed in torpor",
        "Виктор не может питаться (торпор)",
        "",
    ),
    (
        "health.unknown_damage_type",
        lambda: parse_damage_type("огонь"),
        "unknown damage type 'огонь'; use bashing, lethal or aggravated",
        "неизвестный тип повреждений 'огонь'; допустимо: лёгкие, тяжёлые или губительные",
        "",
    ),
    (
        "character.generation_vampires_only",
        lambda: set_trait(_mortal(), "generation", 10),
        "only vampires have a generation; Виктор is a mortal",
        "поколение есть только у вампиров; Виктор — смертный",
        "",
    ),
    (
        "character.above_max",
        lambda: set_trait(_mortal(), "brawl", 6),
        "brawl 6 is above the trait maximum 5 for a mortal",
        "Драка 6 — выше максимума параметра 5 для смертного",
        "",
    ),
    (
        "xp.too_dear",
        lambda: raise_trait(_mortal(), "dexterity"),
        "raising dexterity to 2 costs 4 XP (Attribute, 1 × 4); Виктор has 0",
        "Ловкость: повышение до 2 стоит 4 пункта опыта (характеристика, 1 × 4); "
        "у персонажа Виктор — 0",
        "",
    ),
    (
        "willpower.none_left",
        lambda: spend_willpower(replace(_mortal(), willpower_points=0), Use.SUCCESS),
        "Виктор has no Willpower points left",
        "у персонажа Виктор не осталось пунктов воли",
        "",
    ),
    (
        "dice.pool_empty",
        lambda: RollRequest(0, 6),
        "a pool of 0 dice means the action cannot be attempted; a roll needs at least 1 die",
        "пул из 0 костей: действие невозможно; нужна хотя бы одна кость",
        "",
    ),
    (
        "combat.unknown_maneuver",
        lambda: maneuver("headbutt"),
        "unknown maneuver 'headbutt'; maneuvers: block, throw, grapple, clinch, parry, sweep, "
        "disarm, claw, kick, strike, punch, dodge, bite, shoot, rapid, auto, burst, spray, "
        "twoguns, hurl",
        "неизвестный манёвр 'headbutt'; манёвры: блок, бросок, захват, клинч, парирование, "
        "подсечка, разоружение, когти, пинок, удар-оружием, удар, уклонение, укус, выстрел, "
        "беглый-огонь, длинная-очередь, короткая-очередь, обстрел, стрельба-по-македонски, "
        "метание",
        "headbutt",
    ),
    (
        "combat.too_difficult",
        lambda: plan_attack(
            _mortal(), maneuver("kick"), Modifiers(difficulty=5, cover="wall"), profile=V20
        ),
        "the difficulty would be 14, above 10: this attack cannot succeed "
        "(dexterity+brawl 1; kick +1 diff; cover (wall) +2 diff; +5 diff)",
        "сложность была бы 14, выше 10: эта атака не может удаться "
        "(Ловкость+Драка 1; удар ногой: сл. +1; укрытие (за стеной): сл. +2; сл. +5)",
        "",
    ),
    (
        "character.unknown_trait",
        lambda: set_trait(_mortal(), "dexterty", 3),
        "unknown trait 'dexterty' (did you mean 'dexterity'?); for a trait outside the V20 "
        "lists write discipline:dexterty or ability:dexterty",
        "неизвестный параметр 'dexterty' (может быть, Ловкость?); параметр вне списков V20 "
        "пишите так: дисциплина:dexterty или способность:dexterty",
        "dexterty discipline ability",
    ),
]


@pytest.mark.parametrize(("key", "act", "en", "ru", "typed"), CASES, ids=[c[0] for c in CASES])
def test_a_refusal_reads_in_both_languages(
    key: str, act: Callable[[], object], en: str, ru: str, typed: str
) -> None:
    with pytest.raises(RulesError) as caught:
        act()
    error = caught.value
    assert error.key == key
    assert str(error) == en
    assert error.render("en") == en
    assert error.render("ru") == ru
    # Only what the Storyteller typed (and the V20 name) may stay in Latin letters.
    allowed = {w.casefold() for w in typed.split()} | {"v20"}
    assert {w.casefold() for w in _latin(error.render("ru"))} <= allowed


PLURALS = [
    (1, "Виктор может тратить 1 пункт крови за ход (в этот ход осталось 1); запрошено 2"),
    (2, "Виктор может тратить 2 пункта крови за ход (в этот ход осталось 1); запрошено 2"),
    (5, "Виктор может тратить 5 пунктов крови за ход (в этот ход осталось 1); запрошено 2"),
    (21, "Виктор может тратить 21 пункт крови за ход (в этот ход осталось 1); запрошено 2"),
]


@pytest.mark.parametrize(("n", "ru"), PLURALS)
def test_russian_plurals_follow_the_number(n: int, ru: str) -> None:
    error = RulesError("blood.per_turn", who=NAME, per_turn=n, left=1, amount=2, gen="")
    assert error.render("ru") == ru
    assert str(error) == f"Виктор can spend {n} blood per turn (1 left this turn); asked for 2"


@pytest.mark.parametrize(
    ("n", "ru"),
    [
        (1, "в броске 1 кость, а граней введено 3"),
        (2, "в броске 2 кости, а граней введено 3"),
        (5, "в броске 5 костей, а граней введено 3"),
    ],
)
def test_dice_counts_decline(n: int, ru: str) -> None:
    error = RulesError("dice.faces_mismatch", dice=n, given=3)
    assert error.render("ru") == ru
    assert not _latin(error.render("ru"))


def test_a_lookup_value_is_the_code_in_english_and_the_word_in_russian() -> None:
    error = RulesError("blood.nothing_of_type_to_heal", who=NAME, type="aggravated")
    assert str(error) == "Виктор has no aggravated damage to heal with blood"
    assert error.render("ru") == (
        "у персонажа Виктор нет губительных повреждений, которые можно залечить кровью"
    )


def test_russian_group_prefixes_set_free_form_traits() -> None:
    """``дисциплина:NAME`` and ``способность:NAME``, as the Russian refusal suggests."""
    c = set_trait(_mortal(), "способность:резьба", 2)
    assert c.abilities["резьба"] == 2
    from elysium.rules.character import new_character
    from elysium.rules.traits import Kind

    v = set_trait(new_character("Ада", Kind.VAMPIRE, 10), "дисциплина:мистика", 1)
    assert v.disciplines["мистика"] == 1
