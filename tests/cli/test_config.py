"""config.toml: every setting honoured, every mistake one clear line that changes nothing
else, the theme kept without touching the rest of the file, history and the last chronicle
in the state directory, and `elysium config` in both languages.

Real files in the isolated HOME that conftest.py sets up (XDG_CONFIG_HOME, XDG_STATE_HOME,
XDG_DATA_HOME all point inside it)."""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elysium.chronicle.store import faults
from elysium.chronicle.store.paths import config_dir, data_dir, state_dir
from elysium.cli import main
from elysium.config import (
    Config,
    config_path,
    keymap,
    load_config,
    save_theme,
    unknown_keys,
    unknown_theme,
)
from elysium.tui import userstate as launching
from tests.conftest import run_elysium, sized


def write_config(text: str | bytes) -> Path:
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# Where things live ------------------------------------------------------------------------


def test_platformdirs_follow_the_xdg_variables() -> None:
    home = Path(os.environ["HOME"])
    assert config_path() == home / ".config" / "elysium" / "config.toml"
    assert config_dir() == Path(os.environ["XDG_CONFIG_HOME"]) / "elysium"
    assert state_dir() == Path(os.environ["XDG_STATE_HOME"]) / "elysium"
    assert data_dir() == Path(os.environ["XDG_DATA_HOME"]) / "elysium"


def test_without_xdg_variables_the_home_defaults_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    home = Path(os.environ["HOME"])
    for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name)
    assert config_path() == home / ".config" / "elysium" / "config.toml"
    assert state_dir() == home / ".local" / "state" / "elysium"
    assert data_dir() == home / ".local" / "share" / "elysium"


# Reading --------------------------------------------------------------------------------


def test_no_file_is_the_defaults_with_no_problem() -> None:
    config = load_config()
    assert config == Config(path=config_path())
    assert (config.language, config.profile, config.theme, config.keys) == (None, "v20", None, {})
    assert not config_dir().exists()  # reading never creates anything


def test_every_setting_is_honoured() -> None:
    write_config(
        "# mine\n"
        'language = "ru"\n'
        'profile = "Dark-Ages"\n'
        'theme = "nord"\n'
        "[keys]\n"
        'roll = "f9"\n'
        'undo = "ctrl+z, ctrl+u"\n'
    )
    config = load_config()
    assert config.problems == ()
    assert (config.language, config.profile, config.theme) == ("ru", "dark-ages", "nord")
    assert config.keys == {"roll": "f9", "undo": "ctrl+z,ctrl+u"}
    assert keymap(config) == {"roll": "f9", "undo": "ctrl+z,ctrl+u"}
    assert config.given == {"language", "profile", "theme", "keys"}


GOOD_TOP = {"profile": 'profile = "demon"\n', "language": 'language = "ru"\n'}
GOOD_KEYS = '[keys]\nroll = "f9"\n'
BAD = [
    # (the bad part, where it goes: top or keys, what the line says)
    ('language = "russian"', "top", 'language = "russian" is not known; use one of en, ru'),
    ("language = 1", "top", 'must be text in quotes, such as language = "ru", not a number'),
    ('profile = "werewolf"', "top", "use one of v20, dark-ages, demon"),
    ("theme = true", "top", 'such as theme = "textual-dark", not true or false'),
    ('theme = ""', "top", "theme is empty"),
    (
        'colour = "red"',
        "top",
        "no setting 'colour'; the settings are language, profile, theme, keys",
    ),
    ("language = ", "top", "line 2: not valid TOML (Invalid value); that line is skipped"),
    ('roll = "f10"', "keys", "config.toml, line 4: not valid TOML (Cannot overwrite a value)"),
    ("undo = 3", "keys", "[keys] 'undo' must be a key or keys in quotes, such as \"f9\" or"),
    ('redo = "ctrl y"', "keys", "[keys] 'redo' = \"ctrl y\" is not a list of keys"),
    ('redo = "f9,,f10"', "keys", "[keys] 'redo' = \"f9,,f10\" is not a list of keys"),
]


