"""A short fight told in Russian: acknowledgements and refusals are Russian sentences with
the V20 cheat sheet's terms, and no English words but the characters' names (RULES.md §4)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from elysium.chronicle import state as st
from elysium.chronicle.errors import CommandError
from elysium.chronicle.session import dispatch
from elysium.i18n import Msg
from elysium.rules import V20, SeededDice
from elysium.rules import combat as cr
from elysium.rules.character import new_character, set_trait
from elysium.rules.health import DamageType, take_damage
from elysium.rules.traits import Kind

NAMES = {"marcus", "bob"}
SETUP = [
    "add Marcus vampire gen 10",
    "set Marcus dexterity 4 brawl 3 strength 3 stamina 3 wits 3 fortitude 1 potence 1",
    "add Bob mortal blank",
    "set Bob dexterity 2 brawl 2 stamina 2 wits 2 athletics 2 willpower 4",
]
FIGHT = [
    "бой начать Marcus Bob",
    "инициатива кости Marcus=7,Bob=3",
    "заявить Bob уклонение",
    "заявить Marcus атака Bob удар",
    "защита Bob уклонение кости 8,8,3,2",
    "атака Marcus Bob удар фланг прицел голова кости 8,8,8,8,8,8,8,2 "
    "урон 8,8,8,2,2,2,2,2,2 прочность 8,2",
    "далее",
    "бой конец",
]


def english(text: str) -> set[str]:
    words = {w.casefold() for w in re.findall(r"[A-Za-z][A-Za-z_]+", text)}
    return words - NAMES


@pytest.fixture
def said() -> list[str]:
    state = st.State()
    for i, text in enumerate(SETUP):
        state, _ = dispatch(state, text, SeededDice(i))
    out = []
    for i, text in enumerate(FIGHT):
        state, (_kind, _data, say) = dispatch(state, text, SeededDice(100 + i))
        assert not isinstance(say, str), text
        out.append(say.render("ru"))
    return out


def test_every_acknowledgement_of_a_fight_is_russian(said: list[str]) -> None:
    for line in said:
        assert re.search("[а-яё]", line), line
        assert not english(line), (line, english(line))


def test_the_attack_names_the_maneuver_the_defence_and_the_damage_in_russian(
    said: list[str],
) -> None:
    begins, init, _, _, defends, attack, _, ends = said
    assert defends.startswith("Bob уклоняется (Ловкость+Атлетика 4): +8 +8 3 2 = 2 успеха")
    assert begins.startswith("бой начался: Marcus, Bob — раунд 1")
    assert "Bob и" not in init and "начинает Bob" in init
    assert "Marcus → Bob: удар рукой (Ловкость+Драка 7; с фланга +1" in attack
    assert "прицел (голова): сл. +2, урон +1; сл. 8)" in attack
    assert "Bob уклоняется:" in attack
    assert "(лёгкие)" in attack and "прочность 2: +8 2 = 1" in attack
    assert "здоровье" in attack
    assert ends == "бой окончен после 1 раунда"


def refusal(commands: list[str], last: str) -> CommandError:
    state = st.State()
    for i, text in enumerate(SETUP + commands):
        state, _ = dispatch(state, text, SeededDice(i))
    with pytest.raises(CommandError) as caught:
        dispatch(state, last, SeededDice(99))
    return caught.value


@pytest.mark.parametrize(
    ("commands", "last", "russian"),
    [
        ([], "далее", "боя нет: начните его командой бой начать ИМЯ ИМЯ"),
        (
            ["бой начать Marcus Bob", "инициатива кости Marcus=7,Bob=3"],
            "заявить Marcus атака Bob удар",
            "Marcus не может заявлять сейчас: заявки идут от медленных, очередь Bob",
        ),
        (
            ["бой начать Marcus Bob"],
            "атака Marcus Bob удар",
            "раунд 1 в фазе инициативы; атакуют, когда все сделали заявки",
        ),
        (
            ["бой начать Marcus Bob"],
            "атака Marcus Marcus удар",
            "Marcus не может атаковать себя",
        ),
        (["бой начать Marcus Bob"], "бой начать Marcus Bob", "бой уже идёт: сначала бой конец"),
    ],
)
def test_refusals_are_russian(commands: list[str], last: str, russian: str) -> None:
    exc = refusal(commands, last)
    assert exc.render("ru") == russian
    assert not english(exc.render("ru"))
    assert str(exc) != russian  # English stays English


def test_a_usage_line_shows_the_russian_verbs_and_keywords() -> None:
    exc = refusal([], "атака Marcus")  # outside a fight: the target is missing
    text = exc.render("ru")
    assert text.startswith("атака: не хватает: цель; формат: атака ИМЯ ЦЕЛЬ МАНЁВР [оружие")
    assert not english(text)


def test_russian_keywords_of_an_attack_are_understood() -> None:
    state = st.State()
    for i, text in enumerate([*SETUP, "бой начать Marcus Bob", "бой конец"]):
        state, _ = dispatch(state, text, SeededDice(i))
    command = (
        "атака Marcus Bob удар-оружием оружие сила+2 тяжёлые противников 2 укрытие лёжа "
        "неосновная кости 9,9,9,9 урон 8,8,8,8,8,8,8,8,8"
    )
    _, (_kind, data, say) = dispatch(state, command, SeededDice(5))
    assert data["difficulty"] == 6 + 1 + 1 + 1  # outnumbered, prone, off hand
    assert data["damage"]["type"] == "lethal"
    assert "(тяжёлые)" in say.render("ru")


def _rules_notes() -> list[Msg]:
    """Every kind of note the combat rules write about a pool or a defence."""
    c = new_character("Marcus", Kind.VAMPIRE, 10)
    for trait, value in (("dexterity", 4), ("brawl", 3), ("strength", 3), ("athletics", 2)):
        c = set_trait(c, trait, value)
    hurt = replace(c, health=take_damage(c.health, 3, DamageType.LETHAL, c.kind))
    dice = cr.Modifiers(flank=True, rear=True, target_blinded=True, held=True)
    harder = cr.Modifiers(difficulty=-2, aim="eye", outnumbered=3, cover="prone")
    worse = cr.Modifiers(difficulty=1, blinded=True, off_hand=True)
    notes = list(cr.plan_attack(hurt, cr.maneuver("kick"), dice, multiple=2, profile=V20).notes)
    for mods in (harder, worse, cr.Modifiers(aim="limb"), cr.Modifiers(stake=True)):
        notes += cr.plan_attack(c, cr.maneuver("bite"), mods, profile=V20).notes
    notes += cr.defence_pool(hurt, cr.maneuver("dodge"), 2)[1].values["notes"]
    for move, extra, aim, weapon in (
        ("kick", 2, 1, None),
        ("punch", 0, 0, None),
        ("strike", 0, 0, (True, 2)),
        ("shoot", 0, 0, (False, 4)),
    ):
        notes += cr.damage_pool(c, cr.maneuver(move), extra, aim, weapon)[1].values["notes"]
    plain = new_character("Bob", Kind.MORTAL)
    for defence, attack in (("block", "shoot"), ("parry", "shoot"), ("block", "strike")):
        why = cr.defence_applies(
            plain, cr.maneuver(defence), cr.maneuver(attack), DamageType.LETHAL
        )
        assert why
        notes.append(why)
    return list(dict.fromkeys(notes))


@pytest.mark.parametrize("note", _rules_notes(), ids=str)
def test_every_note_of_the_combat_rules_is_told_in_russian(note: Msg) -> None:
    told = note.render("ru")
    assert told and not english(told), (str(note), told)
