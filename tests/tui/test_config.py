"""config.toml reaches the dashboard: the keymap (keys, footer and help as remapped), the
theme (and a theme chosen from the palette is kept), the language, and clear warnings."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from elysium.chronicle.session import Session
from elysium.chronicle.store.paths import config_dir
from elysium.config import load_config
from elysium.tui.app import make_app
from elysium.tui.dialogs.help import HelpScreen
from elysium.tui.dialogs.roll import RollDialog
from tests.pty_helpers import Terminal, terminal_env
from tests.tui_helpers import demo_copy, run_async, settle

SIZE = (120, 40)


def write_config(text: str) -> Path:
    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = folder / "config.toml"
    path.write_text(text, encoding="utf-8")
    path.chmod(0o600)
    return path


@run_async
async def test_the_keymap_moves_a_key_and_help_and_footer_follow(tmp_path: Path) -> None:
    write_config('[keys]\nroll = "f9"\nundo = "ctrl+u"\n')
    app = make_app(Session.open(demo_copy(tmp_path)), "en", config=load_config())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f2")  # the old key does nothing now
        await settle(pilot)
        assert not isinstance(app.screen, RollDialog)
        await pilot.press("f9")
        await settle(pilot)
        assert isinstance(app.screen, RollDialog)
        await pilot.press("escape")
        await settle(pilot)
        footer = {b.binding.id: key for key, b in app.screen.active_bindings.items()}
        assert footer["roll"] == "f9" and footer["undo"] == "ctrl+u"
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        rows = dict((label, key) for key, label in app.screen.rows)
        assert rows["key.roll"] == "f9" and rows["key.undo"] == "^u"
        await pilot.press("escape")
        await settle(pilot)
        before = app.session.state.events
        app.dashboard.run_command("award Lucien 1")
        await settle(pilot)
        await pilot.press("ctrl+u")  # undo on its new key
        await settle(pilot)
        assert app.session.state.events == before + 2
        assert app.session.events()[-1].type == "undo"
    app.session.close()


@run_async
async def test_the_theme_is_used_and_a_new_one_is_kept(tmp_path: Path) -> None:
    path = write_config('# my table\ntheme = "nord"  # cold\nlanguage = "en"\n')
    app = make_app(Session.open(demo_copy(tmp_path)), "en", config=load_config())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.theme == "nord"
        app.theme = "gruvbox"  # what choosing it in the palette does
        await settle(pilot)
    app.session.close()
    text = path.read_text(encoding="utf-8")
    assert 'theme = "gruvbox"' in text and "# my table" in text and 'language = "en"' in text
    assert load_config().theme == "gruvbox"


@run_async
async def test_mistakes_in_the_config_are_told_and_the_rest_applies(tmp_path: Path) -> None:
    write_config('theme = "no-such-theme"\n[keys]\nroll = "f9"\nfly = "f10"\n')
    app = make_app(Session.open(demo_copy(tmp_path)), "ru", config=load_config())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        said = app.dashboard.said.plain  # the status line, never a toast over a dialog
        assert "no-such-theme" in said and "fly" in said, said
        assert not app._notifications
        assert app.theme != "no-such-theme"
        await pilot.press("f9")  # the good part of the file still applies
        await settle(pilot)
        assert isinstance(app.screen, RollDialog)
    app.session.close()


def test_the_language_in_the_config_is_the_dashboards(tmp_path: Path) -> None:
    """No --lang flag: the dashboard speaks the config's language (in a real terminal)."""
    write_config('language = "ru"\n')
    root = demo_copy(tmp_path)
    term = Terminal(root, terminal_env(tmp_path), args=())
    try:
        term.wait_for("Состояние".encode())
        term.wait_for("Справка".encode())
        term.proc.send_signal(signal.SIGTERM)
        term.proc.wait(15)
    finally:
        term.close()
    assert os.environ.get("LANG", "").startswith("C")  # the locale alone would say English


def test_the_manual_names_every_binding_id() -> None:
    from elysium.tui import keys
    from tests.conftest import ROOT

    page = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    section = page[page.index("## Binding ids") : page.index("## The directories")]
    missing = [k.id for k in keys.ALL if f"`{k.id}`" not in section]
    assert not missing, missing


def test_elysium_config_checks_the_binding_ids() -> None:
    from tests.conftest import run_elysium

    write_config('[keys]\nroll = "f9"\nfly = "f10"\n')
    proc = run_elysium("config", "--lang", "en")
    assert proc.returncode == 1
    assert proc.stderr.count("warning") == 1 and "'fly' is not a binding" in proc.stderr
    write_config('[keys]\nroll = "f9"\n')
    assert run_elysium("config", "--lang", "en").returncode == 0


@run_async
async def test_a_key_taken_from_another_binding_is_told_and_the_bar_says_the_help_key(
    tmp_path: Path,
) -> None:
    from elysium.tui.commandbar import CommandBar

    write_config('[keys]\nroll = "f1"\nhelp = "f10"\n')
    app = make_app(Session.open(demo_copy(tmp_path)), "en", config=load_config())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "(f10 help)" in app.query_one(CommandBar).placeholder
        await pilot.press("f10")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, RollDialog)
    app.session.close()


@run_async
async def test_a_key_clash_is_told_once(tmp_path: Path) -> None:
    write_config('[keys]\nroll = "f1"\n')  # F1 was Help's
    app = make_app(Session.open(demo_copy(tmp_path)), "en", config=load_config())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        said = app.dashboard.said.plain
        assert said.count("gives f1") == 1 and "which help had" in said, said
        await pilot.press("f5")
        await pilot.press("f5")
        await settle(pilot)
        assert "gives f1" not in app.dashboard.said.plain  # told once, not at each key
        assert not app._notifications
    app.session.close()
