"""A checkpoint is believed newer than its journal only when its numbers could be true.

Recovery prefers a checkpoint that holds more events than the readable journal (a journal
cut short must not cost the events the checkpoint still has). A checkpoint that claims
events its journal never had room for, that puts a different event at its offset, or that
carries no seal at all is damage instead: the journal's events win, both files are kept
aside, and ``check`` names the reason.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.chronicle_helpers import reseal
from tests.conftest import run_cli

CLAIM = 1_000_000


def _chronicle(root: Path) -> Path:
    assert run_cli("new", str(root)).returncode == 0
    proc = run_cli("run", str(root), "add Marcus vampire", "turn")
    assert proc.returncode == 0, proc.stderr
    return root


def _snapshot(doc: dict) -> dict:
    return next(iter(doc["snapshot"].values()))


def _unsealed(root: Path) -> None:
    """Rewritten as format 1, which had no seal and no journal digest."""
    path = root / "chronicle.json"
    doc = json.loads(path.read_text())
    next(iter(doc["meta"].values()))["version"] = 1
    doc.pop("seal")
    snap = _snapshot(doc)
    snap["seq"] = snap["state"]["events"] = CLAIM
    snap.pop("journal")
    snap.pop("window")
    path.write_text(json.dumps(doc))


def _sealed_same_offset(root: Path) -> None:
    def claim(doc: dict) -> None:
        snap = _snapshot(doc)
        snap["seq"] = snap["state"]["events"] = CLAIM

    reseal(root, claim)


def _sealed_past_the_end(root: Path) -> None:
    """Claims the journal was cut short by a few hundred bytes that held a million events."""

    def claim(doc: dict) -> None:
        snap = _snapshot(doc)
        snap["seq"] = snap["state"]["events"] = CLAIM
        snap["offset"] += 600

    reseal(root, claim)


CASES: dict[str, tuple[Callable[[Path], None], str]] = {
    "format 1, unsealed": (_unsealed, "unsealed checkpoint"),
    "sealed, another event at its offset": (_sealed_same_offset, "where event 3 ends"),
    "sealed, no room in the bytes it claims": (_sealed_past_the_end, "room for at most"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_checkpoint_whose_numbers_cannot_be_true_is_damage(tmp_path: Path, case: str) -> None:
    craft, reason = CASES[case]
    root = _chronicle(tmp_path / "c")
    craft(root)
    found = run_cli("check", str(root))
    assert found.returncode == 1, found.stdout
    assert "cannot be newer than the journal" in found.stdout
    assert reason in found.stdout, found.stdout

    went = run_cli("run", str(root), "turn")
    assert went.returncode == 0, went.stderr
    assert "Traceback" not in went.stderr
    assert list(root.glob("chronicle.json.damaged-*")), "the crafted checkpoint is kept aside"

    sound = run_cli("check", str(root))
    assert sound.returncode == 0, sound.stdout
    # Three events from the journal and the new turn: nothing invented, no gap.
    assert re.search(r"\b4 events\b", sound.stdout), sound.stdout
    log = run_cli("log", str(root)).stdout
    assert "lost to damage" not in log and str(CLAIM) not in log


def test_a_sealed_checkpoint_over_a_journal_cut_short_is_still_restored(tmp_path: Path) -> None:
    """The case the preference exists for: the journal lost its last records, the sealed
    checkpoint still holds them, so the newer state is restored and the loss recorded."""
    root = tmp_path / "c"
    assert run_cli("new", str(root)).returncode == 0
    proc = run_cli("run", str(root), "add Marcus vampire", "award Marcus 3", "award Marcus 2")
    assert proc.returncode == 0, proc.stderr
    journal = root / "journal" / "chapter-0001.jsonl"
    lines = journal.read_bytes().splitlines(keepends=True)
    journal.write_bytes(b"".join(lines[:-2]))  # the two awards are gone from the journal

    found = run_cli("check", str(root))
    assert found.returncode == 1
    assert "cannot be newer" not in found.stdout, found.stdout

    went = run_cli("run", str(root), "turn")
    assert went.returncode == 0, went.stderr
    state = run_cli("state", str(root), "--json")
    assert state.returncode == 0, state.stderr
    (marcus,) = json.loads(state.stdout)["characters"]
    assert marcus["xp"] == 5, marcus  # both awards, from the checkpoint
    assert run_cli("check", str(root)).returncode == 0


def test_a_state_its_own_events_do_not_make_is_named_by_check_and_undone_by_repair(
    tmp_path: Path,
) -> None:
    """Resealed with the same numbers but another state (a forged blood pool and turn).
    Opening trusts a sealed checkpoint whose journal bytes match its digest (that is what
    makes opening cost the same at any length); ``check`` and ``repair`` read every event,
    so they see that the events make another state, and the events win."""
    root = _chronicle(tmp_path / "c")

    def forge(doc: dict) -> None:
        state = _snapshot(doc)["state"]
        state["turn"] = 9
        state["characters"]["marcus"]["blood"] = 1

    reseal(root, forge)
    found = run_cli("check", str(root))
    assert found.returncode == 1, found.stdout
    assert "not the one its own events make (up to event 3)" in found.stdout, found.stdout
    assert "не то, что дают её же события" in run_cli("check", str(root), "--lang", "ru").stdout

    repaired = run_cli("repair", str(root))
    assert repaired.returncode == 0, repaired.stdout + repaired.stderr
    assert list(root.glob("chronicle.json.damaged-*"))
    assert run_cli("check", str(root)).returncode == 0
    state = json.loads(run_cli("state", str(root), "--json").stdout)
    (marcus,) = state["characters"]
    assert (state["turn"], state["events"]) == (2, 3)
    assert marcus["blood"] != 1
