"""What an independent hostile review of the store found, each kept as a test.

The commands run through ``elysium.cli.main`` in this process (:func:`tests.conftest.run_cli`),
but for the crash, which kills a real ``python -m elysium``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from elysium.chronicle.errors import StoreError
from elysium.chronicle.session import Session
from elysium.chronicle.store.store import Store
from tests.chronicle_helpers import reseal
from tests.conftest import run_cli, run_elysium


def _chronicle(root: Path, *commands: str) -> Path:
    assert run_cli("new", str(root)).returncode == 0
    proc = run_cli("run", str(root), *commands)
    assert proc.returncode == 0, proc.stderr
    return root


def _flip(path: Path, offset: int) -> None:
    data = bytearray(path.read_bytes())
    data[offset] ^= 4
    path.write_bytes(bytes(data))


def test_the_lost_event_that_began_the_open_chapter(tmp_path: Path) -> None:
    """A flipped bit in the `chapter` record that opened chapter 2: the state follows the
    journal's chapter, the loss is named, and `chapter` keeps working."""
    root = _chronicle(tmp_path / "c", "add Marcus vampire", "chapter", "award Marcus 1")
    _flip(root / "journal" / "chapter-0002.jsonl", 40)
    assert run_cli("check", str(root)).returncode == 1
    assert run_cli("repair", str(root)).returncode == 0
    proc = run_cli("run", str(root), "chapter", "award Marcus 1")
    assert proc.returncode == 0, proc.stderr
    assert "chapter 3 begins" in proc.stdout
    assert run_cli("check", str(root)).returncode == 0


