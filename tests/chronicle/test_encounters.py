"""Saved encounters: ``encounter save|add|list|forget`` (Russian ``группа``) keep a group of
NPC sheets in the chronicle and add a fresh, numbered copy of the whole group in one event,
which undo takes back whole, the replay rebuilds, and the recap, the log and the players'
view read as they read any NPC."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.encounters import encounters_in
from elysium.chronicle.errors import CommandError, Invalid
from elysium.chronicle.projection import project
from elysium.chronicle.session import Session
from elysium.rules.traits import Kind
from elysium.tell.events import describe
from elysium.tell.recap import build
from elysium.tell.table import Table
from tests.chronicle_helpers import journal_bytes, new_session
from tests.conftest import run_cli

CAST = [
    "add Ghoul ghoul",
    "add Ventrue vampire gen 9",
    'add "Marcus" vampire gen 10',
    "set Marcus player yes",
    "set Ghoul strength 3",
    "set Ghoul notes Carries a shotgun",
]
PACK = 'encounter save "Sabbat pack" Ghoul Ghoul Ventrue'


@pytest.fixture
def s(tmp_path: Path):
    session = new_session(tmp_path / "c", CAST)
    yield session
    session.close()


def names(s: Session) -> list[str]:
    return [c.name for c in s.state.characters.values()]


def test_saving_keeps_the_sheets_as_they_are_now(s) -> None:
    said = s.execute(PACK)
    assert said.render("en") == "saved the encounter “Sabbat pack”: Ghoul, Ghoul, Ventrue"
    assert said.render("ru") == "группа «Sabbat pack» сохранена: Ghoul, Ghoul, Ventrue"
    s.execute("set Ghoul strength 5")  # a later change to the original is not in the group
    sheets = s.state.encounters["sabbat pack"]["sheets"]
    assert [sheet["name"] for sheet in sheets] == ["Ghoul", "Ghoul", "Ventrue"]
    assert sheets[0]["attributes"]["strength"] == 3


def test_adding_numbers_the_names_taken_and_counts_on(s) -> None:
    s.execute(PACK)
    said = s.execute('encounter add "sabbat pack"')  # the name in any case
    assert said.render("en") == (
        "the encounter “Sabbat pack” joins the scene: Ghoul 2, Ghoul 3, Ventrue 2"
    )
    assert said.render("ru") == "в сцену входит группа «Sabbat pack»: Ghoul 2, Ghoul 3, Ventrue 2"
    s.execute('группа добавить "Sabbat pack"')
    assert names(s)[3:] == ["Ghoul 2", "Ghoul 3", "Ventrue 2", "Ghoul 4", "Ghoul 5", "Ventrue 3"]
    copy = s.state.characters["ghoul 2"]
    assert copy.attributes["strength"] == 3 and copy.notes == "Carries a shotgun"


def test_a_name_nobody_has_is_kept_and_a_numbered_one_counts_from_its_first_name(
    tmp_path: Path,
) -> None:
    s = new_session(tmp_path / "c", ["add Гуль ghoul", "add 'Гуль 2' ghoul"])
    s.execute("группа сохранить Стая 'Гуль 2'")
    s.execute("убрать 'Гуль 2'")
    s.execute("группа добавить Стая")  # "Гуль 2" is free again: kept as saved
    s.execute("группа добавить Стая")  # then "Гуль 3", never "Гуль 2 2"
    assert names(s) == ["Гуль", "Гуль 2", "Гуль 3"]
    s.close()


def test_a_copy_comes_fresh(s) -> None:
    s.execute("damage Ventrue 4 aggravated nosoak")
    s.execute("spend Ventrue wp 2")
    s.execute("spend Ventrue blood 2")
    s.execute("spend Ghoul wp 1")
    s.execute('condition Ventrue "Dominated" 3 scenes')
    s.execute(PACK)
    s.execute('encounter add "Sabbat pack"')
    ventrue, ghoul = s.state.characters["ventrue 2"], s.state.characters["ghoul 2"]
    hurt = s.state.characters["ventrue"]
    assert hurt.health.filled > 0 and ventrue.health.filled == 0
    assert ventrue.willpower_points == ventrue.willpower > hurt.willpower_points
    assert ventrue.blood == ventrue.blood_max > hurt.blood
    assert ventrue.blood_spent_turn == 0
    assert ghoul.kind is Kind.GHOUL and ghoul.blood == s.state.characters["ghoul"].blood
    assert ghoul.willpower_points == ghoul.willpower
    assert not ghoul.player
    assert s.state.characters["ventrue"].conditions and not ventrue.conditions


def test_adding_is_one_event_and_one_undo_takes_the_whole_group_back(s) -> None:
    s.execute(PACK)
    before = s.state.characters
    events = s.state.events
    s.execute('encounter add "Sabbat pack"')
    assert s.state.events == events + 1
    added = s.events()[-1]
    assert added.type == "encounter_added"
    assert added.data["name"] == "Sabbat pack"
    assert added.data["names"] == ["Ghoul 2", "Ghoul 3", "Ventrue 2"]
    s.execute("undo")
    assert s.state.characters == before
    s.execute("redo")
    assert names(s)[3:] == ["Ghoul 2", "Ghoul 3", "Ventrue 2"]


def test_list_is_an_answer_and_forget_an_undoable_event(s) -> None:
    said = s.execute("encounter list")
    assert said.event is None
    assert said.render("en") == 'no encounters saved yet (encounter save "NAME" NPC…)'
    s.execute(PACK)
    s.execute("encounter save Guards Ventrue")
    events = s.state.events
    said = s.execute("группа список")
    assert said.event is None and s.state.events == events
    assert said.render("en") == (
        "encounters: “Sabbat pack”: Ghoul, Ghoul, Ventrue; “Guards”: Ventrue"
    )
    assert said.render("ru") == "группы: «Sabbat pack»: Ghoul, Ghoul, Ventrue; «Guards»: Ventrue"
    said = s.execute('группа забыть "sabbat pack"')
    assert said.render("ru") == "группа «Sabbat pack» забыта"
    assert list(s.state.encounters) == ["guards"]
    s.execute("undo")
    assert list(s.state.encounters) == ["sabbat pack", "guards"]  # back in its place


@pytest.mark.parametrize(
    ("command", "en", "ru"),
    [
        ("encounter save Pack Marcus", "Marcus is a player's character", "персонаж игрока"),
        ("encounter save Pack Ghoul Marcus", "only NPCs", "только НПС"),
        ("encounter save Pack Nobody", "no character named 'Nobody'", "нет персонажа"),
        ("encounter save Pack", "missing the NPCs to save", "не хватает"),
        ('encounter save "sabbat PACK" Ghoul', "already an encounter named", "уже есть"),
        ('encounter save "" Ghoul', "needs a name", "название"),
        ("encounter save " + "x" * 61 + " Ghoul", "at most 60", "не длиннее 60"),
        ("encounter add Guards", "no encounter named “Guards”", "нет группы «Guards»"),
        ("encounter forget Sabbat", "encounters: Sabbat pack", "группы: Sabbat pack"),
        ("encounter keep Pack", "not 'keep'", "а не 'keep'"),
        ("encounter list all", "did not understand 'all'", "непонятно 'all'"),
        ("группа", "missing", "не хватает"),
    ],
)
def test_refusals_are_one_line_and_change_nothing(s, command, en, ru) -> None:
    s.execute(PACK)
    state, journal = s.state, journal_bytes(s.store.root)
    with pytest.raises(CommandError) as caught:
        s.execute(command)
    told_en, told_ru = caught.value.render("en"), caught.value.render("ru")
    assert en in told_en and ru in told_ru, (told_en, told_ru)
    assert "\n" not in told_en and "\n" not in told_ru
    assert s.state == state and journal_bytes(s.store.root) == journal


def test_the_groups_survive_a_restart_and_a_full_replay(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", CAST)
    s.execute(PACK)
    s.execute('encounter add "Sabbat pack"')
    kept, groups = s.state.characters, s.state.encounters
    s.close()
    again = Session.open(tmp_path / "c", full=True)
    assert again.state.characters == kept and again.state.encounters == groups
    again.execute('encounter add "Sabbat pack"')  # the saved sheets, read back, still add
    assert "ghoul 4" in again.state.characters
    again.close()


def test_the_log_and_the_recap_tell_it_and_the_players_see_npcs_only(s) -> None:
    s.execute(PACK)
    s.execute('encounter add "Sabbat pack"')
    saved, added = s.events()[-2:]
    assert describe(saved, "ru") == "группа «Sabbat pack» сохранена: Ghoul, Ghoul, Ventrue"
    assert describe(added, "en") == (
        "the encounter “Sabbat pack” joins the scene: Ghoul 2, Ghoul 3, Ventrue 2"
    )
    recap = build(s.events(), 1, "Test", "en")
    lines = [line for scene in recap.scenes for line in scene[1]]
    assert describe(added, "en") in lines
    table = Table(s.state)
    assert table.line(saved, "en") is None and table.line(added, "en") is None
    view = project(s.state, s.events())
    shown = {c["name"]: c for c in view["characters"]}
    assert set(shown["Ghoul 2"]) == {"name", "player", "wounds"}  # as any NPC: no traits
    assert not any("Sabbat" in str(r) for r in view["rolls"])


def test_elysium_run_and_log_in_both_languages(tmp_path: Path) -> None:
    root = str(tmp_path / "c")
    assert run_cli("new", root).returncode == 0
    done = run_cli("run", root, "add Ghoul ghoul", "группа сохранить Стая Ghoul Ghoul")
    assert done.returncode == 0, done.stderr
    done = run_cli("run", root, "encounter add Стая", "--lang", "ru")
    assert done.stdout.strip() == "в сцену входит группа «Стая»: Ghoul 2, Ghoul 3"
    log = run_cli("log", root).stdout
    assert "saved the encounter “Стая”: Ghoul, Ghoul" in log
    assert "the encounter “Стая” joins the scene: Ghoul 2, Ghoul 3" in log


GHOUL = {"name": "Ghoul", "kind": "ghoul"}


@pytest.mark.parametrize(
    "bad",
    [
        [],  # not a table
        {"Pack": {"name": "Pack", "sheets": [GHOUL]}},  # a key that is not the name's key
        {"pack": {"name": "", "sheets": [GHOUL]}},  # no name
        {"pack": {"name": "Pack", "sheets": []}},  # nobody in it
        {"pack": {"name": "Pack", "sheets": [GHOUL] * 31}},  # more than a group holds
        {"pack": {"name": "Pack", "sheets": [{"name": "Ghoul", "kind": "dragon"}]}},
        {"pack": {"name": "Pack", "sheets": [{**GHOUL, "claws": 3}]}},  # an unknown field
        {"pack": {"name": "Pack"}},
    ],
)
def test_a_damaged_table_of_groups_read_from_disk_is_refused(bad) -> None:
    with pytest.raises(Invalid):
        encounters_in(bad)


def test_text_read_from_disk_is_neutralised() -> None:
    read = encounters_in({"pack": {"name": "Pack", "sheets": [{**GHOUL, "name": "G\x1b[2J"}]}})
    assert read["pack"]["sheets"][0]["name"] == "G\ufffd[2J"
