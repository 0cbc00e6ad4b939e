"""Numbers read as each language writes them: a decimal point and 84.40% in English, a
decimal comma and 84,40 % (a no-break space before the sign) in Russian, and a fraction of
successes in the genitive singular (2,07 успеха)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from elysium.tell.marks import decimal, percent, share
from tests.conftest import run_cli

NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("told", "english", "russian"),
    [
        (lambda lang: percent(Fraction(844, 1000), lang), "84.40%", f"84,40{NBSP}%"),
        (lambda lang: percent(Fraction(1, 100_000), lang), "<0.01%", f"<0,01{NBSP}%"),
        (lambda lang: decimal(2.0745, lang), "2.07", "2,07"),
        (lambda lang: share(0.125, 1, lang), "12.5%", f"12,5{NBSP}%"),
    ],
)
def test_a_number_is_written_as_its_language_writes_it(told, english: str, russian: str) -> None:
    assert told("en") == english
    assert told("ru") == russian


def test_the_odds_in_russian_read_as_russian() -> None:
    ru = run_cli("odds", "5", "--lang", "ru").stdout
    assert f"успех 84,40{NBSP}%" in ru and "в среднем 2,07 успеха" in ru, ru
    en = run_cli("odds", "5", "--lang", "en").stdout
    assert "84.40%" in en and "2.07" in en, en
