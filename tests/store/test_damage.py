"""Damage is detected wherever it is, kept aside, and never costs the newest state.

A damage corpus on a real two-chapter chronicle: truncation at every byte offset of the
journal's last two records, bit flips in every region of every kind of file, each file
emptied, deleted, replaced by garbage, by JSON of the wrong shape, by a huge file. For every
case: opening never raises anything but a one-line StoreError, the chronicle is sound after
the writer's recovery, and a second opening has nothing left to report.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from elysium.chronicle.errors import StoreError
from elysium.chronicle.session import Session
from elysium.chronicle.store.store import Store
from tests.chronicle_helpers import COTERIE, new_session, reseal
from tests.conftest import run_cli, run_elysium, sized


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("pristine") / "c"
    s = new_session(root, COTERIE)
    s.execute("award Marcus 2")
    s.execute("chapter")
    for _ in range(3):
        s.execute("award Marcus 1")
    s.execute("spend Marcus blood 1")
    s.close()
    return root


def _copy(pristine: Path, tmp_path: Path, name: str) -> Path:
    root = tmp_path / name
    shutil.copytree(pristine, root)
    return root


def _recovers(root: Path) -> Session | None:
    """Open for writing (which repairs what it reads), then repair explicitly (which reads
    every closed chapter too): a StoreError is allowed (one line); anything else fails the
    test. Then the chronicle must be sound and a further opening quiet."""
    for full in (False, True):
        try:
            s = Session.open(root, full=full)
        except StoreError as exc:
            assert "\n" not in str(exc)
            return None
        for line in s.report:
            if "kept as " in line:
                name = line.split("kept as ")[1].split()[0].rstrip(";,)")
                assert list(root.rglob(name)), f"{name} was reported kept but is not there"
        s.close()
    verdict = Store.verify(root)
    assert verdict.sound, verdict.lines
    again = Session.open(root)
    assert again.report == [], again.report
    again.execute("award Marcus 1")  # and the chronicle goes on
    again.close()
    return again


def _journal(root: Path) -> Path:
    return root / "journal" / "chapter-0002.jsonl"


def _cuts(raw: bytes) -> list[int]:
    """Where to cut the journal: every byte of its last two records with ``ELYSIUM_SLOW=1``;
    by default each record's edges (its first bytes, its last, its newline) and a byte in
    every stretch of its fields, so each kind of cut is still made."""
    lines = raw.split(b"\n")[:-1]
    start = len(raw) - len(lines[-1]) - len(lines[-2]) - 2
    middle = start + len(lines[-2])  # the first record's newline
    edges = {start, start + 1, middle - 1, middle, middle + 1, middle + 2, len(raw) - 2}
    every = range(start, len(raw), sized(23, 1))
    return sorted({*every, *edges, len(raw) - 1})


def test_truncation_at_every_byte_of_the_last_two_records(pristine: Path, tmp_path: Path) -> None:
    raw = _journal(pristine).read_bytes()
    full = Session.open(pristine, readonly=True).state
    for cut in _cuts(raw):
        root = _copy(pristine, tmp_path, f"t{cut}")
        with open(_journal(root), "r+b") as f:
            f.truncate(cut)
        s = _recovers(root)
        assert s is not None
        # The checkpoint held every event: the newest state survives the lost records.
        assert s.state.characters["marcus"].xp >= full.characters["marcus"].xp
        shutil.rmtree(root)


REGIONS = {
    # file: byte offsets to flip, spread over every part of it
    "journal/chapter-0002.jsonl": "record",
    "chronicle.json": "index",
    "chapters/chapter-0001.json": "closed",
}


@pytest.mark.parametrize("relative", list(REGIONS))
def test_bit_flips_in_every_region_of_every_file(
    pristine: Path, tmp_path: Path, relative: str
) -> None:
    size = (pristine / relative).stat().st_size
    offsets = sorted({*range(0, size, max(1, size // 40)), size - 1, size - 2})
    for offset in offsets:
        root = _copy(pristine, tmp_path, f"f{offset}")
        path = root / relative
        data = bytearray(path.read_bytes())
        data[offset] ^= 0x10
        path.write_bytes(bytes(data))
        verdict = Store.verify(root)
        assert not verdict.sound or bytes(data) == (pristine / relative).read_bytes(), offset
        _recovers(root)
        shutil.rmtree(root)


@pytest.mark.parametrize("relative", list(REGIONS))
@pytest.mark.parametrize("how", ["emptied", "deleted", "garbage", "wrong-shape", "huge"])
def test_each_file_emptied_deleted_or_replaced(
    pristine: Path, tmp_path: Path, relative: str, how: str
) -> None:
    root = _copy(pristine, tmp_path, "c")
    path = root / relative
    if how == "emptied":
        path.write_bytes(b"")
    elif how == "deleted":
        path.unlink()
    elif how == "garbage":
        path.write_bytes(os.urandom(3000))
    elif how == "wrong-shape":
        path.write_text(json.dumps({"events": [1, 2, 3], "snapshot": "x", "meta": []}))
    else:
        with open(path, "wb") as f:
            f.truncate(600 * 1024 * 1024)  # sparse: huge, but costs no disk
    assert not Store.verify(root).sound
    s = _recovers(root)
    assert s is not None


def test_a_shortened_journal_keeps_both_files_and_the_newest_state(tmp_path: Path) -> None:
    """The issue's repro: 22 events, the journal cut to 3 at a record boundary, one more
    command: both files are kept, the state is the checkpoint's, the loss is named."""
    root = tmp_path / "c"
    s = new_session(root, COTERIE)
    for _ in range(11):
        s.execute("award Marcus 1")
    last = s.state.events
    s.close()
    journal = root / "journal" / "chapter-0001.jsonl"
    original = journal.read_bytes()
    index = (root / "chronicle.json").read_bytes()
    journal.write_bytes(b"".join(original.split(b"\n")[i] + b"\n" for i in range(3)))
    proc = run_cli("run", str(root), "award Marcus 1")
    assert proc.returncode == 0, proc.stderr
    assert "disagree" in proc.stderr and "Traceback" not in proc.stderr
    kept = {p.name: p.read_bytes() for p in root.rglob("*.damaged-*")}
    assert index in kept.values()  # the checkpoint that held the 23 events
    assert any(v.startswith(original[:100]) for v in kept.values())
    s = Session.open(root)
    assert s.state.characters["marcus"].xp == 12  # 11 kept from the checkpoint, 1 new
    recovered = [e for e in s.events() if e.type == "recovered"]
    assert recovered and recovered[0].data["lost"] == [[4, last]]
    s.close()


