"""Undo and redo are events too: multi-step, across restarts, never deleting history."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import CommandError
from elysium.chronicle.session import Session
from tests.chronicle_helpers import COTERIE, new_session


def blood(s: Session) -> int:
    return s.state.characters["marcus"].blood


def test_multi_step_undo_and_redo(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    start_events = s.state.events
    s.execute("spend Marcus blood 1")
    s.execute("turn")
    s.execute("spend Marcus blood 1")
    assert blood(s) == 11
    s.execute("undo")
    assert blood(s) == 12
    s.execute("undo")  # the turn
    s.execute("undo")
    assert blood(s) == 13
    s.execute("redo")
    assert blood(s) == 12
    assert s.state.events == start_events + 7  # history only grows
    assert [e.type for e in s.events()][-4:] == ["undo", "undo", "undo", "redo"]
    s.close()


def test_undo_survives_a_restart(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.execute("damage Marcus 2 lethal nosoak")
    s.execute("damage Marcus 2 lethal nosoak")
    s.close()
    s = Session.open(tmp_path / "c")
    s.execute("undo")
    assert s.state.characters["marcus"].health.lethal == 2
    s.close()
    s = Session.open(tmp_path / "c")
    s.execute("undo")
    assert s.state.characters["marcus"].health.lethal == 0
    s.execute("redo")
    s.close()
    s = Session.open(tmp_path / "c")
    s.execute("redo")
    assert s.state.characters["marcus"].health.lethal == 4
    with pytest.raises(CommandError, match="nothing to redo"):
        s.execute("redo")
    s.close()


def test_a_new_command_after_undo_clears_redo(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.execute("spend Marcus blood 1")
    s.execute("undo")
    assert s.state.redo
    s.execute("set Marcus brawl 3")
    assert not s.state.redo
    with pytest.raises(CommandError, match="nothing to redo"):
        s.execute("redo")
    s.close()


def test_undo_of_adding_a_character_removes_it(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.execute('add "Guest" mortal')
    s.execute("undo")
    assert "guest" not in s.state.characters
    s.execute("redo")
    assert s.state.characters["guest"].name == "Guest"
    s.close()


def test_undo_stops_at_a_new_chapter(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.execute("spend Marcus blood 1")
    s.execute("chapter")
    with pytest.raises(CommandError, match="nothing to undo"):
        s.execute("undo")
    s.close()
