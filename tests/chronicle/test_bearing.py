"""Bearing on a social roll: the cheat sheet's table, typed as ``bearing`` (``столп``).

Seed 004, «Человечность в игре»: «Столп - модификатор сложности социальных проверок, где
вампир сходит за человека или ищет симпатии смертных», by «Человечность / Путь»:
10 → −2, 9 – 8 → −1, 7 – 4 → 0, 3 – 2 → +1, 1 → +2. Driven through the command language,
with the dice given as faces; every refusal leaves the chronicle as it was.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import Session
from elysium.cli import main
from elysium.tell.events import describe
from tests.chronicle_helpers import new_session
from tests.tui_helpers import demo_app, run_async, settle

SETUP = [
    'add "Marcus" vampire',
    "set Marcus charisma 3 manipulation 2 appearance 2 empathy 2 subterfuge 2",
    'add "Bob" mortal blank',
    "set Bob charisma 2 perception 2 empathy 1",
]
FIVE = "dice 7,7,7,7,7"  # Charisma 3 + Empathy 2


@pytest.fixture
def session(tmp_path: Path) -> Session:
    s = new_session(tmp_path / "c", SETUP)
    yield s
    s.close()


def refused(s: Session, command: str) -> ChronicleError:
    before, events = s.state, s.state.events
    with pytest.raises(ChronicleError) as caught:
        s.execute(command)
    assert s.state == before and s.state.events == events
    return caught.value


# «| 10 | −2 |», «| 9 – 8 | −1 |», «| 7 – 4 | 0 |», «| 3 – 2 | +1 |», «| 1 | +2 |»
TABLE = [(10, -2), (9, -1), (8, -1), (7, 0), (4, 0), (3, +1), (2, +1), (1, +2)]


@pytest.mark.parametrize(("humanity", "mod"), TABLE)
def test_a_social_roll_takes_the_bearing_of_humanity(
    session: Session, humanity: int, mod: int
) -> None:
    session.execute(f"set Marcus humanity {humanity}")
    r = session.execute(f"roll Marcus cha+empathy bearing {FIVE}")
    assert r.event is not None
    assert (r.event.data["difficulty"], r.event.data["bearing"]) == (6 + mod, mod)
    assert f"diff {6 + mod} (6, bearing {mod:+d})" in r.message
    assert f"сл {6 + mod} (6, столп {mod:+d})" in r.render("ru")
    assert f"bearing {mod:+d}" in describe(r.event, "en")
    assert f"столп {mod:+d}" in describe(r.event, "ru")


@pytest.mark.parametrize(("rating", "mod"), [(10, -2), (8, -1), (5, 0), (3, +1), (1, +2)])
def test_a_path_gives_the_same_bearing(session: Session, rating: int, mod: int) -> None:
    """The table's column is «Человечность / Путь»: a Path's rating reads the same rows."""
    session.execute(f'set Marcus path "Path of Night" {rating}')
    # Manipulation 2 + Subterfuge 2: four dice.
    r = session.execute("бросок Marcus манипулирование+хитрость столп сл 7 кости 7,7,7,7")
    assert r.event is not None and r.event.data["difficulty"] == 7 + mod


@pytest.mark.parametrize(
    ("humanity", "typed", "difficulty"),
    [(10, 3, 2), (1, 9, 10)],  # the scale stays 2-10 (V20 p. 265)
)
def test_the_bearing_keeps_the_difficulty_on_the_scale(
    session: Session, humanity: int, typed: int, difficulty: int
) -> None:
    session.execute(f"set Marcus humanity {humanity}")
    r = session.execute(f"roll Marcus appearance bearing diff {typed} dice 7,7")
    assert r.event is not None and r.event.data["difficulty"] == difficulty


def test_without_the_word_no_bearing_applies(session: Session) -> None:
    session.execute("set Marcus humanity 2")
    r = session.execute(f"roll Marcus cha+empathy {FIVE}")
    assert r.event is not None
    assert r.event.data["difficulty"] == 6 and "bearing" not in r.event.data


def test_a_retry_and_the_bearing_are_both_said(session: Session) -> None:
    session.execute("set Marcus humanity 9")
    r = session.execute(f"roll Marcus cha+empathy retry 1 bearing {FIVE}")
    assert r.event is not None and r.event.data["difficulty"] == 6
    assert "diff 6 (6 + retry, bearing -1)" in r.message
    assert "сл 6 (6 + повтор, столп -1)" in r.render("ru")


def test_a_resisted_roll_takes_the_bearing_on_its_side(session: Session) -> None:
    session.execute("set Marcus humanity 10")
    r = session.execute(
        "resist Marcus man+subterfuge bearing vs Bob per+empathy dice 7,7,7,7,2,2,2"
    )
    assert r.event is not None
    marcus, bob = r.event.data["sides"]
    assert (marcus["difficulty"], marcus["bearing"]) == (4, -2)
    assert bob["difficulty"] == 6 and "bearing" not in bob
    assert "(bearing -2)" in describe(r.event, "en")


REFUSED = [
    # Not a social pool: no Charisma, Manipulation or Appearance in it.
    ("roll Marcus wits+empathy bearing", "bearing applies to a social roll", "только социальных"),
    ("бросок Marcus сила столп", "strength is not one", "сила к ним не относится"),
    # «где вампир сходит за человека»: a mortal is one.
    ("roll Bob cha+empathy bearing", "Bob is a mortal", "Bob — смертный"),
    # A bare pool has no Humanity.
    ("roll 5 bearing", "name who rolls", "укажите, кто бросает"),
    # Only roll and resist take the word.
    ("teamwork Marcus cha+empathy with Bob cha+empathy bearing", "did not understand", "непонятно"),
]


@pytest.mark.parametrize(("command", "en", "ru"), REFUSED)
def test_bearing_where_it_does_not_apply_is_refused(
    session: Session, command: str, en: str, ru: str
) -> None:
    error = refused(session, command)
    assert en in str(error)
    assert ru in error.render("ru")


def test_the_state_and_the_sheet_show_the_bearing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "c"
    new_session(root, [*SETUP, "set Marcus humanity 3"]).close()
    assert main(["state", str(root)]) == 0
    lines = capsys.readouterr().out.splitlines()
    marcus = next(line for line in lines if "Marcus" in line)
    bob = next(line for line in lines if "Bob" in line)
    assert "humanity 3 (bearing +1)" in marcus and "bearing" not in bob
    assert main(["state", str(root), "--lang", "ru"]) == 0
    assert "Человечность 3 (столп +1)" in capsys.readouterr().out
    assert main(["state", str(root), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    by_name = {c["name"]: c["morality"] for c in state["characters"]}
    assert by_name["Marcus"]["bearing"] == 1 and by_name["Bob"]["bearing"] is None
    assert main(["sheet", str(root), "Marcus"]) == 0
    assert "Bearing: +1 to the difficulty of social rolls" in capsys.readouterr().out
    assert main(["sheet", str(root), "Marcus", "--lang", "ru"]) == 0
    assert "Столп: +1 к сложности социальных проверок" in capsys.readouterr().out
    assert main(["sheet", str(root), "Bob"]) == 0
    assert "Bearing" not in capsys.readouterr().out


@run_async
async def test_the_roll_dialog_spells_out_the_bearing(tmp_path: Path) -> None:
    """F2: the bearing tick changes the difficulty of the odds shown and of the roll made."""
    from textual.widgets import Checkbox, Input

    from elysium.tui.dialogs.roll import RollDialog

    app = demo_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.dashboard.run_command('set "Lucien Marchetti" humanity 9')  # bearing -1
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        dialog.query_one("#traits", Input).value = "cha+leadership"  # 4 + 3
        dialog.query_one("#bearing", Checkbox).value = True
        await settle(pilot)
        pool = str(dialog.query_one("#pool").render())
        assert "= 7 dice; difficulty 5 (6, bearing -1)" in pool
        dialog.query_one("#traits", Input).value = "wits+alertness"
        await settle(pilot)
        assert "bearing applies to a social roll" in str(dialog.query_one("#pool").render())
        dialog.query_one("#traits", Input).value = "cha+leadership"
        dialog.query_one("#faces", Input).value = "5,5,5,5,4,4,4"
        await settle(pilot)
        await pilot.click("#go")
        await settle(pilot)
        event = app.session.events()[-1]
        assert event.type == "roll" and event.data["bearing"] == -1
        assert event.data["difficulty"] == 5 and event.data["successes"] == 4
    app.session.close()
