"""The players' view between real Unix users (issue 15): a user outside the table's group is
refused in one line, never with a traceback, and reads nothing.

The suite runs as root (CI does); these tests run ``elysium`` as ``nobody`` through the
system's Python with this checkout and the venv's packages on its path (the venv's own
interpreter may live under root's home, which nobody may enter). Skipped, saying why,
where that cannot be arranged."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from elysium.cli import main
from tests.chronicle_helpers import COTERIE, new_session
from tests.conftest import ROOT

SYSTEM_PYTHON = "/usr/bin/python3"


def _nobody() -> pwd.struct_passwd:
    if os.geteuid() != 0:
        pytest.skip("needs root to run a command as another user (CI runs as root)")
    if not os.access(SYSTEM_PYTHON, os.X_OK):
        pytest.skip(f"no {SYSTEM_PYTHON} for another user to run")
    try:
        return pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("no user 'nobody' here")


@pytest.fixture
def world() -> Iterator[Path]:
    """A directory every user may enter (pytest's own are root's, 0700)."""
    path = Path(tempfile.mkdtemp(prefix="elysium-users-", dir="/tmp"))
    path.chmod(0o755)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def _as_nobody(argv: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    user = _nobody()
    site = sysconfig.get_paths()["purelib"]  # the venv's packages: textual, tinydb, rich
    for path in (Path(site), ROOT / "src"):
        if not os.access(path, os.R_OK | os.X_OK):
            pytest.skip(f"{path} is not readable by other users")

    def become() -> None:
        os.setgid(user.pw_gid)
        os.setgroups([])
        os.setuid(user.pw_uid)

    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), site]),
        "LANG": "C.UTF-8",
        "TERM": "dumb",
    }
    probe = subprocess.run(
        [SYSTEM_PYTHON, "-c", "import textual, tinydb"],
        env=env,
        preexec_fn=become,
        capture_output=True,
        text=True,
        timeout=60,
    )
    if probe.returncode != 0:
        pytest.skip(f"the system's Python cannot load the venv's packages: {probe.stderr[-200:]}")
    return subprocess.run(
        [SYSTEM_PYTHON, "-m", "elysium", *argv],
        env=env,
        preexec_fn=become,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def test_a_user_outside_the_group_is_refused_in_one_line(world: Path) -> None:
    root = world / "st" / "chronicle"
    root.parent.mkdir(mode=0o700)
    new_session(root, [*COTERIE, "set Marcus player yes"]).close()
    to = world / "shared"
    assert main(["share", str(root), "--to", str(to)]) == 0  # root's group: not nobody's
    home = world / "nobody"
    home.mkdir()
    os.chown(home, _nobody().pw_uid, _nobody().pw_gid)
    for argv in (
        ["watch", str(to)],
        ["serve", str(to), "--port", "0"],
        ["watch", str(root), "--players"],
        ["watch", str(to / "view.json"), "--lang", "ru"],
    ):
        done = _as_nobody(argv, home)
        assert done.returncode == 2, (argv, done.stdout, done.stderr)
        err = done.stderr.strip()
        assert "Traceback" not in err and len(err.splitlines()) == 1, (argv, err)
        assert "permission denied" in err or "нет доступа" in err, (argv, err)
        assert "Marcus" not in done.stdout + err
        assert "chronicle.json" not in err  # the path the user gave, not a file inside it


def test_the_system_python_runs_this_checkout(world: Path) -> None:
    """The arrangement the refusal test relies on works at all (else it proves nothing)."""
    home = world / "nobody"
    home.mkdir()
    os.chown(home, _nobody().pw_uid, _nobody().pw_gid)
    done = _as_nobody(["roll", "3", "--dice", "8,2,6"], home)
    assert done.returncode == 0, done.stderr
    assert "8" in done.stdout
    assert sys.executable  # the suite's own interpreter is not the one used
