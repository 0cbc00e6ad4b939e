"""Celerity: a die a dot to Dexterity pools, or extra actions for one blood point.

The V20 core rule, as the seeds bear it out: seed 003 «Фаза первая: инициатива» («пункты
Стремительности (те, что персонаж не стал обменивать на дополнительные действия ...)
прибавляются» to initiative); seed 004 "Броски" («Доп. действия от Стремительности пул не
делят») and "Ход сражения" («плюс Стремительность, не ушедшая на доп. действия»); the Dark
Ages seed 000 («могут выполнять множественные действия без уменьшения запаса бросков»).
Each dot adds a die to any pool with Dexterity; at ``init`` a dot may be traded for an
extra action instead, for one blood point outside the per-turn limit; traded dots add no
dice that turn. Driven through the command language on a real chronicle, faces given.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.rules import DARK_AGES, V20, SeededDice
from elysium.rules.profiles import Profile
from elysium.tell.events import describe

# Marcus: Dexterity 3, Athletics 2, Brawl 2, Celerity 2; generation 13: 1 blood a turn.
CAST = [
    'add "Marcus" vampire gen 13',
    "set Marcus dexterity 3 strength 2 athletics 2 brawl 2 wits 2 celerity 2",
    'add "Bob" mortal blank',
    "set Bob dexterity 3 athletics 2 brawl 2 wits 2",
]


def session(tmp_path: Path, *commands: str, profile: Profile = V20) -> Session:
    s = Session.create(tmp_path / "c", "Test", profile, SeededDice(1))
    for command in [*CAST, *commands]:
        s.execute(command)
    return s


def faces(n: int) -> str:
    return ",".join(["7"] * n)


# (command without faces, its dice, its modifier in English and Russian or None)
DICE = [
    # Dexterity in the pool: +2 (both dots, none traded).
    ("roll Marcus dex+athletics", 7, "Celerity +2", "Стремительность +2"),
    ("бросок Marcus ловкость+атлетика", 7, "Celerity +2", "Стремительность +2"),
    ("roll Marcus dexterity", 5, "Celerity +2", "Стремительность +2"),
    # No Dexterity: Celerity adds nothing.
    ("roll Marcus strength+athletics", 4, None, None),
    ("roll Marcus wits+brawl", 4, None, None),
    # Feats with Dexterity in their pools (seed 002): stand, climb, throw; a jump is Strength.
    ("feat Marcus stand", 7, "Celerity +2", "Стремительность +2"),
    ("действие Marcus карабканье", 7, "Celerity +2", "Стремительность +2"),
    ("feat Marcus jump running", 4, None, None),
    # A mortal without Celerity: as before.
    ("roll Bob dex+athletics", 5, None, None),
    ("feat Bob stand", 5, None, None),
]


@pytest.mark.parametrize(("command", "dice", "en", "ru"), DICE)
def test_each_dot_adds_a_die_to_a_dexterity_pool(
    tmp_path: Path, command: str, dice: int, en: str | None, ru: str | None
) -> None:
    s = session(tmp_path)
    with pytest.raises(ChronicleError, match=f"{dice} dice but"):
        s.execute(f"{command} dice {faces(dice - 1)}")
    r = s.execute(f"{command} dice {faces(dice)}")
    data = r.event.data
    rolled = data["roll"]["dice"] if "roll" in data else data["dice"]
    assert len(rolled) == dice
    told_en, told_ru = r.render("en"), r.render("ru")
    logged = describe(r.event, "en"), describe(r.event, "ru")
    if en is None:
        assert "mods" not in data and "Celerity" not in told_en
    else:
        assert data["mods"] == [{"reason": "celerity", "dice": 2, "difficulty": 0}]
        assert en in told_en and ru in told_ru  # the reply names it ...
        assert en in logged[0] and ru in logged[1]  # ... and so does the roll log
    s.close()


def test_an_attack_and_a_dodge_count_the_dice(tmp_path: Path) -> None:
    s = session(tmp_path)
    hit = s.execute(f"attack Marcus Bob punch dice {faces(7)} dmg 2,2,2,2,2,2,2,2 soak 2")
    assert len(hit.event.data["attack"]["dice"]) == 7  # Dexterity 3 + Brawl 2 + Celerity 2
    assert "Celerity +2" in hit.render("en") and "Стремительность +2" in hit.render("ru")
    s.execute("combat start Marcus Bob")
    s.execute("init dice Marcus=5,Bob=5")
    s.execute("declare Bob attack Marcus punch")
    s.execute("declare Marcus dodge")
    dodge = s.execute(f"defend Marcus dodge dice {faces(7)}")
    assert dodge.event.data["pool"] == 7 and "Celerity +2" in dodge.render("en")
    s.close()


# init's `celerity NAME=N`: N dots for N extra actions, one blood point for all of them.
TRADES = [
    # dots traded, blood after (from 10), dice left for Dexterity, initiative (d10 5 + 5)
    (0, 10, 2, 12),
    (1, 9, 1, 11),
    (2, 9, 0, 10),
]


@pytest.mark.parametrize(("traded", "blood", "extra", "initiative"), TRADES)
@pytest.mark.parametrize("profile", [V20, DARK_AGES], ids=["v20", "dark-ages"])
def test_trading_dots_for_actions(
    tmp_path: Path, traded: int, blood: int, extra: int, initiative: int, profile: Profile
) -> None:
    s = session(tmp_path, "set Marcus blood 10", "combat start Marcus Bob", profile=profile)
    r = s.execute(f"init dice Marcus=5,Bob=1 celerity Marcus={traded}")
    marcus = s.state.characters["marcus"]
    assert marcus.blood == blood and marcus.blood_spent_turn == 0  # outside the limit
    assert s.state.combat["init"]["marcus"]["value"] == initiative
    slots = [q["kind"] for q in s.state.combat["queue"]] if s.state.combat["queue"] else []
    assert slots == []  # declarations first
    if traded:
        assert "spends 1 blood on Celerity" in r.render("en")
        assert "1 пункт крови на Стремительность" in r.render("ru")
    rolled = s.execute(f"roll Marcus dex+athletics dice {faces(5 + extra)}")
    assert len(rolled.event.data["dice"]) == 5 + extra
    assert ("Celerity" in rolled.render("en")) == bool(extra)
    s.close()


def test_the_blood_point_is_outside_the_per_turn_limit_and_undone_with_init(
    tmp_path: Path,
) -> None:
    s = session(tmp_path, "set Marcus blood 5", "spend Marcus blood 1", "combat start Marcus Bob")
    assert s.state.characters["marcus"].blood_spent_turn == 1  # generation 13: the limit
    s.execute("init dice Marcus=5,Bob=1 celerity Marcus=2")
    marcus = s.state.characters["marcus"]
    assert (marcus.blood, marcus.blood_spent_turn, marcus.celerity_actions) == (3, 1, 2)
    s.execute("undo")
    marcus = s.state.characters["marcus"]
    assert (marcus.blood, marcus.celerity_actions) == (4, 0)
    assert s.state.combat["phase"] == "initiative"
    s.close()


def test_the_dots_come_back_next_round(tmp_path: Path) -> None:
    s = session(tmp_path, "set Marcus blood 5", "combat start Marcus Bob")
    s.execute("init dice Marcus=5,Bob=1 celerity Marcus=2")
    for _ in range(12):  # two declarations, two actions, two extra actions, the round's end
        if s.state.combat["round"] == 2:
            break
        s.execute("next")
    assert s.state.combat["round"] == 2
    assert s.state.characters["marcus"].celerity_actions == 0
    rolled = s.execute(f"roll Marcus dex+athletics dice {faces(7)}")
    assert "Celerity +2" in rolled.render("en")
    s.close()


@pytest.mark.parametrize(
    ("command", "lang", "said"),
    [
        (
            "init dice Marcus=5,Bob=1 celerity Marcus=1",
            "en",
            "Marcus has no blood to spend on Celerity's extra actions (1 action)",
        ),
        (
            "инициатива кости Marcus=5,Bob=1 стремительность Marcus=2",
            "ru",
            "у персонажа Marcus нет крови на дополнительные действия от Стремительности "
            "(2 действия)",
        ),
    ],
)
def test_no_blood_no_extra_actions(tmp_path: Path, command: str, lang: str, said: str) -> None:
    s = session(tmp_path, "set Marcus blood 0", "combat start Marcus Bob")
    before = s.state
    with pytest.raises(ChronicleError) as refused:
        s.execute(command)
    told = refused.value.render(lang)
    assert said in told and "\n" not in told
    assert s.state == before  # nothing changed: no initiative, no blood, no event
    s.close()


def test_a_mortal_cannot_trade_dots_it_has_not(tmp_path: Path) -> None:
    s = session(tmp_path, "combat start Marcus Bob")
    with pytest.raises(ChronicleError, match="Bob has 0 dots of Celerity, not 1"):
        s.execute("init dice Marcus=5,Bob=1 celerity Bob=1")
    s.close()
