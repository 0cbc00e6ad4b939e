"""A non-editable ``pip install .`` carries the stylesheets, the demo chronicle, the licence
and metadata a user can trust (issue 14): the version read from one place, classifiers that
say where it runs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import ROOT


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package installed as a user installs it (once for the module's tests)."""
    target = tmp_path_factory.mktemp("site")
    # From a copy of the tree without what a build leaves behind: pip builds in place, and a
    # stale build/lib once hid a package missing from pyproject's list.
    source = tmp_path_factory.mktemp("source") / "elysium"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            "build", "dist", ".venv", ".git", "*.egg-info", "__pycache__", ".mypy_cache"
        ),
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return target


def _python(site: Path, code: str, cwd: Path) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"},
        cwd=cwd,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_styles_and_demo_are_found_after_a_plain_install(site: Path, tmp_path: Path) -> None:
    check = (
        "import elysium, elysium.resources as r;"
        "print(elysium.__file__);"
        "print(r.styles_dir()); print(r.demo_chronicle());"
        "print(sorted(p.name for p in r.styles_dir().glob('*.tcss')));"
        "print((r.demo_chronicle() / 'journal').is_dir())"
    )
    package, styles, demo, names, journal = _python(site, check, tmp_path)
    assert package.startswith(str(site))
    assert styles.startswith(str(site)) and demo.startswith(str(site))
    assert names == "['app.tcss', 'dialogs.tcss', 'editor.tcss', 'players.tcss', 'start.tcss']"
    assert journal == "True"


def test_the_players_page_ships_its_stylesheet_and_script(site: Path, tmp_path: Path) -> None:
    """The TV page's CSS and script are package data, not Python strings: a plain install
    carries them, byte for byte, and the installed server serves them."""
    here = ROOT / "src" / "elysium" / "web" / "static"
    shipped = site / "elysium" / "web" / "static"
    names = ["players.css", "players.js"]
    assert sorted(p.name for p in here.iterdir()) == names
    assert sorted(p.name for p in shipped.iterdir()) == names
    for name in names:
        assert (shipped / name).read_bytes() == (here / name).read_bytes(), name
    check = (
        "import elysium.web.handler as h;"
        "print(h.__file__);"
        "print([len(h.STATIC[p][0]) for p in ('/board.css', '/board.js')])"
    )
    module, sizes = _python(site, check, tmp_path)
    assert module.startswith(str(site))
    assert sizes == str([len((here / name).read_bytes()) for name in names])


def test_every_module_is_installed_and_a_chronicle_runs(site: Path, tmp_path: Path) -> None:
    """Each source module reaches the installed package (pyproject lists packages by hand),
    and the installed command makes a chronicle and runs commands in it."""
    here = ROOT / "src" / "elysium"
    wanted = {p.relative_to(here).as_posix() for p in here.rglob("*.py")}
    installed = {
        p.relative_to(site / "elysium").as_posix() for p in (site / "elysium").rglob("*.py")
    }
    assert wanted - installed == set()
    env = {
        "PYTHONPATH": str(site),
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "LANG": "C.UTF-8",
    }
    root = tmp_path / "c"
    for argv in (
        ["new", str(root), "--name", "Chicago"],
        ["run", str(root), 'add "Ilse Varga" neonate', 'roll "Ilse Varga" 5 diff 6 dice 9,8,7,3,1'],
        ["recap", str(root), "--players"],
    ):
        out = subprocess.run(
            [sys.executable, "-m", "elysium", *argv],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=120,
        )
        assert out.returncode == 0, (argv, out.stderr)
    assert "9 +8 +7 3 -1-" in out.stdout or "+9 +8 +7 3 -1-" in out.stdout
    assert os.path.isdir(root / "journal")


def test_the_version_comes_from_one_place(site: Path, tmp_path: Path) -> None:
    """pyproject reads ``elysium.__version__``; the installed metadata and ``elysium
    --version`` say the same."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]
    init = (ROOT / "src" / "elysium" / "__init__.py").read_text(encoding="utf-8")
    source = init.split('__version__ = "')[1].split('"')[0]
    check = (
        "import importlib.metadata as m, elysium; print(m.version('elysium'), elysium.__version__)"
    )
    assert _python(site, check, tmp_path) == [f"{source} {source}"]
    told = subprocess.run(
        [sys.executable, "-m", "elysium", "--version"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"},
        cwd=tmp_path,
        timeout=60,
    )
    # The dashboard's parser answers --version before Textual is needed.
    assert told.stdout.strip() == f"elysium {source}", told.stderr


def test_the_licence_ships_and_matches_the_metadata(site: Path, tmp_path: Path) -> None:
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == {"text": "MIT"}
    assert "License :: OSI Approved :: MIT License" in project["classifiers"]
    check = (
        "import importlib.metadata as m; d = m.distribution('elysium');"
        "print(d.metadata['License']);"
        "print(any(f.name == 'LICENSE' and f.read_text().startswith('MIT License')"
        " for f in (d.files or [])))"
    )
    shipped_as, licence_file = _python(site, check, tmp_path)
    assert shipped_as == "MIT"
    assert licence_file == "True"


def test_classifiers_say_where_it_runs(site: Path, tmp_path: Path) -> None:
    """The store locks with flock(2): POSIX, said so; and the Python it needs."""
    check = (
        "import importlib.metadata as m; md = m.metadata('elysium');"
        "print('\\n'.join(md.get_all('Classifier')))"
    )
    classifiers = _python(site, check, tmp_path)
    assert "Operating System :: POSIX" in classifiers
    assert not any(c.startswith("Operating System :: Microsoft") for c in classifiers)
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert "Typing :: Typed" in classifiers
