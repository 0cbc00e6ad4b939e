"""Degree and difficulty names in both languages (RULES.md §1; cheat sheet "Броски")."""

from __future__ import annotations

import pytest

from elysium.i18n import CATALOGS, detect_lang, en, ru, t

# RULES.md §1: the names the book prints, English and Russian.
DEGREE_NAMES = [
    ("marginal", "marginal", "условный"),
    ("moderate", "moderate", "умеренный"),
    ("complete", "complete", "безусловный"),
    ("exceptional", "exceptional", "исключительный"),
    ("phenomenal", "phenomenal", "феноменальный"),
]
DIFFICULTY_WORDS = [
    ("easy", "easy", "элементарно"),
    ("routine", "routine", "легко"),
    ("straightforward", "straightforward", "нетрудно"),
    ("standard", "standard", "стандартно"),
    ("challenging", "challenging", "нелегко"),
    ("difficult", "difficult", "трудно"),
    ("extremely_difficult", "extremely difficult", "экстремально"),
]


@pytest.mark.parametrize(("key", "english", "russian"), DEGREE_NAMES)
def test_degree_names(key, english, russian) -> None:
    assert t(f"degree.{key}", "en") == english
    assert t(f"degree.{key}", "ru") == russian


@pytest.mark.parametrize(("key", "english", "russian"), DIFFICULTY_WORDS)
def test_difficulty_names(key, english, russian) -> None:
    assert t(f"difficulty.{key}", "en") == english
    assert t(f"difficulty.{key}", "ru") == russian


def test_both_catalogs_have_the_same_keys() -> None:
    assert set(en.STRINGS) == set(ru.STRINGS)
    assert set(CATALOGS) == {"en", "ru"}


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_language_from_locale(env, lang) -> None:
    assert detect_lang(env) == lang
