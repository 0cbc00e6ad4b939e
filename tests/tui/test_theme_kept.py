"""A theme chosen in the dashboard is written into the Storyteller's own config.toml: their
comments, the order of their settings and the settings Elysium does not know survive, and a
file it cannot change safely is left as it was, with one line saying why."""

from __future__ import annotations

from pathlib import Path

from elysium.chronicle.session import Session
from elysium.chronicle.store.paths import config_dir
from elysium.config import config_path, load_config, save_theme
from elysium.tui.app import make_app
from tests.tui_helpers import demo_copy, run_async, settle

SIZE = (120, 40)

# Settings out of the documented order, an unknown one, a dotted key, comments everywhere.
ODD = """\
# Thursday's table
profile = "v20"      # the usual
colour.scheme = "warm"   # not one of Elysium's: kept as written
theme = 'nord'  # cold, for the crypt
language = "en"

# The keys I can reach
[keys]
# F9 is the big one
roll = "f9"
"""


def write_config(text: str) -> Path:
    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = folder / "config.toml"
    path.write_bytes(text.encode("utf-8"))
    return path


@run_async
async def test_choosing_a_theme_in_the_dashboard_keeps_comments_and_order(
    tmp_path: Path,
) -> None:
    path = write_config(ODD)
    app = make_app(Session.open(demo_copy(tmp_path)), "en", config=load_config())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.theme == "nord"
        app.theme = "gruvbox"  # what choosing it in the palette does
        await settle(pilot)
    app.session.close()
    assert path.read_text(encoding="utf-8") == ODD.replace(
        "theme = 'nord'  # cold", 'theme = "gruvbox"  # cold'
    )
    config = load_config()
    assert (config.theme, config.language, config.keys) == ("gruvbox", "en", {"roll": "f9"})


def test_a_new_theme_goes_after_the_last_setting_not_between_a_comment_and_its_table() -> None:
    text = ODD.replace("theme = 'nord'  # cold, for the crypt\n", "")
    path = write_config(text)
    assert save_theme("dracula") is None
    assert path.read_text(encoding="utf-8") == text.replace(
        'language = "en"\n', 'language = "en"\ntheme = "dracula"\n'
    )


def test_a_last_line_without_a_line_break_and_crlf_lines() -> None:
    path = write_config('language = "ru"')
    assert save_theme("nord") is None
    assert path.read_text(encoding="utf-8") == 'language = "ru"\ntheme = "nord"\n'
    path = write_config('language = "ru"\r\n[keys]\r\nroll = "f9"\r\n')
    assert save_theme("nord") is None
    assert (
        path.read_bytes() == b'language = "ru"\r\ntheme = "nord"\r\n\r\n[keys]\r\nroll = "f9"\r\n'
    )


def test_a_theme_that_is_a_table_is_never_overwritten() -> None:
    for text in ('[theme]\nname = "nord"\n', 'theme.name = "nord"\n'):
        path = write_config(text)
        line = save_theme("gruvbox")
        assert line is not None and "could not be changed safely" in str(line), text
        assert 'theme = "gruvbox"' in str(line)
        assert path.read_text(encoding="utf-8") == text


def test_a_file_that_is_not_toml_or_not_a_file_is_one_line_and_left_alone() -> None:
    path = write_config('language = "ru"\n[keys\n')
    line = save_theme("nord")
    assert line is not None and "\n" not in str(line)
    assert "config.toml is not valid TOML" in str(line)
    assert path.read_text(encoding="utf-8") == 'language = "ru"\n[keys\n'
    path.unlink()
    config_path().mkdir()
    line = save_theme("nord")
    assert line is not None and "not a regular file" in str(line) and "\n" not in str(line)
    assert config_path().is_dir()


def test_a_file_tomlkit_would_reorder_is_left_alone() -> None:
    """An array of tables split by another table: tomlkit would merge it on the way out."""
    text = '[[night]]\nname = "one"\n[keys]\nroll = "f9"\n[[night]]\nname = "two"\n'
    path = write_config(text)
    line = save_theme("nord")
    assert line is not None and "could not be changed safely" in str(line)
    assert path.read_text(encoding="utf-8") == text
