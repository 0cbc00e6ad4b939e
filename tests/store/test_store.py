"""The store on disk: reopening, checkpoints, chapters, recovery, locking, permissions."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from elysium.chronicle.errors import LockedError, StoreError
from elysium.chronicle.session import Session
from elysium.chronicle.state import State, apply
from elysium.chronicle.store import store as store_mod
from elysium.chronicle.store.paths import resolve_chronicle
from tests.chronicle_helpers import COTERIE, new_session, reseal


def test_reopen_gives_the_same_state(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.execute("damage Marcus 3 lethal dice 7,1,8,3,4")
    state = s.state
    s.close()
    again = Session.open(tmp_path / "c")
    assert again.state == state and again.report == []
    again.close()


def test_opening_replays_the_journal_tail_after_the_checkpoint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_mod, "CHECKPOINT_EVERY", 5)
    s = new_session(tmp_path / "c", COTERIE)  # 12 events: checkpoints at 5 and 10
    for i in range(3):
        s.execute(f"set Marcus brawl {i + 1}")
    expected = s.state
    # Simulate a crash: no checkpoint at close, just drop the process's handles.
    s.store._journal_fd and os.close(s.store._journal_fd)
    s.store._journal_fd = None
    s.store.close()
    snap = json.loads((tmp_path / "c" / "chronicle.json").read_text())
    seq = next(iter(snap["snapshot"].values()))["seq"]
    assert seq < expected.events  # the checkpoint is behind the journal
    again = Session.open(tmp_path / "c")
    assert again.state == expected
    again.close()


def test_closed_chapters_live_in_tinydb(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.execute("chapter")
    s.execute("spend Marcus blood 1")
    state = s.state
    s.close()
    assert (tmp_path / "c" / "chapters" / "chapter-0001.json").exists()
    assert not (tmp_path / "c" / "journal" / "chapter-0001.jsonl").exists()
    s = Session.open(tmp_path / "c")
    assert s.state == state
    assert [e.time["chapter"] for e in s.events(1)] == [1] * (len(COTERIE) + 1)
    assert len(s.events(2)) == 2
    with pytest.raises(StoreError, match="there is no chapter 5; chapters are 1, 2"):
        s.events(5)
    folded = State()
    for event in s.events():
        folded = apply(folded, event)
    assert folded == state
    s.close()


def test_a_torn_last_record_is_moved_aside_and_the_rest_kept(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    state = s.state
    s.close()
    journal = tmp_path / "c" / "journal" / "chapter-0001.jsonl"
    good = journal.read_bytes()
    torn = b'{"e":{"v":1,"seq":99,"type":"roll"'
    with open(journal, "ab") as f:
        f.write(torn)  # cut off mid-write
    s = Session.open(tmp_path / "c")
    assert s.state == state
    assert any("unfinished record" in line for line in s.report)
    assert journal.read_bytes() == good  # cut back in place
    aside = list(journal.parent.glob("chapter-0001.jsonl.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == torn
    s.execute("spend Marcus blood 1")  # and the chronicle goes on
    s.close()


def test_garbage_in_the_middle_of_a_journal(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.close()
    journal = tmp_path / "c" / "journal" / "chapter-0001.jsonl"
    lines = journal.read_bytes().split(b"\n")
    lines[4] = lines[4].replace(b'"stamina":3', b'"stamina":4')  # checksum mismatch
    journal.write_bytes(b"\n".join(lines))
    (tmp_path / "c" / "chronicle.json").unlink()  # force a full replay
    s = Session.open(tmp_path / "c")
    assert any("1 damaged record" in line for line in s.report)
    assert len(list(journal.parent.glob("*.damaged-*"))) == 1
    # Every other event was kept, and a `recovered` event names the lost one in the log.
    assert s.state.events == len(COTERIE) + 2  # created, the coterie, recovered
    last = s.events()[-1]
    assert last.type == "recovered" and last.data["lost"] == [[5, 5]]
    assert s.state.characters["marcus"].disciplines["fortitude"] == 2
    # A later event recorded the whole Attribute table, so even the lost value came back.
    assert s.state.characters["marcus"].attributes["stamina"] == 3
    s.close()


def test_a_garbage_checkpoint_is_moved_aside_and_rebuilt(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    state = s.state
    s.close()
    index = tmp_path / "c" / "chronicle.json"
    index.write_bytes(b"\x00garbage{")
    s = Session.open(tmp_path / "c")
    assert s.state == state
    assert any("the checkpoint was damaged" in line for line in s.report)
    damaged = list(index.parent.glob("chronicle.json.damaged-*"))
    assert damaged and damaged[0].read_bytes() == b"\x00garbage{"
    s.close()
    assert json.loads(index.read_text())  # rewritten, valid


def test_read_only_does_not_repair(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.close()
    journal = tmp_path / "c" / "journal" / "chapter-0001.jsonl"
    with open(journal, "ab") as f:
        f.write(b"garbage")
    before = journal.read_bytes()
    ro = Session.open(tmp_path / "c", readonly=True)
    assert "marcus" in ro.state.characters
    with pytest.raises(StoreError, match="read-only"):
        ro.execute("spend Marcus blood 1")
    ro.close()
    assert journal.read_bytes() == before


def test_a_second_writer_is_refused_but_readers_are_welcome(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    with pytest.raises(LockedError, match="already open for writing by another process"):
        Session.open(tmp_path / "c")
    ro = Session.open(tmp_path / "c", readonly=True)
    assert ro.state == s.state
    ro.close()
    s.close()
    Session.open(tmp_path / "c").close()  # free again once closed


def test_private_modes_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        s = new_session(tmp_path / "c", COTERIE)
        s.execute("chapter")
        s.close()
    finally:
        os.umask(old)
    for path in [tmp_path / "c", *(tmp_path / "c").rglob("*")]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o700 if path.is_dir() else 0o600), (path, oct(mode))


def test_the_directories_made_above_a_new_chronicle_are_private_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``elysium new NAME`` on a shared server (umask 002) with no data directory yet: the
    parents it makes are 0700, not group-writable; a parent that was there is untouched."""
    from elysium.cli import main

    (tmp_path / "home").mkdir(mode=0o755)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / "xdg" / "data"))
    old = os.umask(0o002)
    try:
        assert main(["new", "table"]) == 0
    finally:
        os.umask(old)
    for made in ("xdg", "xdg/data", "xdg/data/elysium", "xdg/data/elysium/table"):
        mode = stat.S_IMODE((tmp_path / "home" / made).stat().st_mode)
        assert mode == 0o700, (made, oct(mode))
    assert stat.S_IMODE((tmp_path / "home").stat().st_mode) == 0o755


