"""``chronicle.json``: the checkpoint. A TinyDB document, sealed, checked before it is used.

Tables:

- ``meta``: format, version, the chronicle's name and profile, when it was saved;
- ``chapters``: each chapter's number and status; a closed one's SHA-256 (of its file's
  bytes), first and last sequence numbers and count;
- ``snapshot``: the state after event ``seq``, which lies in chapter ``chapter``'s journal
  ending at byte ``offset``, and ``journal``, the SHA-256 of that journal's bytes from
  ``window`` to ``offset``: the last 64 KiB or more of whole records before the offset.
  A checkpoint is used only when its journal holds those exact bytes there, and opening
  reads the journal from ``window`` on, so it costs the same for a chapter of a thousand
  events as for one of a million. (The records before the window are each checksummed;
  ``elysium check`` and ``repair`` verify every one.)
- ``seal``: the SHA-256 of the three tables above, so a flipped bit anywhere is noticed.

Format 1 (before seals and digests) is still read; it is sealed at its next checkpoint.
Format 2 digested the whole journal up to the offset (a window from byte 0); it is still
read, and written as format 3 at its next checkpoint.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from elysium.chronicle import state as st
from elysium.chronicle.errors import StoreError, reason
from elysium.chronicle.jsonsafe import canonical, digest
from elysium.chronicle.store.tinystore import read_tables, write_tables
from elysium.i18n.message import Msg, Refusal

FORMAT = "elysium-chronicle"
FORMAT_VERSION = 3
MAX_CHAPTER = 10**6  # file names hold four digits or more
MAX_OFFSET = 1 << 40


class IndexDamage(Refusal, ValueError):
    """The checkpoint cannot be used; the reason is one short phrase (a message key with
    values; a reason taken from elsewhere is shown as it is)."""


@dataclass(frozen=True, slots=True)
class ChapterEntry:
    number: int
    status: str  # "open" or "closed"
    digest: str | None = None  # SHA-256 of a closed chapter's file
    first: int | None = None
    last: int | None = None
    count: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"number": self.number, "status": self.status}
        for name in ("digest", "first", "last", "count"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return out


@dataclass(frozen=True, slots=True)
class Snapshot:
    state: st.State
    chapter: int
    offset: int
    seq: int
    journal: str | None  # SHA-256 of the journal's bytes from ``window`` to ``offset``
    window: int = 0  # where those bytes start (format 3; the journal's start before)


@dataclass(slots=True)
class Index:
    version: int
    snapshot: Snapshot
    chapters: dict[int, ChapterEntry] = field(default_factory=dict)


def _whole(value: Any, low: int, high: int, what: str, **values: Any) -> int:
    """``value`` when it is a whole number in range; ``what`` names it (``index.what.…``)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IndexDamage("index.out_of_range", what=Msg(f"index.what.{what}", **values))
    return value


def _sha(value: Any, what: str) -> str:
    if not isinstance(value, str) or len(value) != 64 or value.strip("0123456789abcdef"):
        raise IndexDamage("index.not_sha", what=Msg(f"index.what.{what}"))
    return value


def read_index(path: Path) -> Index:
    """The checkpoint, checked through and through. IndexDamage says why it cannot be
    used; StoreError if a newer Elysium wrote it; FileNotFoundError if it is not there."""
    try:
        tables = read_tables(path)
    except ValueError as exc:
        raise IndexDamage(reason(exc)) from None
    try:
        meta = _single(tables, "meta")
        if meta.get("format") != "elysium-chronicle":
            raise IndexDamage("index.not_ours")
        version = meta.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
            raise StoreError("index.newer", name=path.name, version=version)
        version = _whole(version, 1, FORMAT_VERSION, "format_version")
        snap = _single(tables, "snapshot")
        if version >= 2:
            seal = _single(tables, "seal").get("sha256")
            if seal != _seal(tables):
                raise IndexDamage("index.seal")
        try:
            state = st.from_dict(snap.get("state"))
        except ValueError as exc:
            raise IndexDamage(str(exc)) from None
        seq = _whole(snap.get("seq", state.events), 1, st.MAX_SEQ, "seq")
        if seq != state.events:
            raise IndexDamage("index.seq_disagrees")
        if snap.get("chapter") != state.chapter:
            raise IndexDamage("index.chapter_disagrees")
        journal = snap.get("journal")
        offset = _whole(snap.get("offset"), 0, MAX_OFFSET, "offset")
        snapshot = Snapshot(
            state=state,
            chapter=_whole(snap.get("chapter"), 1, MAX_CHAPTER, "chapter"),
            offset=offset,
            seq=seq,
            journal=None if journal is None and version < 2 else _sha(journal, "digest"),
            window=_whole(snap.get("window"), 0, offset, "window") if version >= 3 else 0,
        )
        chapters = {}
        for entry in tables.get("chapters", []):
            c = _chapter(entry)
            chapters[c.number] = c
        return Index(version, snapshot, chapters)
    except (KeyError, TypeError, AttributeError) as exc:
        raise IndexDamage("index.malformed", why=type(exc).__name__) from None


def _single(tables: dict[str, list[dict[str, Any]]], name: str) -> dict[str, Any]:
    docs = tables.get(name)
    if not docs or len(docs) != 1:
        raise IndexDamage("index.table", table=name)
    return docs[0]


def _chapter(entry: dict[str, Any]) -> ChapterEntry:
    status = entry.get("status")
    if status not in ("open", "closed"):
        raise IndexDamage("index.status")
    number = _whole(entry.get("number"), 1, MAX_CHAPTER, "chapter_number")
    found = {}
    for name in ("first", "last", "count"):
        if entry.get(name) is not None:
            found[name] = _whole(
                entry[name], 0, st.MAX_SEQ, "chapter_field", chapter=number, field=name
            )
    sha = entry.get("digest")
    return ChapterEntry(
        number, status, None if sha is None else _sha(sha, "chapter_digest"), **found
    )


def _seal(tables: dict[str, list[dict[str, Any]]]) -> str:
    body = {k: tables.get(k, []) for k in ("meta", "chapters", "snapshot")}
    return digest(canonical(body))


def write_index(
    path: Path,
    state: st.State,
    chapters: list[ChapterEntry],
    snapshot_chapter: int,
    offset: int,
    journal_digest: str,
    saved: str,
    window: int,
) -> None:
    """Write the checkpoint atomically (a failure leaves the old one in place)."""
    tables: dict[str, list[dict[str, Any]]] = {
        "meta": [
            {
                "format": FORMAT,
                "version": FORMAT_VERSION,
                "name": state.name,
                "profile": state.profile.key,
                "saved": saved,
            }
        ],
        "chapters": [c.to_dict() for c in chapters],
        "snapshot": [
            {
                "state": st.to_dict(state),
                "chapter": snapshot_chapter,
                "offset": offset,
                "seq": state.events,
                "journal": journal_digest,
                "window": window,
            }
        ],
    }
    # The seal is computed over the tables as TinyDB will give them back.
    tables["seal"] = [{"sha256": _seal(tables)}]
    write_tables(path, tables)
