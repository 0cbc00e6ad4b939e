"""Every table of RULES.md §3 and §5-§10 read back from the code's data, row by row.

The expected rows are transcribed from RULES.md (and the cheat sheet, seed 004, which wins
where they differ); a typo in either copy fails here.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from elysium.i18n import t
from elysium.rules import tables

# RULES.md §3 health table: level, EN, RU, penalty, movement.
HEALTH = [
    ("bruised", "Bruised", "Помят", 0, "free"),
    ("hurt", "Hurt", "Легко ранен", -1, "free"),
    ("injured", "Injured", "Ранен", -1, "half_run"),
    ("wounded", "Wounded", "Серьёзно ранен", -2, "walk"),
    ("mauled", "Mauled", "Тяжело ранен", -2, "hobble"),
    ("crippled", "Crippled", "Едва жив", -5, "crawl"),
    ("incapacitated", "Incapacitated", "При смерти", None, "none"),
]


def test_health_levels() -> None:
    assert len(tables.HEALTH_LEVELS) == 7
    for level, (key, en, ru, penalty, move) in zip(tables.HEALTH_LEVELS, HEALTH, strict=True):
        assert (level.key, level.penalty, level.movement) == (key, penalty, move)
        assert t(f"health.{key}", "en") == en
        assert t(f"health.{key}", "ru") == ru


def test_damage_marks() -> None:
    # RULES.md §3: / X * (RU / Х Ж); mildest first.
    assert tables.DAMAGE_MARKS == {
        "bashing": ("/", "/"),
        "lethal": ("X", "Х"),
        "aggravated": ("*", "Ж"),
    }
    assert tables.DAMAGE_TYPES == ("bashing", "lethal", "aggravated")
    assert [t(f"damage.{d}", "ru") for d in tables.DAMAGE_TYPES] == [
        "лёгкие",
        "тяжёлые",
        "губительные",
    ]


# RULES.md §5 generation table: generation -> (blood max, per turn, trait max).
GENERATIONS = {
    13: (10, 1, 5),
    12: (11, 1, 5),
    11: (12, 1, 5),
    10: (13, 1, 5),
    9: (14, 2, 5),
    8: (15, 3, 5),
    7: (20, 4, 6),
    6: (30, 6, 7),
    5: (40, 8, 8),
    4: (50, 10, 9),
}


def test_generation_table() -> None:
    assert {g: tuple(row) for g, row in tables.GENERATIONS.items()} == GENERATIONS
    assert tables.THIRD_GENERATION == 3 and 3 not in tables.GENERATIONS


def test_blood_constants() -> None:
    # RULES.md §5.
    assert tables.SUNSET_COST == 1
    assert tables.HEAL_COST == 1
    assert (tables.AGGRAVATED_HEAL_BLOOD, tables.AGGRAVATED_HEAL_WILLPOWER) == (5, 1)
    assert tables.BLUSH_BASE == 8
    assert (tables.BOOST_OVER_MAX, tables.BOOST_FADE_TURNS, tables.ABSOLUTE_TRAIT_MAX) == (1, 3, 10)
    assert (tables.FEED_PER_TURN, tables.HUMAN_SAFE_LEFT, tables.STOP_FEEDING_DIFFICULTY) == (
        3,
        8,
        8,
    )
    assert tables.BOND_DRINKS == 3


# RULES.md §5 vessel table.
VESSELS = {
    "vampire": 10,
    "lupine": 20,
    "human": 10,
    "child": 5,
    "cow": 5,
    "dog": 2,
    "cat": 1,
    "blood_bag": 1,
    "bird": Fraction(1, 2),
    "bat": Fraction(1, 4),
    "rat": Fraction(1, 4),
}


def test_vessel_table() -> None:
    assert tables.VESSELS == VESSELS


# RULES.md §6 torpor table.
TORPOR = {
    10: (1, "day"),
    9: (3, "day"),
    8: (1, "week"),
    7: (2, "week"),
    6: (1, "month"),
    5: (1, "year"),
    4: (10, "year"),
    3: (50, "year"),
    2: (100, "year"),
    1: (500, "year"),
    0: (1000, "year"),
}


def test_torpor_table() -> None:
    assert tables.TORPOR_LENGTH == TORPOR
    assert (tables.DAY_NOTICE_DIFFICULTY, tables.DAY_WAKE_DIFFICULTY, tables.DAY_WAKE_FULL) == (
        8,
        8,
        5,
    )


# RULES.md §7 trigger tables.
FRENZY = [
    ("smell_of_blood", 3, "smell of blood (hungry)", "запах крови (голоден)"),
    ("sight_of_blood", 4, "sight of blood (hungry)", "вид крови (голоден)"),
    (
        "harassment",
        4,
        "harassment, threat to life, deliberate insult",
        "домогательство, угроза жизни, намеренное оскорбление",
    ),
    ("provocation", 6, "provocation by action", "провокация действием"),
    ("taste_of_blood", 6, "taste of blood (hungry)", "вкус крови (голоден)"),
    ("loved_one_in_danger", 7, "loved one in danger", "близкие в опасности"),
    ("public_humiliation", 8, "public humiliation", "публичное унижение"),
]
ROTSCHRECK = [
    ("lit_cigarette", 3, "тлеющая сигарета"),
    ("torch", 5, "горящий факел"),
    ("bonfire", 6, "костёр"),
    ("obscured_sunlight", 7, "рассеянный солнечный свет"),
    ("burned", 7, "боль от ожога"),
    ("direct_sunlight", 8, "прямой солнечный свет"),
    ("engulfed", 9, "полыхающий вокруг пожар"),
]


def test_frenzy_triggers() -> None:
    assert [(k, d) for k, d, _ in tables.FRENZY_TRIGGERS] == [(k, d) for k, d, _, _ in FRENZY]
    hungry = {k for k, _, h in tables.FRENZY_TRIGGERS if h}
    assert hungry == {"smell_of_blood", "sight_of_blood", "taste_of_blood"}  # the "+" rows
    for key, _, en, ru in FRENZY:
        assert (t(f"frenzy.{key}", "en"), t(f"frenzy.{key}", "ru")) == (en, ru)


def test_rotschreck_triggers() -> None:
    assert list(tables.ROTSCHRECK_TRIGGERS) == [(k, d) for k, d, _ in ROTSCHRECK]
    for key, _, ru in ROTSCHRECK:
        assert t(f"rotschreck.{key}", "ru") == ru


SINS = {
    10: "selfish thoughts",
    9: "selfish acts",
    8: "injury to another (even accidental)",
    7: "theft",
    6: "accidental violation (draining a vessel out of hunger)",
    5: "intentional destruction of property",
    4: "impassioned violation (killing or draining in frenzy)",
    3: "planned violation (murder, draining a vessel)",
    2: "casual violation (thoughtless killing, feeding past satiation)",
    1: "gross and heinous acts",
}


def test_sin_hierarchy() -> None:
    assert {k: t(f"sin.{v}", "en") for k, v in tables.SINS.items()} == SINS
    assert t("sin.theft", "ru") == "воровство"


@pytest.mark.parametrize(
    ("rating", "modifier"),
    [(10, -2), (9, -1), (8, -1), (7, 0), (6, 0), (5, 0), (4, 0), (3, 1), (2, 1), (1, 2)],
)
def test_bearing_table(rating, modifier) -> None:
    from elysium.rules.beast import bearing

    assert bearing(rating) == modifier


def test_beast_and_morality_constants() -> None:
    assert tables.BEAST_SUCCESSES_TO_RESIST == 5
    assert tables.DEGENERATION_DIFFICULTY == 8
    assert tables.URGES_AT_OR_BELOW == 4
    assert tables.FRENZY_CONSCIENCE_BASE == 9


def test_experience_table() -> None:
    # RULES.md §9.
    assert tables.XP_NEW == {"ability": 3, "discipline": 10, "path": 7}
    assert tables.XP_PER_DOT == {
        "attribute": 4,
        "ability": 2,
        "clan_discipline": 5,
        "other_discipline": 7,
        "caitiff_discipline": 6,
        "secondary_path": 4,
        "virtue": 2,
        "morality": 2,
        "willpower": 1,
    }
    assert tables.XP_CHAPTER_AWARDS == ("automatic", "learning", "roleplaying", "heroism")
    assert tables.XP_STORY_AWARDS == ("success", "danger", "wisdom")
    assert list(tables.XP_CHAPTER_RANGE) == [1, 2, 3, 4, 5]


def test_willpower_regain_table() -> None:
    # RULES.md §8: +1 waking, +1 outstanding act, 1-3 acting to Nature.
    assert tables.WILLPOWER_REGAIN == {
        "waking": (1, 1),
        "outstanding_act": (1, 1),
        "nature": (1, 3),
    }
