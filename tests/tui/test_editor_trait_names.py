"""F3's Advantages tab, a Discipline or Background added by name: a near miss of a V20 one
(in either language) is refused with the suggestion and the cursor stays in the name box,
as `set` refuses it; `discipline:NAME` adds one of the chronicle's own. A trait of the
chronicle's own reads in the reader's language on the status line (дисциплина:NAME)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, TabbedContent

from elysium.chronicle.session import Session
from elysium.rules import V20, SeededDice
from elysium.tui.dialogs.editor import EditDialog
from tests.tui_helpers import demo_app, run_async, settle

SIZE = (80, 24)
LUCIEN = "lucien marchetti"


async def _advantages(pilot) -> EditDialog:
    await pilot.press("f3")
    await settle(pilot)
    editor = pilot.app.screen
    assert isinstance(editor, EditDialog)
    editor.query_one(TabbedContent).active = "tab-advantages"
    await settle(pilot)
    return editor


@pytest.mark.parametrize(
    ("lang", "group", "typed", "close"),
    [
        ("ru", "discipline", "могуществ", "Мощь"),  # «могущество», a Russian name of Potence
        ("en", "discipline", "prescence", "Presence"),
        ("en", "background", "resourses", "Resources"),
    ],
)
@run_async
async def test_a_near_miss_is_refused_with_the_suggestion(
    tmp_path: Path, lang: str, group: str, typed: str, close: str
) -> None:
    app = demo_app(tmp_path, lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        editor = await _advantages(pilot)
        box = editor.query_one(f"#new-{group}", Input)
        box.value = typed
        count = len(editor.ratings)
        await editor.add_trait(group)
        await settle(pilot)
        said = [n.message for n in app._notifications]
        assert len(editor.ratings) == count  # no row added
        assert editor.focused is box and box.value == typed
        assert any(close in s and typed in s for s in said), said
    app.session.close()


@run_async
async def test_one_of_the_chronicles_own_is_added_as_group_colon_name(tmp_path: Path) -> None:
    app = demo_app(tmp_path, "ru")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        editor = await _advantages(pilot)
        editor.query_one("#new-discipline", Input).value = "дисциплина:могуществ"
        await editor.add_trait("discipline")
        await settle(pilot)
        await pilot.click("#save")
        await settle(pilot)
        assert app.session.state.characters[LUCIEN].disciplines["могуществ"] == 1
    app.session.close()


@pytest.mark.parametrize(
    ("lang", "told"), [("ru", "дисциплина:могуществ 2"), ("en", "discipline:могуществ 2")]
)
def test_a_trait_of_the_chronicles_own_is_told_in_the_readers_words(
    tmp_path: Path, lang: str, told: str
) -> None:
    s = Session.create(tmp_path / "c", "Test", V20, SeededDice(1))
    s.execute('add "Vera" neonate')
    r = s.execute("set Vera discipline:могуществ 2")
    assert r.render(lang) == f"Vera: {told}"
    s.close()
