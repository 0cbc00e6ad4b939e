"""Rules reached through commands: movement and feats (seed 002),
day and torpor (cheat sheet "Днём и в торпоре"), frenzy and Rötschreck difficulties from the
trigger tables, stopping the Kiss, and a day's rest for aggravated damage.

Everything is driven through the command language, in English and Russian spellings, with
the dice given as faces; every refusal leaves the chronicle as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.tell.events import describe
from tests.chronicle_helpers import COTERIE, new_session

# Marcus: Dexterity 3, Strength 3 (+ Potence 1), Stamina 3, Athletics 2, Brawl 2,
# Perception 3, Auspex 1, Willpower 5, Humanity 7, Conscience 3, Self-Control 2, Courage 1.
SETUP = [*COTERIE, "set Marcus strength 3 athletics 2 potence 1 perception 3 auspex 1"]


@pytest.fixture
def session(tmp_path: Path) -> Session:
    s = new_session(tmp_path / "c", SETUP)
    yield s
    s.close()


def marcus(s: Session) -> Any:
    return s.state.characters["marcus"]


def refused(s: Session, command: str) -> ChronicleError:
    """The command is refused and nothing changes: no event, the same state."""
    before, events = s.state, s.state.events
    with pytest.raises(ChronicleError) as caught:
        s.execute(command)
    assert s.state == before and s.state.events == events
    return caught.value


# --- Physical feats (seed 002 "Физические действия") ----------------------------------------

FEATS = [
    # "Встать на ноги ... Ловкость + Атлетизм (сложность 4)": 5 dice.
    ("feat Marcus stand dice 4,4,2,1,9", "stand", 5, 4, "success", {}),
    ("действие Marcus встать кости 4,4,2,1,9", "stand", 5, 4, "success", {}),
    # "Неудача означает, что персонаж подготовил оружие, но ... инициативы равно 1".
    ("feat Marcus ready dice 3,3,3", "ready", 3, 4, "failure", {"archery": False}),
    ("действие Marcus оружие лук кости 4,2,2", "ready", 3, 4, "success", {"archery": True}),
    # "Ловкость + Атлетизм (сложность 6 ... снизить это значение до 4) ... 10 футов (3 м)".
    ("feat Marcus climb dice 6,6,2,2,2", "climb", 5, 6, "success", {"feet": 20, "metres": 6}),
    ("действие Marcus карабканье когти кости 4,4,4,2,2", "climb", 5, 4, "success", {"feet": 30}),
    # "Прыжки с места ... по Силе, с разбега – по Силе + Атлетизм ... 2 фута вверх или 4 фута".
    ("feat Marcus jump dice 3,3,1", "jump", 3, 3, "success", {"up": 2, "across": 4}),
    ("действие Marcus прыжок разбег кости 3,3,3,3,3", "jump", 5, 3, "success", {"across": 20}),
    # "при Силе 4 персонаж, набравший два успешных балла, получит ... Силы 6" (Str 3 + Potence 1).
    ("feat Marcus lift dice 9,9,2,2,2", "lift", 5, 9, "success", {"strength": 6}),
    ("действие Marcus подъём кости 2,2,2,2,2", "lift", 5, 9, "failure", {"strength": 4}),
    # "бросок на Силу (сложность 6) ... замка ... пять успешных баллов; ворота ... 8, 10".
    ("feat Marcus door castle dice 6,6,6,6", "door", 4, 6, "partial", {"needed": 5}),
    ("feat Marcus door latched dice 6,2,2,2", "door", 4, 6, "success", {"needed": 1}),
    ("действие Marcus дверь ворота кости 8,8,8,8", "door", 4, 8, "partial", {"needed": 10}),
    # "Выносливость + Атлетизм ... 5 ... Каинитов ... повышается на единицу (т. е. до 6)".
    ("feat Marcus swim dice 6,2,2,2,2", "swim", 5, 6, "success", {"conditions": 0}),
    ("действие Marcus плавание 2 кости 8,2,2,2,2", "swim", 5, 8, "success", {"conditions": 2}),
    # "5×Сила ... сложность 6 для половины ... и 8 для максимальной" (Str + Potence 4: 20 yd).
    ("feat Marcus throw 10 dice 6,2,2,2,2", "throw", 5, 6, "success", {"reach": 20}),
    ("feat Marcus throw 15 dice 6,2,2,2,2", "throw", 5, 8, "failure", {"reach": 20}),
    # "За каждые два фунта веса это расстояние уменьшается на пять ярдов": 7 lb, 10 yd.
    ("действие Marcus метание 10 7 кости 8,2,2,2,2", "throw", 5, 8, "success", {"reach": 10}),
]


@pytest.mark.parametrize(("command", "feat", "pool", "diff", "outcome", "extra"), FEATS)
def test_feats_roll_their_pools(
    session: Session,
    command: str,
    feat: str,
    pool: int,
    diff: int,
    outcome: str,
    extra: dict[str, Any],
) -> None:
    result = session.execute(command)
    data = result.event.data
    assert (data["feat"], data["pool"], data["difficulty"], data["outcome"]) == (
        feat,
        pool,
        diff,
        outcome,
    )
    assert {k: data[k] for k in extra} == extra
    assert result.event.type == "feat"
    for lang in ("en", "ru"):
        assert result.render(lang) and describe(result.event, lang)


@pytest.mark.parametrize(
    "command",
    [
        # "В случае провала персонаж получает ... один уровень поверхностных повреждений".
        "feat Marcus stand dice 1,2,3,3,3",
        "действие Marcus подъём кости 1,2,2,2,2",
        "feat Marcus door sturdy dice 1,2,2,2",
    ],
)
def test_a_botched_stand_lift_or_door_costs_a_bashing_level(session: Session, command: str) -> None:
    result = session.execute(command)
    assert result.event.data["outcome"] == "botch" and result.event.data["hurt"]
    assert marcus(session).health.bashing == 1
    assert "ПРОВАЛ" in result.render("ru") and "BOTCH" in result.render("en")


@pytest.mark.parametrize(
    ("command", "told"),
    [
        # Cheat sheet "Уровни здоровья": "Пул, упавший до нуля, - действие невозможно".
        ("feat Marcus stand dice 5", "no dice left"),
        ("feat Marcus lift dice 5", "no dice left"),
        ("действие Marcus прыжок кости 5", "no dice left"),
    ],
)
def test_a_pool_wounds_bring_to_zero_is_refused_without_a_roll(
    session: Session, command: str, told: str
) -> None:
    session.execute("damage Marcus 6 lethal nosoak")  # Crippled: -5
    assert told in refused(session, command).render("en")


@pytest.mark.parametrize(
    "command",
    [
        "feat Marcus fly",
        "feat Marcus door paper",
        "действие Marcus дверь бумага",
        "feat Marcus throw 30",  # beyond 20 yards
        "feat Marcus swim 3",  # conditions add 0-2
        "feat Bob swim",  # "у персонажа должна быть минимум одна точка в Атлетизме"
        "feat Marcus jump dice 3,3",  # three dice, two faces
    ],
)
def test_bad_feats_are_refused(session: Session, command: str) -> None:
    refused(session, command)


def test_wounds_take_dice_from_a_feat(session: Session) -> None:
    session.execute("damage Marcus 4 lethal nosoak")  # Wounded: -2
    assert session.execute("feat Marcus jump running dice 3,3,3").event.data["pool"] == 3


# --- Movement (seed 002 "Передвижение", "Переноска грузов") ---------------------------------

MOVES = [
    # "Шагом ... 7 ярдов ... 12 + значение Ловкости ... 20 + (3 × Ловкость) ярдов" (Dex 3).
    ("move Marcus", [], (7, 15, 29), 100),
    # "Каждые 25 фунтов сверх нормы вполовину уменьшают скорость": 110 lb, 10 over.
    ("движение Marcus 110", [], (3.5, 7.5, 14.5), 100),
    ("move Marcus 130", [], (1.8, 3.8, 7.2), 100),  # 30 over: a quarter
    # "Персонаж, вдвое превысивший предельную грузоподъемность, вообще не может двигаться".
    ("move Marcus 200", [], (0, 0, 0), 100),
    # Cheat sheet: "Серьёзно ранен ... Только шагом".
    ("move Marcus", ["damage Marcus 4 lethal nosoak"], (7, 0, 0), 100),
    ("move Marcus", ["damage Marcus 3 lethal nosoak"], (7, 14.5, 14.5), 100),  # Injured
]


@pytest.mark.parametrize(("command", "before", "speeds", "capacity"), MOVES)
def test_move_tells_the_speeds_per_turn(
    session: Session, command: str, before: list[str], speeds: tuple, capacity: int
) -> None:
    for line in before:
        session.execute(line)
    state = session.state
    result = session.execute(command)
    data = result.event.data
    assert (data["walk"], data["jog"], data["run"]) == pytest.approx(speeds)
    assert data["capacity"] == capacity  # "25 фунтов ... за каждую точку в Силе (+ Могущество)"
    assert session.state.characters == state.characters
    assert "ярд" in result.render("ru") and "yd" in result.render("en")


# --- Day (cheat sheet "Днём и в торпоре") ----------------------------------------------------

DAY = [
    # "заметить - восприятие + Ясновидение, сложн. 8": 3 + 1 dice.
    ("day Marcus notice dice 8,2,2,2", "notice", 4, 8, {"successes": 1}),
    ("день Marcus заметить кости 2,2,2,2", "notice", 4, 8, {"successes": 0}),
    # "Проснуться - Человечность / Путь, сложн. 8: успех = ход действий, 5 успехов - до конца
    # сцены".
    ("day Marcus wake dice 8,8,8,8,8,1,1", "wake", 7, 8, {"turns": 3, "scene": False}),
    ("день Marcus проснуться кости 8,8,8,8,8,8,2", "wake", 7, 8, {"scene": True}),
    ("day Marcus roll dex+brawl diff 6 dice 6,6,6,6,6", "roll", 5, 6, {"successes": 5}),
]


@pytest.mark.parametrize(("command", "what", "pool", "diff", "extra"), DAY)
def test_rolls_by_day(
    session: Session, command: str, what: str, pool: int, diff: int, extra: dict
) -> None:
    result = session.execute(command)
    data = result.event.data
    assert (data["what"], data["pool"], data["difficulty"]) == (what, pool, diff)
    assert {k: data[k] for k in extra} == extra
    assert describe(result.event, "ru") and describe(result.event, "en")


def test_by_day_no_pool_exceeds_humanity(session: Session) -> None:
    """ "Днём пул не выше Человечности / Пути": Dex 3 + Brawl 2 at Humanity 3 is 3 dice."""
    session.execute("set Marcus humanity 3")
    result = session.execute("день Marcus бросок ловкость+драка кости 6,6,6")
    assert result.event.data["pool"] == 3
    assert "ловкость+драка днём, 3 кости (не больше 3)" in result.render("ru")


def test_day_refusals(session: Session) -> None:
    refused(session, "day Bob wake")  # a mortal
    refused(session, "day Marcus sing")
    session.execute("damage Marcus 6 lethal nosoak")  # Crippled: Perception 3 + 1 - 5
    refused(session, "day Marcus notice dice 8")


# --- Torpor ------------------------------------------------------------------------------------

TORPOR = [
    # "| 10 | Сутки |", "| 9 | Трое суток |", "| 7 | Две недели |", "| 0 | 1000 лет и более |";
    # "добровольный - вдвое короче".
    (10, "1", "day", "1/2", "1 day", "0,5 суток"),
    (9, "3", "day", "3/2", "3 days", "1,5 суток"),
    (7, "2", "week", "1", "2 weeks", "1 неделя"),
    (5, "1", "year", "1/2", "1 year", "0,5 года"),
    (0, "1000", "year", "500", "1000 years or more", "500 лет и более"),
]


@pytest.mark.parametrize(("rating", "length", "unit", "half", "en", "ru"), TORPOR)
def test_torpor_length_by_humanity(
    session: Session, rating: int, length: str, unit: str, half: str, en: str, ru: str
) -> None:
    session.execute(f"set Marcus humanity {rating}")
    result = session.execute("торпор Marcus")
    data = result.event.data
    assert (data["length"], data["unit"], data["voluntary"]) == (length, unit, half)
    assert en in result.render("en") and ru in result.render("ru")
    assert en in describe(result.event, "en")


def test_waking_from_torpor_costs_a_blood_point_and_a_roll(session: Session) -> None:
    """ "Потом - пункт крови и проверка пробуждения" (Humanity 7, difficulty 8)."""
    session.execute("damage Marcus 8 lethal nosoak")  # past Incapacitated: torpor
    assert marcus(session).status().value == "torpor"
    failed = session.execute("torpor Marcus wake dice 2,2,2,2,2,2,2")
    assert not failed.event.data["risen"] and marcus(session).blood == 12
    assert marcus(session).status().value == "torpor"
    woke = session.execute("торпор Marcus пробуждение кости 8,2,2,2,2,2,2")
    assert woke.event.data["risen"] and marcus(session).blood == 11
    assert marcus(session).status().value == "incapacitated"
    refused(session, "torpor Marcus wake dice 8,8,8,8,8,8,8")  # not in torpor now


def test_torpor_refusals(session: Session) -> None:
    refused(session, "torpor Bob")
    refused(session, "torpor Marcus wake")  # not in torpor
    refused(session, "torpor Marcus dice 8")


# --- A day's rest and aggravated damage (issue 12 item 1) -------------------------------------
# Cheat sheet: "Губительные ... 5 пунктов крови и сутки отдыха".


@pytest.mark.parametrize(
    ("night", "scene", "heal", "rest"),
    [
        ("night", "scene", "heal Marcus 1 aggravated", "rest Marcus"),
        ("ночь", "сцена", "лечить Marcus 1 губительные", "отдых Marcus"),
    ],
)
def test_a_nights_rest_heals_one_aggravated_level(
    session: Session, night: str, scene: str, heal: str, rest: str
) -> None:
    session.execute("damage Marcus 2 aggravated nosoak")
    refused(session, heal)  # no rest yet
    session.execute(night)  # sunset: 13 - 1 blood; a day's rest taken
    assert marcus(session).aggravated_rested
    session.execute(scene)  # the end of a scene keeps it
    healed = session.execute(heal)
    assert healed.event.data["blood"] == 5
    c = marcus(session)
    assert (c.health.aggravated, c.blood, c.aggravated_rested) == (1, 7, False)
    refused(session, heal)  # the rest is used
    session.execute(rest)
    assert marcus(session).aggravated_rested
    refused(session, rest)  # already rested
    session.execute(heal)
    assert (marcus(session).health.aggravated, marcus(session).blood) == (0, 2)


def test_the_rest_shows_in_elysium_state(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from elysium.cli import main

    root = tmp_path / "c"
    assert main(["new", str(root)]) == 0
    assert main(["run", str(root), 'add "Marcus" vampire gen 10']) == 0
    assert main(["run", str(root), "damage Marcus 1 aggravated nosoak", "rest Marcus"]) == 0
    capsys.readouterr()
    assert main(["state", str(root)]) == 0
    assert "rested" in capsys.readouterr().out
    assert main(["state", str(root), "--json"]) == 0
    assert '"rested": true' in capsys.readouterr().out


def test_rest_refusals(session: Session) -> None:
    refused(session, "rest Bob")
    refused(session, "rest Nobody")
    session.execute("combat start Marcus Bob")
    assert "fight" in refused(session, "rest Marcus").render("en")  # not in the middle of one


# --- Frenzy and Rötschreck difficulties from the book -----------------------------------------

BEAST = [
    # "| Провокация действием | 6 |", "| Публичное унижение | 8 |".
    ("frenzy Marcus provocation dice 6,6", 6, "provocation"),
    ("ярость Marcus унижение кости 8,8", 8, "public_humiliation"),
    # "если вампир может сотворить что-то ужасное и понимает это - 9 − совесть" (Conscience 3).
    ("frenzy Marcus conscience dice 6,6", 6, "conscience"),
    ("ярость Marcus совесть кости 6,6", 6, "conscience"),
    # "| Запах крови (голоден) | 3+ |": the Storyteller may raise it.
    ("frenzy Marcus smell dice 3,3", 3, "smell_of_blood"),
    ("frenzy Marcus smell diff 5 dice 5,5", 5, "smell_of_blood"),
    ("ярость Marcus угроза кости 4,4", 4, "harassment"),
    # Rötschreck: "| Горящий факел | 5 |", "| Прямой солнечный свет | 8 |" (Courage 1).
    ("rotschreck Marcus torch dice 5", 5, "torch"),
    ("ротшрек Marcus солнце кости 8", 8, "direct_sunlight"),
]


@pytest.mark.parametrize(("command", "diff", "trigger"), BEAST)
def test_the_trigger_gives_the_books_difficulty(
    session: Session, command: str, diff: int, trigger: str
) -> None:
    data = session.execute(command).event.data
    assert (data["difficulty"], data["trigger"]) == (diff, trigger)


@pytest.mark.parametrize(
    "command",
    [
        "frenzy Marcus humiliation diff 6",  # the book says 8
        "frenzy Marcus smell diff 2",  # 3 or more
        "frenzy Marcus bogus",
        "ротшрек Marcus луна",
        "frenzy Marcus",  # no trigger and no difficulty
    ],
)
def test_trigger_refusals(session: Session, command: str) -> None:
    refused(session, command)


# --- Stopping the Kiss: "Удержаться от Поцелуя: проверка воли, сложность 8" ---------------------

STOP = [
    ("feed Marcus stop dice 8,2,2,2,2", [], 5, True),
    ("питание Marcus стоп кости 2,2,2,2,2", [], 5, False),
    # Not a reflexive roll: wound penalties apply (Wounded: -2).
    ("feed Marcus stop dice 8,8,1", ["damage Marcus 4 lethal nosoak"], 3, True),
]


@pytest.mark.parametrize(("command", "before", "pool", "stopped"), STOP)
def test_stopping_the_kiss(
    session: Session, command: str, before: list[str], pool: int, stopped: bool
) -> None:
    for line in before:
        session.execute(line)
    result = session.execute(command)
    data = result.event.data
    assert (data["pool"], data["difficulty"], data["stopped"]) == (pool, 8, stopped)
    assert describe(result.event, "ru") and describe(result.event, "en")


def test_stopping_the_kiss_refusals(session: Session) -> None:
    refused(session, "feed Bob stop")
    refused(session, "feed Marcus 1 dice 8")
    session.execute("damage Marcus 6 lethal nosoak")  # Willpower 5 - 5
    refused(session, "feed Marcus stop dice 8")


def test_the_dashboard_shows_a_rest_while_aggravated_wounds_wait(session: Session) -> None:
    from elysium.tui.render import status_words

    session.execute("damage Marcus 1 aggravated nosoak")
    assert "rested" not in status_words(marcus(session), "en").plain  # no rest yet
    session.execute("rest Marcus")  # a rest after the wound (review of issue 12)
    assert "сутки отдыха" in status_words(marcus(session), "ru").plain
