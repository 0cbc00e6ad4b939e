"""A load that lasts: ``carry NAME LB`` (``нести``), until ``carry NAME 0`` puts it down.

Dark Ages seed 002, «Переноска грузов (Сила)»: 25 lb a dot of Strength (+ Potence) without
penalty; over that limit «сложность любого физического действия возрастает на единицу»; each
25 lb over halves the speed; at twice the limit the character cannot move. While the load
is over the limit every feat and every roll, attack or defence on a Physical pool
(Strength, Dexterity or Stamina) is one harder, and says so. Driven through the command
language on a real chronicle, faces given.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.cli import main
from elysium.rules import V20, SeededDice
from elysium.tell.events import describe
from elysium.tui.widgets.vitals import cells

# Bob, a mortal: Strength 3, so 75 lb without penalty (seed 002: 25 lb a dot).
CAST = [
    'add "Bob" mortal blank',
    "set Bob strength 3 dexterity 2 stamina 2 wits 3 athletics 2 brawl 2 willpower 4",
    'add "Rex" mortal blank',
]


def session(tmp_path: Path, *commands: str) -> Session:
    s = Session.create(tmp_path / "c", "Test", V20, SeededDice(1))
    for command in [*CAST, *commands]:
        s.execute(command)
    return s


def bob(s: Session):
    return s.state.characters["bob"]


# (command, its difficulty unburdened; None: not physical, the load changes nothing)
ACTIONS = [
    ("roll Bob dex+athletics dice 7,7,7,7", 6),
    ("roll Bob str+brawl diff 8 dice 7,7,7,7,7", 8),
    ("roll Bob stamina dice 7,7", 6),
    ("roll Bob wits+athletics dice 7,7,7,7,7", None),  # Wits: not a physical pool
    ("roll Bob str+athletics diff 10 dice 7,7,7,7,7", 10),  # never past 10
    ("feat Bob jump running dice 7,7,7,7,7", 3),
    ("feat Bob climb dice 7,7,7,7", 6),
    ("feat Bob lift dice 7,7,7,7", 9),  # a feat is physical even on Willpower
    ("действие Bob прыжок кости 7,7,7", 3),
]


@pytest.mark.parametrize(("pounds", "harder"), [(75, 0), (76, 1), (150, 1), (0, 0)])
@pytest.mark.parametrize(("command", "difficulty"), ACTIONS)
def test_over_the_limit_physical_actions_are_one_harder(
    tmp_path: Path, command: str, difficulty: int | None, pounds: int, harder: int
) -> None:
    s = session(tmp_path, *([f"carry Bob {pounds}"] if pounds else []))
    r = s.execute(command)
    data = r.event.data
    base = data.get("difficulty", (data.get("roll") or {}).get("difficulty"))
    added = harder if difficulty is not None else 0
    expected = (difficulty if difficulty is not None else 6) + added
    assert base == min(10, expected)
    if added:
        assert data["mods"] == [{"reason": "load", "dice": 0, "difficulty": 1}]
        assert "load: difficulty +1" in r.render("en")
        assert "груз: сложность +1" in r.render("ru")
        assert "load: difficulty +1" in describe(r.event, "en")
    else:
        assert "mods" not in data and "load" not in r.render("en")
    s.close()


def test_an_attack_and_a_defence_under_a_load(tmp_path: Path) -> None:
    s = session(tmp_path, "carry Bob 100")
    hit = s.execute("attack Bob Rex punch dice 7,7,7,7 dmg 2,2,2,2,2,2 soak 2")
    assert hit.event.data["difficulty"] == 7 and "load: difficulty +1" in hit.render("en")
    s.execute("combat start Bob Rex")
    s.execute("init dice Bob=5,Rex=1")
    s.execute("declare Rex attack Bob punch")
    s.execute("declare Bob dodge")
    dodge = s.execute("defend Bob dodge dice 7,7,7,7")
    assert dodge.event.data["difficulty"] == 7
    s.close()


@pytest.mark.parametrize(
    ("command", "en", "ru"),
    [
        (
            "carry Bob 60",
            "Bob carries 60 lb, within the limit of 75 lb: no penalty",
            "Bob несёт 60 фунтов, в пределах нормы (75 фунтов): без штрафа",
        ),
        (
            "нести Bob 100",
            "Bob carries 100 lb, over the limit of 75 lb: +1 difficulty to physical actions, "
            "speed 1/2",
            "Bob несёт 100 фунтов, сверх нормы (75 фунтов): +1 к сложности физических "
            "действий, скорость 1/2",
        ),
        (
            "carry Bob 150",
            "Bob carries 150 lb against a limit of 75 lb: cannot move (from 150 lb, twice the "
            "limit)",
            "Bob несёт 150 фунтов при норме 75 фунтов: двигаться не может (от 150 фунтов, двух "
            "норм)",
        ),
        (
            # Eight times the limit is told as the load and the limit, not as "twice".
            "carry Bob 600",
            "Bob carries 600 lb against a limit of 75 lb: cannot move",
            "Bob несёт 600 фунтов при норме 75 фунтов: двигаться не может",
        ),
    ],
)
def test_the_load_is_told(tmp_path: Path, command: str, en: str, ru: str) -> None:
    s = session(tmp_path)
    r = s.execute(command)
    assert en in r.render("en") and ru in r.render("ru")
    assert r.event.type == "carry" and bob(s).load == r.event.data["pounds"]
    s.close()


def test_the_load_lasts_until_put_down_and_undo_takes_it_back(tmp_path: Path) -> None:
    s = session(tmp_path, "carry Bob 100", "turn", "scene")
    assert bob(s).load == 100  # it lasts: turns and scenes go by
    r = s.execute("carry Bob 0")
    assert bob(s).load == 0 and "Bob puts down the load of 100 lb" in r.render("en")
    assert "Bob кладёт груз (100 фунтов)" in r.render("ru")
    assert describe(r.event, "en") == "Bob puts the load down"
    s.execute("undo")
    assert bob(s).load == 100
    s.execute("undo")  # the scene
    s.execute("undo")  # the turn
    s.execute("undo")  # the load
    assert bob(s).load == 0
    rolled = s.execute("roll Bob dex+athletics dice 7,7,7,7")
    assert rolled.event.data["difficulty"] == 6
    s.close()


@pytest.mark.parametrize(
    ("command", "lang", "said"),
    [
        ("carry Bob -5", "en", "the weight in pounds must be from 0 to 10000, got -5"),
        ("carry Bob lots", "en", "the weight in pounds must be a whole number, got 'lots'"),
        ("carry Bob 20000", "en", "the weight in pounds must be from 0 to 10000, got 20000"),
        ("carry Bob", "en", "missing the weight in pounds"),
        ("carry Bob 0", "en", "Bob carries no load to put down"),
        ("нести Bob много", "ru", "вес в фунтах"),
        ("нести Bob 0", "ru", "у персонажа Bob нет груза, чтобы его положить"),
    ],
)
def test_bad_loads_are_refused(tmp_path: Path, command: str, lang: str, said: str) -> None:
    s = session(tmp_path)
    before = s.state
    with pytest.raises(ChronicleError) as refused:
        s.execute(command)
    told = refused.value.render(lang)
    assert said in told and "\n" not in told and s.state == before
    s.close()


def test_move_tells_the_speeds_with_the_load_carried(tmp_path: Path) -> None:
    s = session(tmp_path, "carry Bob 100")  # 25 lb over: half speed (seed 002)
    carried = s.execute("move Bob").event.data
    typed = s.execute("move Bob 0").event.data
    assert carried["pounds"] == 100 and carried["run"] == typed["run"] / 2
    s.close()


@pytest.mark.parametrize(
    ("lang", "stuck", "free"),
    [
        ("en", "cannot move under the load", "moves freely"),
        ("ru", "не может двигаться под грузом", "двигается свободно"),
    ],
)
def test_move_under_a_load_too_heavy_to_move_does_not_say_moves_freely(
    tmp_path: Path, lang: str, stuck: str, free: str
) -> None:
    # Seed 002, «Переноска грузов»: at twice the limit the character cannot move; `move`
    # must say so in the same breath as the zero speeds, not "moves freely".
    s = session(tmp_path, "carry Bob 600")
    r = s.execute("move Bob")
    told = r.render(lang)
    assert r.event.data["run"] == 0 and stuck in told and free not in told
    s.close()


def test_the_same_load_again_is_refused(tmp_path: Path) -> None:
    s = session(tmp_path, "carry Bob 100")
    with pytest.raises(ChronicleError, match="Bob already carries 100 lb"):
        s.execute("carry Bob 100")
    s.close()


def test_vitals_and_elysium_state_show_the_load(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = session(tmp_path, "carry Bob 100", "carry Rex 10")
    assert cells(bob(s), "en").row[-1].plain == "load 100 lb: +1 diff"  # the Status cell
    assert cells(bob(s), "ru").row[-1].plain == "груз 100 фунтов: сл +1"
    assert cells(s.state.characters["rex"], "en").row[-1].plain == "load 10 lb"
    root = s.store.root
    s.close()
    capsys.readouterr()
    assert main(["state", str(root), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "[load 100 lb: +1 diff]" in out and "[load 10 lb]" in out
    assert main(["state", str(root), "--json"]) == 0
    assert '"load": 100' in capsys.readouterr().out
