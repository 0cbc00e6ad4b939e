"""Issue 14, "No surprises": verbs that discard data take the whole name; undo and redo say
what the state is now; a per-turn limit says which limit and how to move on. Driven through
the command language on real chronicles, in English and Russian."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import CommandError
from elysium.chronicle.session import Session
from tests.chronicle_helpers import COTERIE, new_session

JACKS = ['add "Jackie" mortal', 'add "Jack Kowalski" mortal', 'remove "Jackie"']


@pytest.fixture
def s(coterie: Session) -> Session:
    return coterie


def refused(s: Session, command: str) -> CommandError:
    events = s.state.events
    with pytest.raises(CommandError) as caught:
        s.execute(command)
    assert s.state.events == events  # nothing written
    return caught.value


# --- the whole name for verbs that discard data ----------------------------------------------


@pytest.mark.parametrize(
    ("command", "en", "ru"),
    [
        ("remove Jack", "remove discards data", "убрать удаляет данные"),
        ("убрать jack", "remove discards data", "убрать удаляет данные"),
        ("remove Kowal", "whole name", "полное имя"),
        ("set Jack notes hello", "set discards data", "задать удаляет данные"),
    ],
)
def test_a_beginning_of_a_name_does_not_discard(tmp_path: Path, command, en, ru) -> None:
    s = new_session(tmp_path / "c", JACKS)
    error = refused(s, command)
    assert en in error.render("en") and "Jack Kowalski" in error.render("en")
    assert ru in error.render("ru") and "Jack Kowalski" in error.render("ru")
    assert "jack kowalski" in s.state.characters
    s.close()


@pytest.mark.parametrize(
    "command", ['remove "Jack Kowalski"', "remove jack kowalski", "убрать JACK KOWALSKI"]
)
def test_the_whole_name_in_any_case_removes(tmp_path: Path, command) -> None:
    s = new_session(tmp_path / "c", JACKS)
    said = s.execute(command)
    assert "jack kowalski" not in s.state.characters
    assert said.render("en") == "removed Jack Kowalski"
    assert said.render("ru") == "убран персонаж: Jack Kowalski"
    s.close()


def test_a_prefix_still_finds_for_verbs_that_keep_data(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", JACKS)
    s.execute("award Jack 2")  # not destructive: the short name still serves
    assert s.state.characters["jack kowalski"].xp == 2
    s.execute("set Jack brawl 2")  # nor setting a trait (undo brings back the old one)
    assert s.state.characters["jack kowalski"].trait("brawl") == 2
    s.close()


def test_an_unknown_name_lists_everyone(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", JACKS)
    error = refused(s, "remove Zed")
    assert "no character named 'Zed'" in error.render("en") and "Jack Kowalski" in str(error)
    assert "нет персонажа 'Zed'" in error.render("ru")
    s.close()


def test_power_remove_needs_the_whole_power_name(s) -> None:
    s.execute("power add Marcus Majesty charisma+intimidation")
    error = refused(s, "power remove Marcus Maj")
    assert "power's whole name" in error.render("en") and "Majesty" in error.render("en")
    assert "полное название умения" in error.render("ru")
    error = refused(s, "power remove Marc Majesty")
    assert "character's whole name" in error.render("en") and "Marcus" in error.render("en")
    s.execute("умение убрать marcus majesty")
    assert s.state.characters["marcus"].powers == ()


def test_extended_end_needs_the_number_or_whole_name(s) -> None:
    s.execute('extended start Marcus "research the archive" target 5 dexterity+brawl')
    error = refused(s, "extended end research")
    assert "#1 research the archive" in error.render("en")
    assert "номер или полное название" in error.render("ru")
    s.execute('extended end "Research the archive"')
    assert not s.state.extended
    s.execute('extended start Marcus "research" target 5 dexterity+brawl')
    s.execute("продолжительная конец #1")
    assert not s.state.extended


# --- a value forgotten never wipes a text ----------------------------------------------------

TEXTS = [  # (the field, how to set it, how the character holds it, its missing-value words)
    ("notes", 'set Marcus notes "owes Lodin a boon"', lambda c: c.notes, "the notes' text"),
    ("clan", 'set Marcus clan "Brujah"', lambda c: c.clan, "a clan"),
    ("nature", 'set Marcus nature "Rebel"', lambda c: c.nature, "a Nature"),
    ("demeanour", 'set Marcus demeanour "Bravo"', lambda c: c.demeanour, "a Demeanour"),
    (
        "specialty brawl",
        'set Marcus specialty brawl "Bar fights"',
        lambda c: dict(c.specialties).get("brawl", ""),
        "the specialty",
    ),
]


@pytest.mark.parametrize(("field", "given", "held", "missing"), TEXTS, ids=[t[0] for t in TEXTS])
def test_a_text_with_no_value_is_refused_and_kept(s, field, given, held, missing) -> None:
    """`set Marcus notes` with nothing after it used to clear the notes, acknowledged just
    like a real change; now it is refused with the usage, and "" clears on purpose."""
    s.execute("set Marcus brawl 4")  # a specialty needs 4 dots
    s.execute(given)
    before = held(s.state.characters["marcus"])
    assert before
    error = refused(s, f"set Marcus {field}")
    assert f'missing {missing} ("" clears' in error.render("en")
    assert "usage: set NAME" in error.render("en")
    assert '"" —' in error.render("ru") and "формат: задать" in error.render("ru")
    assert held(s.state.characters["marcus"]) == before
    s.execute(f'set Marcus {field} ""')
    assert held(s.state.characters["marcus"]) == ""


def test_clearing_the_notes_says_which_notes_were_cleared(s) -> None:
    long = "owes Lodin a boon, and fears the Sheriff more than the sun itself"
    said = s.execute(f'set Marcus notes "{long}"')
    assert said.render("en") == f"Marcus: notes ({len(long)} characters)"
    said = s.execute('задать Marcus заметки ""')
    assert s.state.characters["marcus"].notes == ""
    assert said.render("en") == (
        "Marcus: notes cleared (they began “owes Lodin a boon, and fears the Sherif…”)"
    )
    assert said.render("ru").startswith("Marcus: заметки стёрты (начинались так: «owes Lodin")
    s.execute("undo")
    assert s.state.characters["marcus"].notes == long


@pytest.mark.parametrize(
    ("given", "cleared", "en", "ru"),
    [
        ('set Marcus clan "Ventrue"', 'set Marcus clan ""', "clan (cleared; it was Ventrue)",
         "клан (убрано; было: Ventrue)"),
        ('set Marcus nature "Bravo"', 'set Marcus nature ""', "Nature (cleared; it was Bravo)",
         "натура (убрано; было: Bravo)"),
        ('set Marcus specialty brawl "Bar fights"', 'set Marcus specialty brawl ""',
         "specialty brawl: (cleared; it was Bar fights)", "(убрано; было: Bar fights)"),
    ],
)  # fmt: skip
def test_clearing_a_text_says_what_it_was(s, given, cleared, en, ru) -> None:
    s.execute("set Marcus brawl 4")
    s.execute(given)
    said = s.execute(cleared)
    assert said.render("en") == f"Marcus: {en}"
    assert ru in said.render("ru")


@pytest.mark.parametrize(
    "command",
    ['set Marcus notes ""', 'set Marcus clan ""', "set Marcus stamina 3", "set Marcus player no"],
)
def test_a_set_that_changes_nothing_records_nothing(s, command) -> None:
    """It used to be an event that undo passed over, so Ctrl+Z undid an older change."""
    s.execute("damage Marcus 1 bashing nosoak")
    events = s.state.events
    said = s.execute(command)
    assert s.state.events == events  # nothing written
    assert "nothing to change: Marcus already has" in said.render("en")
    assert "менять нечего" in said.render("ru")
    s.execute("undo")
    assert s.state.characters["marcus"].health.bashing == 0  # the damage, the last change


# --- undo and redo tell the state now ---------------------------------------------------------


def test_undo_tells_the_numbers_after_it(s) -> None:
    s.execute("turn")
    s.execute("spend Marcus blood 1")
    before = s.state.characters["marcus"].blood
    said = s.execute("undo")
    assert s.state.characters["marcus"].blood == before + 1 == 13
    en, ru = said.render("en"), said.render("ru")
    assert en.startswith("undone (event") and "now Marcus: blood 13/13" in en
    assert "[was: Marcus spends 1 blood — blood 12/13]" in en  # the old numbers, as the past
    assert "теперь Marcus: кровь 13/13" in ru and "было:" in ru
    said = s.execute("redo")
    assert "now Marcus: blood 12/13" in said.render("en")
    assert "теперь Marcus: кровь 12/13" in said.render("ru")


def test_undo_of_damage_tells_the_track_now(s) -> None:
    s.execute("damage Marcus 2 lethal nosoak")
    said = s.execute("undo")
    assert "now Marcus: health ....... (Unhurt)" in said.render("en")
    assert "теперь Marcus: здоровье ....... (Цел)" in said.render("ru")
    said = s.execute("отменить") if s.state.undo else None
    assert said is not None
    assert "теперь" in said.render("ru")  # the coterie's last trait set, told back


@pytest.mark.parametrize(
    ("command", "en", "ru"),
    [
        ("turn", "now night 1, scene 1, turn 1", "теперь ночь 1, сцена 1, ход 1"),
        ('add "Guest" mortal', "now Guest is no longer in the chronicle", "Guest больше нет"),
        ("set Marcus brawl 4", "now Marcus: Brawl 2", "теперь Marcus: Драка 2"),
        ("award Marcus 3", "now Marcus: 0 XP unspent", "теперь Marcus: опыт 0"),
    ],
)
def test_undo_says_now_for_each_kind_of_change(s, command, en, ru) -> None:
    s.execute(command)
    said = s.execute("undo")
    assert en in said.render("en") and ru in said.render("ru")
    assert said.event is not None and said.event.data["line"] == said.render("en")


def test_the_now_line_survives_a_restart(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.execute("damage Marcus 1 bashing nosoak")
    s.close()
    s = Session.open(tmp_path / "c")
    said = s.execute("undo")
    assert "now Marcus: health" in said.render("en")
    s.close()


# --- per-turn limits say which limit, and the way on ------------------------------------------


def test_blush_after_the_turns_blood_names_the_limit(s) -> None:
    s.execute("spend Marcus blood 1")  # generation 10: 1 blood a turn
    error = refused(s, "blush Marcus")
    en, ru = error.render("en"), error.render("ru")
    assert en == (
        "Marcus has already spent 1 of 1 blood this turn (generation 10); type `turn` to "
        "start the next turn (a new scene or night starts one too)"
    )
    assert "at least" not in en
    assert "в этот ход уже потрачено 1 из 1 пункта крови за этот ход (10-е поколение)" in ru
    assert "введите `ход`" in ru
    s.execute("ход")
    s.execute("румянец Marcus")
    assert s.state.characters["marcus"].blush


@pytest.mark.parametrize("command", ["spend Marcus blood 1", "boost Marcus strength 1"])
def test_every_blood_spend_past_the_limit_says_the_way_on(s, command) -> None:
    s.execute("spend Marcus blood 1")
    error = refused(s, command)
    assert "already spent 1 of 1 blood this turn" in error.render("en")
    assert "type `turn`" in error.render("en")


def test_asking_past_what_is_left_names_the_generation(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", ['add "Elder" vampire gen 7'])
    s.execute("spend Elder blood 2")  # generation 7: 4 a turn
    error = refused(s, "spend Elder blood 3")
    assert "can spend 4 blood per turn (generation 7; 2 left this turn)" in error.render("en")
    assert "(7-е поколение; в этот ход осталось 2)" in error.render(
        "ru"
    ) and "введите `ход`" in error.render("ru")
    s.execute("scene")  # a new scene starts a new turn as well
    s.execute("spend Elder blood 3")
    s.close()


def test_willpower_once_a_turn_says_the_way_on(s) -> None:
    s.execute("roll Marcus dexterity+brawl wp dice 6,6,6,6,6")
    error = refused(s, "roll Marcus dexterity+brawl wp dice 6,6,6,6,6")
    assert "already spent Willpower for a success this turn; type `turn`" in error.render("en")
    assert "воля на успех в этот ход уже потрачена; введите `ход`" in error.render("ru")


def test_in_a_fight_the_way_on_is_the_next_round(s) -> None:
    s.execute("combat start Marcus Bob")
    s.execute("spend Marcus blood 1")
    error = refused(s, "spend Marcus blood 1")
    assert "resets when the fight's next round begins" in error.render("en")
    assert "со следующим раундом боя" in error.render("ru")


def test_asking_more_than_a_whole_turn_allows_offers_no_next_turn(s) -> None:
    error = refused(s, "spend Marcus blood 2")  # generation 10: 1 a turn, whatever the turn
    assert "can spend 1 blood per turn (generation 10; 1 left this turn)" in error.render("en")
    assert "turn`" not in error.render("en") and "`ход`" not in error.render("ru")