@pytest.mark.parametrize(("bad", "where", "said"), BAD)
def test_each_mistake_is_one_clear_line_and_changes_nothing_else(
    bad: str, where: str, said: str
) -> None:
    good = "language" if bad.startswith("profile") else "profile"  # a setting of its own
    top = GOOD_TOP[good] + (bad + "\n" if where == "top" else "")
    keys = GOOD_KEYS + (bad + "\n" if where == "keys" else "")
    write_config(top + keys)
    config = load_config()
    assert len(config.problems) == 1, config.problems
    line = config.problems[0]
    assert said in line, line
    assert line.startswith("config.toml")
    assert "\n" not in line
    assert line.render("ru") != line and line.render("ru").startswith("config.toml")
    assert config.given == {good, "keys"}
    rest = ("demon", None) if good == "profile" else ("v20", "ru")
    assert (config.profile, config.language) == rest
    assert config.keys == {"roll": "f9"}
    assert config.theme is None


def test_keys_that_are_not_a_table() -> None:
    write_config('keys = "f9"\ntheme = "nord"\n')
    config = load_config()
    assert [str(p) for p in config.problems] == [
        "config.toml: keys must be a table, [keys], of binding = key(s), not text"
    ]
    assert config.keys == {} and config.theme == "nord"


def test_a_string_never_closed_skips_its_line() -> None:
    write_config('theme = "nord"\nnotes = """never closed\n')
    config = load_config()
    assert [str(p) for p in config.problems] == [
        "config.toml, line 2: not valid TOML (Unterminated string); that line is skipped"
    ]
    assert config.theme == "nord"


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b'theme = "nord"\n\xff\xfe\n', "config.toml is not UTF-8 text; the defaults apply"),
        (b"not toml\n" * 30, "config.toml is not valid TOML (Expected '=' after a key"),
        (b"x" * (2 << 20), "is larger than 1,048,576 bytes"),
    ],
)
def test_a_file_that_cannot_be_read_as_settings_is_one_line(content: bytes, said: str) -> None:
    write_config(content)
    config = load_config()
    assert len(config.problems) == 1 and said in config.problems[0], config.problems
    assert (config.theme, config.profile, config.keys) == (None, "v20", {})


DEEP = {
    "arrays 5,000 deep": "a = " + "[" * 5000 + "]" * 5000 + "\n",
    "inline tables 5,000 deep": "a = " + "{b = " * 5000 + "1" + "}" * 5000 + "\n",
    "arrays 20 deep (TOML reads them)": "a = " + "[" * 20 + "]" * 20 + "\n",
}


@pytest.mark.parametrize("case", list(DEEP))
def test_a_deeply_nested_file_is_one_line_and_the_defaults(case: str) -> None:
    write_config('theme = "nord"\n' + DEEP[case])
    config = load_config()
    assert [str(p) for p in config.problems] == [
        "config.toml nests arrays or tables more than 8 deep, which no setting does; "
        "the defaults apply"
    ]
    assert "глубже 8 уровней" in config.problems[0].render("ru")
    assert (config.theme, config.profile, config.keys) == (None, "v20", {})


def test_every_command_survives_a_deeply_nested_file() -> None:
    """What a user saw: a RecursionError traceback from `help`, `roll` and the rest."""
    write_config(DEEP["arrays 5,000 deep"])
    for argv in (["help"], ["roll", "5"], ["config"]):
        proc = run_elysium(*argv)
        assert "Traceback" not in proc.stderr and "RecursionError" not in proc.stderr, argv
        assert "nests arrays or tables more than 8 deep" in proc.stderr, (argv, proc.stderr)
    assert run_elysium("help").returncode == 0


def test_save_theme_leaves_a_deeply_nested_file_alone() -> None:
    text = DEEP["arrays 5,000 deep"]
    path = write_config(text)
    line = save_theme("nord")
    assert line is not None and "nests deeper than any setting" in line
    assert path.read_text(encoding="utf-8") == text


