"""The key bar at the foot of the dashboard keeps its keys while the keys shown stay the
same (closing a dialog rebuilt all of them, a good part of what closing cost), and changes
as soon as they do: F12, acting a declaration, is offered in a fight only."""

from __future__ import annotations

from elysium.tui.widgets.footer import KeyBar
from tests.tui_helpers import run_async, settle, until


def _keys(bar: KeyBar) -> list:
    return list(bar.query("FooterKey"))


def _shown(bar: KeyBar) -> list[str]:
    return [k.key for k in _keys(bar)]


@run_async
async def test_the_key_bar_is_kept_until_the_keys_it_shows_change(demo_dashboard) -> None:
    app = demo_dashboard
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        bar = app.dashboard.query_one(KeyBar)
        keys = _keys(bar)
        assert "f12" in [k.key for k in keys], "the demo is in a fight: F12 is offered"
        for dialog in ("f2", "f1", "f3"):
            await pilot.press(dialog)
            await settle(pilot)
            await pilot.press("escape")
            await settle(pilot)
            assert _keys(bar) == keys, f"closing {dialog} rebuilt the key bar"
        app.dashboard.run_command("combat end")
        # Rebuilt, the bar is empty for a moment: wait for its new keys.
        await until(pilot, lambda: _shown(bar) and "f12" not in _shown(bar), "F12 leaves")
        assert [k.key for k in _keys(bar)] == [k.key for k in keys if k.key != "f12"]
