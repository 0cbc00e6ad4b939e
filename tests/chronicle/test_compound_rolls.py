"""Compound rolls through the command language: ``resist``, ``teamwork``,
``extended`` and ``roll ... retry N``, in English and Russian, with typed faces.

The rules are the cheat sheet's (seed 004, "Встречные, продолжительные, командные",
V20 p. 268-270) and RULES.md §1 "Compound actions":

- 004: "Встречная: ... успехи сторон взаимно отменяются, побеждает тот, у кого остались."
- 004: "Продолжительная: одна и та же проверка через равные промежутки, пока не наберётся
  нужное число успехов. Провал обычно - начать заново (или всё пропало)."
- 004: "Командная работа: каждый бросает свой пул, успехи складываются. Чей-то провал портит
  всё дело." (seed 000: a botch "может испортить всю попытку": a house toggle.)
- 004: "Повторная попытка после неудачи: сложность +1 за каждую (по желанию рассказчика ...)"
  and seed 000: past 10 the task cannot succeed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elysium.chronicle import state as st
from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.cli import main
from elysium.rules import DEMON, V20, SeededDice
from elysium.rules.profiles import Profile
from elysium.tell.events import describe
from elysium.tui.render import header

# Marcus: dexterity 3 + brawl 2 = 5, perception 2 + alertness 3 = 5, wits 2 + stealth 1 = 3.
# Anna: dexterity 2 + brawl 2 = 4, perception 3 + alertness 1 = 4. Bob: perception 2 alone.
SETUP = {
    "en": [
        'add "Marcus" vampire gen 10',
        'add "Anna" vampire gen 11',
        'add "Bob" mortal',
        "set Marcus dexterity 3 brawl 2 perception 2 alertness 3 wits 2 stealth 1 willpower 5",
        "set Anna dexterity 2 brawl 2 perception 3 alertness 1",
        "set Bob perception 2",
    ],
    "ru": [
        'добавить "Марк" вампир поколение 10',
        'добавить "Анна" вампир поколение 11',
        'добавить "Боб" смертный',
        "задать Марк ловкость 3 драка 2 восприятие 2 бдительность 3 смекалка 2 скрытность 1 воля 5",
        "задать Анна ловкость 2 драка 2 восприятие 3 бдительность 1",
        "задать Боб восприятие 2",
    ],
}


def chronicle(path: Path, lang: str = "en", profile: Profile = V20) -> Session:
    session = Session.create(path, "Test", profile, SeededDice(1))
    for command in SETUP[lang]:
        session.execute(command)
    return session


def refused(session: Session, command: str) -> str:
    """The command is refused and nothing changes."""
    before = st.to_dict(session.state)
    with pytest.raises(ChronicleError) as caught:
        session.execute(command)
    assert st.to_dict(session.state) == before
    return str(caught.value)


# --- retry: +1 difficulty per earlier failure; past 10 the task cannot succeed ---------------


@pytest.mark.parametrize(
    ("lang", "command", "difficulty", "successes"),
    [
        # 004 "сложность +1 за каждую": diff 6, two failures before -> 8; 8,8,10 less one 1.
        ("en", "roll Marcus dex+brawl retry 2 dice 8,8,3,1,10", 8, 2),
        ("ru", "бросок Марк ловкость+драка повтор 2 кости 8,8,3,1,10", 8, 2),
        ("en", "roll Marcus dex+brawl diff 7 retry 1 dice 8,7,3,2,2", 8, 1),
        ("en", "roll 3 retry 1 dice 6,7,2", 7, 1),  # a bare pool retries too
        ("ru", "бросок 3 сл 9 повтор 1 кости 10,9,2", 10, 1),
    ],
)
def test_retry_raises_the_difficulty(
    tmp_path: Path, lang: str, command: str, difficulty: int, successes: int
) -> None:
    session = chronicle(tmp_path / "c", lang)
    result = session.execute(command)
    data = result.event.data
    assert (data["difficulty"], data["successes"]) == (difficulty, successes)
    assert data["retry"] >= 1 and data["base_difficulty"] < difficulty
    line = describe(result.event, lang)
    assert ("retry" in line) if lang == "en" else ("повтор" in line)


def test_retry_past_ten_cannot_succeed_and_the_house_rule_can_waive_it(tmp_path: Path) -> None:
    session = chronicle(tmp_path / "c")
    # Seed 000: once the difficulty would pass 10 the task cannot succeed any more.
    assert "cannot succeed" in refused(session, "roll Marcus dex+brawl diff 9 retry 2")
    refused(session, "roll Marcus dex+brawl retry 0")
    refused(session, "roll Marcus dex+brawl retry")
    # 004 "по желанию рассказчика": with the house rule off the difficulty stays.
    off = chronicle(tmp_path / "off", profile=V20.with_house(retry_penalty=False))
    result = off.execute("roll Marcus dex+brawl retry 3 dice 6,6,6,2,2")
    assert (result.event.data["difficulty"], result.event.data["successes"]) == (6, 3)
    assert "retry penalty off" in result.message


# --- resisted: each side's successes cancel the other's ---------------------------------------


@pytest.mark.parametrize(
    ("lang", "command", "successes", "winner", "margin"),
    [
        # Marcus 5 dice (8,8,3,1,10 -> 2), Anna 4 dice (2,6,7,1 -> 1): Marcus by 1.
        ("en", "resist Marcus dex+brawl vs Anna dex+brawl dice 8,8,3,1,10,2,6,7,1", [2, 1], 0, 1),
        (
            "ru",
            "встречная Марк ловкость+драка против Анна ловкость+драка кости 8,8,3,1,10,2,6,7,1",
            [2, 1],
            0,
            1,
        ),
        # Each side its own difficulty: Anna at 7 loses her 6.
        (
            "en",
            "resist Marcus dex+brawl vs Anna dex+brawl diff 7 dice 8,3,3,2,2,2,6,7,2",
            [1, 1],
            None,
            0,
        ),
        (
            "en",
            "resist Marcus per+alertness diff 8 vs Anna per+alertness dice 8,3,3,2,2,9,9,9,2",
            [1, 3],
            1,
            2,
        ),
        # A botch has no successes to cancel with.
        (
            "ru",
            "противостояние Марк ловкость+драка против Анна ловкость+драка кости 1,2,2,2,2,6,2,2,2",
            [0, 1],
            1,
            1,
        ),
        # Either side may be a number of dice (an extra or the ST's opposition).
        ("en", "resist Marcus wits+stealth vs 2 diff 7 dice 9,9,3,8,2", [2, 1], 0, 1),
    ],
)
def test_resisted(
    tmp_path: Path, lang: str, command: str, successes: list[int], winner, margin: int
) -> None:
    session = chronicle(tmp_path / "c", lang)
    result = session.execute(command)
    data = result.event.data
    assert (data["successes"], data["winner"], data["margin"]) == (successes, winner, margin)
    assert len(data["sides"]) == 2 and all(side["dice"] for side in data["sides"])
    text = result.render(lang)
    assert text.count("+") >= 2  # both rolls are shown, faces marked
    assert describe(result.event, lang).startswith("resisted" if lang == "en" else "встречная")


@pytest.mark.parametrize(
    "command",
    [
        "resist Marcus dex+brawl dice 8,8,3,1,10",  # one side
        "resist Marcus dex+brawl vs Anna dex+brawl vs Bob perception",  # three
        "resist Marcus dex+brawl vs Marcus per+alertness",  # the same roller twice
        "resist Marcus dex+brawl vs Anna dex+brawl dice 8,8,3",  # too few faces
        "resist Marcus dex+brawl vs Anna dex+brawl dice 8,8,3,1,10,2,6,7,1,5",  # too many
        "resist Marcus dex+brawl vs Nobody dex+brawl",
        "resist Marcus dex+brawl vs 2 wp",  # Willpower needs a character
    ],
)
def test_resisted_refusals_change_nothing(tmp_path: Path, command: str) -> None:
    refused(chronicle(tmp_path / "c"), command)


# --- teamwork: each rolls their own pool, successes add, a botch spoils it ---------------------


@pytest.mark.parametrize(
    ("lang", "profile", "command", "successes", "botch"),
    [
        # 5 dice and 4 dice, never 9: 8,8,3,1,10 -> 2; 6,7,2,2 -> 2; together 4.
        (
            "en",
            V20,
            "teamwork Marcus dex+brawl with Anna dex+brawl dice 8,8,3,1,10,6,7,2,2",
            4,
            False,
        ),
        (
            "ru",
            V20,
            "командная Марк ловкость+драка с Анна ловкость+драка кости 8,8,3,1,10,6,7,2,2",
            4,
            False,
        ),
        # Three participants, one difficulty for all; commas or "with" between them.
        (
            "en",
            V20,
            "teamwork Marcus per+alertness with Anna per+alertness, Bob perception diff 7 "
            "dice 7,7,2,2,2,8,2,2,2,9,1",
            3,
            False,
        ),
        (
            "ru",
            V20,
            "совместно Марк восприятие+бдительность с Анна восприятие+бдительность и Боб "
            "восприятие сл 7 кости 7,7,2,2,2,8,2,2,2,9,1",
            3,
            False,
        ),
        # 004 "Чей-то провал портит всё дело".
        (
            "en",
            V20,
            "teamwork Marcus dex+brawl with Anna dex+brawl dice 1,2,2,2,2,9,9,9,9",
            0,
            True,
        ),
        # Seed 000 "может испортить": with the toggle off the others' successes stand.
        (
            "en",
            V20.with_house(teamwork_botch_spoils=False),
            "teamwork Marcus dex+brawl with Anna dex+brawl dice 1,2,2,2,2,9,9,9,9",
            4,
            False,
        ),
    ],
)
def test_teamwork(
    tmp_path: Path, lang: str, profile: Profile, command: str, successes: int, botch: bool
) -> None:
    session = chronicle(tmp_path / "c", lang, profile)
    result = session.execute(command)
    data = result.event.data
    assert (data["successes"], data["botch"]) == (successes, botch)
    assert [len(r["dice"]) for r in data["rolls"]][:2] == [5, 4]  # pools are never added
    text = result.render(lang)
    names = ["Marcus", "Anna"] if lang == "en" else ["Марк", "Анна"]
    assert all(name in text for name in names)  # the helpers are named
    assert describe(result.event, lang)


@pytest.mark.parametrize(
    "command",
    [
        "teamwork Marcus dex+brawl",  # alone is not teamwork
        "teamwork Marcus dex+brawl with",
        "teamwork Marcus dex+brawl with Marcus per+alertness",
        "teamwork Marcus dex+brawl diff 7 with Anna dex+brawl diff 6",  # one difficulty for all
        "teamwork Marcus dex+brawl with Anna dex+brawl dice 8,8",
    ],
)
def test_teamwork_refusals_change_nothing(tmp_path: Path, command: str) -> None:
    refused(chronicle(tmp_path / "c"), command)


# --- extended: successes gathered to a target; a botch per the profile -------------------------


EXTENDED = {
    "en": [
        ('extended start Marcus "the letter" per+alertness target 6 diff 7', "going", 0),
        ("extended roll Marcus dice 8,8,3,1,10", "going", 2),
        ('extended roll "the letter" dice 1,2,3,4,5', "going", 0),  # V20: all is lost
        ("extended roll 1 dice 8,8,9,10,2", "going", 4),
        ("extended roll the dice 7,7,2,2,2", "done", 6),  # by the label's beginning
    ],
    "ru": [
        ('продолжительная начать Марк "письмо" восприятие+бдительность цель 6 сл 7', "going", 0),
        ("продолжительная бросок Марк кости 8,8,3,1,10", "going", 2),
        ("продолжительная бросок письмо кости 1,2,3,4,5", "going", 0),
        ("продолжительное бросок 1 кости 8,8,9,10,2", "going", 4),
        ("продолжительная бросок пис кости 7,7,2,2,2", "done", 6),
    ],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_extended_gathers_successes_and_a_botch_starts_again(tmp_path: Path, lang: str) -> None:
    session = chronicle(tmp_path / "c", lang)
    for command, state, total in EXTENDED[lang]:
        result = session.execute(command)
        data = result.event.data
        assert data["accumulated"] == total, command
        if result.event.type == "extended_roll":
            assert data["state"] == state
        told = describe(result.event, lang)
        assert ("#1" in told) if lang == "en" else ("№1" in told)
        if state == "going":
            assert session.state.extended["1"]["accumulated"] == total
            assert "⏳" in header(session.state, lang, False).plain
    assert data["lost"] == 0 and data["rolls"] == 4
    assert session.state.extended == {}  # done: the action leaves the table
    # Undo brings it back, as it stood before the last roll.
    session.execute("undo")
    assert session.state.extended["1"]["accumulated"] == 4


def test_a_botch_loses_what_was_gathered_and_demon_ends_the_attempt(tmp_path: Path) -> None:
    v20 = chronicle(tmp_path / "v20")
    v20.execute('extended start Marcus "climb" dex+brawl target 5')
    v20.execute("extended roll climb dice 8,8,8,2,2")
    lost = v20.execute("extended roll climb dice 1,2,2,2,2")
    assert (lost.event.data["state"], lost.event.data["lost"]) == ("going", 3)
    assert "loses the 3" in lost.message
    # Demon (seed 001; profile: the attempt is over): the action closes as failed.
    demon = chronicle(tmp_path / "demon", profile=DEMON)
    demon.execute('extended start Marcus "climb" dex+brawl target 5')
    demon.execute("extended roll climb dice 8,8,8,2,2")
    over = demon.execute("extended roll climb dice 1,2,2,2,2")
    assert over.event.data["state"] == "failed"
    assert demon.state.extended == {}


def test_extended_end_a_bare_pool_and_the_state_view(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "c"
    session = chronicle(root)
    session.execute('extended start 4 "the lock" target 3 diff 7')
    session.execute('extended start Anna "research" per+alertness target 10')
    session.execute('extended start Marcus "the chase" dex+brawl vs Bob perception target 4')
    session.execute("extended roll chase dice 8,8,8,2,2,7,2")
    rolled = session.execute("extended roll lock dice 7,8,2,2")
    assert rolled.event.data["accumulated"] == 2 and "4 dice" in rolled.message
    # Snapshots keep the open actions; an old snapshot without them still loads.
    snapshot = st.to_dict(session.state)
    assert st.from_dict(snapshot).extended == session.state.extended
    del snapshot["extended"]
    assert st.from_dict(snapshot).extended == {}
    session.close()
    assert main(["state", str(root)]) == 0
    out = capsys.readouterr().out
    assert "extended #1 'the lock': 4 dice 2/3, diff 7" in out
    assert "extended #2 'research': Anna 0/10" in out
    assert "extended #3 'the chase': Marcus 2/4 against Bob 0, diff 6" in out
    assert main(["state", str(root), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["extended"]
    assert [(a["id"], a["what"], a["accumulated"]) for a in listed][:2] == [
        (1, "the lock", 2),
        (2, "research", 0),
    ]
    assert main(["state", str(root), "--lang", "ru"]) == 0
    assert "продолжительная №2 'research': Anna 0/10" in capsys.readouterr().out
    session = Session.open(root, rng=SeededDice(1))
    ended = session.execute("extended abandon research")
    assert ended.event.type == "extended_end" and list(session.state.extended) == ["1", "3"]
    session.close()


@pytest.mark.parametrize(
    "command",
    [
        "extended jump",
        'extended start Marcus "x" dex+brawl',  # no target
        'extended start Marcus "x" dex+brawl target 0',
        'extended start Marcus "open" dex+brawl target 3',  # already open
        'extended start Marcus "y" dex+brawl target 3 wp',  # Willpower goes on a roll
        'extended start Nobody "y" dex+brawl target 3',
        "extended roll nothing dice 8",
        "extended roll open dice 8,8",  # five dice, two faces
        "extended end",
        "extended end 7",
    ],
)
def test_extended_refusals_change_nothing(tmp_path: Path, command: str) -> None:
    session = chronicle(tmp_path / "c")
    session.execute('extended start Marcus "open" dex+brawl target 3')
    refused(session, command)


def test_hostile_extended_tables_are_refused() -> None:
    good = {
        "1": {
            "what": "x",
            "who": "M",
            "key": "m",
            "traits": "wits",
            "pool": None,
            "spec": False,
            "difficulty": 6,
            "target": 3,
            "accumulated": 0,
            "rolls": 0,
            "botches": 0,
        }
    }
    assert st.META["extended"][1](good)["1"]["target"] == 3
    for bad in (
        [],
        {"x": good["1"]},
        {"1": {**good["1"], "target": 0}},
        {"1": {**good["1"], "difficulty": 11}},
        {"1": {**good["1"], "what": ""}},
        {"1": {**good["1"], "key": None}},  # neither a character nor a pool
        {"1": {**good["1"], "vs": "Anna", "opposed": 0}},
        {"1": {**good["1"], "vs": {"who": "A", "key": "a"}, "opposed": 0}},  # half a rival
        {"1": {**good["1"], "vs": {**good["1"], "key": "a"}}},  # no rival's total
    ):
        with pytest.raises(ValueError):
            st.META["extended"][1](bad)


def test_the_first_botch_of_the_chapter_is_forgiven_in_a_team_too(tmp_path: Path) -> None:
    # 004 "Вариант: первый провал за игровую встречу у всех считается простой неудачей."
    house = V20.with_house(forgiven_first_botch=True)
    session = chronicle(tmp_path / "c", profile=house)
    command = "teamwork Marcus dex+brawl with Anna dex+brawl dice 1,2,2,2,2,9,9,9,9"
    first = session.execute(command).event.data
    assert (first["botch"], first["successes"]) == (False, 4)
    assert first["rolls"][0]["forgiven"] is True
    again = session.execute(command).event.data
    assert (again["botch"], again["successes"]) == (True, 0)


def test_the_roll_log_names_every_roller(tmp_path: Path) -> None:
    from elysium.tui.widgets.rolllog import entry

    session = chronicle(tmp_path / "c")
    event = session.execute(
        "teamwork Marcus dex+brawl with Anna dex+brawl dice 8,8,3,1,10,6,7,2,2"
    ).event
    who, line = entry(event, "en")
    assert who == {"Marcus", "Anna"} and "teamwork" in line.plain
    event = session.execute('extended start Marcus "climb" dex+brawl target 5').event
    who, line = entry(event, "ru")
    assert who == {"Marcus"} and "продолжительная №1" in line.plain


@pytest.mark.parametrize(
    ("lang", "profile", "commands", "totals", "winner"),
    [
        # V20 (RULES.md §1 "Extended + resisted"): each interval the side with net successes
        # left adds them; the first to the target wins. Marcus 5 dice, Anna 4.
        (
            "en",
            V20,
            [
                'extended start Marcus "the chase" dex+brawl vs Anna dex+brawl target 3',
                "extended roll chase dice 8,8,8,2,2,7,2,2,2",  # 3 against 1: Marcus +2
                "extended roll chase dice 8,2,2,2,2,9,9,2,2",  # 1 against 2: Anna +1
            ],
            (2, 1),
            None,
        ),
        (
            "ru",
            V20,
            [
                'продолжительная начать Марк "погоня" ловкость+драка против Анна '
                "ловкость+драка цель 3",
                "продолжительная бросок погоня кости 8,8,8,2,2,7,2,2,2",
                "продолжительная бросок погоня кости 8,8,2,2,2,2,2,2,2",
            ],
            (4, 0),
            0,
        ),
        # Demon (seed 001, "Продолжительные встречные"): each side adds its own successes.
        (
            "en",
            DEMON,
            [
                'extended start Marcus "the chase" dex+brawl vs Anna dex+brawl target 3',
                "extended roll chase dice 8,8,2,2,2,7,9,9,2",
            ],
            (2, 3),
            1,
        ),
    ],
)
def test_extended_and_resisted(
    tmp_path: Path, lang: str, profile: Profile, commands: list[str], totals, winner
) -> None:
    session = chronicle(tmp_path / "c", lang, profile)
    opened = session.execute(commands[0])
    assert ("Anna" if lang == "en" else "Анна") in describe(opened.event, lang)  # the rival
    for command in commands[1:]:
        result = session.execute(command)
    data = result.event.data
    assert (data["accumulated"], data["opposed"]) == totals
    assert data["winner"] == winner and len(data["sides"]) == 2
    assert describe(result.event, lang) and result.render(lang).count("+") >= 2
    if winner is None:
        assert session.state.extended["1"]["opposed"] == totals[1]
        assert st.from_dict(st.to_dict(session.state)).extended == session.state.extended
    else:
        assert session.state.extended == {}
