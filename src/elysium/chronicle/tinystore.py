"""A TinyDB storage that writes atomically: temp file in the same directory, fsync,
``os.replace``, fsync the directory. A crash leaves either the old file or the new one,
never half of each. (Never TinyDB's CachingMiddleware: a cache is a write not yet made.)
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import MemoryStorage, Storage

from elysium.chronicle.errors import StoreError
from elysium.chronicle.paths import check_file, fsync_dir, open_private, write_all


class AtomicJSONStorage(Storage):
    """TinyDB storage: one JSON document, replaced whole on every write."""

    def __init__(self, path: str | Path, **_: Any) -> None:
        self.path = Path(path)

    def read(self) -> dict[str, dict[str, Any]] | None:
        check_file(self.path)
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        if not raw.strip():
            raise ValueError(f"{self.path.name} is empty")
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
            raise ValueError(f"{self.path.name} is not a TinyDB document")
        return data

    def write(self, data: Mapping[str, Any]) -> None:
        body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = open_private(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        try:
            write_all(fd, body)
        except OSError as exc:
            os.close(fd)
            _remove_quietly(tmp)
            raise StoreError(f"could not write {self.path.name}: {exc.strerror}") from None
        os.close(fd)
        try:
            os.replace(tmp, self.path)
            fsync_dir(self.path.parent)
        except OSError as exc:
            _remove_quietly(tmp)
            raise StoreError(f"could not replace {self.path.name}: {exc.strerror}") from None

    def close(self) -> None:
        pass


def write_tables(path: Path, tables: Mapping[str, list[dict[str, Any]]]) -> None:
    """Build a TinyDB document in memory through TinyDB's own API, then write it to ``path``
    in one atomic step (so a reader never sees a half-written checkpoint)."""
    memory = TinyDB(storage=MemoryStorage)
    for name, docs in tables.items():
        memory.table(name).insert_multiple(docs)
    document = memory.storage.read() or {}
    AtomicJSONStorage(path).write(document)


def read_tables(path: Path) -> dict[str, list[dict[str, Any]]]:
    """Every table of a TinyDB file, through TinyDB. ValueError when it is not one."""
    db = TinyDB(path, storage=AtomicJSONStorage)
    try:
        return {name: [dict(doc) for doc in db.table(name).all()] for name in db.tables()}
    except (AttributeError, TypeError, KeyError) as exc:
        raise ValueError(f"{path.name} is not a TinyDB document: {exc}") from None
    finally:
        db.close()


def _remove_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()
