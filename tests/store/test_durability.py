"""Nothing acknowledged is ever lost: kill -9 at random moments, SIGTERM, SIGHUP, a file-size
limit and a full disk. These run the real program on real files.

The kill -9 loop runs ELYSIUM_KILLS rounds (15 by default, a meaningful number that keeps the
suite fast); ``ELYSIUM_KILLS=300 pytest tests/store/test_durability.py`` is the longer run.
"""

from __future__ import annotations

import contextlib
import os
import random
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from elysium.chronicle.errors import StoreError
from elysium.chronicle.events import decode
from elysium.chronicle.session import Session
from elysium.chronicle.store.store import Store
from tests.chronicle_helpers import COTERIE, journal_bytes, new_session

KILLS = int(os.environ.get("ELYSIUM_KILLS", "15"))


def _spawn(root: Path, commands: list[str], **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "elysium", "run", str(root), *commands],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kw,
    )


def _awards(root: Path) -> list[int]:
    """Sequence numbers of the award events on disk, after a recovering open."""
    s = Session.open(root)
    try:
        events = s.events()
        seqs = [e.seq for e in events]
        assert seqs == list(range(1, len(seqs) + 1)), "gaps or duplicates in the log"
        assert s.state.events == len(seqs)
        xp = s.state.characters["marcus"].xp
        awards = [e.seq for e in events if e.type == "xp"]
        assert xp == len(awards)
        return awards
    finally:
        s.close()


def _every_line_is_a_whole_record(root: Path) -> None:
    for line in journal_bytes(root).split(b"\n"):
        if line:
            decode(line)


def test_kill_9_storm_loses_nothing_acknowledged(tmp_path: Path) -> None:
    root = tmp_path / "c"
    new_session(root, COTERIE).close()
    rng = random.Random(20261130)
    acknowledged = 0
    on_disk = 0
    for _ in range(KILLS):
        proc = _spawn(root, ["award Marcus 1"] * 400)
        assert proc.stdout is not None
        # The kill lands while commands flow, however slow. Read raw: a readline() would
        # keep the lines after the first in its buffer, where communicate() never looks.
        first = os.read(proc.stdout.fileno(), 1 << 16).decode()
        time.sleep(rng.uniform(0.0, 0.3))
        proc.send_signal(signal.SIGKILL)
        out, _err = proc.communicate()
        acked = [line for line in (first + out).splitlines() if "awarded" in line]
        awards = _awards(root)  # recovery happens here
        _every_line_is_a_whole_record(root)
        new = len(awards) - on_disk
        # Every acknowledged command is there; at most the one in flight beyond them.
        assert len(acked) <= new <= len(acked) + 1
        acknowledged += len(acked)
        on_disk = len(awards)
    assert acknowledged > 0, "the storm never let a command through; the test is too fast"


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_keep_every_acknowledged_command(tmp_path: Path, sig) -> None:
    root = tmp_path / "c"
    new_session(root, COTERIE).close()
    proc = _spawn(root, ["award Marcus 1"] * 2000)
    acked = []
    assert proc.stdout is not None
    while len(acked) < 20:
        line = proc.stdout.readline()
        assert line, "the run ended before it was signalled"
        acked.append(line)
    proc.send_signal(sig)
    rest = proc.stdout.read()  # the same reader: lines it holds already are not lost
    proc.communicate(timeout=30)
    acked += [line for line in rest.splitlines() if "awarded" in line]
    assert proc.returncode == 128 + sig
    awards = _awards(root)
    assert len(acked) <= len(awards) <= len(acked) + 1
    s = Session.open(root)  # the lock was released and nothing needed repair
    assert s.report == []
    s.close()


def test_a_file_size_limit_gives_a_clear_error_and_the_program_keeps_going(
    tmp_path: Path,
) -> None:
    root = tmp_path / "c"
    s = new_session(root, COTERIE)
    before_state = s.state
    before_disk = journal_bytes(root)
    size = sum(p.stat().st_size for p in (root / "journal").glob("*.jsonl"))
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size + 10, hard))
    try:
        with pytest.raises(StoreError, match=r"file size limit was reached\. Nothing was changed"):
            s.execute("award Marcus 1")
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    assert s.state == before_state
    assert journal_bytes(root) == before_disk  # the partial line was cut back
    s.execute("award Marcus 1")  # the same session carries on once there is room
    s.close()
    assert len(_awards(root)) == 1


def test_ulimit_f_on_the_command_line(tmp_path: Path) -> None:
    root = tmp_path / "c"
    new_session(root, COTERIE).close()
    limit = sum(p.stat().st_size for p in (root / "journal").glob("*.jsonl")) + 3000

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    proc = _spawn(root, ["award Marcus 1"] * 100, preexec_fn=cap)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert "file size limit was reached" in err and "Traceback" not in err
    acked = [line for line in out.splitlines() if "awarded" in line]
    assert 0 < len(acked) < 100
    assert len(_awards(root)) == len(acked)
    _every_line_is_a_whole_record(root)


@contextlib.contextmanager
def _small_filesystem(path: Path):
    path.mkdir()
    proc = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=256k,mode=0700", "tmpfs", str(path)],
        capture_output=True,
    )
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {proc.stderr.decode().strip()}")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


