"""Refusals in Russian: the common shapes are rebuilt with the same values."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import CommandError
from elysium.i18n.errors import translate
from tests.chronicle_helpers import COTERIE, new_session

CASES = [
    ("spend Marcus blood 2", "может тратить 1 крови за ход (осталось 1); запрошено 2"),
    ("spend Marcus blood 20", "у Marcus 13 крови, не хватает, чтобы потратить 20"),
    ("roll Nobody dex", "нет персонажа 'Nobody'; персонажи: Marcus, Bob, Rex"),
    ("dance", "неизвестная команда 'dance'"),
    ("set Marcus dexteriy 3", "неизвестный параметр 'dexteriy' (может быть, 'dexterity'?)"),
    ("roll Marcus dex+brawl dice 1,2", "пул: костей 5, а граней введено 2"),
    ("roll Marcus dex+brawl diff 11", "от 2 до 10, а не 11"),
    ("undo", "отменять нечего"),
    ("set Marcus strength 9", "strength 9 выше максимума 5 (поколение 10)"),
    ("spend Marcus blood", "spend: не хватает: the amount; формат: spend NAME blood N"),
]


@pytest.mark.parametrize(("command", "russian"), CASES)
def test_common_refusals_in_russian(tmp_path: Path, command, russian) -> None:
    s = new_session(tmp_path / "c", COTERIE if command != "undo" else [])
    with pytest.raises(CommandError) as refused:
        s.execute(command)
    s.close()
    assert russian in translate(str(refused.value), "ru")
    assert translate(str(refused.value), "en") == str(refused.value)


def test_an_unknown_shape_stays_english() -> None:
    assert translate("something nobody foresaw", "ru") == "something nobody foresaw"


def test_the_shell_speaks_russian_too(tmp_path: Path) -> None:
    from tests.conftest import run_elysium

    root = tmp_path / "c"
    new_session(root, COTERIE).close()
    proc = run_elysium("run", str(root), "spend Marcus blood 2", env={"LANG": "ru_RU.UTF-8"})
    assert proc.returncode == 2 and "крови за ход" in proc.stderr
