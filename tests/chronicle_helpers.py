"""Helpers for chronicle tests: real directories, real TinyDB, real journals."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from elysium.chronicle.session import Session
from elysium.rules import V20, SeededDice

COTERIE = [
    'add "Marcus" vampire gen 10',
    'add "Bob" mortal blank',
    'add "Rex" ghoul blank',
    "set Marcus stamina 3",
    "set Marcus fortitude 2",
    "set Marcus willpower 5",
    "set Marcus conscience 3 courage 1",  # his own sheet, not a blank one's 3 and 3
    "set Marcus self-control 2",
    "set Marcus dexterity 3",
    "set Marcus brawl 2",
]


def new_session(path: Path, commands: list[str] | None = None, seed: int = 1) -> Session:
    session = Session.create(path, "Test", V20, SeededDice(seed))
    for command in commands or []:
        session.execute(command)
    return session


def journal_bytes(path: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted((path / "journal").glob("*.jsonl")))


def reseal(root: Path, change: Callable[[dict], None]) -> None:
    """Edit a chronicle's checkpoint as a hostile hand would, seal included: the change
    must then be caught by validation, not by the seal."""
    import json

    from elysium.chronicle.store.index import _seal

    index = root / "chronicle.json"
    doc = json.loads(index.read_text())
    change(doc)
    tables = {name: list(docs.values()) for name, docs in doc.items()}
    next(iter(doc["seal"].values()))["sha256"] = _seal(tables)
    index.write_text(json.dumps(doc))
