"""The store speaks the reader's language: refusals (locked, read-only, damaged, disk full)
and the verdicts of ``check`` and ``repair``, in Russian under a Russian locale or with
``--lang ru``, and word for word as before in English.

Real chronicles in temporary directories, driven through the command line as a user would.
"""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path

import pytest

from elysium.chronicle.errors import Line, StoreError
from elysium.chronicle.session import Session
from tests.chronicle_helpers import new_session
from tests.conftest import run_cli, run_elysium

RU = {"LANG": "ru_RU.UTF-8"}
EN = {"LANG": "C.UTF-8"}
# Latin a Russian line may hold besides paths and file names: the program and its commands.
ALLOWED = {"elysium", "repair", "run", "check", "pid"}
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _latin(text: str, *names: str) -> set[str]:
    """Latin words left in ``text`` once paths, file names and ``names`` are taken out."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"\S*[/.]\S*", " ", text)  # paths and file names (chapter-0001.jsonl)
    return {w.casefold() for w in re.findall(r"[A-Za-z][A-Za-z_]+", text)} - ALLOWED


def _russian(text: str, *names: str) -> None:
    assert CYRILLIC.search(text), text
    assert not _latin(text, *names), (sorted(_latin(text, *names)), text)


def _chronicle(root: Path, *commands: str) -> Path:
    new_session(root, list(commands)).close()
    return root


def _damage_a_record(root: Path) -> None:
    """Flip one byte inside the second record of the open journal (its checksum fails)."""
    journal = root / "journal" / "chapter-0001.jsonl"
    lines = journal.read_bytes().split(b"\n")
    lines[1] = lines[1].replace(b'"xp"', b'"xq"', 1)
    journal.write_bytes(b"\n".join(lines))


# --- refusals ---------------------------------------------------------------------------


def test_a_locked_chronicle_is_refused_in_russian(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire")
    writer = Session.open(root)
    try:
        ru = run_cli("run", str(root), "award Marcus 1", env=RU)
        en = run_cli("run", str(root), "award Marcus 1", env=EN)
    finally:
        writer.close()
    assert ru.returncode == 2 and en.returncode == 2
    err = ru.stderr.strip()
    assert err.startswith("elysium run: ошибка: хронику уже пишет другой процесс (pid "), err
    assert err.endswith("); откройте её только для чтения"), err
    host = re.search(r" на (\S+) с ", err)
    assert host is not None, err
    _russian(err, host[1])
    assert f"(pid {os.getpid()} on {host[1]} since " in en.stderr
    assert en.stderr.startswith(
        "elysium run: error: this chronicle is already open for writing by another process ("
    )
    assert en.stderr.strip().endswith("); open it read-only instead")


def test_the_language_option_overrides_the_locale(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire")
    writer = Session.open(root)
    try:
        ru = run_cli("run", str(root), "award Marcus 1", "--lang", "ru", env=EN)
        en = run_cli("run", str(root), "award Marcus 1", "--lang", "en", env=RU)
    finally:
        writer.close()
    assert "хронику уже пишет другой процесс" in ru.stderr
    assert "already open for writing by another process" in en.stderr


def test_a_read_only_chronicle_refuses_in_russian(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire")
    reader = Session.open(root, readonly=True)
    try:
        with pytest.raises(StoreError) as refused:
            reader.execute("award Marcus 1")
    finally:
        reader.close()
    assert str(refused.value) == "this chronicle is open read-only; nothing can be changed"
    assert refused.value.render("ru") == (
        "хроника открыта только для чтения; изменить ничего нельзя"
    )


def test_a_damaged_file_is_refused_with_the_repair_hint_in_russian(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire")
    journal = root / "journal" / "chapter-0001.jsonl"
    target = tmp_path / "elsewhere.jsonl"
    journal.rename(target)
    journal.symlink_to(target)
    ru = run_cli("run", str(root), "award Marcus 1", env=RU)
    en = run_cli("run", str(root), "award Marcus 1", env=EN)
    assert ru.returncode == 2 and en.returncode == 2
    assert ru.stderr == (
        "elysium run: ошибка: chapter-0001.jsonl — символическая ссылка; читать и писать через "
        f"неё нельзя; восстановите её: `elysium repair {root}` (все исходные файлы "
        "сохраняются)\n"
    )
    _russian(ru.stderr)
    assert en.stderr == (
        "elysium run: error: chapter-0001.jsonl is a symbolic link; refusing to read or write "
        f"it; run `elysium repair {root}` to repair it (every original is kept)\n"
    )


def test_a_full_disk_is_one_russian_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from elysium import cli
    from elysium.chronicle.store import store

    root = _chronicle(tmp_path / "c", "add Marcus vampire")

    def full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store, "write_all", full)
    said = {}
    for lang, env in (("ru", RU), ("en", EN)):
        monkeypatch.setenv("LANG", env["LANG"])
        assert cli.main(["run", str(root), "award Marcus 1"]) == 2
        said[lang] = capsys.readouterr().err
    assert said["ru"] == (
        "elysium run: ошибка: 'award Marcus 1': не удалось сохранить: диск заполнен. Ничего не "
        "изменено; освободите место и повторите\n"
    )
    assert said["en"] == (
        "elysium run: error: 'award Marcus 1': could not save: the disk is full. Nothing was "
        "changed; free some space and try again\n"
    )


def test_a_refused_command_names_its_line_in_russian(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire")
    ru = run_cli("run", str(root), "award Marcus 1", "undo", "undo", "undo", env=RU)
    assert ru.returncode == 2
    assert ru.stdout.splitlines()[1].startswith("отменено (событие 3) — теперь Marcus: опыт 0")
    assert ru.stderr == "elysium run: ошибка: команда 4 ('undo'): отменять нечего\n"


# --- check and repair -------------------------------------------------------------------


def test_check_and_repair_in_russian(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire", "award Marcus 1", "award Marcus 1")
    _damage_a_record(root)

    check = run_cli("check", str(root), env=RU)
    assert check.returncode == 1
    lines = check.stdout.splitlines()
    assert "в chapter-0001.jsonl повреждена 1 запись" in lines
    assert lines[-1] == f"повреждена: восстановите её командой `elysium repair {root}`"
    for line in lines:
        _russian(line)

    state = run_cli("state", str(root), env=RU)  # a reader warns, changes nothing
    assert "elysium: предупреждение: в chapter-0001.jsonl повреждена 1 запись" in state.stderr
    for line in state.stderr.splitlines():
        _russian(line)

    repair = run_cli("repair", str(root), env=RU)
    assert repair.returncode == 0, repair.stdout + repair.stderr
    lines = repair.stdout.splitlines()
    assert lines[0].startswith(
        "восстановлено: в chapter-0001.jsonl была повреждена 1 запись; целых записей "
        "сохранено: 3 (исходный файл сохранён как chapter-0001.jsonl.damaged-"
    ), lines
    assert lines[-1] == (
        "в порядке: 1 глава, 5 событий, все контрольные суммы и дайджесты сходятся"
    )
    for line in lines:
        _russian(line)

    again = run_cli("repair", str(root), env=RU)
    assert again.stdout.splitlines()[0] == "восстанавливать нечего"


def test_check_and_repair_in_english_are_unchanged(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire", "award Marcus 1", "award Marcus 1")
    _damage_a_record(root)
    check = run_cli("check", str(root), env=EN)
    assert check.returncode == 1
    assert "chapter-0001.jsonl has 1 damaged record(s)" in check.stdout.splitlines()
    assert check.stdout.splitlines()[-1] == f"damaged: run `elysium repair {root}` to repair it"
    repair = run_cli("repair", str(root), env=EN)
    lines = repair.stdout.splitlines()
    assert lines[0].startswith(
        "repaired: chapter-0001.jsonl had 1 damaged record(s); kept 3 good ones (the original "
        "is kept as chapter-0001.jsonl.damaged-"
    ), lines
    assert lines[-1] == "sound: 1 chapter(s), 5 events, every checksum and digest verified"
    assert run_cli("repair", str(root), env=EN).stdout.splitlines()[0] == "nothing to repair"


def test_a_sound_chronicle_in_both_languages(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire", "chapter")
    ru = run_cli("check", str(root), "--lang", "ru")
    assert ru.returncode == 0
    assert ru.stdout == (
        "в порядке: 2 главы, 3 события, все контрольные суммы и дайджесты сходятся\n"
    )
    en = run_cli("check", str(root))
    assert en.stdout == "sound: 2 chapter(s), 3 events, every checksum and digest verified\n"


def test_there_is_no_chronicle_in_russian(tmp_path: Path) -> None:
    ru = run_cli("check", str(tmp_path / "nothing"), env=RU)
    assert ru.returncode == 2
    assert ru.stderr == f"elysium check: ошибка: хроники {tmp_path / 'nothing'} нет\n"


# --- what recovery says -----------------------------------------------------------------


def test_recovery_lines_carry_their_message(tmp_path: Path) -> None:
    """A writer's report lines are English strings (logs, older callers) that a front end
    tells in the reader's language."""
    root = _chronicle(tmp_path / "c", "add Marcus vampire", "award Marcus 1")
    journal = root / "journal" / "chapter-0001.jsonl"
    journal.write_bytes(journal.read_bytes() + b'{"e":{"v":1,"seq":4')  # a write cut off
    s = Session.open(root)
    try:
        line = s.report[0]
    finally:
        s.close()
    assert isinstance(line, Line)
    assert line.startswith("chapter-0001.jsonl ended with an unfinished record")
    russian = line.render("ru")
    assert russian.startswith("chapter-0001.jsonl кончался недописанной записью"), russian
    _russian(russian)


