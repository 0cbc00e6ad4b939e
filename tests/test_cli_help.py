"""``elysium --help`` and every command's help (issue 14): the dashboard is described, every
argument has help, and argparse's own words are Russian under ``--lang ru`` or a Russian
locale."""

from __future__ import annotations

import argparse

import pytest

from elysium import __version__
from elysium.cli_parser import build_parser, dashboard_parser
from tests.conftest import run_elysium


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
    said = run_elysium(*args, env=env).stdout
    assert said.startswith("использование: elysium"), said
    assert "показать эту справку и выйти" in said
    for english in ("usage:", "positional arguments", "options:", "show this help"):
        assert english not in said, said
    text = run_elysium(*[a for a in args if a not in ("--lang", "ru")], "--lang", "en").stdout
    assert text.startswith("usage: elysium") and "show this help message and exit" in text
