"""The chronicle on disk: a journal that never loses an acknowledged event, TinyDB
checkpoints, a lock against a second writer, and recovery that never overwrites a damaged
file.

Layout of a chronicle directory (0700, files 0600)::

    chronicle.json               TinyDB: meta, chapter index, the latest state snapshot
    journal/chapter-0001.jsonl   the open chapter: one checksummed event per line
    chapters/chapter-0001.json   a closed chapter's events (TinyDB, written atomically)
    .lock                        held (flock) by the one process writing

Appending an event writes one line and fsyncs before returning, so the cost does not grow
with the chronicle. Every ``CHECKPOINT_EVERY`` events (and on close) the state is written to
``chronicle.json`` atomically, so opening replays only the journal's tail.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import signal
import socket
import stat
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from elysium.chronicle import state as st
from elysium.chronicle.errors import LockedError, StoreError
from elysium.chronicle.events import Event, decode, encode
from elysium.chronicle.paths import (
    check_file,
    ensure_private_dir,
    fsync_dir,
    open_private,
    write_all,
)
from elysium.chronicle.tinystore import read_tables, write_tables

FORMAT = "elysium-chronicle"
FORMAT_VERSION = 1
CHECKPOINT_EVERY = 500
INDEX = "chronicle.json"
JOURNAL_DIR = "journal"
CHAPTER_DIR = "chapters"
LOCK = ".lock"
_JOURNAL_RE = re.compile(r"^chapter-(\d{4,})\.jsonl$")
_CLOSED_RE = re.compile(r"^chapter-(\d{4,})\.json$")


def journal_name(chapter: int) -> str:
    return f"chapter-{chapter:04d}.jsonl"


def closed_name(chapter: int) -> str:
    return f"chapter-{chapter:04d}.json"


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass
class Opened:
    """What opening found: the state, and a sentence for each thing recovery did."""

    state: st.State
    report: list[str] = field(default_factory=list)


class Store:
    """One chronicle directory, opened for writing (locked) or read-only."""

    def __init__(self, root: Path, readonly: bool) -> None:
        self.root = root
        self.readonly = readonly
        self._lock_fd: int | None = None
        self._journal_fd: int | None = None
        self._journal_size = 0
        self._chapter = 0
        self._since_checkpoint = 0
        self.report: list[str] = []

    # --- opening and creating -------------------------------------------------------

    @classmethod
    def create(cls, root: Path, first: Event) -> tuple[Store, st.State]:
        """Make a new chronicle directory with its first event. Refuses to touch an existing
        chronicle."""
        if (root / INDEX).exists() or (root / JOURNAL_DIR).exists():
            raise StoreError(f"{root} already holds a chronicle; open it instead")
        if root.exists() and any(root.iterdir()):
            raise StoreError(f"{root} is not empty; choose a new directory for the chronicle")
        ensure_private_dir(root)
        store = cls(root, readonly=False)
        store._lock()
        try:
            ensure_private_dir(root / JOURNAL_DIR)
            ensure_private_dir(root / CHAPTER_DIR)
            store._open_journal(first.time.get("chapter", 1))
            store.append(first)
            state = st.apply(st.State(), first)
            store.checkpoint(state)
        except BaseException:
            store.close()
            raise
        return store, state

    @classmethod
    def open(cls, root: Path, readonly: bool = False) -> tuple[Store, Opened]:
        """Open a chronicle, recovering what a crash or damage left. Read-only opening takes
        no lock and changes no file."""
        if not root.exists():
            raise StoreError(f"there is no chronicle at {root}")
        if readonly:
            _check_dir(root)
        else:
            ensure_private_dir(root)
        if not (root / JOURNAL_DIR).is_dir():
            raise StoreError(f"{root} is not an Elysium chronicle (no journal)")
        store = cls(root, readonly)
        try:
            if not readonly:
                store._lock()
                ensure_private_dir(root / JOURNAL_DIR)
                ensure_private_dir(root / CHAPTER_DIR)
            opened = store._load()
        except BaseException:
            store.close()
            raise
        return store, opened

    def _lock(self) -> None:
        path = self.root / LOCK
        fd = open_private(path, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 300, 0).decode("utf-8", "replace").strip()
            os.close(fd)
            who = f" ({holder})" if holder else ""
            raise LockedError(
                f"this chronicle is already open for writing by another process{who}; "
                f"open it read-only instead"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()} on {socket.gethostname()} since {now_iso()}".encode(), 0)
        self._lock_fd = fd

    # --- loading and recovery --------------------------------------------------------

    def _chapters(self) -> tuple[dict[int, Path], dict[int, Path]]:
        journals: dict[int, Path] = {}
        closed: dict[int, Path] = {}
        for path in (self.root / JOURNAL_DIR).iterdir():
            m = _JOURNAL_RE.match(path.name)
            if m:
                journals[int(m.group(1))] = path
        chapter_dir = self.root / CHAPTER_DIR
        if chapter_dir.is_dir():
            for path in chapter_dir.iterdir():
                m = _CLOSED_RE.match(path.name)
                if m:
                    closed[int(m.group(1))] = path
        return journals, closed

    def _load(self) -> Opened:
        journals, closed = self._chapters()
        if not journals and not closed:
            raise StoreError(f"{self.root} holds no chapters: it is not a chronicle")
        current = max(journals) if journals else max(closed)
        snapshot = self._read_snapshot()
        state: st.State | None = None
        offset = 0
        if snapshot is not None:
            snap_state, snap_chapter, snap_offset = snapshot
            path = journals.get(snap_chapter)
            if snap_chapter == current and path and path.stat().st_size >= snap_offset:
                state, offset = snap_state, snap_offset
        if state is None:
            state = st.State()
            for number in sorted(set(journals) | set(closed)):
                if number == current and number in journals:
                    break
                events = self._closed_events(number, journals, closed)
                state = self._fold(state, events, f"chapter {number}")
        if current in journals:
            events, good_size = self._read_journal(journals[current], offset)
            state = self._fold(state, events, f"chapter {current}")
            if not self.readonly:
                self._open_journal(current, expected_size=good_size)
        elif not self.readonly:
            self._open_journal(current + 1)
        if not self.readonly and self.report:
            self.checkpoint(state)
        return Opened(state, list(self.report))

    def _fold(self, state: st.State, events: list[Event], where: str) -> st.State:
        for event in events:
            if event.seq <= state.events:
                continue  # already in the snapshot
            try:
                state = st.apply(state, event)
            except ValueError as exc:
                self.report.append(f"{where}: skipped an event that no longer fits ({exc})")
        return state

    def _read_snapshot(self) -> tuple[st.State, int, int] | None:
        path = self.root / INDEX
        if not path.exists():
            if not self.readonly:
                self.report.append("the checkpoint file was missing; rebuilt it from the journal")
            return None
        try:
            tables = read_tables(path)
            snap = tables["snapshot"][0]
            meta = tables["meta"][0]
            if meta.get("format") != FORMAT:
                raise ValueError("not an Elysium chronicle file")
            if int(meta.get("version", 0)) > FORMAT_VERSION:
                raise StoreError(
                    f"{path.name} was written by a newer Elysium (format "
                    f"{meta.get('version')}); upgrade Elysium to open it"
                )
            return st.from_dict(snap["state"]), int(snap["chapter"]), int(snap["offset"])
        except StoreError:
            raise
        except (ValueError, KeyError, IndexError, TypeError, UnicodeDecodeError) as exc:
            self._move_aside(path, f"the checkpoint file was damaged ({_short(exc)})")
            return None

    def _closed_events(
        self, number: int, journals: dict[int, Path], closed: dict[int, Path]
    ) -> list[Event]:
        if number in journals:
            events, _ = self._read_journal(journals[number], 0)
            return events
        path = closed[number]
        try:
            docs = read_tables(path).get("events", [])
            return sorted((Event.from_dict(d) for d in docs), key=lambda e: e.seq)
        except (ValueError, KeyError, TypeError, UnicodeDecodeError) as exc:
            self._move_aside(path, f"chapter {number}'s file was damaged ({_short(exc)})")
            return []

    def _read_journal(self, path: Path, offset: int) -> tuple[list[Event], int]:
        """Events from ``offset`` on, and the size of the good part. A torn or damaged
        journal is moved aside and rewritten with every record that could be read."""
        check_file(path)
        raw = path.read_bytes()
        events: list[Event] = []
        good_end = offset
        bad: list[int] = []
        pos = offset
        kept_lines: list[bytes] = []
        last_good = -1
        while pos < len(raw):
            end = raw.find(b"\n", pos)
            line = raw[pos:] if end < 0 else raw[pos:end]
            nxt = len(raw) if end < 0 else end + 1
            try:
                if end < 0:
                    raise ValueError("unfinished record")
                event = decode(line)
                if events and event.seq <= events[-1].seq:
                    raise ValueError("duplicate sequence number")
                events.append(event)
                kept_lines.append(raw[pos:nxt])
                last_good = pos
                if not bad:
                    good_end = nxt
            except ValueError:
                bad.append(pos)
            pos = nxt
        if not bad:
            return events, len(raw)
        torn_tail_only = len(bad) == 1 and bad[0] > last_good
        if self.readonly:
            if not torn_tail_only:
                self.report.append(
                    f"{path.name} has {len(bad)} damaged record(s); open it for writing to repair"
                )
            return events, good_end
        if torn_tail_only:
            what = "an unfinished last record (a write cut off before it was acknowledged)"
        else:
            what = f"{len(bad)} damaged record(s)"
        aside = self._move_aside(path, f"{path.name} had {what}; kept {len(events)} good events")
        if aside is not None:
            self._rewrite(path, raw[:offset] + b"".join(kept_lines))
        return events, offset + sum(len(x) for x in kept_lines)

    def _rewrite(self, path: Path, content: bytes) -> None:
        tmp = path.with_name(f".{path.name}.tmp")
        fd = open_private(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        try:
            write_all(fd, content)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        fsync_dir(path.parent)

    def _move_aside(self, path: Path, why: str) -> Path | None:
        """Rename a damaged file out of the way (never overwrite it) and say so."""
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        if self.readonly:
            self.report.append(f"{why}; open the chronicle for writing to repair it")
            return None
        target = path.with_name(f"{path.name}.damaged-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        if path.name == INDEX:
            os.replace(path, target)
        else:
            os.link(path, target)  # the original is replaced atomically by the caller
        fsync_dir(path.parent)
        self.report.append(f"{why}; the damaged file was kept as {target.name}")
        return target

    # --- writing ----------------------------------------------------------------------

    def _open_journal(self, chapter: int, expected_size: int | None = None) -> None:
        if self._journal_fd is not None:
            os.close(self._journal_fd)
            self._journal_fd = None
        path = self.root / JOURNAL_DIR / journal_name(chapter)
        fd = open_private(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        size = os.fstat(fd).st_size
        if expected_size is not None and size != expected_size:
            os.close(fd)
            raise StoreError(f"{path.name} changed while it was being opened; try again")
        self._journal_fd = fd
        self._journal_size = size
        self._chapter = chapter
        fsync_dir(path.parent)

    def append(self, event: Event) -> None:
        """Write one event durably. Returns only once it is on disk; on any failure the
        journal is cut back to where it was and StoreError says what happened."""
        if self.readonly or self._journal_fd is None:
            raise StoreError("this chronicle is open read-only; nothing can be changed")
        line = encode(event)
        fd = self._journal_fd
        start = self._journal_size
        with _deferred_signals():
            try:
                write_all(fd, line)
            except OSError as exc:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, start)
                    os.fsync(fd)
                raise StoreError(_write_error(exc)) from None
        self._journal_size = start + len(line)
        self._since_checkpoint += 1

    def checkpoint_due(self) -> bool:
        return self._since_checkpoint >= CHECKPOINT_EVERY

    def checkpoint(self, state: st.State) -> None:
        """Write the state snapshot atomically (a failure leaves the old one in place)."""
        if self.readonly:
            return
        journals, closed = self._chapters()
        chapters = [
            {"number": n, "status": "open" if n in journals else "closed"}
            for n in sorted(set(journals) | set(closed))
        ]
        write_tables(
            self.root / INDEX,
            {
                "meta": [
                    {
                        "format": FORMAT,
                        "version": FORMAT_VERSION,
                        "name": state.name,
                        "profile": state.profile.key,
                        "saved": now_iso(),
                    }
                ],
                "chapters": chapters,
                "snapshot": [
                    {
                        "state": st.to_dict(state),
                        "chapter": self._chapter,
                        "offset": self._journal_size,
                        "seq": state.events,
                    }
                ],
            },
        )
        self._since_checkpoint = 0

    def start_chapter(self, event: Event, number: int) -> None:
        """Close the current chapter (its events to a TinyDB file, atomically) and open the
        next one's journal with ``event`` as its first record."""
        if self.readonly:
            raise StoreError("this chronicle is open read-only; nothing can be changed")
        old = self._chapter
        old_path = self.root / JOURNAL_DIR / journal_name(old)
        events, _ = self._read_journal(old_path, 0)
        write_tables(
            self.root / CHAPTER_DIR / closed_name(old),
            {"events": [e.to_dict() for e in events]},
        )
        new_path = self.root / JOURNAL_DIR / journal_name(number)
        if new_path.exists():
            raise StoreError(f"{new_path.name} already exists; the chronicle needs repair")
        previous = (self._journal_fd, self._journal_size, self._chapter)
        self._journal_fd = None
        try:
            self._open_journal(number)
            self.append(event)
        except StoreError:
            if self._journal_fd is not None:
                os.close(self._journal_fd)
            with contextlib.suppress(OSError):
                new_path.unlink()
            self._journal_fd, self._journal_size, self._chapter = previous
            raise
        if previous[0] is not None:
            os.close(previous[0])
        old_path.unlink()
        fsync_dir(old_path.parent)

    # --- reading -----------------------------------------------------------------------

    def events(self, chapter: int | None = None) -> list[Event]:
        """Every event (or one chapter's), oldest first, as stored."""
        journals, closed = self._chapters()
        numbers = sorted(set(journals) | set(closed))
        if chapter is not None:
            if chapter not in numbers:
                raise StoreError(
                    f"there is no chapter {chapter}; chapters are {', '.join(map(str, numbers))}"
                )
            numbers = [chapter]
        out: list[Event] = []
        for n in numbers:
            if n in journals:
                events, _ = _read_quietly(journals[n])
            else:
                try:
                    docs = read_tables(closed[n]).get("events", [])
                    events = sorted((Event.from_dict(d) for d in docs), key=lambda e: e.seq)
                except (ValueError, KeyError, TypeError, UnicodeDecodeError):
                    events = []
            out.extend(events)
        return out

    def tail_events(self, count: int) -> list[Event]:
        """The last ``count`` events, reading journals from their ends (so a long chapter
        costs no more than a short one)."""
        journals, closed = self._chapters()
        out: list[Event] = []
        for n in sorted(set(journals) | set(closed), reverse=True):
            if n in journals:
                events = _tail_journal(journals[n], count - len(out))
            else:
                events = self.events(n)[-(count - len(out)) :]
            out = events + out
            if len(out) >= count:
                break
        return out[-count:] if count else []

    def chapters(self) -> list[int]:
        journals, closed = self._chapters()
        return sorted(set(journals) | set(closed))

    # --- closing -------------------------------------------------------------------------

    def close(self, state: st.State | None = None) -> None:
        """Checkpoint (when given the state) and release the lock. Safe to call twice."""
        try:
            if state is not None and not self.readonly and self._journal_fd is not None:
                with contextlib.suppress(StoreError):
                    self.checkpoint(state)
        finally:
            if self._journal_fd is not None:
                os.close(self._journal_fd)
                self._journal_fd = None
            if self._lock_fd is not None:
                with contextlib.suppress(OSError):
                    os.ftruncate(self._lock_fd, 0)
                os.close(self._lock_fd)
                self._lock_fd = None


