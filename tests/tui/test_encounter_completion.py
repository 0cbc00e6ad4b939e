"""The command bar completes a saved encounter's name after ``encounter add`` and ``forget``
(``группа добавить``), quoted when it has spaces, from the chronicle's state as it is now."""

from __future__ import annotations

from pathlib import Path

from elysium.tui.commandbar import CommandSuggester, encounters_of
from tests.chronicle_helpers import new_session
from tests.tui_helpers import run_async


@run_async
async def test_encounter_names_complete_after_add_and_forget(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", ["add Ghoul ghoul", 'encounter save "Sabbat pack" Ghoul'])
    suggester = CommandSuggester(lambda: ["Ghoul"], encounters=encounters_of(lambda: s.state))
    ask = suggester.get_suggestion
    assert await ask("encounter add Sa") == 'encounter add "Sabbat pack"'
    assert await ask('encounter add "sab') == 'encounter add "Sabbat pack"'
    assert await ask("группа забыть Sab") == 'группа забыть "Sabbat pack"'
    assert await ask("encounter save Sa") != 'encounter save "Sabbat pack"'  # a new name
    s.execute('encounter forget "Sabbat pack"')
    assert await ask("encounter add Sa") != 'encounter add "Sabbat pack"'  # as it is now
    s.close()
