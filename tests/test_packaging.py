"""A non-editable ``pip install .`` carries the stylesheets and the demo chronicle."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def test_styles_and_demo_are_found_after_a_plain_install(tmp_path: Path) -> None:
    target = tmp_path / "site"
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
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    check = (
        "import elysium, elysium.resources as r;"
        "print(elysium.__file__);"
        "print(r.styles_dir()); print(r.demo_chronicle());"
        "print(sorted(p.name for p in r.styles_dir().glob('*.tcss')));"
        "print((r.demo_chronicle() / 'journal').is_dir())"
    )
    out = subprocess.run(
        [sys.executable, "-c", check],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        cwd=tmp_path,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    package, styles, demo, names, journal = out.stdout.splitlines()
    assert package.startswith(str(target))
    assert styles.startswith(str(target)) and demo.startswith(str(target))
    assert names == "['app.tcss', 'dialogs.tcss', 'editor.tcss']"
    assert journal == "True"
