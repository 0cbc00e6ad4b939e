"""The replay screen and the dice statistics screen: behaviour with the Pilot, and looks."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.replay import Replay
from elysium.chronicle.session import Session
from elysium.tui.app import make_replay_app
from elysium.tui.dialogs.stats import StatsScreen
from elysium.tui.widgets.panes import InitiativePane
from elysium.tui.widgets.rolllog import RollLog
from elysium.tui.widgets.vitals import VitalsPane
from tests.tui_helpers import check, demo_app, demo_copy, run_async, settle, until

SIZE = (120, 40)


def demo_replay(tmp: Path, lang: str = "en", chapter: int | None = None):
    s = Session.open(demo_copy(tmp), readonly=True)
    replay = Replay(s.events(), chapter)
    name = s.state.name
    s.close()
    return make_replay_app(replay, name, lang), replay


async def stepping_shows_the_state_at_the_cursor(pilot, replay: Replay) -> None:
    app = pilot.app
    assert app.default_screen.cursor == len(replay) - 1  # it opens at the end of the chapter
    await pilot.press("home")
    await settle(pilot)
    assert app.default_screen.cursor == 0
    assert "No fight" in str(app.query_one(InitiativePane).body.render())
    await pilot.press("right", "right")
    await settle(pilot)
    assert app.default_screen.cursor == 2
    assert "Round 1" in str(app.query_one(InitiativePane).body.render())
    # Every pane follows: Razor is unhurt before the first blow.
    assert app.query_one(VitalsPane).row("razor").cells().row[1].plain.startswith(".......")
    await pilot.press("right_curly_bracket", "right_curly_bracket")
    await settle(pilot)
    assert "Round 2" in str(app.query_one(InitiativePane).body.render())
    razor = app.default_screen.replay.state(app.default_screen.cursor).characters["razor"]
    assert razor.health.filled == 7
    await pilot.press("left")
    await settle(pilot)
    assert app.default_screen.cursor == replay.next_mark(len(replay) - 1, "round", -1) - 1


async def the_log_shows_the_rolled_faces_up_to_the_cursor(pilot, replay: Replay) -> None:
    app = pilot.app
    cursor = next(i for i in range(len(replay)) if replay.event(i).type == "attack")
    app.default_screen.go(cursor)
    await settle(pilot)
    lines = [e.body.plain for e in app.query_one(RollLog).entries]
    assert lines[-1].endswith("takes 3 (dazed)") and "+9 +8 *10*" in lines[-1]
    app.default_screen.go(0)
    await settle(pilot)
    assert not app.query_one(RollLog).entries


async def jump_to_an_event_and_play(pilot, replay: Replay) -> None:
    app = pilot.app
    await pilot.press("home")
    await pilot.press("g")
    await settle(pilot)
    app.screen.query_one("#seq").value = "60"
    await pilot.press("enter")
    await settle(pilot)
    assert replay.event(app.default_screen.cursor).seq == 60
    await pilot.press("home", "plus", "plus", "plus", "space")  # 8 events a second
    await until(pilot, lambda: app.default_screen.cursor >= 2, "playing moves on")
    await pilot.press("space")
    stopped = app.default_screen.cursor
    await pilot.pause(0.3)
    assert app.default_screen.cursor == stopped and app.default_screen.timer is None


@run_async
async def test_the_replay_steps_shows_the_faces_rolled_jumps_and_plays(tmp_path: Path) -> None:
    """One replay screen, its checks in turn; each puts the cursor where it starts from."""
    app, replay = demo_replay(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await check("stepping", stepping_shows_the_state_at_the_cursor(pilot, replay))
        await check("log faces", the_log_shows_the_rolled_faces_up_to_the_cursor(pilot, replay))
        await check("jump and play", jump_to_an_event_and_play(pilot, replay))


@run_async
async def test_a_chosen_chapter(tmp_path: Path) -> None:
    app, replay = demo_replay(tmp_path, chapter=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert replay.chapter == 1
        top = app.query_one("#topbar").plain
        assert "REPLAY" in top and "Chapter 1" in top


@run_async
async def test_dice_statistics_screen(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f7")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        body = "\n".join(str(w.render()) for w in app.screen.query("#stats-dialog Static"))
        assert "Everyone" in body and "Rolls 6" in body
        await pilot.press("escape")
    app.session.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_replay(snap_compare, tmp_path: Path, size, lang: str) -> None:
    app, _replay = demo_replay(tmp_path, lang)
    assert snap_compare(app, press=["left", "left", "left"], terminal_size=size)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_stats(snap_compare, tmp_path: Path, size, lang: str) -> None:
    app = demo_app(tmp_path, lang)
    try:
        assert snap_compare(app, press=["f7"], terminal_size=size)
    finally:
        app.session.close()
