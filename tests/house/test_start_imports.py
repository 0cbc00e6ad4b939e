"""Each way in loads what it uses: ``elysium roll`` and ``odds`` answer from the rules and
the English words alone, and the dashboard's start leaves the command handlers, TinyDB and
the Russian words to the moment they are needed. One fresh interpreter, as a start has."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# The roll and odds commands, then (in the same process, after them) what the dashboard's
# start imports and builds: the session on a copy of the demo and the app over it.
CODE = """
import contextlib, io, json, shutil, sys, tempfile
from pathlib import Path
from elysium.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["roll", "5", "--lang", "en"])
    main(["odds", "100", "--rule-of-ten", "--lang", "en"])
cli = sorted(sys.modules)
from elysium.chronicle.session import Session
from elysium.resources import demo_chronicle
from elysium.tui.app import make_app
import elysium.tui.launch
root = Path(tempfile.mkdtemp()) / "demo"
shutil.copytree(demo_chronicle(), root)
session = Session.open(root)
make_app(session, "en")
dashboard = sorted(sys.modules)
session.close()
print(json.dumps({"cli": cli, "dashboard": dashboard}))
"""

NOT_FOR_ROLL = (
    "textual",
    "rich",
    "tinydb",
    "tomllib",
    "hashlib",
    "difflib",
    "elysium.tui",
    "elysium.web",
    "elysium.chronicle.session",
    "elysium.chronicle.store.store",
    "elysium.chronicle.commands",
    "elysium.chronicle.verbs",
    "elysium.i18n.ru",  # and every ru_* part: --lang en reads English only
)
NOT_AT_DASHBOARD_START = (
    "elysium.chronicle.commands.registry",  # every handler: after the first frame
    "elysium.chronicle.commands.dice",
    "elysium.chronicle.commands.characters",
    "elysium.chronicle.commands.attack",
    "tomllib",  # there is no config file
    "secrets",  # a temporary file's name is os.urandom's, without OpenSSL's HMAC
    "elysium.chronicle.importer",  # `import NAME` (Foundry's HTML) only
    "html",
    "elysium.i18n.ru",
    "elysium.web",
    "elysium.cli.chronicle",
    "elysium.cli.export",
)


@pytest.fixture(scope="module")
def loaded() -> dict[str, list[str]]:
    out = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, check=True, timeout=120
    )  # hang guard
    return json.loads(out.stdout.splitlines()[-1])


def _hits(modules: list[str], names: tuple[str, ...]) -> list[str]:
    """The modules that are one of ``names`` or inside one; ``elysium.i18n.ru`` stands for
    every Russian catalog part too (``elysium.i18n.ru_cli``)."""
    ru = [m for m in modules if "elysium.i18n.ru" in names and m.startswith("elysium.i18n.ru_")]
    return [m for m in modules for n in names if m == n or m.startswith(n + ".")] + ru


def test_roll_and_odds_load_neither_the_dashboard_nor_the_store(loaded) -> None:
    assert "elysium.rules.odds" in loaded["cli"]
    assert "elysium.i18n.en_rolls" in loaded["cli"]
    assert _hits(loaded["cli"], NOT_FOR_ROLL) == []
    if sys.platform == "linux":  # its directories are found without platformdirs there
        assert _hits(loaded["cli"], ("platformdirs",)) == []


def test_the_dashboard_start_leaves_other_paths_modules_alone(loaded) -> None:
    assert "elysium.tui.screens.dashboard" in loaded["dashboard"]
    assert _hits(loaded["dashboard"], NOT_AT_DASHBOARD_START) == []
