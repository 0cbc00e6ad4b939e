"""Issue 14's screens as they look: at 80x24 and 200x55, English and Russian, NO_COLOR.

Update after a deliberate change with ``--snapshot-update`` and look at the SVGs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui_helpers import demo_app, settle

SIZES = [(80, 24), (200, 55)]
LANGS = ["en", "ru"]


def _commands(*commands: str):
    async def run(pilot) -> None:
        await settle(pilot)
        for command in commands:
            pilot.app.dashboard.run_command(command)
        await settle(pilot)

    return run


# An error on the status line (no toast over the log); a boost in Vitals; a long result.
STATES = {
    "refused": _commands("roll Bobb dex"),
    "boost_and_roll": _commands(
        "boost Lucien dexterity 2", "roll Lucien dex+brawl diff 6 dice 8,3,6,1,9,10"
    ),
    "next": _commands("next"),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("state", list(STATES))
def test_snapshot_screen80(snap_compare, tmp_path: Path, state: str, size, lang: str) -> None:
    app = demo_app(tmp_path, lang)
    try:
        assert snap_compare(app, terminal_size=size, run_before=STATES[state])
    finally:
        app.session.close()


@pytest.mark.parametrize("lang", LANGS)
def test_snapshot_morality_beside_the_log(snap_compare, tmp_path: Path, lang: str) -> None:
    app = demo_app(tmp_path, lang)
    try:
        assert snap_compare(app, terminal_size=(80, 24), press=["f9"])
    finally:
        app.session.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_no_color(snap_compare, tmp_path: Path, monkeypatch, size, lang: str) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = demo_app(tmp_path, lang)
    try:
        assert app.no_color
        assert snap_compare(app, terminal_size=size, run_before=_commands())
    finally:
        app.session.close()


@pytest.mark.parametrize("lang", LANGS)
def test_snapshot_jump_dialog_input(snap_compare, tmp_path: Path, lang: str) -> None:
    """The replay's empty "go to event" box can be seen (issue 14)."""
    app = demo_app(tmp_path, lang)
    try:
        assert snap_compare(app, terminal_size=(80, 24), press=["f8", "g"])
    finally:
        app.session.close()
