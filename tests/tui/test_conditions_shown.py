"""A condition on the dashboard, at 80×24: typed in the command bar, shown with what is left
in the Vitals row and beside the name in Initiative, counted down by ``turn``, its end said
in the status line, and brought back by undo."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.tui.commandbar import CommandBar
from elysium.tui.widgets.panes import InitiativePane
from elysium.tui.widgets.vitals import VitalsRow
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
            await type_in("turn")
            await until(pilot, lambda: one in initiative(), "one turn left")
            await type_in("turn")
            await until(pilot, lambda: "Dominated" not in initiative(), "it ran out")
            assert "Dominated" not in row()
            assert ends in status(app)

        async def undone() -> None:
            await type_in("undo")
            await until(pilot, lambda: one in initiative(), "undo brings it back")
            assert "Dominated" in row()

        await check("given", given())
        await check("counted", counted())
        await check("undone", undone())
