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


# (language, group, typed, the suggestion): each case opens F3 afresh in one dashboard per
# language; Escape closes it (nothing was saved) before the next.
NEAR_MISSES = [
    ("ru", "discipline", "могуществ", "Мощь"),  # «могущество», a Russian name of Potence
    ("en", "discipline", "prescence", "Presence"),
    ("en", "background", "resourses", "Resources"),
]


async def _near_miss_is_refused_with_the_suggestion(pilot, group: str, typed: str, close: str):
    app = pilot.app
    case = f"near miss {typed!r} ({group})"
    editor = await _advantages(pilot)
    box = editor.query_one(f"#new-{group}", Input)
    box.value = typed
    count = len(editor.ratings)
    await editor.add_trait(group)
    await settle(pilot)
    said = [n.message for n in app._notifications]
    assert len(editor.ratings) == count, f"{case}: no row added"
    assert editor.focused is box and box.value == typed, f"{case}: the cursor stays in the box"
    assert any(close in s and typed in s for s in said), (case, said)
    await pilot.press("escape")
    await settle(pilot)
    assert not isinstance(app.screen, EditDialog), f"{case}: Escape closes the editor"


@run_async
async def test_a_near_miss_is_refused_with_the_suggestion_in_english(tmp_path: Path) -> None:
    app = demo_app(tmp_path, "en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for lang, group, typed, close in NEAR_MISSES:
            if lang == "en":
                await _near_miss_is_refused_with_the_suggestion(pilot, group, typed, close)
    app.session.close()


@run_async
async def test_in_russian_a_near_miss_is_refused_and_one_of_the_chronicles_own_is_added(
    tmp_path: Path,
) -> None:
    """The near miss first (it saves nothing), then one of the chronicle's own added as
    group:name (дисциплина:могуществ) and saved."""
    app = demo_app(tmp_path, "ru")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for lang, group, typed, close in NEAR_MISSES:
            if lang == "ru":
                await _near_miss_is_refused_with_the_suggestion(pilot, group, typed, close)
        editor = await _advantages(pilot)
        editor.query_one("#new-discipline", Input).value = "дисциплина:могуществ"
        await editor.add_trait("discipline")
        await settle(pilot)
        await pilot.click("#save")
        await settle(pilot)
        disciplines = app.session.state.characters[LUCIEN].disciplines
        assert disciplines["могуществ"] == 1, f"the chronicle's own is added: {disciplines}"
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
