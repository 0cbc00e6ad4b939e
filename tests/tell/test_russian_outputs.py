"""A whole session told in Russian reads as Russian, through the command language and the
CLI: every reply of ``elysium --lang ru run``, and ``log``, ``recap``, ``state`` and
``sheet``. No English word is left (names, dice notation and the program's own name aside),
names stand where no case or gender is needed, the health marks are the Cyrillic Х and Ж
that ``state`` draws, and dazed is one word: «ошеломлён».

``tests/i18n/test_catalogs.py`` checks every catalog entry alone; this drives the real outputs,
where words from several places (a declaration as typed, an event's data) come together.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from elysium.cli import main

NAMES = {"marcus"}  # the one Latin name of the chronicle; the others are Cyrillic
ALLOWED = NAMES | {"v20", "xp", "elysium"}

# A session of every kind: characters, a fight declared in both languages, damage that
# dazes, feeding, frenzy, experience, a power, a derangement, undo and redo, a rename.
COMMANDS = [
    'добавить "Анна Петровна" неонат',
    "добавить Marcus неонат",
    "добавить Б смертный",
    "задать Marcus игрок yes",  # an English yes: told as «да»
    'задать "Анна Петровна" клан Тремер',  # the log names what was set, not only «клан»
    'задать "Анна Петровна" натура Бунтарь',
    'бой начать "Анна Петровна" Marcus Б',
    'инициатива кости "Анна Петровна"=2,Marcus=9,Б=4',
    "заявить Б уклонение",
    'заявить "Анна Петровна" атака Marcus когти',
    "заявить Marcus attack Б strike",  # typed in English: told in Russian all the same
    "далее",
    'атака "Анна Петровна" Marcus когти',
    "урон Б 4 лёгкие беспрочности",  # more than Stamina 2: dazed
    "далее",
    "далее",  # the round ends
    "бой конец",
    "урон Marcus 2 тяжёлые беспрочности",
    'потратить "Анна Петровна" кровь 1',
    'питание "Анна Петровна" 1 из Б',
    "ярость Marcus сл 6",
    "успокоить Marcus",
    "опыт Marcus 10",
    "повысить Marcus сила",
    "умение добавить Marcus Прорицание запас восприятие+бдительность сл 6 цена кровь 1",
    "ход",
    "умение Marcus Прорицание",
    'расстройство Marcus добавить "боязнь огня"',
    "отменить",
    "вернуть",
    "ход",
    "лечить Marcus 1",
    "деградация Marcus грех 5",
    "ротшрек Marcus сл 5",
    "сцена",
    "ночь",
    'усилить "Анна Петровна" сила 1',
    'переименовать Б "Борис"',
    "убрать Борис",
]


def english_words(text: str) -> set[str]:
    words = {w.casefold() for w in re.findall(r"[A-Za-z][A-Za-z0-9_'-]*", text)}
    return words - ALLOWED


@pytest.fixture(scope="module")
def told(tmp_path_factory) -> dict[str, str]:
    """What each front door said, by name: the run's replies and the four reports."""
    import contextlib
    import io

    root = tmp_path_factory.mktemp("ru") / "chronicle"

    def say(*args: str) -> str:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            assert main(list(args)) == 0, out.getvalue()
        return out.getvalue()

    say("new", str(root), "--lang", "ru", "--name", "Проба")
    return {
        "run": say("run", "--lang", "ru", "--seed", "5", str(root), *COMMANDS),
        "log": say("log", "--lang", "ru", str(root)),
        "recap": say("recap", "--lang", "ru", str(root)),
        "state": say("state", "--lang", "ru", str(root)),
        "sheet": say("sheet", "--lang", "ru", str(root), "Marcus"),
    }


@pytest.mark.parametrize("door", ["run", "log", "recap", "state", "sheet"])
def test_no_english_word_is_left(told: dict[str, str], door: str) -> None:
    wrong = [line for line in told[door].splitlines() if english_words(line)]
    assert not wrong, "\n".join(wrong)


def test_a_name_needs_no_case_or_gender(told: dict[str, str]) -> None:
    run, log = told["run"], told["log"]
    assert "добавлен персонаж: Анна Петровна (" in run  # not "добавлен Анна Петровна"
    assert "добавлен персонаж: Анна Петровна (вампир)" in log  # not "добавлен(а)"
    assert "убран персонаж: Борис" in run and "убран персонаж: Борис" in log
    assert "новое имя персонажа Б: Борис" in log
    assert "Marcus: Сила — на точку выше" in log  # not "Сила повышен(а)"
    assert "следующая заявка: Анна Петровна" in run  # not "следующим заявляет"
    assert "Marcus: действия закончены" in run  # not "Marcus закончил"
    for text in told.values():
        assert not re.search(r"\((а|ы|о|ла|на)\)", text), text


