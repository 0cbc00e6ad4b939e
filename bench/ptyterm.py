"""A program in a real pseudo-terminal, watched byte by byte (shared by the pty benchmarks).

:class:`Terminal` starts a command on the slave side of a pty of a given size (its own
session, the pty as its controlling terminal, stdin, stdout and stderr: Textual writes its
frames to stderr) and reads the master side with ``select``, so every chunk carries the
time it arrived. :meth:`Terminal.read` returns a :class:`Burst`: the chunks until the
output has been quiet for a while. :func:`decode` splits a burst into what a terminal would
do with it (which rows and columns were written, how many bytes went to text, colours and
cursor moves) so a report can say where the bytes went.

Nothing global is changed: the child gets its own environment (:func:`private_env`: a
temporary HOME and XDG directories, ``TERM=xterm-256color``, ``COLORTERM=truecolor``, no
``COLUMNS``/``LINES``/``NO_COLOR``/``TEXTUAL_*`` from the caller), and :meth:`Terminal.close`
always ends the child's process group (SIGTERM, then SIGKILL) and closes the pty.

:class:`ScreenModel` follows what the screen shows (``Terminal(..., model=True)``), and
:func:`cheapest_rewrite` counts the fewest bytes that would turn one screen into another:
what a burst's changed cells need, to hold its real bytes against.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

# A frame is written by Textual in one go; chunks further apart than this are two frames.
FRAME_GAP = 0.004

_DROP = ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "TERM_PROGRAM", "TMUX", "STY")


def private_env(home: Path, pythonpath: str | None = None) -> dict[str, str]:
    """The caller's environment, minus what would change how a Textual app draws, with a
    private HOME and XDG directories under ``home`` (so no user file is read or written)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in _DROP and not k.startswith(("TEXTUAL", "XDG_", "LC_"))
    }
    for name, sub in (
        ("XDG_DATA_HOME", "data"),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_STATE_HOME", "state"),
        ("XDG_CACHE_HOME", "cache"),
        ("XDG_RUNTIME_DIR", "run"),
    ):
        path = home / sub
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        env[name] = str(path)
    env.update(
        HOME=str(home),
        TERM="xterm-256color",
        COLORTERM="truecolor",
        LANG="C.UTF-8",
        LC_ALL="C.UTF-8",
    )
    if pythonpath:
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (pythonpath, os.environ.get("PYTHONPATH", "")) if p
        )
    return env


@dataclass
class Burst:
    """The bytes a program wrote after a stimulus sent at ``start`` (monotonic seconds)."""

    start: float
    chunks: list[tuple[float, bytes]] = field(default_factory=list)
    cpu: float = 0.0  # the program's CPU seconds when the burst ended (read_frame only)

    @property
    def size(self) -> int:
        return sum(len(chunk) for _, chunk in self.chunks)

    @property
    def data(self) -> bytes:
        return b"".join(chunk for _, chunk in self.chunks)

    @property
    def last(self) -> float:
        """Seconds from the stimulus to the last byte (0 when nothing came)."""
        return self.chunks[-1][0] - self.start if self.chunks else 0.0

    def drawn(self, rows: int) -> float:
        """Seconds from ``start`` until every one of ``rows`` rows had been drawn (0 if
        never)."""
        seen: set[int] = set()
        carry = b""
        for when, chunk in self.chunks:
            seen.update(r for r in rows_addressed(carry + chunk) if 1 <= r <= rows)
            carry = chunk[-12:]
            if len(seen) >= rows:
                return when - self.start
        return 0.0

    def frames(self) -> list[tuple[float, bytes]]:
        """The burst cut where the output paused: (offset from the stimulus, bytes)."""
        out: list[tuple[float, bytes]] = []
        previous = None
        for when, chunk in self.chunks:
            if previous is None or when - previous > FRAME_GAP:
                out.append((when - self.start, chunk))
            else:
                out[-1] = (out[-1][0], out[-1][1] + chunk)
            previous = when
        return out


class ChildDied(RuntimeError):
    """The program in the terminal ended (or closed it) while we were waiting for it."""


