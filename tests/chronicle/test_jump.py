"""A botched jump hurts: one bashing level, in the same event as the roll.

Dark Ages seed 002, «Прыжки»: «При провале ... при падении получает травму». The seed gives
no amount; the other feats that hurt on a botch (standing up, lifting, a door) take one
bashing level, and so does the jump. The line and the state agree, and undo takes both back.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.session import Session
from elysium.rules import V20, SeededDice


@pytest.fixture
def s(tmp_path: Path):
    session = Session.create(tmp_path / "c", "Test", V20, SeededDice(1))
    session.execute('add "Bob" mortal blank')
    session.execute("set Bob strength 2 athletics 1")
    yield session
    session.close()


# (faces, outcome, bashing levels after)
JUMPS = [
    ("1,2", "botch", 1),  # a 1 and no success at difficulty 3: a botch, and a fall
    ("1,1", "botch", 1),
    # A success rolled, even cancelled, is no botch (seed 004: «Одного выпавшего успеха
    # хватает, чтобы провала не было»): falls short, unhurt.
    ("1,5", "failure", 0),
    ("2,2", "failure", 0),
    ("3,4", "success", 0),
]


@pytest.mark.parametrize(("faces", "outcome", "bashing"), JUMPS)
def test_a_botched_jump_marks_one_bashing_level(
    s: Session, faces: str, outcome: str, bashing: int
) -> None:
    r = s.execute(f"feat Bob jump dice {faces}")
    assert r.event.data["outcome"] == outcome
    assert s.state.characters["bob"].health.bashing == bashing
    assert r.event.data["hurt"] is bool(bashing)
    if bashing:
        assert "is hurt: 1 bashing level; health /" in r.render("en")
        assert "травма при падении: 1 лёгкое повреждение; здоровье /" in r.render("ru")
        s.execute("undo")
        assert s.state.characters["bob"].health.bashing == 0
