"""``elysium watch``: the read-only dashboard follows a writer in the same test, event by
event, through undo, a chapter close, checkpoints and the writer closing and coming back."""

from __future__ import annotations

import time
from pathlib import Path

from elysium.chronicle.follow import ChronicleSource
from elysium.chronicle.session import Session
from elysium.chronicle.store.reading import writer_active
from elysium.chronicle.store.store import CHECKPOINT_EVERY
from tests.chronicle_helpers import COTERIE, new_session
from tests.tui_helpers import run_async, screen_text, status, until

DEADLINE = 30.0  # seconds: a hang guard only (a shared 2-core machine); the bench measures latency


async def shows(pilot, needle: str, deadline: float = DEADLINE) -> str:
    """Wait (the app's loop running) until ``needle`` is on the screen; its text."""
    end = time.monotonic() + deadline
    while True:
        await pilot.pause(0.02)
        text = screen_text(pilot.app)
        if needle in text:
            return text
        assert time.monotonic() < end, f"{needle!r} never shown:\n{text}"


async def holds(pilot, check, deadline: float = DEADLINE) -> None:
    end = time.monotonic() + deadline
    while not check(pilot.app.dashboard.state):
        assert time.monotonic() < end, "the watcher's state never caught up"
        await pilot.pause(0.02)


def watch_app(root: Path, lang: str = "en"):
    from elysium.tui.app import make_watch_app

    source = ChronicleSource(root)
    return make_watch_app(source, lang), source


@run_async
async def test_each_event_appears_through_undo_chapter_and_a_restart(tmp_path: Path) -> None:
    root = tmp_path / "c"
    writer = new_session(root, COTERIE)
    app, source = watch_app(root)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            text = await shows(pilot, "WATCHING")
            assert "Unhurt" in text and app.dashboard.session.readonly
            assert writer_active(root)  # the watcher never took the writer's lock

            writer.execute("award Marcus 3")
            await holds(pilot, lambda s: s.characters["marcus"].xp == 3)

            writer.execute("damage Bob 3 lethal")  # a mortal: no soak
            await shows(pilot, "Injured")

            writer.execute("undo")
            await holds(pilot, lambda s: s.characters["bob"].health.lethal == 0)
            assert "Injured" not in screen_text(app)

            writer.execute("roll 4 diff 6 by Marcus dice 8,8,3,2")
            await shows(pilot, "+8 +8 3 2")

            writer.execute("chapter")
            await shows(pilot, "Chapter 2")
            writer.execute("damage Bob 1 lethal")
            await shows(pilot, "Bruised")

            writer.close()  # the Storyteller quits: said plainly, on the top line too
            text = await shows(pilot, "WRITER STOPPED")
            assert "stopped writing" in text

            writer = Session.open(root)  # and comes back
            text = await shows(pilot, "WATCHING")
            assert "writing again" in text
            writer.execute("heal Bob 1")
            await holds(pilot, lambda s: s.characters["bob"].health.lethal == 0)
            events = writer.state.events
            await holds(pilot, lambda s: s.events == events)
    finally:
        writer.close()
        source.close()


@run_async
async def test_follows_across_a_checkpoint(tmp_path: Path) -> None:
    """Past a checkpoint (every CHECKPOINT_EVERY events) the state still agrees."""
    root = tmp_path / "c"
    writer = new_session(root, COTERIE)
    app, source = watch_app(root)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await shows(pilot, "WATCHING")
            while writer.state.events <= CHECKPOINT_EVERY + 3:
                writer.execute("award Marcus 1")
            total = writer.state.characters["marcus"].xp
            await holds(pilot, lambda s: s.characters["marcus"].xp == total)
            assert app.dashboard.state.events == writer.state.events
    finally:
        writer.close()
        source.close()


@run_async
async def test_no_writer_is_said_in_russian_and_no_write_is_offered(tmp_path: Path) -> None:
    root = tmp_path / "c"
    new_session(root, COTERIE).close()
    app, source = watch_app(root, "ru")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            text = await shows(pilot, "ЗАПИСЬ ОСТАНОВЛЕНА")
            assert "никто не пишет" in text
            screen = app.dashboard
            for action in ("roll", "undo", "next", "edit"):
                assert not screen.check_action(action, ())
            screen.run_command("award Marcus 5")  # typed anyway: refused, nothing written
            await until(pilot, lambda: "только для чтения" in status(app), "the refusal")
            assert Session.open(root, readonly=True).state.characters["marcus"].xp == 0
    finally:
        source.close()


def test_source_reads_only_what_is_new(tmp_path: Path) -> None:
    """Growth of the journal is read from where the last read stopped; a chapter close
    reads everything again."""
    root = tmp_path / "c"
    writer = new_session(root, COTERIE)
    source = ChronicleSource(root)
    try:
        first = source.read()
        assert first.whole and first.state.events == writer.state.events
        assert not source.changed()
        writer.execute("award Marcus 2")
        assert source.changed()
        update = source.read()
        assert not update.whole and [e.type for e in update.events] == ["xp"]
        writer.execute("chapter")
        update = source.read()
        assert update.whole and update.state.chapter == 2
        assert update.state == writer.state
    finally:
        writer.close()
        source.close()
