"""A character's notes in the Storyteller's own editor: Ctrl+G in F3 hands the terminal over
(``App.suspend``) to ``$VISUAL`` (else ``$EDITOR``), read as a command line and never given to
a shell, on a temporary file with the notes; changed, they come back as one ``set NAME notes``
event and the form stays open. What stops it (no editor, a missing program, a terminal that
cannot be handed over, an editor that fails) is one line, and nothing changes. The editor
here is a tiny script; the real hand-over runs in a pseudo-terminal."""

from __future__ import annotations

import contextlib
import stat
import sys
import time
from pathlib import Path

import pytest
from textual.widgets import TextArea

from elysium.chronicle.session import Session
from elysium.i18n import t
from elysium.tui.app import ElysiumApp
from elysium.tui.dialogs.base import quote
from elysium.tui.dialogs.editor import EditDialog
from elysium.tui.notes_editor import NotEdited, editor_command
from tests.pty_helpers import Terminal, journal_events, terminal_env
from tests.tui_helpers import check, demo_app, demo_copy, run_async, settle, until

LUCIEN = "lucien marchetti"
# The editor: what it does is in the file "mode" beside it, so one dashboard tries each.
EDITOR = """\
#!{python}
import pathlib, sys
mode = (pathlib.Path(__file__).parent / "mode").read_text().strip()
(pathlib.Path(__file__).parent / "argv").write_text("\\n".join(sys.argv[1:]))
if mode == "fail":
    sys.exit(3)
if mode == "append":
    with open(sys.argv[-1], "a", encoding="utf-8") as notes:
        notes.write("Owes Vitel a boon.\\n")
"""


