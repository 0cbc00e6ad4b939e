"""A dialog or screen that raises never takes the session down: it is closed, the dashboard
stays with its session, the status line says what failed (in the reader's language) and the
traceback is in the error log (``$XDG_STATE_HOME/elysium/errors.log``). A failure in the
dashboard itself ends the app, once what is being saved is saved, with one line."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from textual import on, work
from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Button

from elysium.chronicle.session import Session
from elysium.tui import errorlog
from elysium.tui.app import make_app
from elysium.tui.commandbar import CommandBar
from elysium.tui.screens.dashboard import DashboardScreen
from tests.tui_helpers import check, demo_copy, run_async, settle, status

pytestmark = pytest.mark.logs_errors  # every test here makes something fail on purpose

ROLL = "roll 5 diff 6 dice 8,8,3,2,10"  # the Storyteller's own roll, its faces given


class Failing(ModalScreen[None]):
    """A dialog made to raise at one place: ``compose``, ``mount``, ``handler`` (its
    button), ``callback`` (after its first refresh) or ``worker``."""

    def __init__(self, where: str) -> None:
        super().__init__()
        self.where = where

    def compose(self) -> ComposeResult:
        if self.where == "compose":
            raise RuntimeError("the dialog failed in compose")
        yield Button("Go", id="go")

    def on_mount(self) -> None:
        if self.where == "mount":
            raise RuntimeError("the dialog failed in on_mount")
        if self.where == "callback":
            self.call_after_refresh(self.fail_later)
        if self.where == "worker":
            self.fail_in_worker()

    def fail_later(self) -> None:
        raise RuntimeError("the dialog failed in a callback")

    @work(name="failing")
    async def fail_in_worker(self) -> None:
        raise RuntimeError("the dialog failed in a worker")

    @on(Button.Pressed, "#go")
    def pressed(self) -> None:
        raise RuntimeError("the dialog failed in a button handler")


def error_log_text() -> str:
    return errorlog.error_log().read_text(encoding="utf-8")


async def submit(pilot, text: str) -> None:
    bar = pilot.app.dashboard.query_one(CommandBar)
    bar.value = text
    await pilot.press("enter")
    await settle(pilot)


async def a_failing_dialog_is_closed_and_the_session_goes_on(
    pilot, session: Session, where: str
) -> None:
    app = pilot.app
    before = session.state.events
    dialog = Failing(where)
    await app.push_screen(dialog)
    await settle(pilot)
    if where == "handler":
        assert app.screen is dialog  # it opened; the press makes it fail
        await pilot.click("#go")
        await settle(pilot)
    assert app.is_running
    assert app.screen is app.dashboard and app.screen_stack == [app.dashboard]
    assert not dialog.is_attached  # taken away, not left behind the dashboard
    said = status(app)
    assert said.startswith("a window failed and was closed (the chronicle is safe): ")
    assert "RuntimeError: the dialog failed in" in said
    log = errorlog.error_log()
    assert str(log) in said.replace("\n", "")
    text = error_log_text()
    assert text.startswith("--- ") and ": Failing\n" in text
    assert "Traceback (most recent call last):" in text
    assert "tests/tui/test_dialog_failure.py" in text  # the raising line, whole
    assert stat.S_IMODE(os.stat(log).st_mode) == 0o600
    # The dashboard still takes commands, and saves them.
    await submit(pilot, ROLL)
    assert session.state.events == before + 1
    assert status(app).startswith("Storyteller: dice 5d diff 6: ")
    assert app.focused is app.dashboard.query_one(CommandBar)


async def each_failure_is_appended_to_the_log(pilot) -> None:
    """On an error log that is not there yet."""
    app = pilot.app
    errorlog.error_log().unlink(missing_ok=True)
    for where in ("mount", "callback"):
        await app.push_screen(Failing(where))
        await settle(pilot)
        assert app.screen is app.dashboard
    text = error_log_text()
    assert text.count("Traceback (most recent call last):") == 2
    assert text.index("failed in on_mount") < text.index("failed in a callback")


async def a_command_that_raises_is_refused_and_its_traceback_logged(
    pilot, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = pilot.app

    def broken(text: str, source: object = None, **_: object) -> None:
        raise ZeroDivisionError("a bug in a command")

    monkeypatch.setattr(session, "execute", broken)
    await submit(pilot, "next")
    assert app.is_running and app.screen is app.dashboard
    assert status(app) == "Refused: ZeroDivisionError: a bug in a command"
    text = error_log_text()
    assert ": command 'next'\n" in text and "in broken\n" in text


async def a_log_that_cannot_be_written_is_said_and_the_session_goes_on(
    pilot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = pilot.app
    blocked = tmp_path / "state-is-a-file"
    blocked.write_text("not a directory")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocked))
    await app.push_screen(Failing("mount"))
    await settle(pilot)
    assert app.screen is app.dashboard
    assert status(app).endswith("the error log could not be written")


WHERE = ["mount", "handler", "compose", "callback", "worker"]


@run_async
async def test_a_failing_dialog_or_command_is_told_logged_and_the_session_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One dashboard, its checks in turn: a dialog failing at each place (each followed by
    a roll that is saved), two failures appended to a log begun afresh, a command that
    raises, then an error log that cannot be written."""
    root = demo_copy(tmp_path)
    session = Session.open(root)
    before = session.state.events
    app = make_app(session, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for where in WHERE:
            await check(
                f"a dialog failing in {where}",
                a_failing_dialog_is_closed_and_the_session_goes_on(pilot, session, where),
            )
        await check("each failure appended", each_failure_is_appended_to_the_log(pilot))
        await check(
            "a command that raises",
            a_command_that_raises_is_refused_and_its_traceback_logged(pilot, session, monkeypatch),
        )
        await check(
            "an error log that cannot be written",
            a_log_that_cannot_be_written_is_said_and_the_session_goes_on(
                pilot, tmp_path, monkeypatch
            ),
        )
    session.close()
    again = Session.open(root)  # on disk: a fresh reading of the chronicle has every roll
    assert again.state.events == before + len(WHERE), "the rolls after the failures on disk"
    for event in again.store.tail_events(len(WHERE)):
        assert event.data["dice"] == [8, 8, 3, 2, 10], "a roll after a failure on disk"
    again.close()


@run_async
async def test_the_failure_is_said_in_russian(tmp_path: Path) -> None:
    session = Session.open(demo_copy(tmp_path))
    app = make_app(session, "ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(Failing("mount"))
        await settle(pilot)
        assert app.screen is app.dashboard
        assert status(app).startswith("окно закрыто из-за ошибки (хроника цела): RuntimeError")
        assert "подробности — в" in status(app)
    session.close()


def test_the_log_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``KEEP`` bytes the log is moved aside (the one before it dropped)."""
    monkeypatch.setattr(errorlog, "KEEP", 2000)
    for n in range(40):
        try:
            raise ValueError(f"failure {n}")
        except ValueError as exc:
            assert errorlog.record(exc, "Somewhere") == errorlog.error_log()
    log, older = errorlog.error_log(), errorlog.error_log().with_name("errors.log.1")
    assert log.stat().st_size < 2000 + 1000 and older.stat().st_size < 2000 + 1000
    assert "failure 39" in log.read_text() and "failure 0\n" not in log.read_text()
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    assert stat.S_IMODE(older.stat().st_mode) == 0o600


@run_async
async def test_a_failure_in_the_dashboard_leaves_cleanly_with_everything_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The dashboard's own code raising may have left it half-updated: the app leaves, but
    only once the command being saved is saved, and says so in one line (no traceback)."""

    def broken(self: DashboardScreen) -> None:
        raise RuntimeError("the dashboard failed")

    monkeypatch.setattr(DashboardScreen, "action_npc", broken)
    root = demo_copy(tmp_path)
    session = Session.open(root)
    before = session.state.events
    app = make_app(session, "en")
    with pytest.raises(RuntimeError, match="the dashboard failed"):  # run_test re-raises it
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.dashboard.run_command(ROLL)  # being saved when the dashboard fails
            await pilot.press("f4")
            await settle(pilot)
    assert app.return_code == 1
    app.dashboard.runner.finish()  # as ``elysium`` does before it closes the chronicle
    session.close()
    again = Session.open(root)
    assert again.state.events == before + 1  # the roll was saved before leaving
    again.close()
    said = capsys.readouterr().err
    assert said == (
        "elysium: error: the screen failed and Elysium closed; everything acknowledged is"
        " saved: RuntimeError: the dashboard failed; details in "
        f"{errorlog.error_log()}\n"
    )
    text = error_log_text()
    assert "Traceback (most recent call last):" in text
    assert "in broken\n" in text and "RuntimeError: the dashboard failed" in text


# Run in a real terminal: the dashboard, F4 made to open a dialog that fails as it opens,
# F6 made to fail in the dashboard itself.
BROKEN_KEYS = """
import sys
from textual.screen import ModalScreen
from elysium.cli import main
from elysium.tui.screens.dashboard import DashboardScreen

class Failing(ModalScreen):
    def on_mount(self):
        raise RuntimeError("the dialog failed in on_mount")

def npc(self):
    self.app.push_screen(Failing())

def broken(self):
    raise RuntimeError("the dashboard failed")

DashboardScreen.action_npc = npc
DashboardScreen.action_filter = broken
sys.exit(main(sys.argv[1:]))
"""


def test_in_a_real_terminal_a_failure_is_one_line_never_a_traceback(tmp_path: Path) -> None:
    import time

    from tests.pty_helpers import Terminal, journal_events, terminal_env

    root = demo_copy(tmp_path)
    script = tmp_path / "broken_keys.py"
    script.write_text(BROKEN_KEYS)
    env = terminal_env(tmp_path)
    term = Terminal(root, env, program=(str(script),))
    try:
        term.wait_for(b"Vitals")
        time.sleep(0.5)
        term.type("\x1bOS")  # F4: the dialog fails; the dashboard stays and says so
        term.wait_for(b"a window failed and was closed")
        term.type("award Lucien 3\r")
        deadline = time.monotonic() + 30  # hang guard: saved in well under a second
        while not any(e.type == "xp" for e in journal_events(root)):
            assert time.monotonic() < deadline, "the command after the failure was not saved"
            time.sleep(0.05)
        term.type("\x1b[17~")  # F6: the dashboard itself fails; Elysium leaves
        term.proc.wait(60)  # hang guard: it leaves at once
        assert term.proc.returncode == 1
        term.reader.join(10)  # hang guard: the rest of its output
        shown = term.shown()
    finally:
        term.close()
    assert b"Traceback" not in shown and b"RuntimeError" in shown
    after = shown[shown.rindex(b"\x1b[?1049l") :]  # what is left on the terminal
    assert b"elysium: error: the screen failed and Elysium closed" in after
    assert b"RuntimeError: the dashboard failed" in after
    s = Session.open(root)  # the lock is free, nothing to repair, the award kept
    assert s.report == []
    assert s.state.characters["lucien marchetti"].xp == 3 + 2  # 2 from the demo
    s.close()
