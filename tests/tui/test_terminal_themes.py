"""Terminals as they are over SSH: Textual's ``ansi-dark`` and ``ansi-light`` themes are
offered where themes are chosen, and ``ansi-dark`` is the default where the terminal does not
say it has true colour (``COLORTERM``) and config.toml names no theme. ``NO_COLOR`` keeps
Textual's own theme, greyed as before. (The suite pins ``COLORTERM=truecolor`` for its
snapshots, see tests/conftest.py; the default itself is tested here.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.theme import ThemeProvider

from elysium.chronicle.session import Session
from elysium.config import default_theme, load_config, unknown_theme
from elysium.tui.app import ElysiumApp, make_app
from tests.conftest import run_cli
from tests.tui.test_theme_kept import write_config
from tests.tui_helpers import demo_copy, run_async, screen_text, settle


@pytest.mark.parametrize(
    ("environ", "theme"),
    [
        ({}, "ansi-dark"),  # nothing said: assume the terminal's own 16 colours
        ({"COLORTERM": "truecolor"}, "textual-dark"),
        ({"COLORTERM": "24bit"}, "textual-dark"),
        ({"COLORTERM": "TrueColor"}, "textual-dark"),
        ({"COLORTERM": "yes"}, "ansi-dark"),  # some terminals say only that they have colour
        ({"COLORTERM": ""}, "ansi-dark"),
        ({"NO_COLOR": "1"}, "textual-dark"),  # colour off: Textual greys its own, as before
        ({"NO_COLOR": "1", "COLORTERM": "truecolor"}, "textual-dark"),
        ({"NO_COLOR": ""}, "ansi-dark"),  # NO_COLOR counts when it is not empty
    ],
)
def test_the_default_theme_follows_the_terminal(environ: dict[str, str], theme: str) -> None:
    assert default_theme(environ) == theme


@pytest.mark.parametrize(
    ("colorterm", "configured", "theme"),
    [
        (None, None, "ansi-dark"),
        ("truecolor", None, "textual-dark"),
        ("truecolor", "ansi-light", "ansi-light"),  # chosen in config.toml: always that one
        (None, "textual-light", "textual-light"),
        (None, "no-such-theme", "ansi-dark"),  # an unknown one: the default (and told)
    ],
)
def test_the_app_takes_the_configured_theme_else_the_terminals(
    monkeypatch: pytest.MonkeyPatch, colorterm: str | None, configured: str | None, theme: str
) -> None:
    if colorterm is None:
        monkeypatch.delenv("COLORTERM", raising=False)
    else:
        monkeypatch.setenv("COLORTERM", colorterm)
    if configured is not None:
        write_config(f'theme = "{configured}"\n')
    app = ElysiumApp(config=load_config())
    assert app.theme == theme


def test_config_toml_accepts_the_ansi_themes() -> None:
    for name in ("ansi-dark", "ansi-light"):
        write_config(f'theme = "{name}"\n')
        config = load_config()
        assert config.theme == name and not config.problems
        assert unknown_theme(config, ElysiumApp().available_themes) == []


@run_async
async def test_over_ssh_the_dashboard_draws_in_the_terminals_colours(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLORTERM", raising=False)
    app = make_app(Session.open(demo_copy(tmp_path)), "en", config=load_config())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == "ansi-dark" and app.current_theme.ansi
        offered = [name for name, _ in ThemeProvider(app.screen).commands]
        assert {"ansi-dark", "ansi-light"} <= set(offered)  # the palette's Change theme
        assert "Lucien Marchetti" in screen_text(app)
        app.theme = "ansi-light"  # what choosing it in the palette does
        await settle(pilot)
    app.session.close()
    assert load_config().theme == "ansi-light"  # kept for the next start
    assert app.theme == "ansi-light"


def test_elysium_config_shows_the_default_this_terminal_gets() -> None:
    plain = run_cli("config", env={"COLORTERM": ""})
    assert 'theme = "ansi-dark"  # the dashboard\'s default' in plain.stdout
    true_colour = run_cli("config", env={"COLORTERM": "24bit"})
    assert 'theme = "textual-dark"  # the dashboard\'s default' in true_colour.stdout