class Terminal:
    """``argv`` running in a ``cols`` x ``rows`` pseudo-terminal."""

    def __init__(
        self,
        argv: list[str],
        *,
        cols: int,
        rows: int,
        env: dict[str, str],
        model: bool = False,
    ) -> None:
        self.cols, self.rows = cols, rows
        self.tail = bytearray()  # the last bytes seen, for an error message
        # ``model``: follow what the screen shows (every byte read goes through it)
        self.screen = ScreenModel(cols, rows) if model else None
        master, slave = os.openpty()
        try:
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            self.started = time.monotonic()
            self.proc = subprocess.Popen(
                argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                start_new_session=True,  # its own process group: close() ends all of it
                preexec_fn=_controlling_tty,
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.master = master
        self.closed = False

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def send(self, data: bytes) -> float:
        """Type ``data``; returns when it was written."""
        now = time.monotonic()
        os.write(self.master, data)
        return now

    def read(
        self, quiet: float, timeout: float = 10.0, wait: float = 0.0, since: float | None = None
    ) -> Burst:
        """The bytes that come until none has come for ``quiet`` seconds. The first byte is
        waited for up to ``wait`` seconds (so a slow start is not taken for silence); after
        ``timeout`` seconds of continuous output we stop anyway. ``since`` is when the
        stimulus was sent (default: now)."""
        burst = Burst(time.monotonic() if since is None else since)
        end = burst.start + timeout
        pause = max(wait, quiet)
        while True:
            ready, _, _ = select.select([self.master], [], [], pause)
            now = time.monotonic()
            if not ready:
                return burst
            chunk = self._chunk()
            burst.chunks.append((now, chunk))
            if now >= end:
                return burst
            pause = quiet

    def read_frame(self, quiet: float, timeout: float = 30.0) -> Burst:
        """From the start of the process until every row of the screen has been drawn and
        the output then stayed quiet for ``quiet`` seconds: the first full frame. The burst's
        ``start`` is the moment the process was started."""
        burst = Burst(self.started)
        rows: set[int] = set()
        carry = b""  # a cursor move may be cut between two chunks
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            full = len(rows) >= self.rows
            if left <= 0:
                raise TimeoutError(f"no full frame within {timeout:.0f} s: {self.tail[-400:]!r}")
            ready, _, _ = select.select([self.master], [], [], quiet if full else left)
            if not ready:
                if full:
                    burst.cpu = self.cpu_seconds()
                    return burst
                continue
            now = time.monotonic()
            chunk = self._chunk()
            burst.chunks.append((now, chunk))
            rows.update(r for r in rows_addressed(carry + chunk) if 1 <= r <= self.rows)
            carry = chunk[-12:]

    def cpu_seconds(self) -> float:
        """CPU time (user + system) the program has used so far (Linux ``/proc``; 0 where
        there is none): steadier than wall time on a busy machine."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def cpu_threads(self) -> float:
        """CPU seconds the program's threads have run so far, to the nanosecond (Linux
        ``schedstat``; 0 where there is none): fine enough for one command, where the
        ticks of :meth:`cpu_seconds` (10 ms) are not. Threads that ended are not counted."""
        total = 0
        for stat in Path(f"/proc/{self.proc.pid}/task").glob("*/schedstat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                total += int(stat.read_text().split()[0])
        return total / 1e9

    def _chunk(self) -> bytes:
        try:
            chunk = os.read(self.master, 1 << 16)
        except OSError:  # EIO: the slave side is gone
            chunk = b""
        if not chunk:
            raise ChildDied(f"the program ended ({self.proc.poll()}): {self.tail[-400:]!r}")
        self.tail = (self.tail + chunk)[-2000:]
        if self.screen is not None:
            self.screen.feed(chunk)
        return chunk

    def close(self) -> None:
        """End the program (SIGTERM to its group, SIGKILL after 3 s) and close the pty."""
        if self.closed:
            return
        self.closed = True
        try:
            if self.proc.poll() is None:
                _signal_group(self.proc.pid, signal.SIGTERM)
                # Keep reading meanwhile, so a full pty never blocks its goodbye.
                deadline = time.monotonic() + 3
                while self.proc.poll() is None and time.monotonic() < deadline:
                    ready, _, _ = select.select([self.master], [], [], 0.05)
                    if ready:
                        try:
                            if not os.read(self.master, 1 << 16):
                                break
                        except OSError:
                            break
                if self.proc.poll() is None:
                    _signal_group(self.proc.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(5)
        finally:
            os.close(self.master)


def _controlling_tty() -> None:
    """In the child, after setsid: make the pty (stdin) its controlling terminal, as a
    login shell's would be (so SIGWINCH and SIGHUP reach it)."""
    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _signal_group(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)


# --- what a terminal does with the bytes ---------------------------------------------------

