"""NPCs from templates through the command language: a vampire's template takes a clan and
another generation than its own (F4 asks for both); one event, undone whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from tests.chronicle_helpers import new_session

# (command, key, clan, generation, blood pool). Pools: seed 004, "Поколения", the table
# "| Поколение | Запас крови | ..." ("| 12 | 11 | 1 | 5 |", "| 8 | 15 | 3 | 5 |", "| 10 | 13 |").
ADDED = [
    ('add "Kyle" neonate clan Brujah gen 12', "kyle", "Brujah", 12, 11),
    ("add Kyle neonate", "kyle", "", 13, 10),
    ('добавить Мара старейшина клан "Followers of Set"', "мара", "Followers of Set", 8, 15),
    ("add Ada ancilla gen 8 clan Tremere", "ada", "Tremere", 8, 15),
    ("добавить Ян анцилла поколение 10", "ян", "", 10, 13),
    ("add Rex vampire clan Gangrel gen 9", "rex", "Gangrel", 9, 14),
]


@pytest.mark.parametrize(("command", "key", "clan", "gen", "pool"), ADDED)
def test_a_vampire_from_a_template_takes_a_clan_and_a_generation(
    tmp_path: Path, command: str, key: str, clan: str, gen: int, pool: int
) -> None:
    s = new_session(tmp_path / "c")
    s.execute(command)
    c = s.state.characters[key]
    assert (c.clan, c.generation, c.blood_max, c.blood) == (clan, gen, pool, pool)
    s.execute("undo")
    assert key not in s.state.characters
    s.close()


REFUSED = [
    ("add Rex ghoul clan Ventrue", "only vampires have a clan, not a ghoul"),
    ("add Rex mortal gen 9", "only vampires have a generation, not a mortal"),
    ("add Rex neonate gen 3", "3rd generation"),
    ("add Rex neonate gen 16", "generation"),
    ("add Rex neonate clan", "needs a value"),
]


@pytest.mark.parametrize(("command", "said"), REFUSED)
def test_a_clan_or_generation_that_does_not_fit_is_refused(
    tmp_path: Path, command: str, said: str
) -> None:
    s = new_session(tmp_path / "c")
    events = s.state.events
    with pytest.raises(ChronicleError) as refused:
        s.execute(command)
    assert said in refused.value.render("en"), refused.value.render("en")
    assert s.state.characters == {} and s.state.events == events
    s.close()