def test_a_directory_where_the_file_should_be_is_one_line() -> None:
    config_path().mkdir(parents=True)
    config = load_config()
    assert [str(p) for p in config.problems] == [
        "config.toml is not a regular file; the defaults apply"
    ]


def test_a_byte_order_mark_and_crlf_lines_are_fine() -> None:
    write_config('\ufefftheme = "nord"\r\nlanguage = "ru"\r\n')
    config = load_config()
    assert (config.theme, config.language, config.problems) == ("nord", "ru", ())


@settings(
    max_examples=sized(50, 150),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.text(alphabet=st.sampled_from("a=\" \n[]#,.'{}1tk\\\x00é"), max_size=80))
def test_no_file_content_raises(text: str) -> None:
    write_config(text)
    config = load_config()
    assert all(isinstance(line, str) and "\n" not in line for line in config.problems)


def test_unknown_binding_ids_and_themes_are_named_against_the_callers_lists() -> None:
    write_config('theme = "neon"\n[keys]\nroll = "f9"\nrool = "f10"\n')
    config = load_config()
    assert config.problems == ()
    lines = unknown_keys(config, ["roll", "undo", "help"])
    assert [str(x) for x in lines] == [
        "config.toml: [keys] 'rool' is not a binding of the dashboard; "
        "the bindings are help, roll, undo"
    ]
    assert "привязки" in lines[0].render("ru")
    assert unknown_keys(config, ["roll", "rool"]) == []
    assert [str(x) for x in unknown_theme(config, ["nord", "textual-dark"])] == [
        "config.toml: there is no theme 'neon'; the themes are nord, textual-dark"
    ]
    assert unknown_theme(config, ["neon"]) == []
    assert unknown_theme(Config(), ["nord"]) == []


# Keeping the theme ----------------------------------------------------------------------

COMMENTED = """\
# My Elysium settings.
language = "ru"   # for the table on Thursdays

# My keys
[keys]
roll = "f9"  # the big one
"""


def test_save_theme_adds_the_line_and_keeps_every_other_line() -> None:
    path = write_config(COMMENTED)
    assert save_theme("nord") is None
    assert path.read_text(encoding="utf-8") == COMMENTED.replace(
        "# for the table on Thursdays\n", '# for the table on Thursdays\ntheme = "nord"\n'
    )
    assert mode(path) == 0o600
    config = load_config()
    assert (config.theme, config.language, config.keys) == ("nord", "ru", {"roll": "f9"})


def test_save_theme_changes_only_its_own_line_keeping_its_comment() -> None:
    path = write_config('theme = "nord"  # a fine one\r\n[keys]\r\ntheme = "f9"\r\n')
    path.chmod(0o644)
    assert save_theme("gruvbox") is None
    assert path.read_bytes() == b'theme = "gruvbox"  # a fine one\r\n[keys]\r\ntheme = "f9"\r\n'
    assert mode(path) == 0o600


def test_save_theme_under_a_file_of_comments_only() -> None:
    path = write_config('# nothing yet\n# theme = "nord"\n\n# keys\n[keys]\n')
    assert save_theme("dracula") is None
    text = path.read_text(encoding="utf-8")
    assert text == '# nothing yet\n# theme = "nord"\ntheme = "dracula"\n\n# keys\n[keys]\n'


def test_save_theme_creates_the_directory_and_the_file_privately() -> None:
    assert not config_dir().exists()
    assert save_theme("textual-light") is None
    assert config_path().read_text(encoding="utf-8") == 'theme = "textual-light"\n'
    assert mode(config_dir()) == 0o700 and mode(config_path()) == 0o600
    assert load_config().theme == "textual-light"