_SEQ = re.compile(rb"\x1b\[([0-9;?<>=$]*)([ -/]*[@-~])|\x1b[()#][0-9A-Za-z]|\x1b[=>78cDEHMNOZ]")
_CUP = re.compile(rb"\x1b\[(\d+)(?:;(\d+))?H")


def rows_addressed(data: bytes) -> list[int]:
    """The rows (1-based) that cursor moves in ``data`` go to."""
    return [int(m[1]) for m in _CUP.finditer(data)]


@dataclass
class Decoded:
    """Where a stream's bytes went. ``cells`` maps a row to the columns written in it."""

    total: int = 0
    text: int = 0  # printable characters (UTF-8 bytes), spaces included
    colour: int = 0  # SGR sequences (ESC [ ... m)
    moves: int = 0  # cursor positioning (ESC [ r ; c H) and newlines
    other: int = 0  # any other control sequence
    sgr_count: int = 0
    cells: dict[int, set[int]] = field(default_factory=dict)
    row_bytes: dict[int, int] = field(default_factory=dict)
    row_text: dict[int, str] = field(default_factory=dict)

    def full_rows(self, cols: int) -> list[int]:
        """Rows written across their whole width."""
        return sorted(r for r, cells in self.cells.items() if len(cells) >= cols)


def decode(data: bytes) -> Decoded:
    """Follow the cursor through ``data`` (the subset of VT100 that Textual writes: absolute
    moves, CR/LF, SGR) and note per row the columns and bytes written."""
    out = Decoded(total=len(data))
    row, col = 1, 1
    pos = 0

    def text(chunk: bytes) -> None:
        nonlocal row, col
        for part in re.split(rb"(\r\n|\n|\r)", chunk):
            if not part:
                continue
            if part in (b"\r\n", b"\n", b"\r"):
                out.moves += len(part)
                if part != b"\r":
                    row += 1
                col = 1
                continue
            out.text += len(part)
            out.row_bytes[row] = out.row_bytes.get(row, 0) + len(part)
            chars = part.decode("utf-8", "replace")
            cells = out.cells.setdefault(row, set())
            cells.update(range(col, col + len(chars)))
            out.row_text[row] = out.row_text.get(row, "") + chars
            col += len(chars)

    for m in _SEQ.finditer(data):
        text(data[pos : m.start()])
        pos = m.end()
        seq = m.group(0)
        cup = _CUP.fullmatch(seq)
        if cup:
            row, col = int(cup[1]), int(cup[2] or 1)
            out.moves += len(seq)
        elif seq.endswith(b"m") and seq.startswith(b"\x1b["):
            out.colour += len(seq)
            out.sgr_count += 1
            out.row_bytes[row] = out.row_bytes.get(row, 0) + len(seq)
        else:
            out.other += len(seq)
    text(data[pos:])
    return out


# --- what the screen holds, and what rewriting its changed cells needs at least ------------

