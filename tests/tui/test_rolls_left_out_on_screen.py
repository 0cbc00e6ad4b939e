"""Rolls left out of the statistics on the dashboard: the roll log marks them as things
stand (by their own word, by ``omit N``, and no longer once that toggle is undone; no app
needed for the log's entries and what it would draw), and the F2 dialog's box sends the
word."""

from __future__ import annotations

from pathlib import Path

from elysium.tui.widgets.rolllog import RollLog
from tests.chronicle_helpers import COTERIE, new_session
from tests.tui_helpers import demo_app, run_async, settle, until

MARK = "(left out of the statistics)"


def test_the_log_follows_the_keyword_the_toggle_and_its_undo(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    first = s.execute("roll Marcus dex+brawl omit dice 1,1,2,3,4").event
    second = s.execute("roll Marcus dex+brawl dice 8,9,10,3,4").event
    assert first is not None and second is not None
    log = RollLog("en")
    log.add_events(s.events())
    assert log.left_out == {first.seq}
    texts = [t.plain for t in log._shown(log.entries)]
    assert texts[0].count(MARK) == 1 and MARK not in texts[1]  # marked once, not twice
    toggles = [s.execute(f"omit {second.seq}").event, s.execute(f"omit {first.seq}").event]
    log.add_events([e for e in toggles if e is not None])
    assert log.left_out == {second.seq}
    assert [MARK in t.plain for t in log._shown(log.entries)] == [False, True]
    undone = s.execute("undo").event
    assert undone is not None
    log.add_events([undone])
    assert log.left_out == {first.seq, second.seq} == s.state.omitted
    russian = RollLog("ru")
    russian.replace_events(s.events())
    assert russian.left_out == s.state.omitted
    assert all("(вне статистики)" in t.plain for t in russian._shown(russian.entries))
    s.close()


def test_the_roll_dialogs_box_leaves_the_roll_out(tmp_path: Path) -> None:
    from elysium.tui.dialogs.roll import RollDialog

    @run_async
    async def go() -> None:
        app = demo_app(tmp_path, lang="ru")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("f2")
            await until(pilot, lambda: isinstance(app.screen, RollDialog), "the F2 dialog")
            dialog = app.screen
            assert isinstance(dialog, RollDialog)
            assert "omit" not in dialog.command()
            dialog.query_one("#faces").value = "7,8,2,10"
            await pilot.click("#omit")
            await settle(pilot)
            assert dialog.command().endswith("omit dice 7,8,2,10")
            await pilot.click("#go")
            await until(pilot, lambda: app.session.events()[-1].type == "roll", "the roll")
            event = app.session.events()[-1]
            assert event.data["omitted"] is True and event.seq in app.session.state.omitted
        app.session.close()

    go()
