"""Refusals in Russian: each is a message key told by the Russian catalog with the same
values (no translation of English sentences after the fact)."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import ChronicleError
from tests.chronicle_helpers import COTERIE, new_session

CASES = [
    (
        "spend Marcus blood 2",
        "может тратить 1 пункт крови за ход (10-е поколение; в этот ход осталось 1); запрошено 2",
    ),
    (
        "spend Marcus blood 20",
        "у персонажа Marcus 13 пунктов крови, не хватает, чтобы потратить 20",
    ),
    ("roll Nobody dex", "нет персонажа 'Nobody'; персонажи: Marcus, Bob, Rex"),
    ("dance", "неизвестная команда 'dance'"),
    ("set Marcus dexteriy 3", "неизвестный параметр 'dexteriy' (может быть, Ловкость?)"),
    ("roll Marcus dex+brawl dice 1,2", "пул: 5 костей, а граней введено 2"),
    ("roll Marcus dex+brawl diff 11", "сложность — от 2 до 10, а не 11"),
    ("undo", "отменять нечего"),
    ("set Marcus strength 9", "Сила 9 — выше максимума параметра 5 для поколения 10"),
    (
        "spend Marcus blood",
        "потратить: не хватает: количество; формат: потратить ИМЯ кровь N",
    ),
    ("бросок Marcus ловкость+драка сл 12", "бросок: сложность — от 2 до 10, а не 12"),
    (
        "ярость Marcus сл 12",
        "ярость: сложность — от 2 до 10, а не 12; формат: ярость ИМЯ [СТИМУЛ] [сл С]",
    ),
]


@pytest.mark.parametrize(("command", "russian"), CASES)
def test_common_refusals_in_russian(tmp_path: Path, command: str, russian: str) -> None:
    s = new_session(tmp_path / "c", COTERIE if command != "undo" else [])
    with pytest.raises(ChronicleError) as refused:
        s.execute(command)
    s.close()
    assert russian in refused.value.render("ru")
    assert refused.value.render("en") == str(refused.value)


def test_the_shell_speaks_russian_too(tmp_path: Path) -> None:
    from tests.conftest import run_elysium

    root = tmp_path / "c"
    new_session(root, COTERIE).close()
    proc = run_elysium("run", str(root), "spend Marcus blood 2", env={"LANG": "ru_RU.UTF-8"})
    assert proc.returncode == 2 and "крови за ход" in proc.stderr
    proc = run_elysium("run", str(root), "spend Marcus blood 1", env={"LANG": "ru_RU.UTF-8"})
    assert proc.returncode == 0 and proc.stdout.startswith("Marcus тратит 1 пункт крови")
