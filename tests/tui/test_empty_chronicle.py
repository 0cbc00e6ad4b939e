"""A chronicle with no character yet: the Vitals pane, where the characters would be, says
how to add one (the command and the key), in the reader's language, until one is added."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from elysium.chronicle.session import Session
from elysium.rules import PROFILES
from elysium.tui.app import make_app
from elysium.tui.commandbar import CommandBar
from tests.tui_helpers import run_async, settle

SAID = {
    "en": ('add "NAME" vampire', "press F4", "add Rex vampire"),
    "ru": ('добавить "ИМЯ" вампир', "нажмите F4", "добавить Рекс вампир"),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@run_async
async def test_an_empty_chronicle_says_how_to_add_a_character_until_one_is_added(
    tmp_path: Path, lang: str
) -> None:
    command, key, typed = SAID[lang]
    session = Session.create(tmp_path / "saga", "Saga", PROFILES["v20"])
    app = make_app(session, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hint = app.screen.query_one("#vitals-empty", Static)
        vitals = app.screen.query_one("#vitals")
        text = str(hint.render())
        assert command in text and key.casefold() in text.casefold(), text
        assert hint.display and vitals.region.contains_region(hint.region)
        assert hint.region.height >= 2  # it wraps in the pane, not cut to one line
        app.screen.query_one(CommandBar).focus()
        await pilot.press(*typed, "enter")
        await settle(pilot)
        assert len(session.state.characters) == 1
        assert not hint.display and hint.region.height == 0
        await pilot.press("ctrl+z")  # undone: empty again, and told again
        await settle(pilot)
        assert not session.state.characters and hint.display
    session.close()
