"""``elysium watch`` on the players' view (issue 15): a shared directory, or a chronicle with
``--players``; the sources it follows and what their screen shows."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from elysium.chronicle.errors import StoreError
from elysium.chronicle.players import (
    ProjectedView,
    SharedView,
    is_shared_view,
    players_source,
    writer_alive,
)
from elysium.chronicle.session import Session
from elysium.cli import main
from elysium.tui.app import ElysiumApp, make_players_app
from elysium.tui.screens.players import Pane
from tests.chronicle_helpers import COTERIE, new_session
from tests.tui_helpers import run_async

TABLE = [
    *COTERIE,
    "set Marcus player yes",
    'add "Prince Vitel" elder',
    'set "Prince Vitel" notes "SECRET-NPC-NOTE plans the blood hunt"',
]


def _shared(tmp_path: Path, *more: str) -> tuple[Path, Path]:
    root, to = tmp_path / "c", tmp_path / "shared"
    new_session(root, TABLE).close()
    assert main(["share", str(root), "--to", str(to), *more]) == 0
    return root, to


def _screen(app: ElysiumApp) -> str:
    """Everything the players' screen shows: the header, the status line and each pane."""
    parts = [str(app.query_one("#players-header").render())]
    parts.append(str(app.query_one("#players-status").render()))
    parts += [str(p.render()) for p in app.query(Pane)]
    return "\n".join(parts)


async def _until(pilot, app: ElysiumApp, text: str, timeout: float = 10.0) -> str:
    for _ in range(int(timeout / 0.05)):
        shown = _screen(app)
        if text in shown:
            return shown
        await pilot.pause(0.05)
    raise AssertionError(f"{text!r} never appeared; the screen:\n{_screen(app)}")