def test_save_theme_is_atomic_the_old_file_stays_whole_until_the_rename(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = write_config(COMMENTED)

    def crash(step: str) -> None:
        if step == "temp-written":
            raise KeyboardInterrupt  # the process dies with the new text only in a temp file

    monkeypatch.setattr(faults, "hook", crash)
    with pytest.raises(KeyboardInterrupt):
        save_theme("nord")
    assert path.read_text(encoding="utf-8") == COMMENTED
    temps = [p for p in config_dir().iterdir() if p.name.startswith(".config.toml.tmp-")]
    assert len(temps) == 1 and 'theme = "nord"' in temps[0].read_text(encoding="utf-8")
    monkeypatch.setattr(faults, "hook", None)
    inode = os.stat(path).st_ino
    assert save_theme("nord") is None
    assert os.stat(path).st_ino != inode  # a new file renamed over the old, never rewritten


def test_save_theme_writes_through_a_symlinked_config(tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "elysium.toml"
    real.parent.mkdir()
    real.write_text(COMMENTED, encoding="utf-8")
    config_dir().mkdir(parents=True)
    config_path().symlink_to(real)
    assert save_theme("nord") is None
    assert config_path().is_symlink()
    assert 'theme = "nord"' in real.read_text(encoding="utf-8")


def test_save_theme_refuses_to_touch_a_file_that_is_not_toml() -> None:
    path = write_config('language = "ru"\nthis is not toml\n')
    line = save_theme("nord")
    assert line is not None and "config.toml is not valid TOML" in line
    assert "тема не сохранена" in line.render("ru")
    assert path.read_text(encoding="utf-8") == 'language = "ru"\nthis is not toml\n'


def test_save_theme_leaves_a_multiline_value_as_written() -> None:
    """A ``theme = …`` inside a multiline string is text, not the setting."""
    text = 'notes = """\ntheme = "x"\n"""\n'
    path = write_config(text)
    assert save_theme("nord") is None
    assert path.read_text(encoding="utf-8") == text + 'theme = "nord"\n'
    assert load_config().theme == "nord"


def test_a_theme_name_with_quotes_is_escaped() -> None:
    assert save_theme('odd "one" \\ here') is None
    assert load_config().theme == 'odd "one" \\ here'
    assert save_theme("two\nlines") is not None


def test_save_theme_on_a_read_only_directory_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    write_config(COMMENTED)

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("elysium.chronicle.store.files.write_all", refuse)
    line = save_theme("nord")
    assert line is not None
    assert str(line).startswith("the theme was not kept in config.toml: the disk is full")
    assert load_config().theme is None


# History and the last chronicle ------------------------------------------------------------


def test_history_and_recent_live_in_the_private_state_directory(tmp_path: Path) -> None:
    assert launching.append_history("roll 5") is None
    launching.remember(tmp_path)
    assert launching.load_history() == ["roll 5"]
    assert mode(state_dir()) == 0o700
    for name in ("history", "recent"):
        assert mode(state_dir() / name) == 0o600
        assert not (data_dir() / name).exists()
    assert (state_dir() / "recent").read_text(encoding="utf-8") == str(tmp_path)


def test_history_and_recent_move_over_from_the_data_directory(tmp_path: Path) -> None:
    chronicle = tmp_path / "c"
    (chronicle / "journal").mkdir(parents=True)
    data_dir().mkdir(parents=True)
    (data_dir() / "history").write_text("roll 3\naward Lucien 1\n", encoding="utf-8")
    (data_dir() / "recent").write_text(str(chronicle), encoding="utf-8")
    assert launching.load_history() == ["roll 3", "award Lucien 1"]
    assert launching.recent() == chronicle
    for name in ("history", "recent"):
        assert not (data_dir() / name).exists()
        assert mode(state_dir() / name) == 0o600
    assert launching.append_history("roll 4") is None
    assert launching.load_history() == ["roll 3", "award Lucien 1", "roll 4"]


def test_a_move_across_file_systems_copies_then_lets_go(monkeypatch: pytest.MonkeyPatch) -> None:
    data_dir().mkdir(parents=True)
    (data_dir() / "history").write_text("roll 3\n", encoding="utf-8")

    def cross_device(src: object, dst: object) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "rename", cross_device)
    assert launching.load_history() == ["roll 3"]
    assert not (data_dir() / "history").exists()
    assert mode(state_dir() / "history") == 0o600


def test_an_old_symlinked_history_is_left_alone(tmp_path: Path) -> None:
    elsewhere = tmp_path / "secret"
    elsewhere.write_text("not yours\n", encoding="utf-8")
    data_dir().mkdir(parents=True)
    (data_dir() / "history").symlink_to(elsewhere)
    assert launching.load_history() == []
    assert (data_dir() / "history").is_symlink()
    assert not (state_dir() / "history").exists()


def test_the_state_directorys_history_wins_over_an_old_one() -> None:
    data_dir().mkdir(parents=True)
    (data_dir() / "history").write_text("old\n", encoding="utf-8")
    assert launching.append_history("new") is None  # moves the old one over, then appends
    assert launching.load_history() == ["old", "new"]
    (data_dir() / "history").write_text("stale copy\n", encoding="utf-8")
    assert launching.load_history() == ["old", "new"]


# Language -------------------------------------------------------------------------------


def test_language_is_the_flag_then_the_config_then_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    roll = ("roll", "5", "--seed", "1")
    english = run(capsys, *roll, "--lang", "en")[1]
    russian = run(capsys, *roll, "--lang", "ru")[1]
    assert english != russian
    assert run(capsys, *roll)[1] == english  # LANG=C.UTF-8
    write_config('language = "ru"\n')
    assert run(capsys, *roll)[1] == russian  # the config over the locale
    assert run(capsys, *roll, "--lang", "en")[1] == english  # the flag over the config
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    write_config('language = "en"\n')
    assert run(capsys, *roll)[1] == english  # the config over a Russian locale
    write_config("")
    assert run(capsys, *roll)[1] == russian  # no config: the locale


def test_usage_errors_speak_the_configs_language(capsys: pytest.CaptureFixture[str]) -> None:
    write_config('language = "ru"\n')
    with pytest.raises(SystemExit):
        main(["roll", "many"])
    assert "ошибка" in capsys.readouterr().err


class _FakeApp:
    return_code = 0
    dashboard = None

    def __init__(self, session: object) -> None:
        self.session = session

    def run(self) -> None:
        pass


def _fake_make_app(seen: dict[str, object]):
    def make_app(session, lang, *, report=(), locked=None, config=None):
        seen.update(lang=lang, config=config)
        return _FakeApp(session)

    return make_app


@pytest.mark.parametrize(
    ("flag", "configured", "expected"), [(None, "ru", "ru"), ("en", "ru", "en"), (None, None, "en")]
)
def test_the_dashboard_gets_the_language_and_the_config(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    flag: str | None,
    configured: str | None,
    expected: str,
) -> None:
    import elysium.tui.app

    root = tmp_path / "c"
    assert run(capsys, "new", str(root))[0] == 0
    write_config((f'language = "{configured}"\n' if configured else "") + '[keys]\nroll = "f9"\n')
    seen: dict[str, object] = {}
    monkeypatch.setattr(elysium.tui.app, "make_app", _fake_make_app(seen))
    argv = [str(root), *(["--lang", flag] if flag else [])]
    assert main(argv) == 0
    assert seen["lang"] == expected
    config = seen["config"]
    assert isinstance(config, Config) and config.keys == {"roll": "f9"}
    assert launching.recent() == root  # remembered in the state directory
    assert (state_dir() / "recent").is_file()


# Default profile ------------------------------------------------------------------------


def _profile(capsys: pytest.CaptureFixture[str], root: Path) -> str:
    code, out, _ = run(capsys, "state", str(root), "--json")
    assert code == 0
    return json.loads(out)["profile"]


def test_a_new_chronicle_takes_the_configs_profile_unless_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "new", str(tmp_path / "plain"))[0] == 0
    assert _profile(capsys, tmp_path / "plain") == "v20"
    write_config('profile = "dark-ages"\n')
    code, out, _ = run(capsys, "new", str(tmp_path / "nights"))
    assert code == 0 and "(dark-ages)" in out
    assert _profile(capsys, tmp_path / "nights") == "dark-ages"
    assert run(capsys, "new", str(tmp_path / "hell"), "--profile", "demon")[0] == 0
    assert _profile(capsys, tmp_path / "hell") == "demon"


