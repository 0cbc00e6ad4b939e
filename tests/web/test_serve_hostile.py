"""``elysium serve`` against what a hostile group member or client sends: a malformed
view is a 503 (and serve listens even when the view is bad from the start), a wrong key
of any kind is a 403, nothing a client sends prints a traceback, and slow or stalled
clients are closed and bounded while a real page's long-poll still gets its answer."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from elysium.chronicle.players import SharedView
from elysium.chronicle.session import Session
from elysium.cli import main
from elysium.web import Board, start, stop
from tests.chronicle_helpers import COTERIE, new_session

if TYPE_CHECKING:
    from elysium.web.server import Server

TABLE = [*COTERIE, "set Marcus player yes", 'add "Prince Vitel" elder']
GUARD = 30.0  # seconds: every wait below is bounded by this, against a hang only


def _get(url: str, timeout: float = GUARD) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def _shared(tmp_path: Path) -> tuple[Path, Path]:
    root, to = tmp_path / "c", tmp_path / "shared"
    new_session(root, TABLE).close()
    assert main(["share", str(root), "--to", str(to)]) == 0
    return root, to


def _until(check: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + GUARD  # hang guard
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"never: {what}")


def _bad_views(good: dict) -> dict[str, bytes]:
    head = b'{"format": "elysium-players", "version": 1, '
    text = json.dumps(good).encode()
    return {
        "characters is text": json.dumps(good | {"characters": "abc"}).encode(),
        "pid 2**80": json.dumps(
            good | {"writer": good["writer"] | {"pid": 2**80, "stopped": False}}
        ).encode(),
        "a name that is a list": json.dumps(good | {"chronicle": [1]}).encode(),
        "nested 5,000 deep": head + b'"fight": ' + b"[" * 5000 + b"]" * 5000 + b"}",
        "not UTF-8": head + b'"chronicle": "\xff"}',
        "truncated": text[: len(text) // 2],
        "50 MB": head + b'"chronicle": "' + b"a" * (50 << 20) + b'"}',
    }


class Serve:
    """``elysium serve`` as a real process; its address from the line it prints."""

    def __init__(self, path: Path, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "elysium", "serve", str(path), "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # it listens: the address is printed
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found is not None, line + self.stop()
        self.port = int(found[1])
        self.base = f"http://127.0.0.1:{self.port}"

    def stop(self) -> str:
        self.proc.terminate()
        _, err = self.proc.communicate(timeout=GUARD)  # hang guard
        return err


@pytest.mark.parametrize("case", list(_bad_views({"writer": {}})))
def test_serve_listens_on_a_bad_view_answers_503_and_shows_it_once_good(
    tmp_path: Path, case: str
) -> None:
    _, to = _shared(tmp_path)
    path = to / "view.json"
    good = json.loads(path.read_bytes())
    path.write_bytes(_bad_views(good)[case])
    serve = Serve(to, "--key", "k")
    try:
        status, body = _get(f"{serve.base}/?key=k")
        assert status == 503 and b"cannot be shown just now" in body
        assert b'http-equiv="refresh"' in body  # the TV's page comes back by itself
        status, body = _get(f"{serve.base}/board?after=0&key=k&lang=ru")
        assert status == 503 and "сейчас не показать".encode() in body
        assert _get(f"{serve.base}/board?after=0&key=wrong")[0] == 403  # the key first
        path.write_bytes(json.dumps(good).encode())
        _until(lambda: _get(f"{serve.base}/?key=k")[0] == 200, "the page again")
        status, body = _get(f"{serve.base}/board?after=0&key=k")
        assert status == 200 and "Prince Vitel" in json.loads(body)["html"]
    finally:
        err = serve.stop()
    assert "Traceback" not in err and "Error" not in err, err
    warned = [line for line in err.splitlines() if line]
    assert len(warned) == 1 and "answers 503 until the view is good again" in warned[0], err


def test_a_waiting_page_hears_that_the_view_went_bad_then_gets_it_back(tmp_path: Path) -> None:
    _, to = _shared(tmp_path)
    path = to / "view.json"
    good = path.read_bytes()
    warned: list[str] = []
    server, board = start(
        SharedView(to), "127.0.0.1", 0, "en", warn=lambda e: warned.append(str(e))
    )
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        version = json.loads(_get(f"{base}/board?after=-1")[1])["version"]
        with ThreadPoolExecutor(1) as pool:
            waiting = pool.submit(_get, f"{base}/board?after={version}")
            _until(lambda: board.waiting == 1, "the page waiting")
            path.write_bytes(b'{"format": "elysium-players", "version": 1, "rolls": 7}')
            status, _ = waiting.result(timeout=GUARD)  # hang guard
        assert status == 503
        assert warned and "rolls must be a list" in warned[0]
        path.write_bytes(good.replace(b"Prince Vitel", b"Prince Vytautas"))
        _until(lambda: _get(f"{base}/board?after={version}")[0] == 200, "the board again")
        assert "Prince Vytautas" in json.loads(_get(f"{base}/board?after=0")[1])["html"]
    finally:
        stop(server, board)
    assert len(warned) == 1


def _raw(port: int, data: bytes) -> bytes:
    """What the server answers to these bytes (it closes the connection after)."""
    with socket.create_connection(("127.0.0.1", port), timeout=GUARD) as s:
        s.sendall(data)
        s.shutdown(socket.SHUT_WR)
        got = b""
        while chunk := s.recv(65536):
            got += chunk
    return got


KEY = "k3y-Right"
BAD_KEYS = {
    "non-ASCII": "key=%C3%A9",
    "non-ASCII raw": "key=\xe9",  # a byte 0xE9 in the request line: not UTF-8
    "not UTF-8": "key=%FF%FE",
    "empty": "key=",
    "none": "lang=ru",
    "very long": "key=" + "k" * 60_000,
    "repeated, the right one first": f"key={KEY}&key=other",
    "repeated, the right one second": f"key=other&key={KEY}",
    "repeated, both right": f"key={KEY}&key={KEY}",
    "almost": f"key={KEY}x",
    "a prefix": f"key={KEY[:-1]}",
    "another case": f"key={KEY.lower()}",
    "percent garbage": "key=%ZZ%",
    "NUL": "key=%00" + KEY,
}


def test_every_wrong_key_is_403_and_nothing_a_client_sends_prints_a_traceback(
    tmp_path: Path,
) -> None:
    _, to = _shared(tmp_path)
    serve = Serve(to, "--key", KEY)
    answers: dict[str, bytes] = {}
    try:
        for label, query in BAD_KEYS.items():
            for where in ("/", "/board"):
                request = f"GET {where}?{query} HTTP/1.1\r\nHost: x\r\n\r\n".encode("latin-1")
                answers[f"{label} {where}"] = _raw(serve.port, request)
        for label, answer in answers.items():
            assert answer.startswith(b"HTTP/1.0 403 "), (label, answer[:80])
            assert b"Prince Vitel" not in answer and b"?key=..." in answer, label
        raw_utf8 = _raw(serve.port, b"GET /?key=\xc3\xa9 HTTP/1.1\r\n\r\n")
        assert raw_utf8.startswith(b"HTTP/1.0 403 ")
        # Not keys, but as hostile: none may print a traceback or end the server.
        right = f"key={KEY}".encode()
        for label, request in {
            "huge path": b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n",
            "non-UTF-8 path": b"GET /\xff\xfe?" + right + b" HTTP/1.1\r\n\r\n",
            "bad after": b"GET /board?after=zz&" + right + b" HTTP/1.1\r\n\r\n",
            "after 5,000 digits": b"GET /board?after="
            + b"9" * 5000
            + b"&"
            + right
            + b" HTTP/1.1\r\n\r\n",
            "after a float": b"GET /board?after=-1e99&" + right + b" HTTP/1.1\r\n\r\n",
            "after twice": b"GET /board?after=x&after=1&" + right + b" HTTP/1.1\r\n\r\n",
            "lang garbage": b"GET /?lang=%C0%80&" + right + b" HTTP/1.1\r\n\r\n",
            "many fields": b"GET /?"
            + b"&".join(b"f%d=1" % i for i in range(5000))
            + b" HTTP/1.1\r\n\r\n",
            "200 headers": b"GET / HTTP/1.1\r\n" + b"X-A: b\r\n" * 200 + b"\r\n",
            "a long header": b"GET / HTTP/1.1\r\nX-A: " + b"b" * 70_000 + b"\r\n\r\n",
            "a header not UTF-8": b"GET / HTTP/1.1\r\nHost: \xff\xfe\r\nX\xff: \x00\r\n\r\n",
            "absurd length": b"GET / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n",
            "a body with a GET": b"GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello",
            "garbage": b"\x00\x01\x02\xff\r\n\r\n",
            "HTTP/9.9": b"GET / HTTP/9.9\r\n\r\n",
            "no version": b"GET\r\n\r\n",
            "a POST": b"POST /board HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc",
            "nothing": b"",
        }.items():
            answer = _raw(serve.port, request)
            assert request == b"" or answer, label  # an answer (an empty request: a close)
            # Never the standard library's HTML error page, which echoes the request back.
            if not answer.startswith((b"HTTP/1.0 200 ", b"HTTP/1.0 403 ")):
                assert b"<html" not in answer.lower() and b"\x00" not in answer, label
        assert _raw(serve.port, b"\x00\x01\x02\xff\r\n\r\n").startswith(
            b"HTTP/1.0 400 Bad Request\r\n"
        )
        assert _get(f"{serve.base}/?key=%C3%A9")[0] == 403
        status, page = _get(f"{serve.base}/?key={KEY}")
        assert status == 200 and b"Prince Vitel" in page  # still up, and the key still works
    finally:
        err = serve.stop()
    assert "Traceback" not in err and "Error" not in err and "elysium serve:" not in err, err


def test_a_key_that_is_not_ascii_opens_the_page(tmp_path: Path) -> None:
    _, to = _shared(tmp_path)
    serve = Serve(to, "--key", "кровь")
    try:
        assert _get(f"{serve.base}/?key=%D0%BA%D1%80%D0%BE%D0%B2%D1%8C")[0] == 200
        assert _get(f"{serve.base}/?key=%D0%BA%D1%80%D0%BE%D0%B2")[0] == 403
    finally:
        err = serve.stop()
    assert "Traceback" not in err


def _stall(port: int, n: int, what: bytes = b"GET / HT") -> list[socket.socket]:
    out = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port), timeout=GUARD)
        s.sendall(what)
        out.append(s)
    return out


def _closed(s: socket.socket) -> bool:
    """Whether the server closed this connection (what it sent before is read past)."""
    s.settimeout(GUARD)  # hang guard
    try:
        while s.recv(65536):
            pass
    except ConnectionError:
        return True
    except TimeoutError:
        return False
    return True


def _threads_now() -> int:
    return threading.active_count()


def _serving(to: Path, **limits: Any) -> tuple[Server, Board, str]:
    server, board = start(SharedView(to), "127.0.0.1", 0, "en", **limits)
    return server, board, f"http://127.0.0.1:{server.server_address[1]}"


def _wait_on(pool: ThreadPoolExecutor, base: str, board: Board, version: int) -> Future:
    """``/board?after=version`` sent, once it waits on the board or was answered."""
    before = board.waiting
    waiting = pool.submit(_get, f"{base}/board?after={version}")
    _until(lambda: board.waiting > before or waiting.done(), "the page's request waiting")
    return waiting


def _long_poll(pool: ThreadPoolExecutor, base: str, board: Board) -> tuple[Future, int]:
    """A page's ``/board?after=N`` for the version now, once it waits on the board. Asked
    again, as a page would, when it was answered at once: on a loaded machine the request
    that read the version may still hold its slot when this one comes (a 503), or the board
    may have moved on between the two."""
    end = time.monotonic() + GUARD  # hang guard
    while time.monotonic() < end:
        status, body = _get(f"{base}/board?after=-1")
        if status != 200:
            time.sleep(0.05)
            continue
        version = json.loads(body)["version"]
        waiting = _wait_on(pool, base, board, version)
        if not waiting.done():
            return waiting, version
    raise AssertionError("the page's request never waited on the board")


def test_stalled_clients_are_closed_after_the_header_timeout_and_a_long_poll_is_not(
    tmp_path: Path,
) -> None:
    root, to = _shared(tmp_path)
    base_threads = _threads_now()
    server, board, base = _serving(to, header_timeout=0.5)
    stalled: list[socket.socket] = []
    try:
        with ThreadPoolExecutor(1) as pool:
            waiting, version = _long_poll(pool, base, board)
            stalled += _stall(server.server_address[1], 50)
            # board, serve, the pool's worker, and at most one thread a connection
            assert _threads_now() - base_threads <= 3 + 51
            stalled += _stall(server.server_address[1], 1, b"G")
            trickle = stalled.pop()
            end = time.monotonic() + GUARD  # hang guard
            while not _closed_now(trickle):  # a byte at a time, for ever: the deadline is
                assert time.monotonic() < end, "a trickling client was never closed"
                try:  # for the whole request, not for each read
                    trickle.sendall(b"E")
                except OSError:
                    break
                time.sleep(0.05)
            trickle.close()
            assert all(_closed(s) for s in stalled)  # closed by the server, not by us
            _until(lambda: server.connections() == 1, "only the page left")
            assert not waiting.done()  # the long-poll waits past the header timeout
            writer = Session.open(root)
            try:
                writer.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
                status, body = waiting.result(timeout=GUARD)  # hang guard
            finally:
                writer.close()
        assert status == 200 and json.loads(body)["version"] > version
        _until(lambda: server.connections() == 0, "every connection closed")
        _until(lambda: _threads_now() <= base_threads + 2, "every connection's thread gone")
    finally:
        for s in stalled:
            s.close()
        stop(server, board)


def test_connections_are_bounded_and_stalled_ones_make_room_for_a_real_page(
    tmp_path: Path,
) -> None:
    root, to = _shared(tmp_path)
    base_threads = _threads_now()
    server, board, base = _serving(to, header_timeout=GUARD * 10, max_connections=8)
    port = server.server_address[1]
    stalled: list[socket.socket] = []
    try:
        with ThreadPoolExecutor(2) as pool:
            waiting, version = _long_poll(pool, base, board)
            for _ in range(50):
                stalled += _stall(port, 1)
                assert server.connections() <= 8
            _until(lambda: sum(_closed_now(s) for s in stalled) >= 50 - 7, "room made")
            assert server.connections() <= 8
            assert _threads_now() - base_threads <= 2 + 8 + 2  # a closing one or two
            # A real page's request, while every slot is taken: a stalled one makes room.
            status, page = _get(base + "/")
            assert status == 200 and b"Prince Vitel" in page
            second, _ = _long_poll(pool, base, board)
            writer = Session.open(root)
            try:
                writer.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
                for answer in (waiting, second):
                    status, body = answer.result(timeout=GUARD)  # hang guard
                    assert status == 200 and json.loads(body)["version"] > version
            finally:
                writer.close()
    finally:
        for s in stalled:
            s.close()
        stop(server, board)


def _closed_now(s: socket.socket) -> bool:
    s.setblocking(False)
    try:
        return s.recv(65536) == b""
    except BlockingIOError:
        return False
    except ConnectionError:
        return True
    finally:
        s.setblocking(True)


def test_when_every_slot_is_a_real_request_a_newcomer_gets_503_at_once(
    tmp_path: Path,
) -> None:
    root, to = _shared(tmp_path)
    server, board, base = _serving(to, max_connections=2)
    try:
        with ThreadPoolExecutor(2) as pool:
            first, _ = _long_poll(pool, base, board)
            second, _ = _long_poll(pool, base, board)
            status, body = _get(base + "/")
            assert status == 503 and b"Too many connections" in body
            writer = Session.open(root)
            try:
                writer.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
                for answer in (first, second):
                    assert answer.result(timeout=GUARD)[0] == 200  # hang guard
            finally:
                writer.close()
        _until(lambda: server.connections() == 0, "both answered")
        assert _get(base + "/")[0] == 200
    finally:
        stop(server, board)


def test_hostile_names_reach_the_page_neutralised_and_escaped(tmp_path: Path) -> None:
    _, to = _shared(tmp_path)
    path = to / "view.json"
    view = json.loads(path.read_bytes())
    view["chronicle"] = "\x1b]0;pwned\x07<script>alert(1)</script>"
    view["characters"][0]["name"] = "\x9b2J[bold red]M[/"
    path.write_bytes(json.dumps(view).encode())
    server, board = start(SharedView(to), "127.0.0.1", 0, "en")
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        status, page = _get(base + "/")
        data = json.loads(_get(base + "/board?after=0")[1])
    finally:
        stop(server, board)
    assert status == 200
    for text in (page.decode(), data["html"], data["title"]):  # the title is set as text
        assert not re.search("[\x00-\x1f\x7f-\x9f]", text.replace("\n", "")), text
    assert "<script>alert" not in page.decode() and "<script>alert" not in data["html"]
    assert "\ufffd]0;pwned\ufffd&lt;script&gt;" in data["html"] and "[bold red]M[/" in data["html"]