# A real `python -m elysium` here: `import`, its language from the locale of a new process.
def test_an_import_is_acknowledged_in_russian(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c")
    sheet = tmp_path / "coterie.json"
    sheet.write_text('{"characters": [{"name": "Marcus"}, {"name": "Bob"}]}', encoding="utf-8")
    ru = run_elysium("import", str(root), str(sheet), env=RU)
    assert ru.returncode == 0, ru.stderr
    assert ru.stdout == "добавлено 2 персонажа: Marcus, Bob\n"
    sheet.write_text('{"characters": [{"name": "Rex"}]}', encoding="utf-8")
    en = run_elysium("import", str(root), str(sheet), env=EN)
    assert en.stdout == "imported 1 character: Rex\n"


# --- usage errors -----------------------------------------------------------------------


def test_usage_errors_in_russian_and_english(tmp_path: Path) -> None:
    ru = run_cli("run", str(tmp_path / "c"), env=RU)
    assert ru.returncode == 2
    assert ru.stderr == "elysium run: ошибка: не хватает обязательных параметров: COMMAND\n"
    en = run_cli("run", str(tmp_path / "c"), env=EN)
    assert en.stderr == "elysium run: error: the following arguments are required: COMMAND\n"
    ru = run_cli("log", str(tmp_path / "c"), "--chapter", "x", "--lang", "ru")
    assert ru.stderr == "elysium log: ошибка: параметр --chapter: ожидается номер главы, а не 'x'\n"
    en = run_cli("log", str(tmp_path / "c"), "--chapter", "x")
    assert en.stderr == (
        "elysium log: error: argument --chapter: must be a chapter number, got 'x'\n"
    )


def test_the_dashboard_tells_what_opening_repaired_in_russian(tmp_path: Path) -> None:
    from elysium.tui.widgets.status import report_line

    root = _chronicle(tmp_path / "c", "add Marcus vampire", "award Marcus 1")
    journal = root / "journal" / "chapter-0001.jsonl"
    journal.write_bytes(journal.read_bytes() + b'{"e":{"v":1')  # a write cut off
    s = Session.open(root)
    try:
        ru = report_line(s.report, s.readonly, "ru")
        en = report_line(s.report, s.readonly, "en")
    finally:
        s.close()
    assert ru.startswith("Восстановлено: chapter-0001.jsonl кончался недописанной записью"), ru
    _russian(ru)
    assert en.startswith("Recovered: chapter-0001.jsonl ended with an unfinished record"), en
