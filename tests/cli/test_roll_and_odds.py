"""The ``elysium roll`` / ``elysium odds`` command lines, run as a user runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from elysium.rules import RollRequest, odds
from tests.conftest import run_cli, run_elysium


def test_roll_json_with_typed_faces() -> None:
    proc = run_cli("roll", "5", "--diff", "7", "--spec", "--dice", "10,8,1,4,7", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["pool"] == 5 and data["difficulty"] == 7
    assert data["dice"] == [10, 8, 1, 4, 7]
    assert data["successes"] == 3  # 10 counts twice, 8, 7; the 1 cancels one
    assert (data["botch"], data["outcome"], data["degree"]) == (False, "success", "complete")


def test_roll_json_botch_and_willpower() -> None:
    botch = json.loads(run_cli("roll", "3", "--dice", "1,3,4", "--json").stdout)
    assert (botch["outcome"], botch["botch"], botch["degree"], botch["successes"]) == (
        "botch",
        True,
        None,
        0,
    )
    wp = json.loads(run_cli("roll", "3", "--dice", "1,3,4", "--wp", "--json").stdout)
    assert (wp["outcome"], wp["botch"], wp["successes"], wp["degree"]) == (
        "success",
        False,
        1,
        "marginal",
    )


# This test and the histogram run a real `python -m elysium` (roll, odds); the rest call
# elysium.cli.main in this process (tests/conftest.py: run_cli).
def test_seeded_roll_repeats() -> None:
    a = json.loads(run_elysium("roll", "8", "--seed", "42", "--json").stdout)
    b = json.loads(run_elysium("roll", "8", "--seed", "42", "--json").stdout)
    assert a["dice"] == b["dice"] and len(a["dice"]) == 8


def test_roll_text_marks_dice_without_colour() -> None:
    proc = run_cli("roll", "5", "--dice", "10,8,1,4,6", "--spec")
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    assert lines[1].split() == ["**10**", "+8", "-1-", "4", "+6"]
    assert "3 net successes" in lines[2] and "complete" in lines[2]
    assert "\x1b" not in proc.stdout


def test_roll_text_in_russian() -> None:
    proc = run_cli("roll", "2", "--dice", "8,9", "--lang", "ru")
    assert "умеренный" in proc.stdout and "сложность 6 (стандартно)" in proc.stdout


def test_odds_json_is_exact_to_1e9() -> None:
    proc = run_cli("odds", "6", "--diff", "8", "--wp", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    exact = odds(RollRequest(6, 8, willpower=True))
    for field in ("p_success", "p_failure", "p_botch", "expected_successes"):
        assert abs(data[field] - float(getattr(exact, field))) < 1e-9
    assert set(data["distribution"]) == {str(k) for k in exact.distribution}
    assert abs(sum(data["distribution"].values()) - 1) < 1e-9
    assert data["pool"] == 6 and data["difficulty"] == 8


def test_odds_text_draws_a_histogram() -> None:
    proc = run_elysium("odds", "3")
    lines = proc.stdout.splitlines()
    assert "success 87.50%" in lines[1] or "success" in lines[1]
    bars = [line for line in lines if " | " in line]
    assert [b.split(" | ")[0].strip() for b in bars] == ["BOTCH", "0", "1", "2", "3"]
    three = bars[-1]
    assert three.endswith(f"{float(Fraction(1, 8)) * 100:.2f}%")


def test_difficulty_ten_warns_on_stderr_and_keeps_json_clean() -> None:
    proc = run_cli("odds", "4", "--diff", "10", "--json")
    assert proc.returncode == 0
    assert "difficulty 10" in proc.stderr and "botches less often" in proc.stderr
    json.loads(proc.stdout)
    roll = run_cli("roll", "4", "--diff", "10", "--seed", "1")
    assert "difficulty 10" in roll.stderr
    quiet = run_cli("roll", "4", "--diff", "9", "--seed", "1")
    assert quiet.stderr == ""


def test_automatic_success_and_profiles() -> None:
    v20 = json.loads(run_cli("roll", "6", "--auto", "--json").stdout)
    assert (v20["successes"], v20["automatic"], v20["dice"]) == (1, True, [])
    demon = run_cli("roll", "6", "--auto", "--profile", "demon")
    assert demon.returncode == 2 and "more than the difficulty" in demon.stderr
    allowed = json.loads(run_cli("odds", "6", "--profile", "demon", "--json").stdout)
    assert allowed["auto_success_allowed"] is False


# Every kind of bad input: exit 2, one clear line, no traceback (issue "Command line").
BAD = [
    (["roll", "0"], "cannot be attempted"),
    (["odds", "-3"], "cannot be attempted"),
    (["roll", "5", "--diff", "1"], "from 2 to 10"),
    (["odds", "5", "--diff", "11"], "from 2 to 10"),
    (["roll", "3", "--dice", "0,5,6"], "from 1 to 10"),
    (["roll", "3", "--dice", "5,6,11"], "from 1 to 10"),
    (["roll", "3", "--dice", "5,6"], "gave 2 faces but the pool is 3"),
    (["roll", "3", "--dice", "5,6,7,8"], "gave 4 faces but the pool is 3"),
    (["roll", "3", "--profile", "werewolf"], "use one of: v20, dark-ages, demon"),
    (["odds", "3", "--profile", "x"], "use one of: v20, dark-ages, demon"),
    (["roll", "abc"], "whole number of dice"),
    (["odds", "2.5"], "whole number of dice"),
    (["roll", "5", "--diff", "hard"], "whole number from 2 to 10"),
    (["roll", "3", "--dice", "5,six,7"], "whole numbers 1-10"),
    (["roll", "3", "--seed", "x"], "whole number"),
    (["roll", "3", "--dice", "1,2,3", "--seed", "4"], "not both"),
    (["roll", "500"], "at most 100"),
    (["roll"], "required"),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bad_input_exits_2_with_one_line(args, message) -> None:
    proc = run_cli(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    err = proc.stderr.strip().splitlines()
    assert len(err) == 1, proc.stderr
    assert message in err[0]
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("argv", "russian"),
    [
        (["--lang", "ru", "roll", "5", "--seed", "1"], "к10, сложность 6"),
        (["--lang=ru", "odds", "5"], "Шансы: 5 к10"),
        (["--lang", "ru", "help"], "Язык команд"),
        (["--lang", "en", "roll", "5", "--seed", "1", "--lang", "ru"], "к10"),
    ],
)
def test_lang_before_the_subcommand_is_the_subcommands(argv: list[str], russian: str) -> None:
    """`elysium --lang ru roll 5` used to be refused by the dashboard's parser."""
    proc = run_cli(*argv)
    assert proc.returncode == 0, proc.stderr
    assert russian in proc.stdout, proc.stdout


DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("roll", "5"), "elysium roll: error: the output: the disk is full\n"),
        (("export", str(DEMO), "--lang", "ru"), "elysium export: ошибка: вывод: диск заполнен\n"),
    ],
)
def test_output_to_a_full_disk_says_so_in_one_line(argv: tuple[str, ...], said: str) -> None:
    with open("/dev/full", "w") as full:
        got = subprocess.run(
            [sys.executable, "-m", "elysium", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env={**os.environ, "PYTHONIOENCODING": "utf-8"},
            timeout=60,  # hang guard
        )
    assert got.returncode == 2 and got.stderr == said