def _read_quietly(path: Path) -> tuple[list[Event], int]:
    """Good records of a journal without repairing anything (for reading logs)."""
    raw = path.read_bytes()
    events = []
    for line in raw.split(b"\n"):
        if line:
            with contextlib.suppress(ValueError):
                events.append(decode(line))
    return events, len(raw)


def _tail_journal(path: Path, count: int, chunk: int = 1 << 16) -> list[Event]:
    """The good records among the last ``count`` lines of a journal."""
    with open(path, "rb") as f:
        f.seek(0, os.SEEK_END)
        end = f.tell()
        data = b""
        pos = end
        while pos > 0 and data.count(b"\n") <= count:
            step = min(chunk, pos)
            pos -= step
            f.seek(pos)
            data = f.read(step) + data
    lines = data.split(b"\n")
    if pos > 0:
        lines = lines[1:]  # the first line may be cut
    events = []
    for line in lines[-(count + 1) :]:
        if line:
            with contextlib.suppress(ValueError):
                events.append(decode(line))
    return events[-count:]


def _check_dir(root: Path) -> None:
    info = os.lstat(root)
    if stat.S_ISLNK(info.st_mode):
        raise StoreError(f"{root} is a symbolic link; refusing to use it as a save directory")
    if not stat.S_ISDIR(info.st_mode):
        raise StoreError(f"{root} is not a directory")


def _short(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:120]


def _write_error(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        why = "the disk is full"
    elif exc.errno == errno.EFBIG:
        why = "the file size limit was reached"
    elif exc.errno == errno.EDQUOT:
        why = "the disk quota is exhausted"
    else:
        why = exc.strerror or str(exc)
    return f"could not save: {why}. Nothing was changed; free some space and try again"


@contextlib.contextmanager
def _deferred_signals():
    """Let SIGTERM / SIGHUP wait until the record is on disk (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    sigs = [signal.SIGTERM, signal.SIGHUP, signal.SIGINT]
    old = signal.pthread_sigmask(signal.SIG_BLOCK, sigs)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def ignore_file_size_signal() -> None:
    """With ``ulimit -f`` a too-large write sends SIGXFSZ, which kills by default; ignoring
    it turns the write into an EFBIG error the store reports."""
    with contextlib.suppress(ValueError, AttributeError):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