def test_a_bad_profile_in_the_config_warns_and_falls_back_to_v20(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_config('profile = "werewolf"\n')
    code, _, err = run(capsys, "new", str(tmp_path / "c"))
    assert code == 0
    assert err == (
        'elysium: warning: config.toml: profile = "werewolf" is not known; '
        "use one of v20, dark-ages, demon\n"
    )
    assert _profile(capsys, tmp_path / "c") == "v20"


# elysium config -------------------------------------------------------------------------


def test_elysium_config_without_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "config")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        f"# settings: {config_path()} (not there yet, so the defaults apply; "
        "elysium config --example prints an example)"
    )
    assert lines[1:6] == [
        'language = "en"  # from the locale',
        'profile = "v20"  # the default',
        'theme = "textual-dark"  # the dashboard\'s default',
        "[keys]",
        "# no key remapped",
    ]
    assert f"# command history and the last chronicle: {state_dir()}" in lines
    assert f"# chronicles: {data_dir()}" in lines


def test_elysium_config_shows_the_settings_and_where_each_comes_from(
    capsys: pytest.CaptureFixture[str],
) -> None:
    write_config('language = "ru"\ntheme = "nord"\n[keys]\nroll = "f9,ctrl+r"\n')
    code, out, err = run(capsys, "config")
    assert (code, err) == (0, "")
    assert out.splitlines()[:6] == [
        f"# настройки: {config_path()}",
        'language = "ru"  # из config.toml',
        'profile = "v20"  # по умолчанию',
        'theme = "nord"  # из config.toml',
        "[keys]",
        'roll = "f9,ctrl+r"',
    ]
    out = run(capsys, "config", "--lang", "en")[1]
    assert out.splitlines()[1] == 'language = "en"  # from --lang'


