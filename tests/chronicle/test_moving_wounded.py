"""Moving and acting in one turn while Wounded costs another die.

Seed 004, the health table, «Серьёзно ранен | −2 | Только шагом; за ход либо действие, либо
движение (оба - ещё −1d10)»: at that level (Wounded) a roll or an attack typed with
``moving`` (``движась``, ``на-ходу``) loses one more die, and says so. The seed names no
such cost at any other level, so there ``moving`` changes nothing and says nothing. Like
the wound penalty it stands beside, frenzy or a Willpower point spent on wounds set it
aside. Driven through the command language, faces given.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.rules import V20, SeededDice
from elysium.tell.events import describe

# Bob: Dexterity 4 + Athletics 3 = 7 dice; a mortal, so no Celerity and no blood healing.
CAST = ['add "Bob" mortal blank', "set Bob dexterity 4 athletics 3 brawl 3 willpower 5"]
CAST += ['add "Rex" mortal blank']


def session(tmp_path: Path, *commands: str) -> Session:
    s = Session.create(tmp_path / "c", "Test", V20, SeededDice(1))
    for command in [*CAST, *commands]:
        s.execute(command)
    return s


# (lethal levels taken, the level, its wound penalty, the moving cost)
LEVELS = [
    (0, "Unhurt", 0, 0),
    (1, "Bruised", 0, 0),
    (2, "Hurt", -1, 0),
    (3, "Injured", -1, 0),
    (4, "Wounded", -2, -1),  # «Серьёзно ранен»: «оба - ещё −1d10»
    (5, "Mauled", -2, 0),
    (6, "Crippled", -5, 0),
]


@pytest.mark.parametrize(("levels", "level", "penalty", "cost"), LEVELS)
@pytest.mark.parametrize("spelling", ["moving", "движась", "на-ходу"])
def test_a_roll_while_moving(
    tmp_path: Path, levels: int, level: str, penalty: int, cost: int, spelling: str
) -> None:
    hurt = [f"damage Bob {levels} lethal nosoak"] if levels else []
    s = session(tmp_path, *hurt)
    dice = 7 + penalty + cost
    r = s.execute(f"roll Bob dex+athletics {spelling} dice {','.join(['7'] * dice)}")
    assert len(r.event.data["dice"]) == dice
    if cost:
        assert r.event.data["mods"] == [{"reason": "moving", "dice": -1, "difficulty": 0}]
        assert "moving while Wounded -1" in r.render("en")
        assert "движение при ранах -1" in r.render("ru")
        assert "moving while Wounded -1" in describe(r.event, "en")
    else:
        assert "mods" not in r.event.data and "moving" not in r.render("en")
    s.close()


def test_an_attack_while_moving_at_wounded(tmp_path: Path) -> None:
    s = session(tmp_path, "damage Bob 4 lethal nosoak")
    # Dexterity 4 + Brawl 3, wounds -2, moving -1: 4 dice.
    with pytest.raises(ChronicleError, match="4 dice but 5"):
        s.execute("attack Bob Rex punch moving dice 7,7,7,7,7")
    r = s.execute("атака Bob Rex удар движась кости 7,2,2,2 урон 2 прочность 2")
    assert len(r.event.data["attack"]["dice"]) == 4
    assert "движение при ранах -1" in r.render("ru")
    assert "moving while Wounded -1" in r.render("en")
    s.close()


def test_willpower_on_wounds_sets_it_aside(tmp_path: Path) -> None:
    s = session(tmp_path, "damage Bob 4 lethal nosoak", "spend Bob wp 1 wounds")
    r = s.execute("roll Bob dex+athletics moving dice 7,7,7,7,7,7,7")
    assert len(r.event.data["dice"]) == 7 and "moving" not in r.render("en")
    s.close()


@pytest.mark.parametrize(
    ("command", "lang", "said"),
    [
        ("roll 5 moving", "en", "moving belongs to a character: roll NAME TRAITS moving"),
        ("бросок 5 движась", "ru", "движение бывает только у персонажа"),
    ],
)
def test_a_bare_pool_does_not_move(tmp_path: Path, command: str, lang: str, said: str) -> None:
    s = session(tmp_path)
    before = s.state
    with pytest.raises(ChronicleError) as refused:
        s.execute(command)
    assert said in refused.value.render(lang) and s.state == before
    s.close()