# A real `python -m elysium` here: log, stats, export, check and repair as a shell runs them.
def test_a_damaged_closed_chapter_shows_its_readable_events_and_names_the_gap(
    pristine: Path, tmp_path: Path
) -> None:
    root = _copy(pristine, tmp_path, "c")
    closed = root / "chapters" / "chapter-0001.json"
    lines = closed.read_bytes().split(b"\n")
    lines[5] = lines[5].replace(b'"stamina"', b'"stamine"')  # one event altered
    closed.write_bytes(b"\n".join(lines))
    proc = run_elysium("log", str(root))
    assert proc.returncode == 0
    assert "warning" in proc.stderr and "elysium repair" in proc.stderr
    assert "not in the log" in proc.stdout
    for command in ("stats", "export"):
        proc = run_elysium(command, str(root))
        assert proc.returncode == 0 and "warning" in proc.stderr, command
    assert run_elysium("check", str(root)).returncode == 1
    fixed = run_elysium("repair", str(root))
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert list(root.glob("chapters/chapter-0001.json.damaged-*"))
    assert run_elysium("check", str(root)).returncode == 0


CRAFTED = {
    "deep nesting": lambda doc: _snap(doc)["state"].update(combat=_deep(60)),
    "list state": lambda doc: _snap(doc).update(state=[1, 2]),
    "string state": lambda doc: _snap(doc).update(state="x"),
    "bad combat": lambda doc: _snap(doc)["state"].update(combat={"round": 1, "phase": "act"}),
    "negative offset": lambda doc: _snap(doc).update(offset=-5),
    "events -1": lambda doc: _snap(doc)["state"].update(events=-1),
    "huge number": lambda doc: _snap(doc)["state"].update(night=10**30),
}


def _deep(levels: int) -> list:
    value: list = []
    for _ in range(levels):
        value = [value]
    return value


def _snap(doc: dict) -> dict:
    return next(iter(doc["snapshot"].values()))


@pytest.mark.parametrize("case", list(CRAFTED))
def test_a_crafted_checkpoint_is_kept_aside_and_explained(
    pristine: Path, tmp_path: Path, case: str
) -> None:
    root = _copy(pristine, tmp_path, "c")
    reseal(root, CRAFTED[case])
    for args in (("state",), ("state", "--json"), ("log",)):
        proc = run_cli(*args, str(root))
        assert "Traceback" not in proc.stderr, proc.stderr
        assert proc.returncode == 0, proc.stderr
    s = _recovers(root)
    assert s is not None
    assert list(root.glob("chronicle.json.damaged-*"))
    assert Session.open(root, readonly=True).state.events > 10


def test_raw_json_that_breaks_parsers(pristine: Path, tmp_path: Path) -> None:
    for name, body in {
        "deep": b"[" * 100_000 + b"]" * 100_000,
        "inf": b'{"meta":{"1":{"format":"elysium-chronicle","version":1e999}}}',
        "nan": b'{"meta":{"1":{"version":NaN}}}',
    }.items():
        root = _copy(pristine, tmp_path, name)
        (root / "chronicle.json").write_bytes(body)
        proc = run_cli("state", str(root))
        assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
        assert _recovers(root) is not None


def test_control_characters_from_a_crafted_checkpoint_never_reach_the_terminal(
    pristine: Path, tmp_path: Path
) -> None:
    root = _copy(pristine, tmp_path, "c")

    def crafted(doc: dict) -> None:
        state = _snap(doc)["state"]
        state["name"] = "Chron\x1b]0;pwned\x07icle"
        state["characters"]["marcus"]["name"] = "Mar\x1b[31mcus"

    reseal(root, crafted)
    for args in (("state",), ("state", "--json")):
        proc = run_cli(*args, str(root))
        assert proc.returncode == 0
        assert "\x1b" not in proc.stdout and "\x07" not in proc.stdout
        assert "\\u001b" not in proc.stdout
    assert "Chron\ufffd]0;pwned\ufffdicle" in run_cli("state", str(root)).stdout


def test_a_crafted_undo_stack_is_refused_with_one_line(pristine: Path, tmp_path: Path) -> None:
    root = _copy(pristine, tmp_path, "c")

    def crafted(doc: dict) -> None:
        state = _snap(doc)["state"]
        state["undo"] = [[state["events"], {"chars": {"nobody": {"blood": [1, 2]}}}, "x"]]

    reseal(root, crafted)
    before = run_cli("state", str(root), "--json").stdout
    proc = run_cli("run", str(root), "undo")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "cannot undo that step" in proc.stderr or "damaged" in proc.stderr
    assert run_cli("state", str(root), "--json").stdout == before
