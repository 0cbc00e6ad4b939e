"""A round's initiative as the Storyteller reads it afterwards: ``elysium log``, the
dashboard's roll log and ``elysium recap`` tell the acting order with every value (and the
die where one was rolled), in English and Russian, as the players' view already did.

Cheat sheet (seed 004, "Инициатива"): "d10 + ловкость + смекалка (или сразу 6 + ловкость +
смекалка)" — the value, and the die when one is rolled; "Ничья - у кого выше показатель,
иначе одновременно" — who act at the same time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.events import Event
from elysium.tell.events import describe
from elysium.tell.recap import build, markdown
from elysium.tui.app import make_app
from elysium.tui.widgets.rolllog import RollLog
from tests.chronicle_helpers import new_session
from tests.conftest import run_elysium
from tests.tui_helpers import run_async, settle

# Ann: Dexterity 3 + Wits 3; Bob and "Det. Dana": 2 + 2; Cy is beaten down and cannot act.
CAST = [
    "add Ann vampire gen 10",
    "set Ann dexterity 3 wits 3",
    "add Bob mortal blank",
    "set Bob dexterity 2 wits 2",
    'add "Det. Dana" mortal blank',
    'set "Det. Dana" dexterity 2 wits 2',
    "add Cy mortal blank",
    "damage Cy 7 lethal nosoak",
    'combat start Ann Bob "Det. Dana" Cy',
]

CASES = [
    # Dice typed: the order fastest first, each value with its die; Cy last, cannot act.
    (
        [],
        "init dice Ann=10,Bob=1,Det.=3",
        "en",
        "round 1 initiative: Ann 16 (d10 10), Det. Dana 7 (d10 3), Bob 5 (d10 1), Cy cannot act",
    ),
    (
        [],
        "init dice Ann=10,Bob=1,Det.=3",
        "ru",
        "раунд 1, инициатива: Ann 16 (к10: 10), Det. Dana 7 (к10: 3), Bob 5 (к10: 1), "
        "Cy не может действовать",
    ),
    # The same value and the same rating: at the same time (seed 004, "иначе одновременно").
    (
        [],
        "init dice Ann=2,Bob=4,Det.=4",
        "en",
        "round 1 initiative: Ann 8 (d10 2), Bob 8 (d10 4), Det. Dana 8 (d10 4), Cy cannot act"
        "; Bob and Det. Dana act at the same time",
    ),
    (
        [],
        "init dice Ann=2,Bob=4,Det.=4",
        "ru",
        "раунд 1, инициатива: Ann 8 (к10: 2), Bob 8 (к10: 4), Det. Dana 8 (к10: 4), "
        "Cy не может действовать; Bob и Det. Dana действуют одновременно",
    ),
    # Fixed initiative (seed 004, "или сразу 6 + ловкость + смекалка"): no die to tell.
    (
        ["rules fixed-initiative on"],
        "init",
        "en",
        "round 1 initiative: Ann 12, Bob 10, Det. Dana 10, Cy cannot act"
        "; Bob and Det. Dana act at the same time",
    ),
]


@pytest.mark.parametrize(("before", "init", "lang", "told"), CASES)
def test_the_log_tells_the_order_with_every_value(
    tmp_path: Path, before: list[str], init: str, lang: str, told: str
) -> None:
    s = new_session(tmp_path / "fight", [*before, *CAST, init])
    event = s.events()[-1]
    assert event.type == "initiative"
    assert describe(event, lang) == told


def test_a_record_from_before_the_names_were_kept_is_told_by_its_keys(tmp_path: Path) -> None:
    """Older chronicles (the demo among them) keep only the keys: a name in lower case."""
    data = {
        "round": 2,
        "init": {
            "ilse varga": {"die": 2, "value": 10, "rating": 8},
            "razor": {"die": None, "value": None, "rating": 5},
        },
        "order": [["ilse varga"]],
    }
    event = Event(5, "initiative", {"night": 1}, "2026-01-01T00:00:00Z", "init", data)
    assert describe(event, "en") == "round 2 initiative: Ilse Varga 10 (d10 2), Razor cannot act"


def test_elysium_log_and_recap_tell_the_values(tmp_path: Path) -> None:
    root = tmp_path / "c"
    assert run_elysium("new", str(root)).returncode == 0
    ran = run_elysium("run", str(root), *CAST, "init dice Ann=10,Bob=1,Det.=3", "next")
    assert ran.returncode == 0, ran.stderr
    line = "round 1 initiative: Ann 16 (d10 10), Det. Dana 7 (d10 3), Bob 5 (d10 1)"
    assert line in run_elysium("log", str(root)).stdout
    russian = run_elysium("--lang", "ru", "log", str(root)).stdout
    assert "раунд 1, инициатива: Ann 16 (к10: 10), Det. Dana 7 (к10: 3)" in russian
    recap = run_elysium("recap", str(root)).stdout
    # Under the round's heading, first.
    assert f"- **Round 1**\n  - {line}, Cy cannot act\n" in recap
    ru_recap = run_elysium("--lang", "ru", "recap", str(root)).stdout
    assert "- **Раунд 1**\n  - раунд 1, инициатива: Ann 16 (к10: 10)" in ru_recap


def test_the_recap_opens_each_round_with_its_order(tmp_path: Path) -> None:
    s = new_session(
        tmp_path / "fight",
        [
            *CAST,
            "init dice Ann=10,Bob=1,Det.=3",
            *["next"] * 3,
            *["next"] * 4,
            "init dice Ann=1,Bob=10,Det.=2",
        ],
    )
    text = markdown(build(s.events(), s.state.chapter, "Test"), "en")
    rounds = [line for line in text.splitlines() if "initiative:" in line]
    assert len(rounds) == 2 and rounds[0].startswith("  - round 1 initiative: Ann 16 (d10 10)")
    assert rounds[1] == (
        "  - round 2 initiative: Bob 14 (d10 10), Ann 7 (d10 1), Det. Dana 6 (d10 2), Cy cannot act"
    )


@run_async
async def test_the_dashboard_roll_log_tells_the_values(tmp_path: Path) -> None:
    session = new_session(tmp_path / "fight", CAST)
    app = make_app(session, "en")
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        app.dashboard.run_command("init dice Ann=10,Bob=1,Det.=3")
        await settle(pilot)
        log = app.dashboard.query_one(RollLog)
        shown = " ".join(strip.text.strip() for strip in log.lines)
        assert "round 1 initiative: Ann 16 (d10 10), Det. Dana 7 (d10 3), Bob 5 (d10 1)" in shown
    session.close()