def test_elysium_config_names_each_problem_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    write_config('language = "klingon"\nprofile = "demon"\n')
    code, out, err = run(capsys, "config")
    assert code == 1
    assert 'profile = "demon"  # from config.toml' in out
    assert err == (
        'elysium config: warning: config.toml: language = "klingon" is not known; '
        "use one of en, ru\n"
    )
    code, _, err = run(capsys, "config", "--lang", "ru")
    assert code == 1
    assert err == (
        'elysium config: предупреждение: config.toml: language = "klingon" — такого значения '
        "нет; можно одно из: en, ru\n"
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_example_config_is_commented_in_the_language_and_valid(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "config", "--example", "--lang", lang)
    assert code == 0
    assert ("Язык панели" in out) == (lang == "ru")
    assert ("The language of the dashboard" in out) == (lang == "en")
    write_config(out)
    config = load_config()
    assert config.problems == ()
    assert (config.language, config.profile, config.theme) == (lang, "v20", "textual-dark")
    assert config.keys == {}  # the key is only an example: copying the file remaps nothing


def test_elysium_config_as_a_user_runs_it() -> None:
    from tests.conftest import run_elysium

    write_config("theme = 7\n")
    proc = run_elysium("config", "--lang", "ru")
    assert proc.returncode == 1
    assert 'theme = "textual-dark"  # тема панели по умолчанию' in proc.stdout
    assert proc.stderr.strip() == (
        "elysium config: предупреждение: config.toml: theme — это текст в кавычках, например "
        'theme = "textual-dark", а не число'
    )
    assert "Traceback" not in proc.stderr
