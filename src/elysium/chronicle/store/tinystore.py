"""A TinyDB storage that writes atomically and reads defensively.

Writing: a temp file with an unpredictable name in the same directory, fsync, ``os.replace``,
fsync the directory (:func:`elysium.chronicle.store.files.atomic_write`). A crash leaves either
the old file or the new one, never half of each. (Never TinyDB's CachingMiddleware: a cache
is a write not yet made.)

Reading: a size limit, no FIFOs or symlinks, and JSON parsed with bounded nesting and finite
numbers (:mod:`elysium.chronicle.jsonsafe`); anything else is a ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import MemoryStorage, Storage

from elysium.chronicle.jsonsafe import loads
from elysium.chronicle.store.files import atomic_write, read_bounded

MAX_INDEX = 256 * 1024 * 1024


class AtomicJSONStorage(Storage):
    """TinyDB storage: one JSON document, replaced whole on every write."""

    def __init__(self, path: str | Path, limit: int = MAX_INDEX, **_: Any) -> None:
        self.path = Path(path)
        self.limit = limit

    def read(self) -> dict[str, dict[str, Any]] | None:
        try:
            raw = read_bounded(self.path, self.limit)
        except FileNotFoundError:
            return None
        if not raw.strip():
            raise ValueError(f"{self.path.name} is empty")
        data = loads(raw)
        if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
            raise ValueError(f"{self.path.name} is not a TinyDB document")
        return data

    def write(self, data: Mapping[str, Any]) -> None:
        body = _dump(data)
        atomic_write(self.path, body)  # "could not write NAME" when it fails

    def close(self) -> None:
        pass


def _dump(data: Mapping[str, Any]) -> bytes:
    import json

    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def write_tables(path: Path, tables: Mapping[str, list[dict[str, Any]]]) -> None:
    """Build a TinyDB document in memory through TinyDB's own API, then write it to ``path``
    in one atomic step (so a reader never sees a half-written checkpoint)."""
    memory = TinyDB(storage=MemoryStorage)
    for name, docs in tables.items():
        memory.table(name).insert_multiple(docs)
    document = memory.storage.read() or {}
    AtomicJSONStorage(path).write(document)


def read_tables(path: Path, limit: int = MAX_INDEX) -> dict[str, list[dict[str, Any]]]:
    """Every table of a TinyDB file, through TinyDB, from one read of the file (a writer
    replacing it meanwhile cannot mix two versions). ValueError when it is not one;
    FileNotFoundError when it is not there."""
    document = AtomicJSONStorage(path, limit).read()
    if document is None:
        raise FileNotFoundError(path)
    db = TinyDB(storage=MemoryStorage)
    db.storage.write(document)
    try:
        tables = {}
        for name in db.tables():
            docs = []
            for doc in db.table(name).all():
                if not isinstance(doc, dict):
                    raise ValueError(f"table {name!r} holds something other than documents")
                docs.append(dict(doc))
            tables[name] = docs
        return tables
    except (AttributeError, TypeError, KeyError) as exc:
        raise ValueError(f"{path.name} is not a TinyDB document: {exc}") from None