@pytest.mark.skipif(os.getuid() != 0, reason="mounting a small tmpfs needs root (CI is root)")
def test_a_full_disk_gives_a_clear_error_and_loses_nothing(tmp_path: Path) -> None:
    with _small_filesystem(tmp_path / "small") as small:
        root = small / "c"
        s = new_session(root, COTERIE)
        s.execute("award Marcus 1")
        filler = small / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0" * 512)
        os.close(fd)
        acked = 1
        for _ in range(50):  # the journal's last page may still have room for a few
            before_state, before_disk = s.state, journal_bytes(root)
            try:
                s.execute("award Marcus 1")
            except StoreError as exc:
                assert "the disk is full. Nothing was changed" in str(exc)
                break
            acked += 1
        else:
            pytest.fail("the disk never filled up")
        assert s.state == before_state
        assert journal_bytes(root) == before_disk
        filler.unlink()
        s.execute("award Marcus 1")
        s.close()
        assert len(_awards(root)) == acked + 1


def _fill(small: Path) -> Path:
    """Take every free byte of the small filesystem; returns the filler to delete later."""
    filler = small / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    for size in (65536, 4096, 512, 1):
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0" * size)
    os.close(fd)
    assert os.statvfs(small).f_bavail == 0
    return filler


def _litter(root: Path) -> list[str]:
    return sorted(p.name for p in root.rglob("*") if ".tmp" in p.name or ".damaged-" in p.name)


@pytest.mark.skipif(os.getuid() != 0, reason="mounting a small tmpfs needs root (CI is root)")
def test_every_write_path_on_a_full_disk_is_one_line(tmp_path: Path) -> None:
    """Lock, append, chapter close, checkpoint, export and history with 0 bytes free: one
    sentence each, exit status 2 from the shell, nothing acknowledged lost, no litter."""
    from elysium.tui.userstate import append_history
    from tests.conftest import run_elysium

    with _small_filesystem(tmp_path / "small") as small:
        root = small / "c"
        new_session(root, COTERIE).close()
        filler = _fill(small)
        s = Session.open(root)
        for _ in range(100):  # the journal's last page may still have room for a few
            try:
                s.execute("award Marcus 1")
            except StoreError as exc:
                assert "the disk is full" in str(exc)
                break
        state = s.state
        before = journal_bytes(root)
        for command in ("award Marcus 1", "chapter"):
            with pytest.raises(StoreError, match="the disk is full"):
                s.execute(command)
        assert s.state == state and s.state.chapter == 1
        s.close()  # its checkpoint fails quietly: the journal holds everything
        assert journal_bytes(root) == before
        proc = run_elysium("run", str(root), "award Marcus 1")  # takes the lock, then fails
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr.count("\n") == 1 and "the disk is full" in proc.stderr
        assert journal_bytes(root) == before
        out = small / "recap.md"
        proc = run_elysium("export", str(root), "-o", str(out))
        assert proc.returncode == 2 and "the disk is full" in proc.stderr
        assert "Traceback" not in proc.stderr and not out.exists()
        env_home = os.environ["XDG_STATE_HOME"]
        os.environ["XDG_STATE_HOME"] = str(small / "state")
        try:
            problem = append_history("roll 5")
        finally:
            os.environ["XDG_STATE_HOME"] = env_home
        assert problem is not None and "disk is full" in problem
        assert _litter(small) == []
        filler.unlink()
        s = Session.open(root)
        assert s.report == [] and s.state == state
        s.execute("chapter")
        s.close()
        assert Store.verify(root).sound


@pytest.mark.skipif(os.getuid() != 0, reason="mounting a small tmpfs needs root (CI is root)")
def test_repairs_on_a_full_disk(tmp_path: Path) -> None:
    """A torn tail is cut off in place with 0 bytes free; a repair that needs room fails
    cleanly, and retrying piles up neither temp files nor new `.damaged` names."""
    with _small_filesystem(tmp_path / "small") as small:
        torn = small / "torn"
        new_session(torn, COTERIE).close()
        good = journal_bytes(torn)
        with open(torn / "journal" / "chapter-0001.jsonl", "ab") as f:
            f.write(b'{"e":{"v":1,"seq":13,"ty')
        damaged = small / "damaged"
        new_session(damaged, COTERIE).close()
        journal = damaged / "journal" / "chapter-0001.jsonl"
        lines = journal.read_bytes().split(b"\n")
        lines[4] = lines[4].replace(b'"stamina":3', b'"stamina":4')
        journal.write_bytes(b"\n".join(lines))
        filler = _fill(small)
        s = Session.open(torn)
        assert any("cut it off" in line for line in s.report), s.report
        s.close()
        assert journal_bytes(torn) == good
        for _ in range(3):
            with pytest.raises(StoreError, match="the disk is full"):
                Session.open(damaged)
            assert _litter(damaged) == []
        filler.unlink()
        s = Session.open(damaged)
        assert any("1 damaged record" in line for line in s.report)
        s.close()
        # The journal, and the checkpoint that covered the damaged record: each kept once.
        assert [n.split(".damaged-")[0] for n in _litter(damaged)] == [
            "chapter-0001.jsonl",
            "chronicle.json",
        ]
        assert Store.verify(damaged).sound
