"""``elysium watch SHARED`` in a real terminal while someone in the table's group writes
``view.json`` by hand: a malformed file is one line on the status line and the screen
stays up, follows the file and shows it again once it is good; no escape sequence or C1
control from a hostile name reaches the terminal (every byte written is searched)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from elysium.cli import main
from tests.chronicle_helpers import COTERIE, new_session
from tests.pty_helpers import Terminal, terminal_env

TABLE = [*COTERIE, "set Marcus player yes", 'add "Prince Vitel" elder']
# Raw sequences a hostile name carries; none may reach the terminal as it is.
GUARD = 30.0  # seconds: a bound against a hang only
SEQUENCES = [b"\x1b]0;pwned", b"\x1b[2Jwiped", b"\x1b[31mRED", "\x9b2J".encode()]


def _shared(tmp_path: Path) -> Path:
    root, to = tmp_path / "c", tmp_path / "shared"
    s = new_session(root, TABLE)
    s.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
    s.close()
    assert main(["share", str(root), "--to", str(to)]) == 0
    return to


def _wait_after(term: Terminal, start: int, needle: bytes, timeout: float = 30) -> int:
    """Poll the terminal until ``needle`` appears past byte ``start``; where it ends."""
    end = time.monotonic() + timeout  # hang guard
    while time.monotonic() < end:
        with term.lock:
            found = term.output.find(needle, start)
        if found >= 0:
            return found + len(needle)
        assert term.proc.poll() is None, "the players' screen died"
        time.sleep(0.05)
    with term.lock:
        tail = bytes(term.output[start:])[-2000:]
    raise AssertionError(f"{needle!r} never appeared; last bytes: {tail!r}")


def _write(path: Path, data: bytes) -> None:
    """As a hostile hand would: in place or renamed, the stat changes either way."""
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _bad(good: dict[str, Any]) -> dict[str, bytes]:
    text = json.dumps(good).encode()
    head = b'{"format": "elysium-players", "version": 1, '
    return {
        "characters is text": json.dumps(good | {"characters": "abc"}).encode(),
        "pid 2**80": json.dumps(good | {"writer": good["writer"] | {"pid": 2**80}}).encode(),
        "nested 5,000 deep": head + b'"rolls": ' + b"[" * 5000 + b"]" * 5000 + b"}",
        "not UTF-8": head + b'"chronicle": "\xff\xfe"}',
        "truncated": text[: len(text) // 2],
        "2 MB": head + b'"chronicle": "' + b"a" * (2 << 20) + b'"}',
    }


def test_a_malformed_view_is_said_in_one_line_and_followed_until_good_again(
    tmp_path: Path,
) -> None:
    to = _shared(tmp_path)
    path = to / "view.json"
    good = json.loads(path.read_bytes())
    term = Terminal(Path("watch"), terminal_env(tmp_path), (str(to), "--lang", "en"))
    try:
        at = _wait_after(term, 0, b"Prince Vitel")
        for n, (case, data) in enumerate(_bad(good).items()):
            _write(path, data)
            at = _wait_after(term, at, b"cannot be shown")
            fixed = f"Prince Vitel {n}th"
            renamed = good | {"characters": [*good["characters"][:-1], {"name": fixed}]}
            _write(path, json.dumps(renamed).encode())
            at = _wait_after(term, at, fixed.encode())
            assert term.proc.poll() is None, case
        term.type("q")
        assert term.proc.wait(15) == 0  # hang guard
    finally:
        term.close()
    seen = term.shown()
    assert b"Traceback" not in seen and b"Error" not in seen


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_escape_sequence_from_a_view_reaches_the_players_terminal(
    tmp_path: Path, lang: str
) -> None:
    to = _shared(tmp_path)
    path = to / "view.json"
    good = json.loads(path.read_bytes())
    term = Terminal(Path("watch"), terminal_env(tmp_path), (str(to), "--lang", lang))
    try:
        _wait_after(term, 0, b"Prince Vitel")
        hostile = json.loads(json.dumps(good))
        hostile["chronicle"] = "\x1b]0;pwned\x07[bold red]Night[/]"
        hostile["characters"][0]["name"] = "\x1b[2Jwiped"
        hostile["characters"][1]["name"] = "\x1b[31mRED[/"
        hostile["characters"][2]["name"] = "\x9b2Jc1"
        for row in hostile["rolls"]:
            line = "\x1b]0;pwned\x07line \x1b[31mRED \x9b2J [b]x[/b]"
            row["line"] = {"en": line, "ru": line}
        hostile["writer"]["host"] = "\x1b]0;host\x07"
        _write(path, json.dumps(hostile).encode())
        at = _wait_after(term, 0, b"[bold red]Night[/]")  # markup shown as typed
        _wait_after(term, 0, b"wiped")
        _wait_after(term, 0, b"c1")
        _wait_after(term, at, b"[b]x[/b]")
        term.type("q")
        assert term.proc.wait(15) == 0  # hang guard
    finally:
        term.close()
    seen = term.shown()
    for raw in SEQUENCES:
        assert raw not in seen, raw
    text = seen.decode("utf-8", "replace")
    c1 = [hex(ord(ch)) for ch in text if 0x80 <= ord(ch) <= 0x9F]
    assert not c1, c1
    assert "\ufffd]0;pwned" in text  # the escape is shown, neutralised, not dropped


def test_a_malformed_view_at_start_is_one_line_and_no_traceback(tmp_path: Path) -> None:
    """Before the screen starts, a view it cannot show is said in one line (as a file that
    is not JSON always was) and ``watch`` ends with status 2; it crashed with a traceback."""
    to = _shared(tmp_path)
    path = to / "view.json"
    good = json.loads(path.read_bytes())
    path.write_bytes(json.dumps(good | {"characters": "abc"}).encode())
    term = Terminal(Path("watch"), terminal_env(tmp_path), (str(to), "--lang", "ru"))
    try:
        assert term.proc.wait(GUARD) == 2  # hang guard
        term.reader.join(GUARD)  # hang guard: everything it wrote is read
    finally:
        term.close()
    with term.lock:
        said = bytes(term.output).decode("utf-8", "replace").strip()
    assert "не вид для игроков Elysium: characters — нужен список" in said, said
    assert "Traceback" not in said and len(said.splitlines()) == 1, said