def test_a_symlinked_save_file_is_refused(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.close()
    journal = tmp_path / "c" / "journal" / "chapter-0001.jsonl"
    elsewhere = tmp_path / "elsewhere.jsonl"
    journal.rename(elsewhere)
    journal.symlink_to(elsewhere)
    with pytest.raises(StoreError, match="symbolic link"):
        Session.open(tmp_path / "c")


@pytest.mark.skipif(os.getuid() != 0, reason="needs root to give a file to another user")
def test_a_foreign_owned_save_file_is_refused(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.close()
    os.chown(tmp_path / "c" / "chronicle.json", 65534, 65534)
    with pytest.raises(StoreError, match="belongs to another user"):
        Session.open(tmp_path / "c")


def test_names_cannot_escape_the_data_directory(tmp_path: Path) -> None:
    root = resolve_chronicle("My Chronicle")
    assert root.parent == Path(os.environ["XDG_DATA_HOME"]) / "elysium"
    for name in ("a b", "x.y", "Ночь"):
        assert resolve_chronicle(name).parent == root.parent
    for bad in ("a\x00b", "x\x1by", " "):
        with pytest.raises(StoreError):
            resolve_chronicle(bad)
    assert resolve_chronicle("../elsewhere").is_absolute()  # a path the user chose


def test_control_characters_are_neutralised_on_load(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.close()

    # A hostile hand edit: a snapshot whose name carries an escape sequence.
    def crafted(doc: dict) -> None:
        snap = next(iter(doc["snapshot"].values()))
        snap["state"]["characters"]["marcus"]["name"] = "Mar\x1b[31mcus\x9b"

    reseal(tmp_path / "c", crafted)
    s = Session.open(tmp_path / "c")
    assert s.state.characters["marcus"].name == "Mar\ufffd[31mcus\ufffd"
    s.close()


def test_creating_over_an_existing_chronicle_is_refused(tmp_path: Path) -> None:
    new_session(tmp_path / "c").close()
    with pytest.raises(StoreError, match="already holds a chronicle"):
        new_session(tmp_path / "c")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "thesis.txt").write_text("precious")
    with pytest.raises(StoreError, match="not empty"):
        new_session(tmp_path / "d")
    assert (tmp_path / "d" / "thesis.txt").read_text() == "precious"


def test_a_damaged_closed_chapter_is_moved_aside(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE)
    s.execute("chapter")
    s.execute("spend Marcus blood 1")
    s.close()
    closed = tmp_path / "c" / "chapters" / "chapter-0001.json"
    closed.write_bytes(closed.read_bytes()[:100])  # truncated
    (tmp_path / "c" / "chronicle.json").unlink()  # force a full replay
    s = Session.open(tmp_path / "c")
    assert any("chapters/chapter-0001.json was damaged" in line for line in s.report)
    assert list(closed.parent.glob("chapter-0001.json.damaged-*"))
    assert s.state.chapter == 2  # chapter 2's own journal was still read
    s.close()


def test_a_symlinked_chronicle_directory_is_refused(tmp_path: Path) -> None:
    new_session(tmp_path / "real").close()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    with pytest.raises(StoreError, match="symbolic link"):
        Session.open(tmp_path / "link")
