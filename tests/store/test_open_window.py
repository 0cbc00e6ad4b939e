"""Opening reads the open chapter's journal only from the checkpoint's window on.

The checkpoint keeps the SHA-256 of the last 64 KiB or more of whole records before its
offset; opening reads the journal from there, so it costs the same at a thousand events as
at a million. The records before the window are checksummed one by one, and ``check`` and
``repair`` read every one of them.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from elysium.chronicle.errors import StoreError
from elysium.chronicle.session import Session
from elysium.chronicle.store import store as store_mod
from elysium.chronicle.store.index import FORMAT_VERSION, read_index
from elysium.chronicle.store.store import Store
from tests.chronicle_helpers import COTERIE, new_session
from tests.conftest import run_elysium


def _long_chronicle(root: Path) -> Session:
    """A journal well past one window (about 160 KiB)."""
    s = new_session(root, COTERIE)
    for i in range(600):
        s.execute("award Marcus 1" if i % 2 else "damage Bob 1 bashing dice 3")
        if i % 2:
            s.execute("heal Bob 1")
    return s


def _journal(root: Path) -> Path:
    return root / "journal" / "chapter-0001.jsonl"


def test_the_checkpoint_covers_a_window_of_whole_records(tmp_path: Path) -> None:
    s = _long_chronicle(tmp_path / "c")
    s.close()
    snap = read_index(tmp_path / "c" / "chronicle.json").snapshot
    raw = _journal(tmp_path / "c").read_bytes()
    assert read_index(tmp_path / "c" / "chronicle.json").version == FORMAT_VERSION == 3
    assert snap.offset == len(raw)
    assert snap.window > 0 and snap.offset - snap.window >= store_mod.WINDOW
    assert raw[snap.window - 1 : snap.window] == b"\n"  # a record starts there
    # Only just past WINDOW: the record before the window would have made it shorter.
    before = raw.rfind(b"\n", 0, snap.window - 1) + 1
    assert snap.offset - before > snap.offset - snap.window >= store_mod.WINDOW


def test_damage_before_the_window_is_for_check_and_repair(tmp_path: Path) -> None:
    root = tmp_path / "c"
    s = _long_chronicle(root)
    expected = s.state
    s.close()
    raw = bytearray(_journal(root).read_bytes())
    snap = read_index(root / "chronicle.json").snapshot
    assert snap.window > 5000
    spot = raw.index(b'"type":"xp"', 2000)  # an early record's type, before the window
    raw[spot + 9] ^= 0x01  # "xp" -> "yp": its checksum no longer holds
    _journal(root).write_bytes(bytes(raw))
    # Opening does not read it: the state is the checkpoint's, nothing to report.
    reader = Session.open(root, readonly=True)
    assert reader.state == expected and reader.report == []
    reader.close()
    # Closing the chapter reads it all: it refuses, naming the damage and the way out.
    writer = Session.open(root)
    with pytest.raises(StoreError, match=r"1 damaged record.*elysium repair"):
        writer.execute("chapter")
    writer.close()
    # `check` reads every record and finds it; `repair` keeps the original and mends it.
    verdict = Store.verify(root)
    assert not verdict.sound
    assert any("1 damaged record" in line for line in verdict.lines)
    repaired = run_elysium("repair", str(root))
    assert repaired.returncode == 0, repaired.stdout + repaired.stderr
    assert Store.verify(root).sound
    again = Session.open(root)
    assert again.report == []
    again.close()


def test_a_format_2_checkpoint_is_read_and_written_anew_as_format_3(tmp_path: Path) -> None:
    # The demo as the format-2 store saved it (kept as a fixture: the shipped demo is rebuilt
    # whenever the rules change, and then saved by today's format).
    root = tmp_path / "format2"
    shutil.copytree(Path(__file__).parent / "fixtures" / "format2-chronicle", root)
    for path in [root, *root.rglob("*")]:
        path.chmod(0o700 if path.is_dir() else 0o600)
    index = read_index(root / "chronicle.json")
    assert index.version == 2 and index.snapshot.window == 0
    reader = Session.open(root, readonly=True)
    state = reader.state
    assert reader.report == []
    reader.close()
    writer = Session.open(root)
    assert writer.state == state and writer.report == []
    writer.execute("award Lucien 1")
    writer.close()
    index = read_index(root / "chronicle.json")
    assert index.version == 3
    again = Session.open(root)
    assert again.report == [] and again.state.events == state.events + 1
    again.close()


def test_a_window_past_its_offset_is_damage_not_a_crash(tmp_path: Path) -> None:
    from tests.chronicle_helpers import reseal

    root = tmp_path / "c"
    s = new_session(root, COTERIE)
    s.close()

    def forge(doc: dict) -> None:
        snap = next(iter(doc["snapshot"].values()))
        snap["window"] = snap["offset"] + 1

    reseal(root, forge)
    verdict = Store.verify(root)
    assert not verdict.sound
    assert any("where its journal digest starts" in line for line in verdict.lines)
    s = Session.open(root)  # rebuilt from the journal, the checkpoint kept aside
    assert s.state.events == len(COTERIE) + 1
    s.close()
    assert json.loads((root / "chronicle.json").read_text())  # written anew
