"""Experience with reasons: ``award NAME N "reason"`` (``опыт``) keeps why it was earned in
its event; without one the award works as before. Undo takes it back, a replay reaches the
same state, and a refusal says why and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import dispatch
from elysium.chronicle.state import State, apply
from elysium.rules import SeededDice
from elysium.tell.events import describe
from tests.chronicle_helpers import COTERIE, journal_bytes, new_session


def test_an_award_keeps_its_reason(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    done = s.execute('award Marcus 2 "survived the Sabbat ambush"')
    assert done.event is not None and done.event.type == "xp"
    assert done.event.data["reason"] == "survived the Sabbat ambush"
    assert done.event.data["amount"] == 2
    assert s.state.characters["marcus"].xp == 2
    assert done.render("en") == (
        "Marcus is awarded 2 experience (survived the Sabbat ambush) — 2 unspent"
    )
    assert done.render("ru") == (
        "Marcus получает 2 пункта опыта (survived the Sabbat ambush) — не потрачено 2"
    )
    assert describe(done.event, "en") == "Marcus is awarded 2 XP: survived the Sabbat ambush"
    s.close()


def test_the_russian_spelling_and_a_one_word_reason(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", ['добавить "Марк" вампир'])
    done = s.execute('опыт Марк 2 "пережил засаду"')
    assert done.event is not None and done.event.data["reason"] == "пережил засаду"
    assert describe(done.event, "ru") == "Марк получает опыт: 2 — пережил засаду"
    one = s.execute("опыт Марк 1 дипломатия")
    assert one.event is not None and one.event.data["reason"] == "дипломатия"
    assert s.state.characters["марк"].xp == 3
    s.close()


def test_without_a_reason_the_award_is_as_it_was(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    done = s.execute("award Marcus 3")
    assert done.event is not None
    assert set(done.event.data) == {"who", "amount", "line"}
    assert done.render("en") == "Marcus is awarded 3 experience — 3 unspent"
    assert describe(done.event, "en") == "Marcus is awarded 3 XP"
    s.close()


def test_a_reason_is_plain_text_kept_to_a_line(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    done = s.execute('award Marcus 1 "[bold]red[/] \x1b[31mtext"')
    assert done.event is not None
    reason = done.event.data["reason"]
    assert "\x1b" not in reason and "[bold]red[/]" in reason  # markup kept as text
    long = s.execute('award Marcus 1 "' + "x" * 500 + '"')
    assert long.event is not None and len(long.event.data["reason"]) == 200
    s.close()


def test_undo_and_replay(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.execute('award Marcus 2 "survived the Sabbat ambush"')
    s.execute('award Marcus 1 "good counsel"')
    undone = s.execute("undo")
    assert "good counsel" in undone.render("en")
    assert s.state.characters["marcus"].xp == 2
    s.execute("redo")
    assert s.state.characters["marcus"].xp == 3
    folded = State()
    for e in s.events():
        folded = apply(folded, e)
    assert folded.characters == s.state.characters
    s.close()


REFUSED = [
    # (command, English, Russian): one line in the reader's language, nothing changed.
    (
        "award Marcus 2 survived the ambush",
        "a reason of several words goes in quotes",
        "причину из нескольких слов заключите в кавычки (лишнее: «the ambush»)",
    ),
    ('award Marcus 0 "nothing"', "from 1 to 100", "от 1 до 100"),
    ('award Nobody 2 "why"', "no character named 'Nobody'", "Nobody"),
    ("award Marcus", "missing the experience", "опыт"),
]


@pytest.mark.parametrize(("command", "english", "russian"), REFUSED)
def test_refusals_say_why_and_change_nothing(
    tmp_path: Path, command: str, english: str, russian: str
) -> None:
    root = tmp_path / "c"
    s = new_session(root, COTERIE)
    before, journal = s.state, journal_bytes(root)
    with pytest.raises(ChronicleError) as refused:
        s.execute(command)
    assert english in refused.value.render("en")
    assert russian in refused.value.render("ru")
    assert "\n" not in refused.value.render("ru")
    assert s.state == before and journal_bytes(root) == journal
    s.close()


def test_the_view_needs_a_chronicle_to_read() -> None:
    """In memory (no journal) the view cannot read a history, and says so in Russian too."""
    state, _ = dispatch(State(), 'add "Marcus" vampire', SeededDice(1))
    with pytest.raises(ChronicleError) as refused:
        dispatch(state, "xp Marcus", SeededDice(1))
    assert refused.value.render("ru").startswith("журнал-опыта читает историю хроники")