_OSC = re.compile(rb"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
_TEXT_CUT = re.compile(rb"(\r\n|\n|\r|\x08)")
Cell = tuple[str, str]  # the character, and its SGR parameters ("" for the default style)


def _sgr_apply(attrs: dict[str, str], params: str) -> None:
    """Follow one SGR sequence's parameters (the subset Textual writes) into ``attrs``: one
    entry per kind of attribute, so that a style is the same however it was reached."""
    codes = params.split(";") if params else ["0"]
    i = 0
    while i < len(codes):
        code = int(codes[i] or 0)
        if code == 0:
            attrs.clear()
        elif code in (38, 48, 58):  # colour: 5;n or 2;r;g;b
            n = 3 if i + 1 < len(codes) and codes[i + 1] == "5" else 5
            attrs[str(code)] = ";".join(codes[i : i + n])
            i += n - 1
        elif 30 <= code <= 37 or 90 <= code <= 97 or code == 39:
            attrs["38"] = "" if code == 39 else str(code)
        elif 40 <= code <= 47 or 100 <= code <= 107 or code == 49:
            attrs["48"] = "" if code == 49 else str(code)
        elif code in (22, 23, 24, 25, 27, 28, 29):  # bold/dim, italic, ... off
            for off in {22: ("1", "2"), 23: ("3",), 24: ("4",), 25: ("5",)}.get(code, ()):
                attrs.pop(off, None)
            attrs.pop(str(code - 20), None)
        else:
            attrs[str(code)] = str(code)
        i += 1


def _utf8_whole(data: bytes) -> tuple[bytes, bytes]:
    """``data`` cut before a character whose bytes are not all there yet (a read of the pty
    may end inside one), and the rest, kept for the next chunk."""
    for back in range(1, min(4, len(data)) + 1):
        byte = data[-back]
        if byte & 0xC0 == 0x80:  # a continuation byte: look further back
            continue
        size = 4 if byte >= 0xF0 else 3 if byte >= 0xE0 else 2 if byte >= 0xC0 else 1
        return (data[:-back], data[-back:]) if size > back else (data, b"")
    return data, b""


class ScreenModel:
    """A terminal's screen as Textual draws it: absolute cursor moves, CR/LF, SGR and text
    (wide characters take two cells). Anything else (modes, OSC, the cursor shown or hidden)
    changes no cell and is skipped."""

    def __init__(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.cells: list[list[Cell]] = [[(" ", "")] * cols for _ in range(rows)]
        self.row = self.col = 0
        self.attrs: dict[str, str] = {}
        self.carry = b""  # an escape sequence cut between two chunks

    def snapshot(self) -> list[list[Cell]]:
        return [list(row) for row in self.cells]

    @property
    def style(self) -> str:
        return ";".join(v for _, v in sorted(self.attrs.items()) if v)

    def feed(self, data: bytes) -> None:
        from rich.cells import cell_len

        data = _OSC.sub(b"", self.carry + data)
        cut = data.rfind(b"\x1b")
        if cut >= 0 and not _SEQ.match(data, cut) and len(data) - cut < 64:
            data, self.carry = data[:cut], data[cut:]
        else:
            data, self.carry = _utf8_whole(data)
        pos = 0
        for m in _SEQ.finditer(data):
            self._text(data[pos : m.start()], cell_len)
            pos = m.end()
            seq = m.group(0)
            if cup := _CUP.fullmatch(seq):
                self.row, self.col = int(cup[1]) - 1, int(cup[2] or 1) - 1
            elif seq == b"\x1b[H":
                self.row = self.col = 0
            elif seq.endswith(b"m") and seq.startswith(b"\x1b[") and b"?" not in seq:
                _sgr_apply(self.attrs, m.group(1).decode())
            elif seq == b"\x1b[2J":
                self.cells = [[(" ", "")] * self.cols for _ in range(self.rows)]
        self._text(data[pos:], cell_len)

    def _text(self, chunk: bytes, cell_len) -> None:  # type: ignore[no-untyped-def]
        style = self.style
        for part in _TEXT_CUT.split(chunk):
            if part in (b"\r\n", b"\n"):
                self.row, self.col = min(self.row + 1, self.rows - 1), 0
            elif part == b"\r":
                self.col = 0
            elif part == b"\x08":
                self.col = max(0, self.col - 1)
            elif part:
                for ch in part.decode("utf-8", "replace"):
                    width = cell_len(ch)
                    if not 0 <= self.row < self.rows or width == 0:
                        continue
                    line = self.cells[self.row]
                    if self.col < self.cols:
                        line[self.col] = (ch, style)
                    if width == 2 and self.col + 1 < self.cols:
                        line[self.col + 1] = ("", style)
                    self.col += width


def _sgr_cost(style: str) -> int:
    return len(f"\x1b[0;{style}m" if style else "\x1b[0m")


def cheapest_rewrite(before: list[list[Cell]], after: list[list[Cell]]) -> int:
    """The fewest bytes that turn ``before`` into ``after`` as Textual could write them: per
    run of changed cells in a row, a cursor move, an SGR wherever the style differs from the
    one last set (a reset and the attributes), and the text. A short stretch of unchanged
    cells between two runs is written over when that is cheaper than moving the cursor."""
    total = 0
    last: str | None = None
    for y, (old, new) in enumerate(zip(before, after, strict=True)):
        changed = [x for x in range(len(new)) if old[x] != new[x]]
        if not changed:
            continue
        runs = [[changed[0], changed[0] + 1]]
        for x in changed[1:]:
            gap = new[runs[-1][1] : x]
            through = sum(len(ch.encode()) for ch, _ in gap) + sum(
                _sgr_cost(style)
                for (_, style), (_, prev) in zip(gap, new[runs[-1][1] - 1 : x], strict=False)
                if style != prev
            )
            if through < len(f"\x1b[{y + 1};{x + 1}H"):
                runs[-1][1] = x + 1
            else:
                runs.append([x, x + 1])
        for x1, x2 in runs:
            total += len(f"\x1b[{y + 1};{x1 + 1}H")
            for ch, style in new[x1:x2]:
                if style != last:
                    total += _sgr_cost(style)
                    last = style
                total += len(ch.encode())
    return total
