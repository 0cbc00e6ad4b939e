"""A declaration is kept as typed and told in the reader's words: the verb, the maneuver,
the keywords, the damage type and the aiming point translated; names, numbers and free
text as typed."""

from __future__ import annotations

import pytest

from elysium.chronicle.commands.declared import declaration_words

TOLD = [
    # typed, English, Russian
    ("attack Spike strike", "attack Spike: weapon strike", "атака → Spike: удар оружием"),
    ("атака Б когти", "attack Б: claw", "атака → Б: удар когтями"),
    (
        'attack "Anna Petrovna" punch aim head flank',
        "attack Anna Petrovna: punch, aim head flank",
        "атака → Anna Petrovna: удар рукой, прицел голова фланг",
    ),
    (
        "атака Bob удар оружие сила+2 тяжёлые",
        "attack Bob: punch, weapon сила+2 lethal",
        "атака → Bob: удар рукой, оружие сила+2 тяжёлые",
    ),
    ("dodge", "dodge", "уклонение"),
    ("парирование", "parry", "парирование"),
    ("wait", "delay", "ждать"),
    ("ждать", "delay", "ждать"),
    ('"run for the door"', '"run for the door"', '"run for the door"'),  # free text
    ("strike the bell", "strike the bell", "strike the bell"),  # not a defence: free text
]


@pytest.mark.parametrize(("typed", "en", "ru"), TOLD)
def test_a_declaration_is_told_in_the_readers_words(typed: str, en: str, ru: str) -> None:
    assert declaration_words(typed, "en") == en
    assert declaration_words(typed, "ru") == ru


def test_a_broken_declaration_is_shown_as_it_was() -> None:
    assert declaration_words('attack "Bob', "ru") == 'attack "Bob'  # an unclosed quote
