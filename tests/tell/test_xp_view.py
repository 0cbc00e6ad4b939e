"""``xp NAME`` (``журнал-опыта``) and ``elysium xp DIR NAME``: every award and spend of a
character's experience with its reason, game time and date, and the totals, read from the
events and written nowhere; and the recap's awards told with their reasons (a player's own
to the players, an NPC's to the Storyteller alone)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.tell.recap import build, markdown, page
from elysium.tell.table import Table
from tests.chronicle_helpers import COTERIE, journal_bytes, new_session
from tests.conftest import run_cli

STORY = [
    *COTERIE,
    "set Marcus player yes",
    'award Marcus 3 "survived the Sabbat ambush"',
    "award Marcus 20",
    "raise Marcus brawl",  # Ability, 2 × 2 = 4 (cheat sheet «Стоимость развития»)
    "scene",
    'award Marcus 1 "a slip"',
    "undo",  # never happened: not in the view
    "night",  # (a new night is a new scene: scene 3)
    "story Marcus danger",  # seed 004 «Конец истории»: one for the danger
    "gain Marcus xp 2",
    'award Bob 1 "kept the secret"',
]
DATE = r"\d{4}-\d\d-\d\d"


def _session(tmp_path: Path) -> Session:
    return new_session(tmp_path / "c", STORY)


def test_every_award_and_spend_with_its_reason_time_and_totals(tmp_path: Path) -> None:
    s = _session(tmp_path)
    journal, before = journal_bytes(tmp_path / "c"), s.state
    done = s.execute("xp Marcus")
    assert done.event is None  # a question: nothing written
    assert s.state == before and journal_bytes(tmp_path / "c") == journal
    lines = done.render("en").splitlines()
    assert lines[0] == "Marcus's experience"
    rows = [re.sub(DATE, "DATE", line) for line in lines[1:-1]]
    assert rows == [
        "    +3  night 1, scene 1, DATE: award: survived the Sabbat ambush",
        "   +20  night 1, scene 1, DATE: award",
        "    -4  night 1, scene 1, DATE: raised Brawl (Ability, 2 × 2)",
        "    +1  night 2, scene 3, DATE: end of the story (danger)",
        "    +2  night 2, scene 3, DATE: gained",
    ]
    assert lines[-1] == "awarded 26, spent 4, 22 unspent"
    assert s.state.characters["marcus"].xp == 22  # the totals agree with the sheet
    s.close()


def test_the_view_in_russian(tmp_path: Path) -> None:
    s = _session(tmp_path)
    lines = s.execute("журнал-опыта Marcus").render("ru").splitlines()
    assert lines[0] == "Опыт: Marcus"
    rows = [re.sub(DATE, "DATE", line) for line in lines[1:-1]]
    assert rows[0] == "    +3  ночь 1, сцена 1, DATE: награда: survived the Sabbat ambush"
    assert rows[2] == "    -4  ночь 1, сцена 1, DATE: повышение: Драка (способность, 2 × 2)"
    assert rows[3] == "    +1  ночь 2, сцена 3, DATE: конец истории (опасность)"
    assert rows[4] == "    +2  ночь 2, сцена 3, DATE: получено"
    assert lines[-1] == "начислено 26, потрачено 4, осталось 22"
    s.close()


def test_a_rename_keeps_the_history_and_a_newcomer_has_none(tmp_path: Path) -> None:
    s = _session(tmp_path)
    s.execute('rename Marcus "Marcus Vitel"')
    view = s.execute("xp Vitel").render("en")
    assert view.startswith("Marcus Vitel's experience") and "survived the Sabbat ambush" in view
    s.execute('add "Anna" vampire')
    assert s.execute("xp Anna").render("en") == (
        "Anna has had no experience awarded or spent (0 unspent)"
    )
    assert s.execute("xp Anna").render("ru") == (
        "Anna: опыт ещё не начислялся и не тратился (не потрачено 0)"
    )
    s.close()


def test_an_unknown_name_is_refused_and_nothing_changes(tmp_path: Path) -> None:
    s = _session(tmp_path)
    journal = journal_bytes(tmp_path / "c")
    for command in ("xp Nobody", "журнал-опыта Nobody"):
        with pytest.raises(ChronicleError) as refused:
            s.execute(command)
        assert "Nobody" in refused.value.render("ru") and "\n" not in refused.value.render("ru")
    with pytest.raises(ChronicleError) as refused:
        s.execute("xp")
    assert "usage: xp NAME" in refused.value.render("en")
    assert journal_bytes(tmp_path / "c") == journal
    s.close()


def test_elysium_xp_and_run_answer_the_same(tmp_path: Path) -> None:
    s = _session(tmp_path)
    s.close()
    root = str(tmp_path / "c")
    cli = run_cli("xp", root, "Marcus", "--lang", "en")
    assert cli.returncode == 0, cli.stderr
    assert cli.stdout.startswith("Marcus's experience\n")
    assert "awarded 26, spent 4, 22 unspent" in cli.stdout
    ru = run_cli("xp", root, "Marcus", "--lang", "ru")
    assert ru.stdout.startswith("Опыт: Marcus\n")
    ran = run_cli("run", root, "xp Marcus")
    assert ran.returncode == 0 and ran.stdout.strip() == cli.stdout.strip()
    missing = run_cli("xp", root, "Nobody", "--lang", "ru")
    assert missing.returncode != 0 and "Nobody" in missing.stderr
    assert missing.stderr.count("\n") == 1


def test_the_recap_tells_awards_with_their_reasons(tmp_path: Path) -> None:
    s = _session(tmp_path)
    events = s.events()
    text = markdown(build(events, 1, "Test", "en"), "en")
    assert "- Marcus: 26 XP awarded, 4 spent — survived the Sabbat ambush" in text
    assert "- Bob: 1 XP awarded, 0 spent — kept the secret" in text
    assert "Marcus is awarded 3 XP: survived the Sabbat ambush" in text  # in its scene
    assert "a slip" not in text  # undone
    ru = markdown(build(events, 1, "Test", "ru"), "ru")
    assert "Marcus получает опыт: 3 — survived the Sabbat ambush" in ru
    assert "kept the secret" in page(build(events, 1, "Test", "ru"), "ru")
    s.close()


def test_the_players_read_their_own_reasons_never_an_npcs(tmp_path: Path) -> None:
    s = _session(tmp_path)
    table = Table(s.state)
    for lang in ("en", "ru"):
        text = markdown(build(s.events(), 1, "Test", lang, table=table), lang)
        assert "survived the Sabbat ambush" in text
        assert "kept the secret" not in text and "Bob" not in text
    s.close()