def test_a_shared_directory_is_told_from_a_chronicle(tmp_path: Path) -> None:
    root, to = _shared(tmp_path)
    assert is_shared_view(to) and is_shared_view(to / "view.json")
    assert not is_shared_view(root)
    assert isinstance(players_source(to), SharedView)
    assert isinstance(players_source(root), ProjectedView)
    with pytest.raises(StoreError) as nothing:
        players_source(tmp_path / "nowhere")
    assert "there is nothing at" in nothing.value.render("en")
    (tmp_path / "empty").mkdir()  # withdrawn, or not yet shared: where the players look
    assert is_shared_view(tmp_path / "empty")
    assert isinstance(players_source(tmp_path / "empty"), SharedView)
    with pytest.raises(StoreError) as npcs:
        players_source(to, "hidden")
    assert "--npcs is for a chronicle" in npcs.value.render("en")


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"not json", "not an Elysium players' view"),
        (b'{"format": "something-else"}', "not an Elysium players' view"),
        (b'{"format": "elysium-players", "version": 99}', "version 99; this Elysium reads"),
    ],
)
def test_a_file_that_is_not_a_view_is_refused_in_one_line(
    tmp_path: Path, content: bytes, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "view.json").write_bytes(content)
    with pytest.raises(StoreError) as refused:
        SharedView(tmp_path).read()
    assert said in refused.value.render("en")
    assert main(["watch", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_the_writer_is_there_while_its_heartbeat_says_so(tmp_path: Path) -> None:
    here = socket.gethostname()
    assert writer_alive({"pid": os.getpid(), "host": here, "stopped": False})
    assert not writer_alive({"pid": os.getpid(), "host": here, "stopped": True})
    assert not writer_alive({})
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    assert not writer_alive({"pid": gone.pid, "host": here, "stopped": False})  # killed -9
    # another host's writer cannot be asked: its heartbeat is all there is
    assert writer_alive({"pid": gone.pid, "host": here + "-elsewhere", "stopped": False})
    assert writer_alive({"pid": 1, "host": here, "stopped": False})  # another user's: EPERM


@run_async
async def test_the_players_screen_follows_the_writer_and_keeps_its_secrets(
    tmp_path: Path,
) -> None:
    root, to = _shared(tmp_path)
    app = make_players_app(SharedView(to), "en")
    async with app.run_test(size=(100, 30)) as pilot:
        shown = await _until(pilot, app, "WRITER STOPPED")
        assert "Marcus" in shown and "Prince Vitel" in shown
        writer = Session.open(root)
        try:
            await _until(pilot, app, "WATCHING")
            writer.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
            await _until(pilot, app, "+7 3 *10* 2 +8")
            writer.execute("roll Marcus wits+brawl hidden dice 1,1,1")
            writer.execute('roll "Prince Vitel" wits+dominate hidden')
            writer.execute('damage "Prince Vitel" 3 lethal nosoak')
            shown = await _until(pilot, app, "Prince Vitel takes damage")
            writer.execute('combat start Marcus "Prince Vitel"')
            writer.execute("init dice Marcus=5,Prince=3")
            shown = await _until(pilot, app, "Declaring:")
            assert "Round 1" in shown
        finally:
            writer.close()
        shown = await _until(pilot, app, "WRITER STOPPED")
        assert "has stopped" in shown
        again = Session.open(root)  # the Storyteller comes back; an undo shows at once
        try:
            await _until(pilot, app, "is back")
            await _until(pilot, app, "WATCHING")
            again.execute("undo")
            again.execute("undo")
            shown = await _until(pilot, app, "No fight in progress")
            assert "Declaring:" not in shown
        finally:
            again.close()
        await _until(pilot, app, "WRITER STOPPED")
        for secret in ("SECRET-NPC-NOTE", "1 1 1", "-1- -1- -1-", "hidden", "🔒", "dominate"):
            assert secret not in shown
        assert main(["share", str(root), "--stop"]) == 0
        await _until(pilot, app, "withdrawn the players' view")


@run_async
async def test_nothing_shared_yet_is_said_and_the_view_appears_when_published(
    tmp_path: Path,
) -> None:
    root = tmp_path / "c"
    new_session(root, TABLE).close()
    to = tmp_path / "shared"
    to.mkdir()
    app = make_players_app(SharedView(to), "ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await _until(pilot, app, "Здесь пока ничего не открыто")
        assert main(["share", str(root), "--to", str(to)]) == 0
        shown = await _until(pilot, app, "Prince Vitel")
        assert "Цел" in shown  # the NPC's wounds, in words, in Russian


@run_async
async def test_players_on_a_chronicle_projects_it_with_npcs_hidden(tmp_path: Path) -> None:
    root = tmp_path / "c"
    writer = new_session(root, TABLE)
    try:
        app = make_players_app(ProjectedView(root, "hidden"), "en")
        async with app.run_test(size=(100, 30)) as pilot:
            shown = await _until(pilot, app, "WATCHING")
            assert "Marcus" in shown and "Prince Vitel" not in shown
            writer.execute('roll "Prince Vitel" 2 diff 6 dice 9,9')
            writer.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
            await _until(pilot, app, "+7 3 *10* 2 +8")  # read after the NPC's roll
            assert "Prince Vitel" not in _screen(app)
    finally:
        writer.close()


def test_the_watch_cli_shows_the_players_screen_and_no_secret_reaches_the_terminal(
    tmp_path: Path,
) -> None:
    """``elysium watch SHARED`` in a real terminal: every byte it writes is searched for the
    Storyteller's secrets while the writer makes hidden rolls and notes."""
    from tests.pty_helpers import Terminal, terminal_env

    root, to = _shared(tmp_path)
    term = Terminal(Path("watch"), terminal_env(tmp_path), (str(to), "--lang", "en"))
    writer: Session | None = None
    try:
        term.wait_for(b"Characters", timeout=20)
        term.wait_for(b"Prince Vitel")
        writer = Session.open(root)
        term.wait_for(b"WATCHING")
        writer.execute('set "Prince Vitel" dominate 5')
        writer.execute('set Marcus notes "SECRET-PC-NOTE sire is alive"')
        writer.execute("roll Marcus wits+brawl hidden dice 1,1,1")
        writer.execute('roll "Prince Vitel" wits+dominate скрытно')
        writer.execute('frenzy "Prince Vitel" diff 6 hidden')
        writer.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
        term.wait_for(b"*10*")
        writer.close()
        term.wait_for(b"WRITER STOPPED")
        term.type("q")
        assert term.proc.wait(15) == 0
    finally:
        if writer is not None:
            writer.close()
        term.close()
    with term.lock:
        seen = bytes(term.output)
    for secret in (b"SECRET-PC-NOTE", b"SECRET-NPC-NOTE", b"dominate", b"hidden", b"frenzy"):
        assert secret not in seen, secret
    assert "🔒".encode() not in seen and "скрыт".encode() not in seen
    view = json.loads((to / "view.json").read_bytes())
    assert view["writer"]["stopped"] is True


@run_async
async def test_the_dashboard_says_when_the_players_view_cannot_be_published(
    tmp_path: Path,
) -> None:
    from elysium.tui.app import make_app
    from tests.tui_helpers import settle, status

    root, to = _shared(tmp_path)
    (to / "view.json").unlink()
    to.rmdir()
    to.write_text("in the way")
    app = make_app(Session.open(root), "en")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.dashboard.run_command("roll Marcus dex+brawl dice 7,3,10,2,8")
        await settle(pilot)
        said = status(app)
        assert "+7 3 *10* 2 +8" in said  # the roll stands, then the trouble
        assert "the players' view could not be published" in said
    app.session.close()


@run_async
async def test_the_dashboard_publishes_the_view_after_showing_a_result(tmp_path: Path) -> None:
    """The view is published in its own step once the command is saved: the roll reaches
    the shared file, and the status line says the roll alone."""
    from elysium.tui.app import make_app
    from tests.tui_helpers import settle, status

    root, to = _shared(tmp_path)
    before = (to / "view.json").read_bytes()
    app = make_app(Session.open(root), "en")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.dashboard.run_command("roll Marcus dex+brawl dice 7,3,10,2,8")
        await settle(pilot)
        assert "+7 3 *10* 2 +8" in status(app) and "could not" not in status(app)
    app.session.close()
    after = (to / "view.json").read_bytes()
    assert after != before and b"Marcus" in after
    assert len(json.loads(after)["rolls"]) == len(json.loads(before)["rolls"]) + 1


def test_watch_and_serve_say_what_is_wrong_with_a_path_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, to = _shared(tmp_path)
    capsys.readouterr()
    for argv, said in (
        (["watch", str(tmp_path / "nowhere")], "there is nothing at"),
        (["serve", str(tmp_path / "nowhere"), "--lang", "ru"], "ничего нет"),
        (["serve", str(to), "--npcs", "hidden"], "--npcs is for a chronicle"),
        (["watch", str(to), "--npcs", "hidden"], "--npcs is for a chronicle"),
    ):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert said in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


@run_async
async def test_a_view_in_a_shape_it_cannot_draw_is_said_and_followed_past(
    tmp_path: Path,
) -> None:
    _, to = _shared(tmp_path)
    app = make_players_app(SharedView(to), "en")
    good = (to / "view.json").read_bytes()
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(pilot, app, "Prince Vitel")
        bad = json.loads(good) | {"characters": ["not a character"], "rolls": 7}
        (to / "view.json").write_text(json.dumps(bad))
        await _until(pilot, app, "The players' view cannot be shown")
        (to / "view.json").write_bytes(good.replace(b"Prince Vitel", b"Prince Vytautas"))
        await _until(pilot, app, "Prince Vytautas")  # the screen kept following


@run_async
async def test_a_long_status_message_is_read_whole_at_80_columns(tmp_path: Path) -> None:
    """The status line has two rows, and Ctrl+L shows its message whole (a refusal naming a
    deep field in Russian is longer than 80 columns)."""
    from elysium.tui.dialogs.answer import AnswerScreen
    from tests.tui_helpers import screen_text

    _, to = _shared(tmp_path)
    app = make_players_app(players_source(to), "ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await _until(pilot, app, "Marcus")
        view = json.loads((to / "view.json").read_text(encoding="utf-8"))
        view["characters"][0]["health"] = "не список"
        (to / "view.json").write_text(json.dumps(view), encoding="utf-8")
        said = (await _until(pilot, app, "не удаётся показать")).splitlines()[1]
        assert len(said) > 78  # more than one row's worth at 80 columns
        rows = screen_text(app).splitlines()
        shown = " ".join(row.strip() for row in rows[-3:-1])  # the two rows above the footer
        assert " ".join(said.split()) == " ".join(shown.split())
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert isinstance(app.screen, AnswerScreen)
        assert said in str(app.screen.query_one("Static").render())