def editor_script(tmp_path: Path, mode: str = "append") -> Path:
    folder = tmp_path / "editor"
    folder.mkdir(exist_ok=True)
    script = folder / "edit-notes"
    script.write_text(EDITOR.format(python=sys.executable), encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    (folder / "mode").write_text(mode)
    return script


@pytest.mark.parametrize(
    ("environ", "refusal"),
    [
        ({}, "editor.none"),
        ({"EDITOR": "  ", "VISUAL": ""}, "editor.none"),
        ({"EDITOR": "no-such-editor --wait"}, "editor.missing"),
        ({"EDITOR": "vi 'unclosed"}, "editor.unreadable"),
        # Never a shell string: "sh -c" would run the rest; split, ";" is part of a name.
        ({"EDITOR": "true; touch pwned"}, "editor.missing"),
    ],
)
def test_an_editor_that_cannot_be_run_is_one_line(environ: dict[str, str], refusal: str) -> None:
    with pytest.raises(NotEdited) as refused:
        editor_command({"PATH": "/usr/bin:/bin", **environ})
    assert refused.value.msg.key == refusal
    for lang in ("en", "ru"):
        assert "\n" not in refused.value.msg.render(lang)


def test_the_editor_is_split_as_a_command_line_and_visual_comes_first(
    tmp_path: Path,
) -> None:
    script = editor_script(tmp_path)
    path = str(script.parent)
    spaced = {"PATH": path, "EDITOR": "edit-notes --flag 'two words'"}
    assert editor_command(spaced) == [str(script), "--flag", "two words"]
    assert editor_command({"PATH": path, "EDITOR": "edit-notes"}) == [str(script)]
    assert editor_command({"PATH": path, "VISUAL": str(script), "EDITOR": "vi"}) == [str(script)]


async def cannot_suspend_under_the_pilot(pilot) -> None:
    app = pilot.app
    events = app.session.state.events
    await pilot.press("f3", "ctrl+g")
    await until(pilot, lambda: app._notifications, "a line about the editor")
    said = [n.message for n in app._notifications]
    assert said == [t("editor.cannot_suspend", "en")]
    assert "cannot be handed over" in said[0]
    assert isinstance(app.screen, EditDialog)  # the form is still open, the notes as they were
    assert app.screen.query_one("#t-notes", TextArea).has_focus
    assert app.session.state.events == events
    app.clear_notifications()
    await pilot.press("escape")
    await settle(pilot)


async def edited_notes_are_one_event_and_the_form_stays_open(pilot) -> None:
    app = pilot.app
    before = app.session.state.characters[LUCIEN].notes
    events = app.session.state.events
    await pilot.press("f3", "ctrl+g")
    await until(pilot, lambda: app.session.state.events == events + 1, "the notes saved")
    await settle(pilot)
    notes = app.session.state.characters[LUCIEN].notes
    assert notes == (f"{before}\nOwes Vitel a boon." if before else "Owes Vitel a boon.")
    assert app.session.events()[-1].type == "trait_set"
    editor = app.screen
    assert isinstance(editor, EditDialog)  # open still: the rest of the sheet can be edited
    assert editor.query_one("#t-notes", TextArea).text == notes
    await pilot.click("#save")  # nothing else changed: nothing sent again
    await settle(pilot)
    assert app.session.state.events == events + 1 and not isinstance(app.screen, EditDialog)
    await pilot.press("ctrl+z")  # one undo takes the notes back
    await settle(pilot)
    assert app.session.state.characters[LUCIEN].notes == before


@run_async
async def test_under_the_pilot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = editor_script(tmp_path)
    monkeypatch.setenv("EDITOR", str(script))
    app = demo_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await check("cannot suspend", cannot_suspend_under_the_pilot(pilot))
        # The terminal handed over as a real one would (the pty test below does it for real).
        monkeypatch.setattr(ElysiumApp, "suspend", lambda self: contextlib.nullcontext())
        await check("edited", edited_notes_are_one_event_and_the_form_stays_open(pilot))
        (script.parent / "argv").unlink()
        (script.parent / "mode").write_text("fail")
        events = app.session.state.events
        await pilot.press("f3", "ctrl+g")
        await until(pilot, lambda: app._notifications, "a line about the failed editor")
        said = [n.message for n in app._notifications]
        assert said == [f"the editor {script} ended with status 3; the notes are as they were"]
        assert app.session.state.events == events
        temporary = Path((script.parent / "argv").read_text())
        assert not temporary.exists()  # the notes' temporary file is gone
    app.session.close()


def test_in_a_real_terminal_the_editor_gets_the_terminal_and_the_notes(tmp_path: Path) -> None:
    root = demo_copy(tmp_path)
    script = editor_script(tmp_path)
    env = terminal_env(tmp_path)
    env.update(EDITOR=str(script), VISUAL="")
    before = Session.open(root, readonly=True)
    notes, events = before.state.characters[LUCIEN].notes, before.state.events
    before.close()
    term = Terminal(root, env)
    try:
        term.wait_for(b"Vitals")
        term.wait_quiet()
        term.type("\x1b[13~")  # F3
        term.wait_for(b"Save")
        term.wait_quiet(0.5)
        term.type("\x07")  # Ctrl+G
        deadline = time.monotonic() + 20
        while not any(e.type == "trait_set" for e in journal_events(root)):
            assert time.monotonic() < deadline, "the edited notes never reached the journal"
            time.sleep(0.05)
        term.wait_for(b"Lucien Marchetti: notes (")  # the terminal is the dashboard's again
        term.type("\x1b")  # Escape: the form closes, nothing more is sent
        term.wait_quiet(0.5)
        term.type("\x11")  # Ctrl+Q
        term.proc.wait(15)
    finally:
        term.close()
    after = Session.open(root)
    assert after.state.events == events + 1
    expected = f"{notes}\nOwes Vitel a boon." if notes else "Owes Vitel a boon."
    assert after.state.characters[LUCIEN].notes == expected
    after.close()


def test_the_editors_command_carries_the_notes_whole(coterie) -> None:
    """F3 sends the notes quoted as the dialog quotes every text (its ``quote``)."""
    notes = "Owes Vitel a boon.\nSire: unknown\n\n'quoted' \"twice\""
    coterie.execute(f"set Marcus notes {quote(notes)}")
    assert coterie.state.characters["marcus"].notes == notes
