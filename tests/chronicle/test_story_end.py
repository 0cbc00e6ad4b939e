"""The end of a story: ``story`` (``история``) gives every character's Willpower back whole
and the story's experience awards, as one event that undo takes back whole.

Seed 004, «Воля»: «Восстановление: весь запас - в конце истории»; «Выдача опыта»: «Конец
истории, сверх того: за успех, за опасность, за мудрость - по одному». Driven through the
command language; every refusal leaves the chronicle as it was.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.cli import main
from elysium.tell.events import describe
from tests.chronicle_helpers import new_session

SETUP = [
    'add "Marcus" vampire',  # Willpower 3
    'add "Anna" neonate',  # Willpower 4
    'add "Bob" mortal blank',  # Willpower 3
    "set Marcus player yes",
    "set Anna player yes",
    "spend Marcus wp 2",
    "spend Anna wp 1",
    "spend Bob wp 3",
]


@pytest.fixture
def session(tmp_path: Path) -> Session:
    s = new_session(tmp_path / "c", SETUP)
    yield s
    s.close()


def wp_xp(s: Session) -> dict[str, tuple[int, int]]:
    return {c.name: (c.willpower_points, c.xp) for c in s.state.characters.values()}


def refused(s: Session, command: str) -> ChronicleError:
    before, events = s.state, s.state.events
    with pytest.raises(ChronicleError) as caught:
        s.execute(command)
    assert s.state == before and s.state.events == events
    return caught.value


# (command, each one's Willpower and experience after it)
STORIES = [
    # «весь запас - в конце истории»: everyone, NPCs too; no award named, no experience.
    ("story", {"Marcus": (3, 0), "Anna": (4, 0), "Bob": (3, 0)}),
    ("история", {"Marcus": (3, 0), "Anna": (4, 0), "Bob": (3, 0)}),
    # «за успех, за опасность, за мудрость - по одному»: awards alone go to the players.
    ("story success danger wisdom", {"Marcus": (3, 3), "Anna": (4, 3), "Bob": (3, 0)}),
    ("история успех опасность", {"Marcus": (3, 2), "Anna": (4, 2), "Bob": (3, 0)}),
    # Each their own, after their name (an NPC may be named too).
    ("story Marcus success danger, Anna wisdom", {"Marcus": (3, 2), "Anna": (4, 1), "Bob": (3, 0)}),
    ("история Bob мудрость", {"Marcus": (3, 0), "Anna": (4, 0), "Bob": (3, 1)}),
    # The players' awards and one more for one of them; an award named twice counts once.
    ("story success Anna wisdom", {"Marcus": (3, 1), "Anna": (4, 2), "Bob": (3, 0)}),
    ("story Marcus danger danger", {"Marcus": (3, 1), "Anna": (4, 0), "Bob": (3, 0)}),
]


@pytest.mark.parametrize(("command", "after"), STORIES)
def test_the_end_of_a_story(session: Session, command: str, after: dict) -> None:
    events = session.state.events
    r = session.execute(command)
    assert wp_xp(session) == after
    assert r.event is not None and r.event.type == "story"
    assert session.state.events == events + 1  # one event


def test_it_is_said_in_both_languages_and_in_the_log(session: Session) -> None:
    r = session.execute("story Marcus success danger")
    assert r.message == (
        "the story ends: Willpower back whole for Marcus 1→3, Anna 3→4, Bob 0→3; "
        "experience: Marcus +2 (success, danger)"
    )
    assert r.render("ru") == (
        "история завершена: воля восстановлена полностью: Marcus 1→3, Anna 3→4, Bob 0→3; "
        "опыт: Marcus +2 (успех, опасность)"
    )
    assert r.event is not None
    assert describe(r.event, "en").startswith("end of the story: Willpower back whole")
    assert "опыт: Marcus +2 (успех, опасность)" in describe(r.event, "ru")
    again = session.execute("story")
    assert again.message == "the story ends: everyone's Willpower is whole already"


def test_undo_takes_the_whole_story_back(session: Session) -> None:
    before = wp_xp(session)
    session.execute("story success danger wisdom")
    session.execute("undo")
    assert wp_xp(session) == before
    session.execute("redo")
    assert wp_xp(session)["Marcus"] == (3, 3)


def test_the_recap_counts_the_awards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "c"
    new_session(root, [*SETUP, "story Marcus success wisdom"]).close()
    assert main(["recap", str(root), "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert "Marcus: 2 XP awarded, 0 spent" in out
    assert "end of the story: Willpower back whole" in out


def test_the_dead_get_no_willpower_back(session: Session) -> None:
    session.execute("damage Bob 8 aggravated nosoak")
    session.execute("story")
    assert session.state.characters["bob"].willpower_points == 0


REFUSED = [
    ("story Marcus", "name the awards after Marcus", "после имени Marcus укажите награды"),
    ("story Marcus success Marcus danger", "Marcus is named twice", "имя названо дважды"),
    ("story Zed success", "no character named 'Zed'", "нет персонажа 'Zed'"),
]


@pytest.mark.parametrize(("command", "en", "ru"), REFUSED)
def test_a_wrong_story_is_refused(session: Session, command: str, en: str, ru: str) -> None:
    error = refused(session, command)
    assert en in str(error) and ru in error.render("ru")


def test_awards_need_someone_to_take_them(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", ['add "Marcus" vampire'])
    try:
        error = refused(s, "story success")
        assert "set NAME player yes" in str(error)
        assert "задать ИМЯ игрок да" in error.render("ru")
    finally:
        s.close()


def test_not_in_the_middle_of_a_fight(session: Session) -> None:
    session.execute("combat start Marcus Bob")
    error = refused(session, "story")
    assert "combat end before story" in str(error)
    assert "потом «история»" in error.render("ru")


def test_story_from_the_shell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "c"
    new_session(root, SETUP).close()
    assert main(["run", str(root), "история Anna успех", "--lang", "ru"]) == 0
    assert "Anna +1 (успех)" in capsys.readouterr().out
    assert main(["help", "story"]) == 0
    assert "история" in capsys.readouterr().out
