"""A new sheet agrees with itself: Humanity = Conscience + Self-Control, Willpower = Courage.

V20's character creation derives Humanity from Conscience + Self-Control and Willpower from
Courage; seed 004's cost table («Стоимость развития») keeps them apart afterwards: «‡ Не
поднимает Человечность, Путь и волю» (raising a Virtue later does not raise them). A blank
sheet (any kind) spends the Virtues' creation dots as Conscience 3, Self-Control 4,
Courage 3; the templates of newly made characters agree as well. Driven through ``add``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.session import Session
from tests.chronicle_helpers import new_session


def added(tmp_path: Path, command: str):
    s: Session = new_session(tmp_path / "c", [command])
    try:
        return next(iter(s.state.characters.values()))
    finally:
        s.close()


# (command, Conscience, Self-Control, Courage, Humanity, Willpower)
BLANK = [
    ('add "Marcus" vampire', 3, 4, 3, 7, 3),
    ('add "Marcus" vampire gen 10', 3, 4, 3, 7, 3),
    ('добавить "Марк" вампир', 3, 4, 3, 7, 3),
    ('add "Rex" ghoul blank', 3, 4, 3, 7, 3),
    ('добавить "Боб" смертный пустой', 3, 4, 3, 7, 3),
]


@pytest.mark.parametrize(("command", "con", "sc", "cou", "humanity", "wp"), BLANK)
def test_a_blank_sheet_derives_humanity_and_willpower_from_its_virtues(
    tmp_path: Path, command: str, con: int, sc: int, cou: int, humanity: int, wp: int
) -> None:
    c = added(tmp_path, command)
    v = c.virtues
    assert (v["conscience"], v["self-control"], v["courage"]) == (con, sc, cou)
    assert c.morality_rating == humanity == v["conscience"] + v["self-control"]
    assert c.willpower == c.willpower_points == wp == v["courage"]


@pytest.mark.parametrize("template", ["mortal", "ghoul", "neonate"])
def test_a_newly_made_template_agrees_too(tmp_path: Path, template: str) -> None:
    c = added(tmp_path, f'add "NPC" {template}')
    v = c.virtues
    assert c.morality_rating == v["conscience"] + v["self-control"]
    assert c.willpower >= v["courage"]  # freebie points may add Willpower, never take it


@pytest.mark.parametrize("template", ["ancilla", "elder"])
def test_an_old_template_has_lost_humanity_never_gained_it(tmp_path: Path, template: str) -> None:
    c = added(tmp_path, f'add "NPC" {template}')
    v = c.virtues
    assert c.morality_rating <= v["conscience"] + v["self-control"]


def test_a_new_vampire_has_three_willpower_to_spend(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", ['add "Marcus" vampire'])
    try:
        r = s.execute("set Marcus humanity 7")  # already so: nothing to record
        assert r.event is None
        r = s.execute("spend Marcus wp 3")
        assert s.state.characters["marcus"].willpower_points == 0
    finally:
        s.close()
