"""``elysium --help`` and every command's help (issue 14): the dashboard is described, every
argument has help, and argparse's own words are Russian under ``--lang ru`` or a Russian
locale."""

from __future__ import annotations

import argparse

import pytest

from elysium import __version__
from elysium.cli.parser import build_parser, dashboard_parser
from tests.conftest import run_cli, run_elysium


def _parsers() -> list[argparse.ArgumentParser]:
    top = build_parser()
    subs = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    return [top, dashboard_parser(), *subs.choices.values()]


def test_every_command_and_every_argument_has_help() -> None:
    missing = []
    for parser in _parsers():
        if not parser.description:
            missing.append(f"{parser.prog}: no description")
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                continue
            if not action.help:
                missing.append(f"{parser.prog} {action.dest}")
    assert not missing, missing


# A real `python -m elysium`: --help and --version as a shell runs them.
def test_help_describes_the_dashboard() -> None:
    said = run_elysium("--help").stdout
    for part in ("DIR", "--demo", "--readonly", "--lang", "start screen"):
        assert part in said, said
    assert run_elysium("--version").stdout.strip() == f"elysium {__version__}"


@pytest.mark.parametrize(
    ("args", "env"),
    [(("--help", "--lang", "ru"), {}), (("state", "--help"), {"LANG": "ru_RU.UTF-8"})],
)
def test_argparses_own_words_are_russian(args: tuple[str, ...], env: dict[str, str]) -> None:
    said = run_cli(*args, env=env).stdout
    assert said.startswith("использование: elysium"), said
    assert "показать эту справку и выйти" in said
    for english in ("usage:", "positional arguments", "options:", "show this help"):
        assert english not in said, said
    text = run_cli(*[a for a in args if a not in ("--lang", "ru")], "--lang", "en").stdout
    assert text.startswith("usage: elysium") and "show this help message and exit" in text


# --- the top usage line, and every command's help in Russian -----------------------------

DASHBOARD_ARGS = ("DIR", "--demo", "--readonly", "--lang")


def _help(capsys, *argv: str) -> str:
    from elysium.cli import main

    with pytest.raises(SystemExit) as done:
        main(list(argv))
    assert done.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    "argv", [("--help",), ("-h",), ("--lang", "ru", "--help"), ("--readonly", "-h")]
)
def test_the_top_usage_line_names_the_dashboards_arguments(capsys, argv) -> None:
    usage = _help(capsys, *argv).split("\n\n")[0]  # the usage block, before the description
    for part in DASHBOARD_ARGS:
        assert part in usage, usage
    assert "COMMAND" in usage


def test_elysium_lang_ru_help_lists_the_commands_in_russian(capsys) -> None:
    said = _help(capsys, "--lang", "ru", "--help")
    assert "бросить запас к10 и оценить результат" in said  # roll
    assert "создать хронику" in said  # new
    assert "roll a pool" not in said and "create a chronicle" not in said
    english = run_cli("--help").stdout
    assert "roll a pool of d10s and judge it" in english


def _russian_words_left(text: str) -> set[str]:
    import re

    from tests.i18n.latin import ALLOWED_LATIN

    return {w.casefold() for w in re.findall(r"[A-Za-z][A-Za-z_]+", text)} - ALLOWED_LATIN


def test_every_command_and_argument_is_described_in_russian_under_lang_ru() -> None:
    from elysium.cli.words import error_lang

    error_lang[:] = ["ru"]
    try:
        parsers = _parsers()
    finally:
        error_lang[:] = []
    english = []
    for parser in parsers:
        texts = [parser.description or "", parser.epilog or ""]
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                texts += [choice.help or "" for choice in action._choices_actions]
            else:
                texts.append(action.help or "")
        for text in texts:
            # What argparse fills in, and the verbs and commands named as typed.
            text = text.replace("%%", "%")
            for name in ("VERB", "COMMAND", "GROUP", "KEY", "elysium", "v20", "JSON", "TOML"):
                text = text.replace(name, "")
            left = _russian_words_left(text.split("Команды:")[0].split("Другие команды:")[0])
            if left:
                english.append(f"{parser.prog}: {text!r} has {sorted(left)}")
    assert not english, "\n".join(english)


@pytest.mark.parametrize("command", ["new", "run", "serve", "export"])
def test_a_commands_help_is_russian_by_lang_or_by_locale(command: str) -> None:
    by_flag = run_cli("--lang", "ru", command, "--help").stdout
    by_locale = run_cli(command, "--help", env={"LANG": "ru_RU.UTF-8"}).stdout
    for said in (by_flag, by_locale):
        assert said.startswith(f"использование: elysium {command} "), said
        description = said.split("\n\n")[1]
        assert not _russian_words_left(description.replace("elysium", "")), description


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("rol", "5"), "'rol' is no command and no chronicle here; did you mean 'elysium roll'?"),
        (("statts",), "did you mean 'elysium stats'?"),
        (
            ("--lang", "ru", "rol"),
            "'rol' — не команда и не хроника; может быть, 'elysium roll'?",
        ),
    ],
)
def test_a_mistyped_command_is_named_not_taken_for_a_chronicle(
    tmp_path, argv: tuple[str, ...], said: str
) -> None:
    got = run_cli(*argv, env={"XDG_DATA_HOME": str(tmp_path / "data")})
    assert got.returncode == 2 and said in got.stderr and got.stderr.count("\n") == 1
    assert not (tmp_path / "data").exists()  # nothing made


def test_a_chronicle_named_like_a_command_still_opens_as_before(tmp_path) -> None:
    (tmp_path / "data" / "elysium" / "rol").mkdir(parents=True)
    got = run_cli("rol", "5", env={"XDG_DATA_HOME": str(tmp_path / "data")})
    assert got.returncode == 2 and "unrecognized arguments: 5" in got.stderr
    assert "did you mean" not in got.stderr
