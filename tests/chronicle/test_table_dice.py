"""Physical dice asked one step at a time (issue 14): the attack's to-hit, damage and soak
each asked when their pools are known, driven through the command language. Pools follow
RULES.md §4 (V20 p. 290-301); an empty soak pool throws nothing (V20 p. 291)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from elysium.chronicle.errors import CommandError
from elysium.chronicle.session import Session
from elysium.rules import V20, SeededDice
from elysium.rules.errors import RulesError
from elysium.rules.table_dice import NeedFaces, TableDice, read_faces
from tests.chronicle.combat_cast import INIT, SETUP, START
from tests.chronicle_helpers import new_session

DECLARE = [
    'declare "Ghoul 1" delay',
    "declare Rex attack Bob punch",
    "declare Bob dodge",
    "declare Marcus attack Rex punch",
]


def play(session: Session, text: str, steps: list[tuple[int, ...] | None]):
    """Run ``text`` at a table that throws ``steps`` in turn; every NeedFaces met on the way
    is returned (the prompts the Storyteller would see), then the result."""
    typed: list[tuple[int, ...] | None] = []
    asked = []
    while True:
        events = session.state.events
        try:
            return asked, session.execute(text, TableDice(typed, SeededDice(5)))
        except NeedFaces as need:
            assert session.state.events == events  # nothing written for a step
            asked.append(need)
            if len(typed) == len(steps):
                return asked, None
            typed.append(steps[len(typed)])


@pytest.fixture
def fight(tmp_path: Path):
    s = new_session(tmp_path / "c", [*SETUP, START, INIT, *DECLARE])
    yield s
    s.close()


def test_an_attack_asks_to_hit_then_damage_then_soak(tmp_path: Path) -> None:
    # Marcus punches Rex: Dexterity 3 + Brawl 3 = 6 to hit; the damage pool is Strength 3
    # + the successes beyond the first (V20 p. 291); Rex soaks with Stamina 3.
    s = new_session(tmp_path / "c", [*SETUP, START, INIT, *DECLARE])
    s.close()
    shutil.copytree(tmp_path / "c", tmp_path / "twin")
    stepped, twin = Session.open(tmp_path / "c"), Session.open(tmp_path / "twin")
    try:
        hit, damage, soak = (8, 8, 3, 7, 2, 10), (9, 6, 2, 6, 1, 8), (6, 2, 9)
        asked, result = play(stepped, "attack Marcus Rex punch", [hit, damage, soak])
        assert result is not None
        steps = [(a.step.what.render("en"), a.step.count) for a in asked]
        assert steps == [
            ("Marcus: the attack", 6),
            ("the damage roll", 6),
            ("Rex: the soak roll", 3),
        ]
        assert asked[0].step.what.render("ru") == "Marcus: атака"
        # What the table is shown before each step: the rolls already made, scored.
        assert [len(a.scored) for a in asked] == [0, 1, 2]
        assert asked[1].scored[0].result.successes == 4  # 8 8 7 10 against difficulty 6
        assert asked[2].scored[1].result.dice == damage
        # The same faces typed all at once (the shell's form): the same event and state.
        hit_s, dmg_s, soak_s = (",".join(map(str, f)) for f in (hit, damage, soak))
        once = twin.execute(f"attack Marcus Rex punch dice {hit_s} dmg {dmg_s} soak {soak_s}")
        assert once.render("en") == result.render("en")
        assert twin.state.characters == stepped.state.characters
        assert twin.state.combat == stepped.state.combat
    finally:
        stepped.close()
        twin.close()


def test_no_soak_step_when_the_soak_pool_is_empty(tmp_path: Path) -> None:
    # A mortal cannot soak lethal damage (V20 p. 272): the soak pool is 0, nothing is asked.
    s = new_session(tmp_path / "c", ['add "Marcus" vampire gen 10', 'add "Bob" mortal blank'])
    try:
        asked, result = play(s, "damage Bob 2 lethal", [])
        assert asked == [] and result is not None
        assert s.state.characters["bob"].health.lethal == 2
        asked, result = play(s, "damage Marcus 2 lethal", [(6,)])
        assert [a.step.what.render("en") for a in asked] == ["Marcus: the soak roll"]
        assert asked[0].step.count == 1 + 0  # Stamina 1 (a new sheet), no Fortitude
    finally:
        s.close()


def test_a_step_left_to_elysium_is_rolled_once_and_kept(fight: Session) -> None:
    typed: list[tuple[int, ...] | None] = [None]
    with pytest.raises(NeedFaces) as first:
        fight.execute("attack Marcus Rex punch", TableDice(typed, SeededDice(9)))
    rolled = typed[0]
    assert rolled is not None and len(rolled) == 6  # the faces drawn are written back
    with pytest.raises(NeedFaces) as again:
        fight.execute("attack Marcus Rex punch", TableDice(typed, SeededDice(123)))
    assert again.value.scored[0].result == first.value.scored[0].result


def test_initiative_is_one_prompt_for_everyone_in_order(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", [*SETUP, START])
    try:
        asked, result = play(s, "init", [(7, 3, 2, 3)])
        assert len(asked) == 1 and asked[0].step.count == 4
        assert asked[0].step.what.key == "table.initiative"
        assert asked[0].step.what.values["who"] == "Marcus, Bob, Ghoul 1, Rex"
        assert result is not None
        at_once = 'init dice Marcus=7,Bob=3,"Ghoul 1=2",Rex=3'
        typed = new_session(tmp_path / "d", [*SETUP, START, at_once])
        assert s.state.combat == typed.state.combat
        typed.close()
    finally:
        s.close()


def test_the_rule_of_ten_asks_for_the_tens_again(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", ['add "Marcus" vampire gen 10', "rules ten on"])
    try:
        asked, result = play(s, "roll 3 diff 6", [(10, 10, 4), (7, 1)])
        assert [a.step.reroll for a in asked] == [False, True]
        assert asked[1].step.count == 2
        assert result is not None
        assert result.event.data["rerolls"] == [7, 1]
    finally:
        s.close()


def test_a_refused_command_asks_nothing(fight: Session) -> None:
    with pytest.raises(CommandError):
        fight.execute("attack Marcus Nobody punch", TableDice([], SeededDice(1)))
    with pytest.raises(CommandError):  # Rex acts later: not his turn, before any die
        fight.execute("attack Rex Bob punch", TableDice([], SeededDice(1)))


def test_commands_without_dice_run_at_once(fight: Session) -> None:
    result = fight.execute("award Marcus 1", TableDice([], SeededDice(1)))
    assert result.event is not None


@pytest.mark.parametrize(
    ("text", "faces"),
    [
        ("8 3 10", (8, 3, 10)),
        ("8,3,10", (8, 3, 10)),
        ("  1 0 ", (1, 10)),  # a d10's 0 is a ten
        ("10", (10,)),
    ],
)
def test_faces_as_typed(text: str, faces: tuple[int, ...]) -> None:
    assert read_faces(text) == faces


@pytest.mark.parametrize("text", ["8 x 3", "11", "8 -1", "3.5"])
def test_faces_refused(text: str) -> None:
    with pytest.raises(RulesError):
        read_faces(text)


@pytest.mark.parametrize(
    ("command", "lang_word"),
    [("rules physical-dice on", True), ("правила кубы-на-столе вкл", True)],
)
def test_the_chronicle_setting(tmp_path: Path, command: str, lang_word: bool) -> None:
    s = Session.create(tmp_path / "c", "Test", V20, SeededDice(1))
    try:
        assert not s.state.profile.house.physical_dice
        s.execute(command)
        assert s.state.profile.house.physical_dice is lang_word
        s.execute("undo")
        assert not s.state.profile.house.physical_dice
    finally:
        s.close()


def test_a_roll_belongs_to_someone(tmp_path: Path) -> None:
    """``roll N ... by NAME``: an NPC not on the sheet throws; a bare pool with no name is
    the Storyteller's, in the log and the statistics (never "—")."""
    from elysium.tell.events import describe
    from elysium.tell.stats import dice_stats

    s = Session.create(tmp_path / "c", "Test", V20, SeededDice(1))
    try:
        s.execute('add "Marcus" vampire gen 10')
        said = s.execute('roll 5 diff 6 by "The Sheriff" dice 8,8,2,3,1').render("en")
        assert said.startswith("The Sheriff: 5 dice, diff 6: ")
        s.execute("бросок 3 сл 7 бросает Шериф кости 9,9,9")
        s.execute("roll 4 dice 6,6,6,6")
        with pytest.raises(CommandError, match="Marcus rolls their own traits"):
            s.execute("roll Marcus dex+brawl by Someone")
        logged = [describe(e, "en") for e in s.store.tail_events(3)]
        assert logged[0].startswith("The Sheriff: ")
        assert logged[1].startswith("Шериф: ")
        assert logged[2].startswith("Storyteller: ")
        assert describe(s.store.tail_events(1)[0], "ru").startswith("Рассказчик: ")
        tallies = dice_stats(s.store.events(), s.state.profile)
        assert tallies["The Sheriff"].rolls == 1 and tallies["Шериф"].rolls == 1
        assert tallies["—"].rolls == 1  # shown as "Storyteller" / "Рассказчик"
    finally:
        s.close()
