"""Derangements (issue 14): a botched degeneration leaves one due and says how to name it;
``derangement NAME add|remove`` (and the Russian spellings) name and take them away, one
undoable event each, shown in the Beast pane, in ``state`` and in the replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import CommandError
from elysium.chronicle.session import Session
from elysium.cli.state import character_json
from elysium.tell.events import describe
from elysium.tui.render import beast
from tests.chronicle_helpers import COTERIE, new_session

BOTCH = "degenerate Marcus sin 5 dice 1,3,7"  # Conscience 3: three dice, a 1 and no success
AGAIN = "деградация Marcus грех 5 кости 1,3"  # Conscience 2 after the first botch


@pytest.fixture
def s(tmp_path: Path):
    session = new_session(tmp_path / "c", COTERIE)
    yield session
    session.close()


def marcus(s: Session):
    return s.state.characters["marcus"]


def test_a_botched_degeneration_leaves_one_due_not_a_placeholder(s) -> None:
    said = s.execute(BOTCH)
    assert marcus(s).derangements == ()  # no "derangement (ST's choice)" stored as a name
    assert marcus(s).derangements_due == 1
    assert said.render("en").endswith('choose a derangement: derangement Marcus add "NAME"')
    assert said.render("ru").endswith(
        'выберите расстройство: расстройство Marcus добавить "НАЗВАНИЕ"'
    )
    assert "1 to choose" in beast(marcus(s), "en").plain
    assert "не выбрано: 1" in beast(marcus(s), "ru").plain
    assert character_json(marcus(s))["derangements_due"] == 1


def test_naming_one_settles_the_due_one(s) -> None:
    s.execute(BOTCH)
    said = s.execute('derangement Marcus add "Paranoia"')
    assert marcus(s).derangements == ("Paranoia",) and marcus(s).derangements_due == 0
    assert said.render("en") == "Marcus gains the derangement Paranoia"
    assert said.render("ru") == "Marcus получает расстройство Paranoia"
    assert "Paranoia" in beast(marcus(s), "en").plain
    assert "to choose" not in beast(marcus(s), "en").plain
    assert character_json(marcus(s))["derangements"] == ["Paranoia"]


def test_russian_spellings_and_a_name_of_several_words(s) -> None:
    s.execute("расстройство Marcus добавить Мания величия")
    assert marcus(s).derangements == ("Мания величия",)
    said = s.execute('расстройство Marcus убрать "мания величия"')
    assert marcus(s).derangements == ()
    assert said.render("ru") == "Marcus избавляется от расстройства Мания величия"


def test_listing_is_an_answer_not_an_event(s) -> None:
    s.execute(BOTCH)
    s.execute("derangement Marcus add Paranoia")
    s.execute(AGAIN)
    events = s.state.events
    said = s.execute("derangement Marcus")
    assert said.event is None and s.state.events == events
    assert said.render("en") == (
        "Marcus: derangements Paranoia; 1 more due from a botched degeneration"
    )
    assert "расстройства: Paranoia" in said.render("ru")


@pytest.mark.parametrize(
    ("command", "en", "ru"),
    [
        ("derangement Marcus remove Para", "needs the whole name", "полное название"),
        ("derangement Marc remove Paranoia", "character's whole name", "полное имя персонажа"),
        ("derangement Marcus remove Mania", "has no derangement 'Mania'", "нет расстройства"),
        ("derangement Marcus add paranoia", "already has the derangement", "уже есть"),
        ("derangement Marcus add", "missing", "не хватает"),
        ("derangement Marcus forget Paranoia", "add or remove, not 'forget'", "добавить или"),
        ("derangement Marcus add " + "x" * 81, "at most 80", "не длиннее 80"),
    ],
)
def test_refusals_change_nothing(s, command, en, ru) -> None:
    s.execute("derangement Marcus add Paranoia")
    events = s.state.events
    with pytest.raises(CommandError) as caught:
        s.execute(command)
    assert en in caught.value.render("en") and ru in caught.value.render("ru")
    assert s.state.events == events and marcus(s).derangements == ("Paranoia",)


def test_each_change_is_one_undoable_event_told_in_the_replay(s) -> None:
    s.execute(BOTCH)
    s.execute("derangement Marcus add Paranoia")
    s.execute("derangement Marcus remove paranoia")
    added, removed = s.events()[-2:]
    assert (added.type, removed.type) == ("derangement_added", "derangement_removed")
    assert describe(added, "en") == "Marcus gains the derangement Paranoia"
    assert describe(removed, "ru") == "Marcus избавляется от расстройства Paranoia"
    said = s.execute("undo")
    assert marcus(s).derangements == ("Paranoia",)
    assert "now Marcus: derangements Paranoia" in said.render("en")
    said = s.execute("undo")
    assert marcus(s).derangements == () and marcus(s).derangements_due == 1
    assert "1 more due" in said.render("en") and "теперь Marcus" in said.render("ru")


def test_the_due_count_survives_a_restart_and_replays(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.execute(BOTCH)
    s.execute("derangement Marcus add Paranoia")
    s.execute(AGAIN)
    kept = s.state.characters
    s.close()
    again = Session.open(tmp_path / "c", full=True)
    assert again.state.characters == kept
    assert again.state.characters["marcus"].derangements_due == 1
    again.close()


def test_no_due_derangement_leaves_the_saved_sheet_as_before(s) -> None:
    assert "derangements_due" not in marcus(s).to_dict()  # older saves and records unchanged
    s.execute(BOTCH)
    assert marcus(s).to_dict()["derangements_due"] == 1
