"""Rolls left out of the statistics: the ``omit`` keyword on a rolling verb (``не-в-счёт``)
and ``omit [N]`` (``исключить``), a toggle on a logged roll. ``stats`` skips them and says
how many; undo takes either back; a replay reaches the same state; the players never see
the mark."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.omitted import VERBS
from elysium.chronicle.replay import Replay
from elysium.chronicle.state import State, apply, from_dict, to_dict
from elysium.tell.events import describe
from elysium.tell.stats import dice_stats
from elysium.tell.table import Table
from tests.chronicle_helpers import COTERIE, journal_bytes, new_session
from tests.conftest import run_cli

# Marcus: dexterity 3 + brawl 2 = 5 dice.
BOTCH = "roll Marcus dex+brawl dice 1,1,2,3,4"
HIT = "roll Marcus dex+brawl dice 8,9,10,3,4"


def test_the_keyword_marks_the_roll_and_stats_leave_it_out(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    left = s.execute(BOTCH.replace("dice", "omit dice"))
    kept = s.execute(HIT)
    assert left.event is not None and left.event.data["omitted"] is True
    assert kept.event is not None and "omitted" not in kept.event.data
    assert s.state.omitted == {left.event.seq}
    assert left.render("en").endswith("— left out of the statistics")
    assert left.render("ru").endswith("— в статистику не идёт")
    assert describe(left.event, "en").endswith("(left out of the statistics)")
    assert describe(left.event, "ru").endswith("(вне статистики)")
    tallies = dice_stats(s.events(), s.state.profile, omitted=s.state.omitted)
    everyone = tallies["*"]
    assert (everyone.rolls, everyone.botches, everyone.successes) == (1, 0, 3)
    assert everyone.omitted == 1
    # Without the state's list the same events count both: the list is what leaves it out.
    assert dice_stats(s.events(), s.state.profile)["*"].rolls == 2
    s.close()


@pytest.mark.parametrize(
    "command",
    [
        "бросок Marcus ловкость+драка не-в-счёт кости 1,1,2,3,4",
        "бросок Marcus ловкость+драка кости 1,1,2,3,4 не-в-счет",
        "roll 3 uncounted dice 1,2,3",
        "frenzy Marcus diff 6 omit dice 7,8",
        "degenerate Marcus sin 3 omit dice 8,8,8",
    ],
)
def test_every_spelling_and_rolling_verb_takes_the_word(tmp_path: Path, command: str) -> None:
    assert {"roll", "power", "frenzy", "rotschreck", "degenerate", "attack", "defend"} <= VERBS
    s = new_session(tmp_path / "c", COTERIE)
    done = s.execute(command)
    assert done.event is not None and done.event.data["omitted"] is True
    assert s.state.omitted == {done.event.seq}
    s.close()


def test_omit_toggles_a_logged_roll_and_undo_takes_it_back(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    first = s.execute(BOTCH).event
    s.execute(HIT)
    assert first is not None
    out = s.execute(f"omit {first.seq}")
    assert out.event is not None and out.event.type == "omit"
    assert out.event.data == {"roll": first.seq, "left_out": True, "name": "Marcus", **_line(out)}
    assert s.state.omitted == {first.seq}
    assert out.render("en") == f"roll #{first.seq} (Marcus) left out of the statistics"
    assert out.render("ru") == f"бросок №{first.seq} (Marcus) исключён из статистики"
    assert describe(out.event, "ru") == f"бросок №{first.seq} (Marcus) исключён из статистики"
    back = s.execute(f"исключить {first.seq}")  # once more: counted again
    assert back.render("en") == f"roll #{first.seq} (Marcus) counted in the statistics again"
    assert s.state.omitted == frozenset()
    s.execute("undo")
    assert s.state.omitted == {first.seq}
    s.execute("undo")
    assert s.state.omitted == frozenset()
    s.close()


def _line(result: object) -> dict[str, str]:
    return {"line": str(result.say)}  # type: ignore[attr-defined]


def test_omit_alone_takes_the_newest_roll(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.execute(BOTCH)
    newest = s.execute("roll 3 dice 8,8,8").event
    s.execute("scene")  # not a roll: the newest roll is still the one before
    assert newest is not None
    done = s.execute("omit")
    assert s.state.omitted == {newest.seq}
    assert done.render("en") == f"roll #{newest.seq} left out of the statistics"  # nobody named
    s.close()


def test_undoing_a_roll_left_out_by_its_keyword_forgets_the_mark(tmp_path: Path) -> None:
    """Its mark is a change, so undo takes the roll back whole (as a roll that spent
    Willpower is)."""
    s = new_session(tmp_path / "c", COTERIE)
    s.execute(BOTCH + " omit")
    assert s.state.omitted
    s.execute("undo")
    assert s.state.omitted == frozenset()
    s.execute("redo")
    assert len(s.state.omitted) == 1
    s.close()


REFUSED = [
    # (command, English, Russian)
    ("omit 99", "there is no event #99: the last is #", "события №99 нет: последнее — №"),
    ("omit 2", "event #2 is not a roll the statistics count", "событие №2 — не бросок"),
    ("omit x", "must be a whole number, got 'x'", "'x'"),
    ("omit 3 4", "did not understand '4'", "непонятно '4'"),
    ("heal Marcus 1 bashing omit", "omit", "omit"),  # a verb that rolls nothing
]


@pytest.mark.parametrize(("command", "english", "russian"), REFUSED)
def test_refusals_say_why_and_change_nothing(
    tmp_path: Path, command: str, english: str, russian: str
) -> None:
    root = tmp_path / "c"
    s = new_session(root, COTERIE)
    s.execute(BOTCH)
    before, journal = s.state, journal_bytes(root)
    with pytest.raises(ChronicleError) as refused:
        s.execute(command)
    assert english in refused.value.render("en")
    assert russian in refused.value.render("ru")
    assert "\n" not in refused.value.render("en")
    assert s.state == before and journal_bytes(root) == journal
    s.close()


def test_an_undone_roll_cannot_be_left_out_and_none_at_all_is_said(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    with pytest.raises(ChronicleError) as refused:
        s.execute("omit")
    assert refused.value.render("ru") == "ещё нет ни одного броска, который учитывает статистика"
    roll = s.execute(BOTCH + " omit").event  # (a roll that changes nothing is not undone)
    s.execute("undo")
    assert roll is not None and s.state.omitted == frozenset()
    with pytest.raises(ChronicleError) as refused:
        s.execute(f"omit {roll.seq}")
    assert "or it was undone" in refused.value.render("en")
    s.close()


def test_the_mark_replays_survives_a_checkpoint_and_reopens(tmp_path: Path) -> None:
    root = tmp_path / "c"
    s = new_session(root, COTERIE)
    s.execute(BOTCH + " omit")
    roll = s.execute(HIT).event
    assert roll is not None
    s.execute(f"omit {roll.seq}")
    live = s.state
    events = s.events()
    s.close()
    folded = State()
    for e in events:
        folded = apply(folded, e)
    assert folded.omitted == live.omitted == {roll.seq - 1, roll.seq}
    replay = Replay(events, chapter=1)
    assert replay.state(len(replay) - 1).omitted == live.omitted
    assert from_dict(to_dict(live)).omitted == live.omitted
    assert "omitted" not in to_dict(replace(live, omitted=frozenset()))  # as it always was
    again = new_session_open(root)
    assert again.state.omitted == live.omitted
    again.close()


def new_session_open(root: Path):  # type: ignore[no-untyped-def]
    from elysium.chronicle.session import Session

    return Session.open(root)


def test_a_damaged_list_is_refused_on_load() -> None:
    snapshot = to_dict(replace(State(), omitted=frozenset({3}), events=3))
    assert from_dict(snapshot).omitted == {3}
    for bad in (["3"], [0], [True], "3"):
        with pytest.raises(ValueError, match="left out of the statistics"):
            from_dict({**snapshot, "omitted": bad})


def test_the_players_never_read_the_mark(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", [*COTERIE, "set Marcus player yes"])
    left = s.execute(BOTCH + " omit").event
    toggle = s.execute("omit").event
    assert left is not None and toggle is not None
    table = Table(s.state)
    line = table.line(left, "en")
    assert line is not None and "statistics" not in line and line.startswith("Marcus")
    assert table.line(toggle, "en") is None and table.line(toggle, "ru") is None
    s.close()


def test_stats_say_how_many_were_left_out(tmp_path: Path) -> None:
    root = tmp_path / "c"
    s = new_session(root, COTERIE)
    s.execute(BOTCH + " omit")
    s.execute("roll 3 omit dice 1,1,1")
    s.execute(HIT)
    s.close()
    done = run_cli("stats", str(root), "--lang", "en")
    assert done.returncode == 0
    assert "2 rolls left out of the statistics (omit)" in done.stdout
    assert "Everyone                    1" in done.stdout
    done = run_cli("stats", str(root), "--lang", "ru")
    assert "исключено из статистики: 2 броска" in done.stdout
    done = run_cli("stats", str(root), "--json")
    assert '"omitted": 2' in done.stdout and '"rolls": 1,' in done.stdout


def test_the_recap_tells_the_roll_marked_and_not_the_toggle(tmp_path: Path) -> None:
    from elysium.tell.recap import build, markdown

    s = new_session(tmp_path / "c", COTERIE)
    s.execute(BOTCH + " omit")
    s.execute("omit")  # counted again
    text = markdown(build(s.events(), 1, "Test", "ru"), "ru")
    assert "(вне статистики)" in text  # the roll as it was made
    assert "исключ" not in text and "учитывается" not in text  # bookkeeping, not the story
    s.close()
