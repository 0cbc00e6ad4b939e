"""More of the command language: boosts, the blush, XP, Willpower against wounds, ghouls,
the Beast without dice, short names, Russian words."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import CommandError
from tests.chronicle_helpers import COTERIE, new_session


@pytest.fixture
def s(tmp_path: Path):
    session = new_session(tmp_path / "c", COTERIE)
    yield session
    session.close()


def ch(s, name):
    return s.state.characters[name]


def test_blood_boost_and_blush(s) -> None:
    s.execute("boost Marcus strength 1")
    assert ch(s, "marcus").trait("strength") == 2 and ch(s, "marcus").blood == 12
    s.execute("turn")
    s.execute("blush Marcus")  # Humanity 7: 1 blood
    assert ch(s, "marcus").blush and ch(s, "marcus").blood == 11
    s.execute("scene")
    assert ch(s, "marcus").trait("strength") == 1 and not ch(s, "marcus").blush


def test_raise_spends_experience(s) -> None:
    s.execute("award Marcus 10")
    r = s.execute("raise Marcus brawl")  # Ability 2 -> 3: 2 x 2
    assert "4 XP" in r.message and ch(s, "marcus").xp == 6
    with pytest.raises(CommandError, match="costs 12 XP"):
        s.execute("raise Marcus dexterity")
    with pytest.raises(CommandError, match="raise NAME TRAIT"):
        s.execute("spend Marcus xp 1")


def test_willpower_sets_wounds_aside_for_a_turn(s) -> None:
    s.execute("damage Marcus 6 lethal nosoak")  # Crippled: -5
    with pytest.raises(CommandError, match="no dice for dex\\+brawl after the wound penalty"):
        s.execute("roll Marcus dex+brawl")
    s.execute("spend Marcus wp 1 wounds")
    r = s.execute("roll Marcus dex+brawl dice 7,7,7,7,7")
    assert r.event.data["penalty"] == 0
    s.execute("turn")
    with pytest.raises(CommandError, match="wound penalty"):
        s.execute("roll Marcus dex+brawl")


def test_a_ghoul_drinks_vitae(s) -> None:
    s.execute("feed Rex 2 from Marcus")
    assert (ch(s, "rex").blood, ch(s, "marcus").blood, ch(s, "rex").bonds) == (3, 11, {"Marcus": 1})
    with pytest.raises(CommandError, match="not a vampire"):
        s.execute("feed Rex 1 from Bob")


def test_the_beast_wins_without_dice(s) -> None:
    s.execute("set Marcus instinct 3")
    r = s.execute("frenzy Marcus diff 4 dice 9,9,9")  # typed faces are simply not needed
    assert ch(s, "marcus").frenzied and r.event.data["automatic"] is True
    s.execute('add "Starving" vampire gen 13')
    s.execute("set Starving blood 0")
    r = s.execute("frenzy Starving diff 6")
    assert ch(s, "starving").frenzied and "pool 0" in r.message
    with pytest.raises(CommandError, match="only vampires frenzy"):
        s.execute("frenzy Bob diff 6")


def test_combat_rounds_move_the_game_turn(s) -> None:
    s.execute('add "Thug" mortal blank')
    s.execute("combat start Marcus Thug")
    s.execute("init dice Marcus=5,Thug=2")
    s.execute("spend Marcus blood 1")
    for _ in range(2):
        s.execute("next")  # declarations
    for _ in range(2):
        s.execute("next")  # actions
    turn = s.state.turn
    r = s.execute("next")
    assert "round 1 ends" in r.message and s.state.turn == turn + 1
    s.execute("spend Marcus blood 1")  # a new turn, a new per-turn limit


def test_declarations_are_checked(s) -> None:
    s.execute("combat start Marcus Bob")
    s.execute("init dice Marcus=5,Bob=2")
    with pytest.raises(CommandError, match="no character named 'Thug'"):
        s.execute("declare Bob attack Thug kick")
    with pytest.raises(CommandError, match="unknown maneuver 'kik'"):
        s.execute("declare Bob attack Marcus kik")
    s.execute("declare Bob уклонение")
    assert s.state.combat["declared"]["bob"]["defence"] == "dodge"


def test_next_warns_when_a_declared_attack_was_not_resolved(s) -> None:
    s.execute("combat start Marcus Bob")
    s.execute("init dice Marcus=5,Bob=2")
    s.execute("next")
    s.execute("declare Marcus attack Bob punch")
    r = s.execute("next")
    assert "was not resolved" in r.message


def test_short_names_and_russian_words(s) -> None:
    s.execute('add "Lucien Marchetti" vampire gen 9')
    s.execute("set Lucien dexterity 2")  # a unique beginning of the name is enough
    assert ch(s, "lucien marchetti").attributes["dexterity"] == 2
    s.execute('add "Lucia" mortal blank')
    with pytest.raises(CommandError, match="could be Lucien Marchetti, Lucia"):
        s.execute("set Luc dexterity 3")
    s.execute("урон Marcus 1 тяжёлые nosoak")
    assert ch(s, "marcus").health.lethal == 1
    s.execute("set Marcus blood 5")
    s.execute("питание Marcus 2 из собака")
    assert ch(s, "marcus").blood == 7
    r = s.execute("бросок 3 кубики 8,8,2")
    assert r.event.data["dice"] == [8, 8, 2]


def test_refusals_that_used_to_slip_through(s) -> None:
    with pytest.raises(CommandError, match="from 1 to 30"):
        s.execute("damage Marcus 0 lethal")
    with pytest.raises(CommandError, match="a mortal and has no Disciplines"):
        s.execute("set Bob potence 2")
    with pytest.raises(CommandError, match="templates: mortal, ghoul, neonate"):
        s.execute('add "Zed" werewolf')
    with pytest.raises(CommandError, match="no aggravated damage to heal"):
        s.execute("heal Marcus 1 aggravated")
    with pytest.raises(CommandError, match="Willpower must be from 1 to 10"):
        s.execute("set Marcus willpower 11")
    s.execute("set Marcus gen 8")
    assert ch(s, "marcus").generation == 8


def test_undo_says_what_it_undid(s) -> None:
    s.execute("spend Marcus blood 1")
    r = s.execute("undo")
    assert "Marcus spends 1 blood" in r.message


def test_import_catches_a_misspelled_discipline(s, tmp_path: Path) -> None:
    import json

    path = tmp_path / "sofia.json"
    path.write_text(
        json.dumps(
            {
                "characters": [
                    {
                        "name": "Sofia",
                        "kind": "vampire",
                        "generation": 10,
                        "disciplines": {"celeritiy": 2},
                    }
                ]
            }
        )
    )
    with pytest.raises(CommandError, match="did you mean 'celerity'"):
        s.import_file(path)
    path.write_text(
        json.dumps(
            {
                "characters": [
                    {
                        "name": "Sofia",
                        "kind": "vampire",
                        "generation": 10,
                        "disciplines": {"discipline:koldunism": 2},
                    }
                ]
            }
        )
    )
    s.import_file(path)
    assert ch(s, "sofia").disciplines == {"koldunism": 2}


def test_no_sunset_in_the_middle_of_a_fight(s) -> None:
    s.execute("combat start Marcus Bob")
    for verb in ("night", "scene", "chapter"):
        with pytest.raises(CommandError, match=f"combat end before {verb}"):
            s.execute(verb)
    s.execute("combat end")
    s.execute("night")


def test_any_word_of_a_name_will_do(s) -> None:
    s.execute('add "Brother Anselm" vampire gen 7')
    s.execute("set Anselm dexterity 3")
    assert ch(s, "brother anselm").attributes["dexterity"] == 3


@pytest.mark.parametrize(
    "command",
    [
        'ярость "Marcus" сл 6 кости 8,9',
        'frenzy "Marcus" сложность 6 кости 8,9',
        'бросок "Marcus" dex+brawl сл 6 кости 6,7,8,2,3',
        'roll "Marcus" dex+brawl difficulty 6 dice 6,7,8,2,3',
    ],
)
def test_keyword_aliases_work_in_every_verb(tmp_path: Path, command: str) -> None:
    """One table of keywords: `сл` is a difficulty in `ярость` as in `бросок`."""
    s = new_session(tmp_path / "c", COTERIE)
    result = s.execute(command)
    assert result.event.data["difficulty"] == 6
    s.close()
