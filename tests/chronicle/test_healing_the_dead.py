"""The dead do not heal. Seed 004, the health table: «Окончательная смерть | - | Всё» — at
Final Death everything ends; a mortal past the last level is dead. A `heal` of either is
refused in one line, in the reader's language, and changes nothing; the living still heal.
Driven through the command language."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import CommandError
from elysium.chronicle.session import Session
from elysium.rules import V20, SeededDice

CAST = ['add "Bob" mortal blank', 'add "Marcus" vampire gen 10 blank', "set Marcus blood 10"]

# (who, the damage that ends them, the status it leaves, the heal typed)
ENDS = [
    ("Bob", "damage Bob 8 lethal nosoak", "dead", "heal Bob 3"),
    ("Bob", "damage Bob 8 lethal nosoak", "dead", "heal Bob 1 bashing"),
    ("Marcus", "damage Marcus 7 aggravated nosoak", "final_death", "heal Marcus 1"),
    ("Marcus", "damage Marcus 7 aggravated nosoak", "final_death", "heal Marcus 2 aggravated"),
]
SAID = {"en": "{who} is dead, and the dead do not heal", "ru": "персонаж {who} мёртв"}


def session(tmp_path: Path) -> Session:
    s = Session.create(tmp_path / "c", "Test", V20, SeededDice(1))
    for command in CAST:
        s.execute(command)
    return s


@pytest.mark.parametrize(("who", "blow", "status", "heal"), ENDS)
def test_the_dead_are_not_healed(
    tmp_path: Path, who: str, blow: str, status: str, heal: str
) -> None:
    s = session(tmp_path)
    s.execute(blow)
    before = s.state
    assert before.characters[who.casefold()].status() == status
    with pytest.raises(CommandError) as refused:
        s.execute(heal)
    for lang, said in SAID.items():
        assert said.format(who=who) in refused.value.render(lang)
    assert s.state == before  # nothing changed, nothing saved
    s.close()


def test_the_living_still_heal(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.execute("damage Bob 3 lethal nosoak")
    s.execute("heal Bob 2")
    assert s.state.characters["bob"].health.lethal == 1
    s.close()
