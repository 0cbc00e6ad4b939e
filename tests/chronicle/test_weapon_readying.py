"""A failed weapon-readying leaves the character's current initiative at 1, in the fight.

Seed 002, «Подготовить оружие»: «Неудача означает, что персонаж подготовил оружие, но его
текущее значение инициативы равно 1». The message said so before; now the order says so
too: the declarations still to come and the actions still to come follow the new order.
Driven through the command language on a real chronicle, with the dice given.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.session import Session
from tests.chronicle_helpers import COTERIE, new_session

FIGHT = [*COTERIE, "combat start Marcus Bob Rex", "init dice Marcus=9,Bob=3,Rex=5"]
# Marcus readies with Dexterity 3 + Melee 0 at difficulty 4: three dice.
FAILED, READY = "dice 3,3,2", "dice 4,3,2"


@pytest.fixture
def s(tmp_path: Path):
    session = new_session(tmp_path / "c", FIGHT)
    yield session
    session.close()


def initiative(s: Session) -> dict[str, int | None]:
    return {k: e["value"] for k, e in s.state.combat["init"].items()}


def test_the_fight_starts_as_rolled(s: Session) -> None:
    assert [list(g) for g in s.state.combat["order"]] == [["marcus"], ["rex"], ["bob"]]


@pytest.mark.parametrize(
    ("faces", "value", "order"),
    [
        (FAILED, 1, [["rex"], ["bob"], ["marcus"]]),  # failure: at 1, after everyone
        (READY, None, [["marcus"], ["rex"], ["bob"]]),  # one success: nothing moves
    ],
)
def test_readying_while_declaring(s: Session, faces: str, value, order) -> None:
    before = initiative(s)["marcus"]
    said = s.execute(f"feat Marcus ready {faces}")
    assert initiative(s)["marcus"] == (value or before)
    assert [list(g) for g in s.state.combat["order"]] == order
    # Bob (the slowest) was declaring and goes on; the rest follow the new order.
    waiting = ["bob", "marcus", "rex"] if value == 1 else ["bob", "rex", "marcus"]
    assert s.state.combat["declare_queue"] == waiting and s.state.combat["current"] == "bob"
    if value == 1:
        assert "initiative drops to 1" in said.render("en")
        assert "инициатива падает до 1" in said.render("ru")


def test_the_one_acting_moves_back_and_the_next_acts(s: Session) -> None:
    for who in ("Bob", "Rex", "Marcus"):  # slowest first
        s.execute(f"declare {who} dodge")
    assert s.state.combat["phase"] == "act" and s.state.combat["current"] == "marcus"
    rolled = initiative(s)["marcus"]
    said = s.execute(f"действие Marcus оружие {FAILED.replace('dice', 'кости')}")
    combat = s.state.combat
    assert combat["current"] == "rex", combat
    assert [slot["who"] for slot in combat["queue"] if slot["kind"] == "main"] == [
        "rex",
        "bob",
        "marcus",
    ]
    assert "Rex acts now" in said.render("en")
    s.execute("undo")  # one event: undo puts Marcus back where he was, acting
    assert initiative(s)["marcus"] == rolled and s.state.combat["current"] == "marcus"


def test_outside_a_fight_readying_changes_no_order(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    said = s.execute(f"feat Marcus ready {FAILED}")
    assert s.state.combat is None and "initiative drops to 1" in said.render("en")
    s.close()
