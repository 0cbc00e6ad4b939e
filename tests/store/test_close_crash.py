"""A chapter close is crash-atomic: every intermediate on-disk state of the close, reached by
a crash at each of its steps, opens to a chronicle that lost nothing acknowledged and can
close its next chapter. The steps are named in ``elysium.chronicle.store.faults``; in-process
crashes stop the store at each one, and a real ``kill -9`` (the process kills itself at the
step) checks the same on a real process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from elysium.chronicle.session import Session
from elysium.chronicle.store import faults
from elysium.chronicle.store.store import Store
from tests.chronicle_helpers import COTERIE, new_session

CLOSE_STEPS = [
    ("temp-written", 1, False),  # the closed file's temp is complete, not renamed
    ("close:closed-written", 1, False),
    ("temp-written", 2, False),  # the next journal's temp is complete, not linked
    ("close:journal-created", 1, True),  # committed from here on
    ("temp-written", 3, True),  # the checkpoint's temp
    ("checkpoint:written", 1, True),
    ("close:index-written", 1, True),  # the checkpoint names the closed chapter
    ("close:old-removed", 1, True),
]


class Crash(Exception):
    pass


def _crash_at(step: str, nth: int):
    seen = {"n": 0}

    def hook(name: str) -> None:
        if name == step:
            seen["n"] += 1
            if seen["n"] == nth:
                raise Crash(step)

    return hook


def _abandon(s: Session) -> None:
    """What a crash leaves: descriptors closed by the kernel, nothing else done."""
    store = s.store
    for fd in (store._journal_fd, store._lock_fd):
        if fd is not None:
            os.close(fd)
    store._journal_fd = store._lock_fd = None


@pytest.mark.parametrize(("step", "nth", "committed"), CLOSE_STEPS)
def test_a_crash_at_every_step_of_a_close(
    tmp_path: Path, step: str, nth: int, committed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "c"
    s = new_session(root, COTERIE)
    s.execute("award Marcus 2")
    before = s.state
    monkeypatch.setattr(faults, "hook", _crash_at(step, nth))
    try:
        s.execute("chapter")
        reached = False
    except Crash:
        reached = True
    monkeypatch.setattr(faults, "hook", None)
    assert reached, f"the close never reached {step} #{nth}"
    _abandon(s)
    again = Session.open(root)
    state = again.state
    if committed:
        assert state.chapter == 2 and state.events == before.events + 1
    else:
        assert state.chapter == 1 and state.events == before.events
    assert state.characters["marcus"].xp == before.characters["marcus"].xp
    # Nothing left half-done: the chronicle is sound and closes its next chapter.
    again.execute("award Marcus 1")
    again.execute("chapter")
    again.close()
    verdict = Store.verify(root)
    assert verdict.sound, verdict.lines
    final = Session.open(root)
    assert final.report == []
    assert [e.seq for e in final.events()] == list(range(1, final.state.events + 1))
    final.close()


def test_the_reports_say_whether_the_close_was_completed_or_rolled_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for step, nth, word in (
        ("close:closed-written", 1, "stays open"),
        ("close:journal-created", 1, "was completed"),
    ):
        root = tmp_path / step.replace(":", "-")
        s = new_session(root, COTERIE)
        monkeypatch.setattr(faults, "hook", _crash_at(step, nth))
        with pytest.raises(Crash):
            s.execute("chapter")
        monkeypatch.setattr(faults, "hook", None)
        _abandon(s)
        again = Session.open(root)
        assert any(word in line for line in again.report), again.report
        again.close()


def test_the_issue_repro_an_empty_next_journal(tmp_path: Path) -> None:
    """`add`, `turn`; keep chapter 1's journal; `chapter`; put it back and empty chapter 2's
    journal: the close is rolled back (said), and `turn`, `chapter` work."""
    root = tmp_path / "c"
    s = new_session(root)
    s.execute("add Marcus vampire")
    s.execute("turn")
    s.close()
    j1 = root / "journal" / "chapter-0001.jsonl"
    saved = j1.read_bytes()
    s = Session.open(root)
    s.execute("chapter")
    s.close()
    j1.write_bytes(saved)
    (root / "journal" / "chapter-0002.jsonl").write_bytes(b"")
    s = Session.open(root)
    assert any("rolled back" in line for line in s.report), s.report
    s.execute("turn")
    s.execute("chapter")
    assert s.state.chapter == s.store._chapter
    s.close()
    assert Store.verify(root).sound


@pytest.mark.parametrize(
    "step",
    ["close:closed-written", "temp-written:2", "close:journal-created", "checkpoint:written"],
)
def test_kill_9_at_a_step_of_the_close(tmp_path: Path, step: str) -> None:
    """A real process killed (SIGKILL, by itself) at the step: nothing acknowledged lost."""
    root = tmp_path / "c"
    new_session(root, COTERIE).close()
    env = dict(os.environ, ELYSIUM_CRASH_AT=step)
    proc = subprocess.run(
        [sys.executable, "-m", "elysium", "run", str(root), "-"],
        input="award Marcus 1\naward Marcus 1\nchapter\naward Marcus 1\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == -9, proc.stderr
    acked = proc.stdout.splitlines()
    s = Session.open(root)
    awards = sum(1 for e in s.events() if e.type == "xp")
    assert awards >= sum(1 for line in acked if "awarded" in line)
    assert s.state.characters["marcus"].xp == awards
    s.execute("chapter")
    s.close()
    assert Store.verify(root).sound