def test_a_crash_while_repair_rewrites_a_closed_chapter_keeps_its_events(tmp_path: Path) -> None:
    root = _chronicle(
        tmp_path / "c", "add Marcus vampire", "award Marcus 1", "award Marcus 1", "chapter"
    )
    closed = root / "chapters" / "chapter-0001.json"
    lines = closed.read_bytes().split(b"\n")
    lines[3] = lines[3].replace(b'"xp"', b'"xq"')  # one event altered
    closed.write_bytes(b"\n".join(lines))
    env = dict(os.environ, ELYSIUM_CRASH_AT="temp-written")
    crashed = subprocess.run(
        [sys.executable, "-m", "elysium", "repair", str(root)],
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert crashed.returncode == -9
    assert run_elysium("repair", str(root)).returncode == 0
    s = Session.open(root, readonly=True)
    seqs = [e.seq for e in s.events()]
    assert {1, 3, 4, 5} <= set(seqs) and 2 not in seqs  # all but the altered one survived
    s.close()


def test_an_export_is_never_written_inside_a_chronicle(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire", "chapter")
    closed = root / "chapters" / "chapter-0001.json"
    before = closed.read_bytes()
    for target in (closed, root / "journal" / "chapter-0099.jsonl", root / "notes.md"):
        proc = run_cli("export", str(root), "-o", str(target))
        assert proc.returncode == 2 and "inside a chronicle" in proc.stderr, target
    assert closed.read_bytes() == before
    assert not (root / "journal" / "chapter-0099.jsonl").exists()


def _append_record(journal: Path, event: dict) -> None:
    body = json.dumps(event, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    crc = zlib.crc32(body.encode()) & 0xFFFFFFFF
    with open(journal, "ab") as f:
        f.write(b'{"e":' + body.encode() + f',"c":"{crc:08x}"}}\n'.encode())


@pytest.mark.parametrize(
    "changes", [{"meta": 5}, {"chars": 5}, {"meta": [1]}, {"chars": {"marcus": [1, 2]}}]
)
def test_a_record_with_a_valid_checksum_and_malformed_changes(
    tmp_path: Path, changes: dict
) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire")
    event = {"v": 1, "seq": 3, "type": "xp", "time": {}, "wall": "", "cmd": "", "data": {}}
    _append_record(root / "journal" / "chapter-0001.jsonl", {**event, "changes": changes})
    for command in ("state", "log", "check", "repair", "stats"):
        proc = run_cli(command, str(root))
        assert "Traceback" not in proc.stderr, (command, proc.stderr)
    proc = run_cli("run", str(root), "award Marcus 1")
    assert proc.returncode == 0, proc.stderr
    assert run_cli("check", str(root)).returncode == 0


@pytest.mark.parametrize(
    "entry",
    [[8, {"meta": 5}, "x"], [8, {"meta": {"night": [1]}}, "x"], [8, {"chars": {"m": 3}}, "x"]],
)
def test_a_malformed_undo_stack_is_damage_that_check_sees(tmp_path: Path, entry: list) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire", "award Marcus 1")
    reseal(root, lambda doc: next(iter(doc["snapshot"].values()))["state"].update(undo=[entry]))
    assert run_cli("check", str(root)).returncode == 1
    proc = run_cli("run", str(root), "undo")
    assert "Traceback" not in proc.stderr
    assert run_cli("check", str(root)).returncode == 0


def test_a_checkpoint_whose_chapter_disagrees_with_its_state(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire", "chapter", "chapter")
    reseal(root, lambda doc: next(iter(doc["snapshot"].values()))["state"].update(chapter=1))
    assert run_cli("check", str(root)).returncode == 1
    proc = run_cli("run", str(root), "chapter")
    assert proc.returncode == 0 and "chapter 4 begins" in proc.stdout, proc.stdout + proc.stderr
    assert run_cli("check", str(root)).returncode == 0


def test_a_checkpoint_claiming_more_events_than_its_journal(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire")

    def claim(doc: dict) -> None:
        snap = next(iter(doc["snapshot"].values()))
        snap["seq"] = snap["state"]["events"] = 10**12 - 5

    reseal(root, claim)
    assert run_cli("check", str(root)).returncode == 1
    assert run_cli("run", str(root), "award Marcus 1").returncode == 0
    assert run_cli("check", str(root)).returncode == 0


def test_chapter_zero_files_are_not_chapters(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire")
    (root / "journal" / "chapter-0000.jsonl").write_bytes(b"garbage")
    (root / "chapters" / "chapter-0000.json").write_bytes(b"garbage")
    assert run_cli("run", str(root), "chapter").returncode == 0
    assert run_cli("check", str(root)).returncode == 0
    assert run_cli("run", str(root), "award Marcus 1").returncode == 0


def test_a_journal_cut_short_under_a_running_writer_stops_it(tmp_path: Path) -> None:
    root = tmp_path / "c"
    s = Session.create(root, "Test", __import__("elysium.rules").rules.V20)
    s.execute("add Marcus vampire")
    journal = root / "journal" / "chapter-0001.jsonl"
    with open(journal, "r+b") as f:
        f.truncate(journal.stat().st_size - 10)
    with pytest.raises(StoreError, match="removed or replaced"):
        s.execute("award Marcus 1")
    s.store._broken = None
    s.store.close()


def test_symlinked_directories_are_refused_by_check_too(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire")
    (root / "chapters").rmdir()
    (tmp_path / "elsewhere").mkdir()
    (root / "chapters").symlink_to(tmp_path / "elsewhere")
    for command in ("check", "run", "repair"):
        proc = run_cli(command, str(root), *(["turn"] if command == "run" else []))
        assert proc.returncode == 2 and "symbolic link" in proc.stderr, command


def test_a_symlink_at_a_save_file_names_repair_and_repair_sets_it_aside(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", "add Marcus vampire")
    victim = tmp_path / "victim"
    victim.write_text("precious")
    (root / "chronicle.json").unlink()
    (root / "chronicle.json").symlink_to(victim)
    proc = run_cli("run", str(root), "turn")
    assert proc.returncode == 2 and "elysium repair" in proc.stderr
    assert run_cli("repair", str(root)).returncode == 0
    assert victim.read_text() == "precious"
    assert run_cli("run", str(root), "turn").returncode == 0


def test_write_errors_other_than_space_do_not_advise_freeing_space() -> None:
    import errno

    from elysium.chronicle.store.files import write_error

    assert "free some space" in write_error(OSError(errno.ENOSPC, "No space"))
    assert "free some space" not in write_error(OSError(errno.ENOENT, "No such file"))


def test_look_alike_characters_are_neutralised_in_names(tmp_path: Path) -> None:
    root = _chronicle(tmp_path / "c", 'add "Mar\u200bcus\u202e" vampire')
    names = [
        c["name"] for c in json.loads(run_cli("state", str(root), "--json").stdout)["characters"]
    ]
    assert names == ["Mar\ufffdcus\ufffd"]
    assert Store.verify(root).sound
