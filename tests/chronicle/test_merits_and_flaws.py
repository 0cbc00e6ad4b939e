"""Merits and Flaws: ``merit NAME "Eat Food" 1`` and ``flaw NAME Nightmares 1`` (and the
Russian spellings) give one, again change it, ``0`` takes it away; each is one undoable
event. A roll naming one applies its modifier; the sheet keeps them in its stored form, in
``state --json`` and in the import format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elysium.chronicle.errors import CommandError
from elysium.chronicle.replay import Replay
from elysium.chronicle.session import Session
from elysium.cli.state import character_json
from elysium.rules.errors import RulesError
from elysium.rules.merits import Merit
from elysium.rules.sheet import Character
from tests.chronicle_helpers import journal_bytes
from tests.conftest import run_cli

REFLEXES = 'merit Marcus "Lightning Reflexes" 3 dice +1'
SIGHT = 'flaw Marcus "Bad Sight" 2 diff +1'


@pytest.fixture
def s(coterie: Session) -> Session:
    return coterie


def marcus(s: Session) -> Character:
    return s.state.characters["marcus"]


def test_a_merit_and_a_flaw_are_one_event_each_with_their_points(s) -> None:
    before = s.state.events
    said = s.execute('merit Marcus "Eat Food" 1')
    assert said.render("en") == "Marcus has the Merit Eat Food (1 pt)"
    assert said.render("ru") == "Marcus: новое достоинство Eat Food (1 очко)"
    said = s.execute("flaw Marcus Nightmares 1")  # the words before the points: the name
    assert said.render("en") == "Marcus has the Flaw Nightmares (1 pt)"
    assert s.state.events == before + 2
    assert [e.type for e in s.events()[-2:]] == ["merit", "flaw"]
    assert marcus(s).merits == (Merit("Eat Food", 1),)
    assert marcus(s).flaws == (Merit("Nightmares", 1),)
    shown = character_json(marcus(s))
    assert shown["merits"] == [{"name": "Eat Food", "points": 1}]
    assert shown["flaws"] == [{"name": "Nightmares", "points": 1}]


def test_a_modifier_is_kept_and_shown_with_the_points(s) -> None:
    assert s.execute(REFLEXES).render("en") == (
        "Marcus has the Merit Lightning Reflexes (3 pts; dice +1 when a roll names it)"
    )
    said = s.execute(SIGHT)
    assert said.render("ru") == (
        "Marcus: новый недостаток Bad Sight (2 очка; сложность +1, если бросок его называет)"
    )
    shown = character_json(marcus(s))
    assert shown["merits"] == [{"name": "Lightning Reflexes", "points": 3, "dice": 1}]
    assert shown["flaws"] == [{"name": "Bad Sight", "points": 2, "difficulty": 1}]


def test_russian_spellings_and_a_name_of_several_words_unquoted(s) -> None:
    s.execute("достоинство Marcus Быстрые рефлексы 3 кости +1")
    s.execute("недостаток Marcus Плохое зрение 2 сл +1")
    assert marcus(s).merits == (Merit("Быстрые рефлексы", 3, dice=1),)
    assert marcus(s).flaws == (Merit("Плохое зрение", 2, difficulty=1),)
    said = s.execute('недостаток Marcus "плохое зрение" 0')
    assert said.render("ru") == "у персонажа Marcus больше нет недостатка Плохое зрение"
    assert marcus(s).flaws == ()


def test_given_again_it_is_replaced_and_the_same_again_is_no_event(s) -> None:
    s.execute(REFLEXES)
    said = s.execute('merit Marcus "lightning reflexes" 4')  # any case: the same Merit
    assert said.render("en") == "Marcus's Merit is now Lightning Reflexes (4 pts), was 3 pts"
    assert marcus(s).merits == (Merit("Lightning Reflexes", 4),)  # as typed: no modifier
    data = s.events()[-1].data
    assert {k: data[k] for k in ("who", "name", "points", "was")} == {
        "who": "Marcus",
        "name": "Lightning Reflexes",
        "points": 4,
        "was": 3,
    }
    assert "dice" not in data
    events = s.state.events
    said = s.execute('merit Marcus "Lightning Reflexes" 4')
    assert said.event is None and s.state.events == events
    assert said.render("en") == "Marcus already has the Merit Lightning Reflexes (4 pts)"


def test_zero_takes_it_away_by_its_whole_name_and_undo_brings_it_back(s) -> None:
    s.execute(REFLEXES)
    s.execute('merit Marcus "Eat Food" 1')
    with pytest.raises(CommandError) as refused:
        s.execute("merit Marcus Lightning 0")  # a beginning is not enough to discard it
    assert "needs the Merit's whole name" in str(refused.value)
    assert "Lightning Reflexes" in str(refused.value)
    said = s.execute('merit Marcus "Lightning Reflexes" 0')
    assert said.render("en") == "Marcus no longer has the Merit Lightning Reflexes"
    assert marcus(s).merits == (Merit("Eat Food", 1),)
    said = s.execute("undo")  # back where it was on the sheet, and the undo says so
    assert "— now Marcus: Merits: Lightning Reflexes, Eat Food [was:" in said.render("en")
    assert "теперь Marcus: достоинства: Lightning Reflexes, Eat Food" in said.render("ru")
    assert marcus(s).merits == (Merit("Lightning Reflexes", 3, dice=1), Merit("Eat Food", 1))
    s.execute("redo")
    assert marcus(s).merits == (Merit("Eat Food", 1),)


def test_listing_is_an_answer_not_an_event(s) -> None:
    s.execute(REFLEXES)
    s.execute('merit Marcus "Eat Food" 1')
    events = s.state.events
    said = s.execute("merit Marcus")
    assert said.event is None and s.state.events == events
    assert said.render("en") == (
        "Marcus's Merits (4 pts):\n"
        "  Lightning Reflexes (3 pts; dice +1 when a roll names it)\n"
        "  Eat Food (1 pt)"
    )
    assert s.execute("недостаток Marcus").render("ru") == (
        "у персонажа Marcus нет недостатков (недостаток ИМЯ «НЕДОСТАТОК» ОЧКИ)"
    )


# V20 "Merits and Flaws": each is worth 1 to 7 points (the seeds and RULES.md are silent).
REFUSED = [
    ('merit Marcus "Eat Food" 8', "the points must be from 0 to 7, got 8"),
    ('merit Marcus "Eat Food" -1', "the points must be from 0 to 7, got -1"),
    ('merit Marcus "Eat Food" x', "the points must be a whole number, got 'x'"),
    ('merit Marcus "Eat Food"', "missing the points"),
    ('merit Marcus "Eat Food" 2 dice +1 diff -1', "one modifier: dice ±N or diff ±N"),
    ('merit Marcus "Eat Food" 2 dice 0', "a modifier of 0 changes nothing"),
    ('merit Marcus "Eat Food" 2 dice +6', "must be from -5 to 5, got 6"),
    ('flaw Marcus "Bad Sight" 2 diff +4', "must be from -3 to 3, got 4"),
    ('merit Marcus "Eat Food" 0 dice +1', "0 points takes it away"),
    ("merit Marcus Nothing 0", "Marcus has no Merit 'Nothing'; Merits: none"),
    ('merit Nobody "Eat Food" 1', "no character named 'Nobody'"),
    ("merit Marcus " + "x" * 61 + " 1", "a Merit's or Flaw's name is 1 to 60 characters"),
]


@pytest.mark.parametrize(("command", "said"), REFUSED)
def test_bad_input_is_one_line_and_changes_nothing(s, command: str, said: str) -> None:
    before, journal = s.state, journal_bytes(s.store.root)
    with pytest.raises(CommandError) as refused:
        s.execute(command)
    text = str(refused.value)
    assert said in text and "\n" not in text
    assert refused.value.render("ru") != text  # told in Russian too
    assert s.state == before and journal_bytes(s.store.root) == journal


def test_too_many_is_refused(s) -> None:
    for n in range(30):
        s.execute(f"flaw Marcus F{n} 1")
    with pytest.raises(CommandError) as refused:
        s.execute("flaw Marcus F30 1")
    assert "at most 30 Flaws" in str(refused.value)


# --- a roll naming one ------------------------------------------------------------------------

# (what the roll names, the faces, the pool rolled, the difficulty, its modifier as told)
# Marcus: Dexterity 3 + Brawl 2 = 5 dice at difficulty 6.
ROLLS = [
    ('merit "Lightning Reflexes"', "6,7,8,2,3,4", 6, 6, "(Lightning Reflexes +1)"),
    ("merit light", "6,7,8,2,3,4", 6, 6, "(Lightning Reflexes +1)"),  # its beginning
    ('flaw "Bad Sight"', "6,7,8,2,3", 5, 7, "(Bad Sight: difficulty +1)"),
    ('flaw "Bad Sight" merit "Lightning Reflexes"', "6,7,8,2,3,4", 6, 7, "Bad Sight"),
    ('flaw "Shaky Hands"', "6,7,8,2", 4, 6, "(Shaky Hands -1)"),
    ('merit "Calm Eye" diff 8', "6,7,8,2,3", 5, 7, "(Calm Eye: difficulty -1)"),
]


@pytest.mark.parametrize(("named", "faces", "pool", "difficulty", "told"), ROLLS)
def test_a_roll_naming_one_applies_its_modifier(
    s, named: str, faces: str, pool: int, difficulty: int, told: str
) -> None:
    for command in (REFLEXES, SIGHT, 'flaw Marcus "Shaky Hands" 1 dice -1'):
        s.execute(command)
    s.execute('merit Marcus "Calm Eye" 2 diff -1')
    said = s.execute(f"roll Marcus dexterity+brawl {named} dice {faces}")
    data = s.events()[-1].data
    assert len(data["dice"]) == pool and data["difficulty"] == difficulty
    assert told in said.render("en")
    assert all(m["reason"] in ("merit", "flaw") and m["name"] for m in data["mods"])


# The reply tells the difficulty the dice were read against, as the log and the recap do:
# the modifier beside the pool, the number after "diff" the one rolled. A modifier is kept on
# the 2-10 scale as the bearing is (seed 000, «Сложность всегда варьируется от 2 до 10»): a
# -1 at difficulty 2 rolls at 2, not a refused 1. Marcus: 5 dice; Clumsy +1, Short Fuse -1.
# (what follows the traits, the English reply's difficulty and faces, the Russian one's, rolled)
ROLLED_AT = [
    ("diff 6 flaw Clumsy dice 6,6,6,6,6", "diff 7: 6 6 6 6 6 — failure", "сл 7: 6 6", 7),
    ("flaw short dice 5,5,5,5,5", "diff 5: +5 +5 +5 +5 +5 — success", "сл 5: +5", 5),
    ('diff 2 flaw "Short Fuse" dice 2,2,2,2,1', "diff 2: +2 +2 +2 +2 -1-", "сл 2: +2", 2),
    ("diff 10 flaw Clumsy dice 9,9,9,9,10", "diff 10: 9 9 9 9 *10* — success", "сл 10:", 10),
    ("flaw Clumsy retry 1 dice 7,7,8,8,8", "diff 8 (6 + retry): 7 7 +8", "сл 8 (6 + повтор)", 8),
]


@pytest.mark.parametrize(("rest", "en", "ru", "rolled"), ROLLED_AT)
def test_the_reply_tells_the_difficulty_rolled(s, rest: str, en: str, ru: str, rolled: int) -> None:
    s.execute("flaw Marcus Clumsy 1 diff +1")
    s.execute('flaw Marcus "Short Fuse" 1 diff -1')
    said = s.execute(f"roll Marcus dexterity+brawl {rest}")
    assert en in said.render("en") and ru in said.render("ru")
    assert "difficulty must be" not in said.render("en")
    assert s.events()[-1].data["difficulty"] == rolled


def test_a_heavy_load_is_told_the_same_way(s) -> None:
    s.execute("carry Marcus 400")  # over the limit: +1 difficulty to a physical action
    said = s.execute("roll Marcus dexterity+brawl dice 6,6,6,6,6").render("en")
    assert "= 5 (load: difficulty +1), diff 7: 6 6 6 6 6 — failure" in said
    assert s.events()[-1].data["difficulty"] == 7


def test_a_russian_roll_names_a_merit_in_russian(s) -> None:
    s.execute("достоинство Marcus Быстрые рефлексы 3 кости +1")
    said = s.execute(
        'бросок Marcus ловкость+драка достоинство "Быстрые рефлексы" кости 6,7,8,2,3,4'
    )
    assert "(Быстрые рефлексы +1)" in said.render("ru")
    assert len(s.events()[-1].data["dice"]) == 6


ROLLS_REFUSED = [
    ('merit "Eat Food"', "Marcus's Merit Eat Food changes no roll"),
    ("merit Nope", "Marcus has no Merit 'Nope' that changes a roll; such Merits: Lightning"),
    ('flaw "Lightning Reflexes"', "Marcus has no Flaw 'Lightning Reflexes'"),
]


@pytest.mark.parametrize(("named", "said"), ROLLS_REFUSED)
def test_a_roll_naming_what_cannot_change_it_is_refused(s, named: str, said: str) -> None:
    s.execute(REFLEXES)
    s.execute('merit Marcus "Eat Food" 1')
    before, journal = s.state, journal_bytes(s.store.root)
    with pytest.raises(CommandError) as refused:
        s.execute(f"roll Marcus dexterity+brawl {named} dice 6,7,8,2,3,4")
    assert said in str(refused.value) and "\n" not in str(refused.value)
    assert s.state == before and journal_bytes(s.store.root) == journal


def test_a_bare_pool_has_no_merits(s) -> None:
    with pytest.raises(CommandError) as refused:
        s.execute("roll 3 merit Anything dice 6,7,8")
    assert "a Merit belongs to a character" in str(refused.value)


# --- the stored form and the import format ------------------------------------------------------


def test_an_old_stored_sheet_loads_without_them_and_stays_the_same() -> None:
    old = Character("Anna").to_dict()
    assert "merits" not in old and "flaws" not in old  # left out while empty
    back = Character.from_dict(old)
    assert back.merits == () and back.flaws == () and back.to_dict() == old


def test_the_stored_form_keeps_them_and_refuses_a_bad_one() -> None:
    c = Character("Anna", merits=(Merit("Eat Food", 1),), flaws=(Merit("Bad Sight", 2, 0, 1),))
    stored = c.to_dict()
    assert stored["flaws"] == [{"name": "Bad Sight", "points": 2, "difficulty": 1}]
    assert Character.from_dict(stored) == c
    for bad in (
        {"name": "X", "points": 9},
        {"name": "X", "points": 1, "dice": 1, "difficulty": 1},
        {"name": "X", "points": 1, "colour": "red"},
        {"points": 1},
    ):
        with pytest.raises(RulesError):
            Character.from_dict({**stored, "merits": [bad]})
    twice = [{"name": "Eat Food", "points": 1}, {"name": "eat food", "points": 2}]
    with pytest.raises(RulesError):
        Character.from_dict({**stored, "merits": twice})


def test_state_json_imports_with_them(s, tmp_path: Path) -> None:
    s.execute(REFLEXES)
    s.execute(SIGHT)
    root = s.store.root
    s.close()
    shown = json.loads(run_cli("state", str(root), "--json").stdout)["characters"][0]
    entry = {"name": "Marcus Again", "kind": "vampire"}
    entry |= {"merits": shown["merits"], "flaws": shown["flaws"]}
    path = tmp_path / "again.json"
    path.write_text(json.dumps({"characters": [entry]}))
    proc = run_cli("import", str(root), str(path))
    assert proc.returncode == 0, proc.stderr
    again = json.loads(run_cli("state", str(root), "--json").stdout)["characters"][-1]
    assert again["name"] == "Marcus Again"
    assert again["merits"] == [{"name": "Lightning Reflexes", "points": 3, "dice": 1}]
    assert again["flaws"] == [{"name": "Bad Sight", "points": 2, "difficulty": 1}]


@pytest.mark.parametrize(
    ("merits", "said"),
    [
        ([{"name": "Eat Food", "points": 8}], "a Merit costs 1 to 7 points (V20), not 8"),
        ({"name": "Eat Food"}, "merits must be a list of tables"),
        (["Eat Food"], "a Merit or Flaw is a table of name, points, dice, difficulty"),
    ],
)
def test_a_bad_import_is_refused_whole(tmp_path: Path, merits: object, said: str) -> None:
    root = tmp_path / "c"
    assert run_cli("new", str(root)).returncode == 0
    path = tmp_path / "bad.json"
    entries = [{"name": "Ok", "kind": "mortal"}, {"name": "Bad", "merits": merits}]
    path.write_text(json.dumps({"characters": entries}))
    proc = run_cli("import", str(root), str(path))
    assert proc.returncode != 0 and said in proc.stderr
    assert json.loads(run_cli("state", str(root), "--json").stdout)["characters"] == []


def test_names_from_an_import_are_cleaned(tmp_path: Path) -> None:
    root = tmp_path / "c"
    assert run_cli("new", str(root)).returncode == 0
    path = tmp_path / "npc.json"
    hostile = {"name": "Eat\x1b[31m  Food", "points": 1}
    path.write_text(json.dumps({"characters": [{"name": "Ann", "flaws": [hostile]}]}))
    assert run_cli("import", str(root), str(path)).returncode == 0
    flaws = json.loads(run_cli("state", str(root), "--json").stdout)["characters"][0]["flaws"]
    assert "\x1b" not in flaws[0]["name"] and "  " not in flaws[0]["name"]


def test_they_replay_and_survive_a_reopened_chronicle(s) -> None:
    s.execute(REFLEXES)
    s.execute(SIGHT)
    s.execute('merit Marcus "Lightning Reflexes" 0')
    root = s.store.root
    with Replay.open(s) as replay:
        last = len(replay) - 1
        kinds = [replay.event(i).type for i in range(last - 2, last + 1)]
        assert kinds == ["merit", "flaw", "merit"]
        given = replay.state(last - 1).characters["marcus"]  # before it was taken away
        assert given.merits == (Merit("Lightning Reflexes", 3, dice=1),)
        assert replay.state(last).characters["marcus"].merits == ()
    s.close()
    again = Session.open(root)
    try:
        assert again.state.characters["marcus"].flaws == (Merit("Bad Sight", 2, difficulty=1),)
    finally:
        again.close()
