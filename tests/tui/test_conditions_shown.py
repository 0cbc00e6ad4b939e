"""A condition on the dashboard, at 80×24: typed in the command bar, shown with what is left
in the Vitals row and beside the name in Initiative, counted down by a round's end and by
``turn``, its end said in the status line, and brought back by undo."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.tui.commandbar import CommandBar
from elysium.tui.render import status_words
from elysium.tui.widgets.panes import InitiativePane
from elysium.tui.widgets.vitals import VitalsRow
from tests.chronicle_helpers import new_session
from tests.tui_helpers import check, demo_app, run_async, screen_text, settle, status, until

WORDS = {
    "en": ("Dominated 2 turns", "Dominated 1 turn", "Dominated ends for Ilse Varga"),
    "ru": (
        "Dominated: 2 хода",
        "Dominated: 1 ход",
        "Ilse Varga: состояние «Dominated» закончилось",
    ),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@run_async
async def test_a_condition_is_shown_counted_down_and_undone(tmp_path: Path, lang: str) -> None:
    two, one, ends = WORDS[lang]
    app = demo_app(tmp_path, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)

        def row() -> str:
            return next(r for r in app.query(VitalsRow) if r.key == "ilse varga").render().plain

        def initiative() -> str:
            return str(app.query_one(InitiativePane).body.render())

        async def type_in(command: str) -> None:
            app.screen.query_one(CommandBar).value = command
            await pilot.press("enter")
            await settle(pilot)

        async def given() -> None:
            await type_in('condition "Ilse Varga" Dominated 2 turns')
            await until(pilot, lambda: two in initiative(), "the initiative shows it")
            assert "Dominated" in row()  # the row may cut it short at 80 columns
            lines = screen_text(app).splitlines()
            assert len(lines) == 24 and all(len(line) <= 80 for line in lines)

        async def counted() -> None:
            for _ in range(3):  # the demo's round 2 ends: the fight's round is one turn
                await type_in("next")
            await until(pilot, lambda: one in initiative(), "one turn left")
            await type_in("combat end")
            await type_in("turn")  # out of the fight, the clock's turn
            await until(pilot, lambda: "Dominated" not in row(), "it ran out")
            assert ends in status(app)

        async def undone() -> None:
            await type_in("undo")
            await type_in("undo")
            await until(pilot, lambda: one in initiative(), "undo brings it back")
            assert "Dominated" in row()

        await check("given", given())
        await check("counted", counted())
        await check("undone", undone())


# The built-in timed states, said as conditions are: a boost to the scene's end or, above
# the safe cap, the turns to its next fading step (seed 004: «выше - прибавка тает по 1 за
# каждые 3 хода»); a frenzy lost to the scene's end, a botched one until calmed.
TIMED = [
    ([], "Dexterity 6→9 −1 in 3 turns", "Ловкость 6→9, −1 через 3 хода"),
    (["turn"], "Dexterity 6→9 −1 in 2 turns", "Ловкость 6→9, −1 через 2 хода"),
    (["turn"] * 3, "Dexterity 6→8 this scene", "Ловкость 6→8 на сцену"),
    (["frenzy Eld diff 6 dice 2,5"], "‼ FRENZY this scene", "‼ ЯРОСТЬ на сцену"),
    (["frenzy Eld diff 6 dice 1,3"], "‼ FRENZY until calmed", "‼ ЯРОСТЬ, пока не успокоят"),
]


@pytest.mark.parametrize(("commands", "en", "ru"), TIMED)
def test_the_built_in_timed_states_say_how_long(tmp_path: Path, commands, en, ru) -> None:
    setup = ['add "Eld" vampire gen 6', "set Eld dexterity 6 blood 20 self-control 2"]
    s = new_session(tmp_path / "c", [*setup, "boost Eld dexterity 3", *commands])
    eld = s.state.characters["eld"]
    assert en in status_words(eld, "en").plain
    assert ru in status_words(eld, "ru").plain
    s.close()