def test_the_side_and_the_declarations_are_russian(told: dict[str, str]) -> None:
    run, log = told["run"], told["log"]
    assert "Marcus: персонаж игрока — да" in log  # was "Marcus: player"
    assert "Marcus: персонаж игрока: да" in run  # typed "yes"
    assert "Анна Петровна заявляет: атака → Marcus: удар когтями" in run
    assert "Marcus заявляет: атака → Б: удар оружием" in run  # typed "attack Б strike"
    assert "Marcus заявляет: атака → Б: удар оружием" in log
    assert "Б заявляет: уклонение" in log


def test_the_marks_in_a_reply_are_the_cyrillic_ones_of_state(told: dict[str, str]) -> None:
    run = told["run"]
    assert "здоровье ХХ..... (Легко ранен, -1)" in run  # Cyrillic Х, as state draws it
    assert "XX" not in run  # not the Latin X
    assert "Х......" in told["state"]


def test_dazed_is_one_word(told: dict[str, str]) -> None:
    assert "ошеломлён: теряет следующее действие" in told["run"]
    assert not [door for door, text in told.items() if "оглуш" in text]


def test_the_log_names_the_clan_and_the_archetype_set(told: dict[str, str]) -> None:
    assert "Анна Петровна: клан Тремер" in told["log"]
    assert "Анна Петровна: натура Бунтарь" in told["log"]


def test_the_round_end_is_told_in_russian(told: dict[str, str]) -> None:
    assert "раунд 1 окончен" in told["log"]  # was the English line as recorded


@pytest.mark.parametrize("door", ["log", "recap", "state"])
def test_the_demo_chronicle_reads_in_russian(tmp_path: Path, door: str) -> None:
    """The shipped demo was played in English: its log, recap and state told in Russian
    keep only the Storyteller's own words (names, clans, Paths) in Latin letters."""
    import contextlib
    import io

    from elysium.chronicle.session import Session
    from tests.tui_helpers import demo_copy

    root = demo_copy(tmp_path)
    session = Session.open(root)
    try:
        own = " ".join(
            f"{c.name} {c.clan} {c.morality} {session.state.name}"
            for c in session.state.characters.values()
        )
    finally:
        session.close()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([door, "--lang", "ru", str(root)]) == 0
    mine = {w.casefold() for w in re.findall(r"[A-Za-z][A-Za-z0-9_'-]*", own)}
    wrong = [line for line in out.getvalue().splitlines() if english_words(line) - mine]
    assert not wrong, "\n".join(wrong)


def test_the_dashboard_tells_a_declaration_typed_in_english_in_russian(tmp_path: Path) -> None:
    """The demo's declarations were typed in English (``attack Spike strike``)."""
    from elysium.chronicle.session import Session
    from elysium.tui import render
    from tests.tui_helpers import demo_copy

    session = Session.open(demo_copy(tmp_path))
    try:
        ru = render.initiative(session.state, "ru")[0].plain
        en = render.initiative(session.state, "en")[0].plain
    finally:
        session.close()
    assert "атака → Spike: удар оружием" in ru and "attack Spike: weapon strike" in en
    assert not {"attack", "strike", "bite", "shoot"} & english_words(ru)


def test_the_editor_names_humanity_in_russian(tmp_path: Path) -> None:
    from elysium.chronicle.session import Session
    from elysium.tui.dialogs.editor import EditDialog
    from tests.tui_helpers import demo_copy

    session = Session.open(demo_copy(tmp_path))
    try:
        lucien = session.state.characters["lucien marchetti"]
        assert EditDialog._texts(lucien, "ru")["path"] == "Человечность"
        assert EditDialog._texts(lucien, "en")["path"] == "Humanity"
    finally:
        session.close()


def test_the_players_views_tell_a_declaration_in_russian() -> None:
    from elysium.tui import players_render
    from elysium.web import page as web_page

    fight = {
        "round": 1,
        "phase": "act",
        "order": [{"name": "Tomas Reyes", "initiative": 10, "declaration": "attack Spike shoot"}],
    }
    terminal = players_render.initiative({"fight": fight}, "ru").plain
    page = web_page._initiative(fight, "ru")
    for shown in (terminal, page):
        assert "атака → Spike: выстрел" in shown and "shoot" not in shown
