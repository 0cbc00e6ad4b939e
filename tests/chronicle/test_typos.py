"""Typos are caught, with a suggestion in the reader's language.

A clan a letter or two off the clan table's (``Toreadorr``) is refused: taken as typed,
every Discipline would cost current × 7 as out-of-clan (seed 004, «Стоимость развития»:
«Клановая Дисциплина | текущее × 5», «Сторонняя Дисциплина | текущее × 7»). A clan of the
house's own is still allowed: one like no known clan, or any clan once the character has its
own clan Disciplines. A trait typed wrong is matched by its Russian names too (``ловксть``,
``огнестрел``) before the free-form trait is offered. Every refusal changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.cli import main
from elysium.rules.clans import in_clan, near_clan
from tests.chronicle_helpers import new_session

SETUP = ['add "Marcus" vampire', "set Marcus dexterity 3 brawl 2"]


@pytest.fixture
def session(tmp_path: Path) -> Session:
    s = new_session(tmp_path / "c", SETUP)
    yield s
    s.close()


def refused(s: Session, command: str) -> ChronicleError:
    before, events = s.state, s.state.events
    with pytest.raises(ChronicleError) as caught:
        s.execute(command)
    assert s.state == before and s.state.events == events
    return caught.value


CLAN_TYPOS = [
    ("set Marcus clan Toreadorr", "did you mean 'Toreador'?", "может быть, 'Toreador'?"),
    ("задать Marcus клан Тореодор", "did you mean 'Тореадор'?", "может быть, 'Тореадор'?"),
    ("set Marcus clan Nosferatoo", "did you mean 'Nosferatu'?", "может быть, 'Nosferatu'?"),
    ("set Marcus clan Tremre", "did you mean 'Tremere'?", "может быть, 'Tremere'?"),
    ('set Marcus clan "Followers of Sett"', "'Followers of Set'?", "'Followers of Set'?"),
    ("set Marcus clan Bruja", "did you mean 'Brujah'?", "может быть, 'Brujah'?"),
    # `add` checks the clan as `set` does (F4 sends an `add`).
    ('add "Vera" vampire clan Toreadorr', "did you mean 'Toreador'?", "может быть, 'Toreador'?"),
    ('добавить "Вера" вампир клан Тореадорр', "'Тореадор'?", "может быть, 'Тореадор'?"),
    ('add "Vera" neonate clan "clan Toreadorr"', "'Toreador'?", "может быть, 'Toreador'?"),
    # Mixed alphabets (\x65 a Latin e, \x78 a Latin x, \u0430 a Cyrillic а): read in the
    # alphabet of most letters, a near miss even when that spells a known clan exactly.
    ('добавить "Вера" вампир клан Тор\x65адорр', "'Тореадор'?", "может быть, 'Тореадор'?"),
    ('add "Vera" neonate clan Бру\x78а', "did you mean 'Бруха'?", "может быть, 'Бруха'?"),
    ("set Marcus clan Тор\x65адор", "did you mean 'Тореадор'?", "может быть, 'Тореадор'?"),
    ("set Marcus clan Tore\u0430dor", "did you mean 'Toreador'?", "может быть, 'Toreador'?"),
]


@pytest.mark.parametrize(("command", "en", "ru"), CLAN_TYPOS)
def test_a_near_miss_of_a_known_clan_is_refused(
    session: Session, command: str, en: str, ru: str
) -> None:
    error = refused(session, command)
    assert en in str(error) and "set NAME clan-disciplines" in str(error)
    assert ru in error.render("ru") and "задать ИМЯ клановые-дисциплины" in error.render("ru")


@pytest.mark.parametrize(
    ("clan", "disciplines"),
    [
        ("Toreador", ["auspex", "celerity", "presence"]),
        ("тореадор", ["auspex", "celerity", "presence"]),
        ("House Ventrue", []),  # a name of its own: accepted, out-of-clan until a list is set
        ("Brujah antitribu", []),
    ],
)
def test_a_known_or_a_clan_of_its_own_is_taken(
    session: Session, clan: str, disciplines: list[str]
) -> None:
    session.execute(f'set Marcus clan "{clan}"')
    c = session.state.characters["marcus"]
    assert c.clan == clan
    assert list(in_clan(c.clan, c.clan_disciplines)) == disciplines


@pytest.mark.parametrize(
    ("command", "key", "clan"),
    [
        ('add "Vera" vampire clan "House Ventrue"', "vera", "House Ventrue"),
        ('добавить "Вера" вампир клан Тореадор', "вера", "Тореадор"),
    ],
)
def test_add_takes_a_known_clan_or_one_of_its_own(
    session: Session, command: str, key: str, clan: str
) -> None:
    session.execute(command)
    assert session.state.characters[key].clan == clan


def test_a_house_clan_like_a_known_one_takes_its_own_list_first(session: Session) -> None:
    refused(session, "set Marcus clan Toreadorr")
    session.execute("set Marcus clan-disciplines auspex celerity presence")
    session.execute("set Marcus clan Toreadorr")  # the list says the clan is meant
    assert session.state.characters["marcus"].clan == "Toreadorr"
    session.execute("set Marcus presence 1")
    session.execute("award Marcus 10")
    r = session.execute("raise Marcus presence")  # in-clan: current × 5, not × 7
    assert r.event is not None and r.event.data["cost"] == 5


def test_an_import_with_a_clan_typo_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "c"
    new_session(root, []).close()
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps({"characters": [{"name": "Lucita", "kind": "vampire", "clan": "Lasombar"}]})
    )
    assert main(["import", str(root), str(bad)]) == 2
    good = tmp_path / "good.json"
    own = {
        "name": "Lucita",
        "kind": "vampire",
        "clan": "Lasombar",
        "clan_disciplines": ["dominate"],
    }
    good.write_text(json.dumps({"characters": [own]}))
    assert main(["import", str(root), str(good)]) == 0


TRAIT_TYPOS = [
    # (command, English hint, Russian hint)
    ("set Marcus огнестрел 2", "did you mean 'firearms'?", "может быть, Стрельба?"),
    ("set Marcus ловксть 3", "did you mean 'dexterity'?", "может быть, Ловкость?"),
    ("задать Marcus самоконтрол 3", "did you mean 'self-control'?", "может быть, Самоконтроль?"),
    ("set Marcus dexteriy 3", "did you mean 'dexterity'?", "может быть, Ловкость?"),
    ("roll Marcus ловксть+драка", "did you mean 'dexterity'?", "может быть, Ловкость?"),
    ("бросок Marcus огнестрел", "did you mean 'firearms'?", "может быть, Стрельба?"),
    ("roll Marcus dex+bawl", "did you mean 'brawl'?", "может быть, Драка?"),
]


@pytest.mark.parametrize(("command", "en", "ru"), TRAIT_TYPOS)
def test_a_trait_typo_gets_a_suggestion_in_the_readers_language(
    session: Session, command: str, en: str, ru: str
) -> None:
    error = refused(session, command)
    english, russian = str(error), error.render("ru")
    assert en in english and ru in russian
    if "discipline:" in english:  # the free-form trait is offered after the suggestion
        assert english.index(en) < english.index("discipline:")
        assert russian.index(ru) < russian.index("дисциплина:")


def test_a_name_like_no_trait_gets_no_suggestion(session: Session) -> None:
    error = refused(session, "set Marcus xyzzy 2")
    assert "did you mean" not in str(error) and "может быть" not in error.render("ru")
    assert "discipline:xyzzy" in str(error)


@pytest.mark.parametrize(
    ("typed", "close"),
    [
        ("Toraedor", "Toreador"),  # two letters swapped
        ("Ranvos", "Ravnos"),
        ("Ласомбар", "Ласомбра"),  # the spelling in the alphabet typed
        ("clan Toreadorr", "Toreador"),
        ("Ventrue", None),  # known
        ("Baali", None),
        ("House Tremere", None),  # a name of its own
        ("Kyasi", None),  # too far off a short name
        ("Бру\x78а", "Бруха"),  # a Latin x among Cyrillic letters
        ("Tore\u0430dor", "Toreador"),  # a Cyrillic а among Latin letters
        ("Dracula", None),  # like none of them
    ],
)
def test_which_clans_are_near_misses(typed: str, close: str | None) -> None:
    assert near_clan(typed) == close


@pytest.mark.parametrize(
    ("command", "en", "ru"),
    [
        (
            "set Marcus clan Ventrue generation 9",
            "one thing at a time: set Marcus clan Ventrue, then set Marcus generation 9",
            "по одному за раз: задать Marcus клан Ventrue, затем задать Marcus generation 9",
        ),
        (
            "задать Marcus клан Последователи Сета поколение 9 сила 2",
            "set Marcus clan Последователи Сета, then set Marcus поколение 9 сила 2",
            "задать Marcus клан Последователи Сета, затем задать Marcus поколение 9 сила 2",
        ),
    ],
)
def test_a_clan_followed_by_another_setting_is_refused_with_the_two_commands(
    session: Session, command: str, en: str, ru: str
) -> None:
    # Taken whole, "Ventrue generation 9" would be a clan of the house's own.
    error = refused(session, command)
    assert en in str(error)
    assert ru in error.render("ru")
