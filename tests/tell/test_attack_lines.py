"""An attack's log line in either language names what changed its pool, as a roll's line
does: the wound penalty and the situation's modifiers (Celerity, moving while Wounded, a
load), and the faces of the defence that met it, whether rolled by ``defend`` beforehand or
with the attack.

Seed 004, «Серьёзно ранен»: «за ход либо действие, либо движение (оба - ещё −1d10)» (the
``moving`` die); seed 002, "Переноска грузов": over the limit a physical action is one
harder (the ``load``); Celerity adds a die a dot to a Dexterity pool (V20 core rules).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.rules.dice import TypedDice
from elysium.tell.events import describe
from tests.chronicle_helpers import new_session

# Ann: Dexterity 3 + Brawl 2, Celerity 1, carrying 400 lb, four lethal levels (Wounded, -2);
# Bob dodges with Dexterity 2 + Athletics 1 = 3 dice.
CAST = [
    "add Ann vampire gen 10",
    "set Ann dexterity 3 brawl 2 strength 2 wits 3 celerity 1",
    "add Bob mortal blank",
    "set Bob dexterity 2 wits 1 athletics 1",
    "carry Ann 400",
    "damage Ann 4 lethal",
    "combat start Ann Bob",
    "init dice Ann=10,Bob=1",
    "declare Bob dodge",
    "declare Ann attack Bob punch",
]
# 5 - 2 wounds + 1 Celerity - 1 moving = 3 dice at 6 + 1 (load)
ATTACK = "attack Ann moving dice 8 8 8 dmg 2,2,2,2 soak 2"
SAID = {
    "en": (
        "punch 3d diff 7 (wounds -2, Celerity +1, moving while Wounded -1, "
        "load: difficulty +1): +8 +8 +8 — dodge: 2 3 4 = 0"
    ),
    "ru": (
        "удар рукой 3к сл. 7 (раны -2, Стремительность +1, движение при ранах -1, "
        "груз: сложность +1): +8 +8 +8 — уклонение: 2 3 4 = 0"
    ),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_attack_line_names_the_pool_s_modifiers_and_the_defence_s_faces(
    tmp_path: Path, lang: str
) -> None:
    s = new_session(tmp_path / "c", [*CAST, "defend Bob dodge dice 2 3 4"])
    s.execute(ATTACK)
    event = s.events()[-1]
    assert event.type == "attack"
    assert SAID[lang] in describe(event, lang)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_declared_defence_rolled_with_the_attack_shows_its_faces(
    tmp_path: Path, lang: str
) -> None:
    """Bob's declared dodge is rolled when the attack comes: the faces in their order, the
    attack's three, the dodge's three, the damage's four and the soak's one."""
    s = new_session(tmp_path / "c", CAST)
    s.execute("attack Ann moving", dice=TypedDice([8, 8, 8, 2, 3, 4, 2, 2, 2, 2, 2]))
    event = s.events()[-1]
    assert event.type == "attack"
    assert SAID[lang] in describe(event, lang)
