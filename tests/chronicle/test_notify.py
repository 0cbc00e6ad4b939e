"""The kernel's word that a followed directory changed (``chronicle/notify.py``): told of a
file renamed in, never of the follower's own reads, watched again once a removed directory
is back, and no watch at all (the follower polls) wherever the kernel cannot be asked."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from elysium.chronicle import notify

GUARD = 30.0  # seconds: a hang guard only


def _publish(directory: Path, data: bytes) -> None:
    """As a writer does: a temp file beside, renamed over the view."""
    tmp = directory / ".view.json.tmp"
    tmp.write_bytes(data)
    os.replace(tmp, directory / "view.json")


def test_a_file_renamed_into_the_directory_is_told_and_the_followers_reads_are_not(
    tmp_path: Path,
) -> None:
    watch = notify.watching([tmp_path], True)
    if watch is None:
        pytest.skip("no inotify here (not Linux, or a network file system)")
    try:
        assert watch.whole and not watch.wait(0)
        _publish(tmp_path, b"{}")
        assert watch.wait(GUARD)  # hang guard
        (tmp_path / "view.json").read_bytes()  # the follower's own read: no event
        os.stat(tmp_path / "view.json")
        assert not watch.wait(0)
        (tmp_path / "view.json").unlink()
        tmp_path.rmdir()  # the directory withdrawn: its watch is gone, the poll takes over
        assert watch.wait(GUARD) and not watch.whole  # hang guard
        assert not watch.again()
        tmp_path.mkdir()
        assert watch.again() and watch.whole
        _publish(tmp_path, b"{}")
        assert watch.wait(GUARD)  # hang guard
    finally:
        watch.close()


class _NoWatches:
    """A C library whose inotify gives no watch (the per-user watch limit: ENOSPC)."""

    def inotify_init1(self, flags: int) -> int:
        return os.open(os.devnull, os.O_RDONLY)

    def inotify_add_watch(self, fd: int, path: bytes, mask: int) -> int:
        return -1

    def statfs(self, path: bytes, buffer: object) -> int:
        return -1


def test_no_watch_where_the_kernel_cannot_tell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert notify.watching([], True) is None
    assert notify.watching([tmp_path], False) is None
    monkeypatch.setenv("ELYSIUM_NOTIFY", "0")
    assert notify.watching([tmp_path]) is None  # the switch the tests and benches use
    monkeypatch.delenv("ELYSIUM_NOTIFY")
    monkeypatch.setattr(notify, "remote", lambda libc, path: True)  # NFS, SMB, FUSE...
    assert notify.watching([tmp_path]) is None
    monkeypatch.setattr(notify, "remote", lambda libc, path: False)
    monkeypatch.setattr(notify, "c_library", lambda: None)  # not Linux
    assert notify.watching([tmp_path]) is None
    monkeypatch.setattr(notify, "c_library", lambda: _NoWatches())
    assert notify.watching([tmp_path]) is None
    assert notify.source_dirs(object()) == []  # a source that names no directory: polled
