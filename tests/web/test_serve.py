"""``elysium serve`` (issue 15): the players' view as a web page, read-only, live."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from elysium.chronicle.players import ProjectedView, SharedView
from elysium.chronicle.session import Session
from elysium.cli import main
from elysium.web import start, stop
from tests.chronicle_helpers import COTERIE, new_session

TABLE = [
    *COTERIE,
    "set Marcus player yes",
    'add "Prince Vitel" elder',
    'set "Prince Vitel" notes "SECRET-NPC-NOTE plans the blood hunt"',
]
SECRETS = (b"SECRET-NPC-NOTE", b"dominate", b"hidden", "🔒".encode(), "скрыт".encode())


def _get(url: str, timeout: float = 30) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def _shared(tmp_path: Path) -> tuple[Path, Path]:
    root, to = tmp_path / "c", tmp_path / "shared"
    new_session(root, TABLE).close()
    assert main(["share", str(root), "--to", str(to)]) == 0
    return root, to


def test_the_page_shows_the_view_and_a_new_event_reaches_a_waiting_page(tmp_path: Path) -> None:
    root, to = _shared(tmp_path)
    server, board = start(SharedView(to), "127.0.0.1", 0, "en")
    base = f"http://127.0.0.1:{server.server_address[1]}"
    seen: list[bytes] = []
    try:
        status, headers, page = _get(base + "/")
        seen.append(page)
        assert status == 200 and headers["Content-Type"].startswith("text/html")
        assert "default-src 'none'" in headers["Content-Security-Policy"]
        assert b"Prince Vitel" in page and b"Marcus" in page and b"WRITER STOPPED" in page
        writer = Session.open(root)
        try:
            deadline = time.monotonic() + 10
            while not board.writer and time.monotonic() < deadline:
                time.sleep(0.05)
            version = board.version
            assert board.writer and b"WATCHING" in _get(base + "/")[2]
            with ThreadPoolExecutor(1) as pool:
                waiting = pool.submit(_get, f"{base}/board?after={version}")
                time.sleep(0.3)  # the request is waiting on the board now
                assert not waiting.done()
                writer.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
                writer.execute("roll Marcus wits+brawl hidden dice 1,1,1")
                status, _, body = waiting.result(timeout=10)
            assert status == 200
            data = json.loads(body)
            assert data["version"] > version
            seen.append(body)
            deadline = time.monotonic() + 10
            while b"+7 3 *10* 2 +8" not in body and time.monotonic() < deadline:
                _, _, body = _get(f"{base}/board?after={json.loads(body)['version']}")
                seen.append(body)
            assert "+7 3 *10* 2 +8" in json.loads(body)["html"]
            _, _, ru = _get(f"{base}/board?after=0&lang=ru")
            assert "ловкость+драка 5к" in json.loads(ru)["html"]
            seen.append(ru)
        finally:
            writer.close()
        _, _, page = _get(base + "/")
        seen.append(page)
    finally:
        stop(server, board)
    for data in seen:
        for secret in SECRETS:
            assert secret not in data, secret
        assert b"1, 1, 1" not in data and b"-1- -1- -1-" not in data


def test_the_page_is_read_only_and_escapes_names(tmp_path: Path) -> None:
    root = tmp_path / "c"
    s = new_session(root, [*TABLE, 'add "<script>alert(1)</script>" mortal'])
    s.close()
    server, board = start(ProjectedView(root), "127.0.0.1", 0, "en")
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        _, _, page = _get(base + "/")
        assert b"<script>alert" not in page and b"&lt;script&gt;alert(1)" in page
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "BREW"):
            request = urllib.request.Request(base + "/board", data=b"x", method=method)
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=10)
            assert refused.value.code == 405
        assert _get(base + "/chronicle.json")[0] == 404
        assert _get(base + "/")[1]["Server"] == "Elysium"
        now = json.loads(_get(base + "/board?after=-5")[2])["version"]
        started = time.monotonic()
        head = urllib.request.Request(f"{base}/board?after={now}", method="HEAD")
        with urllib.request.urlopen(head, timeout=10) as r:
            assert r.status == 200 and r.read() == b""
        # HEAD never waits for a change (a GET would wait web.WAIT, 25 s, for one)
        assert time.monotonic() - started < 12  # hang guard
        assert _get(base + "/../c/chronicle.json")[0] == 404
        assert _get(base + "/board.js")[1]["Content-Type"].startswith("text/javascript")
    finally:
        stop(server, board)
    again = Session.open(root)  # the server held no lock and changed nothing
    assert again.report == [] and again.state.events == s.state.events
    again.close()


def test_serve_says_where_and_warns_off_localhost(tmp_path: Path) -> None:
    """The command itself: one line with the address; a busy port is one clear line."""
    _, to = _shared(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "elysium", "serve", str(to), "--port", "0", "--host", "0.0.0.0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None and proc.stderr is not None
        line = proc.stdout.readline()
        assert line.startswith("Serving the players' view at http://")
        assert "0.0.0.0" not in line  # the wildcard is no address to open
        found = re.search(r"http://[^ ]+:(\d+)/\?key=([\w-]+)", line)
        assert found is not None, line
        port, key = int(found[1]), found[2]
        assert "anyone who can reach this address" in proc.stderr.readline()
        assert b"Prince Vitel" in _get(f"http://127.0.0.1:{port}/?key={key}")[2]
        # Every user of a shared server reaches 127.0.0.1: without the key, nothing.
        status, _, body = _get(f"http://127.0.0.1:{port}/")
        assert status == 403 and b"Prince Vitel" not in body and b"needs its key" in body
        assert _get(f"http://127.0.0.1:{port}/board?after=0&key=wrong")[0] == 403
        busy = subprocess.run(
            [sys.executable, "-m", "elysium", "serve", str(to), "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert busy.returncode == 2
        assert f"cannot listen on 127.0.0.1 port {port}" in busy.stderr
        assert "Traceback" not in busy.stderr
    finally:
        proc.terminate()
        assert proc.wait(15) == 0


def test_chromium_shows_the_table_live_and_never_a_hidden_roll(tmp_path: Path) -> None:
    """The page in a real browser (headless Chromium, the system's package): the initiative
    order and a player's health show, a new event appears without a reload, and a hidden
    roll never does."""
    from tests.web.browser import Browser, chromium

    if chromium() is None:
        pytest.skip("no Chromium here: .ci/run installs Debian's chromium package")
    root, to = _shared(tmp_path)
    writer = Session.open(root)
    browser: Browser | None = None
    server, board = start(SharedView(to), "127.0.0.1", 0, "en", key="tv-Key_1")
    try:
        writer.execute('combat start Marcus "Prince Vitel"')
        writer.execute("init dice Marcus=5,Prince=3")
        writer.execute("damage Marcus 2 lethal nosoak")
        browser = Browser(1280, 800)
        browser.open(f"http://127.0.0.1:{server.server_address[1]}/?key=tv-Key_1")
        shown = browser.wait_for("Prince Vitel")
        assert "initiative" in shown.lower() and "Declaring:" in shown, shown
        assert "Marcus" in shown and "Hurt (−1)" in shown and "WP 5/5" in shown
        writer.execute("roll Marcus wits+brawl hidden dice 1,1")
        writer.execute('roll "Prince Vitel" wits+dominate hidden')
        writer.execute("roll Marcus dex+brawl dice 7,3,10,2")
        shown = browser.wait_for("+7 3 *10* 2 →")  # appeared: the page was not reloaded
        assert browser.evaluate("performance.getEntriesByType('navigation').length") == 1
        writer.close()
        shown = browser.wait_for("WRITER STOPPED")
        html = str(browser.evaluate("document.documentElement.outerHTML"))
        for text in (shown, html):
            for secret in SECRETS:
                assert secret.decode() not in text
            assert "-1- -1-" not in text and "wits+dominate" not in text
    finally:
        writer.close()
        if browser is not None:
            browser.close()
        stop(server, board)


def test_chromium_says_when_the_board_is_no_longer_live(tmp_path: Path) -> None:
    """A view.json made unreadable under an open page: the TV keeps the last board and says
    on top of it that it is not live; the next good view clears the notice."""
    from tests.web.browser import Browser, chromium

    if chromium() is None:
        pytest.skip("no Chromium here: .ci/run installs Debian's chromium package")
    root, to = _shared(tmp_path)
    writer = Session.open(root)
    browser: Browser | None = None
    server, board = start(SharedView(to), "127.0.0.1", 0, "en", key="k")
    stale = "document.body.classList.contains('stale')"
    try:
        browser = Browser(1280, 800)
        browser.open(f"http://127.0.0.1:{server.server_address[1]}/?key=k")
        browser.wait_for("Prince Vitel")
        assert not browser.evaluate(stale)
        good = json.loads((to / "view.json").read_text())
        (to / "view.json").write_text(json.dumps({**good, "characters": "abc"}))
        browser.wait_until(stale)
        notice = browser.evaluate(
            "getComputedStyle(document.body, '::before').getPropertyValue('content')"
        )
        assert "Not live" in str(notice), notice
        assert "Prince Vitel" in browser.text()  # the last board stays up
        writer.execute("roll 4 by Marcus dice 7,3,10,2")  # publishes a good view
        browser.wait_until(f"!{stale}")
        browser.wait_for("+7 3 *10* 2 →")
    finally:
        writer.close()
        if browser is not None:
            browser.close()
        stop(server, board)


@pytest.mark.parametrize("key", ["a&b=c", " sp ace ", "ключ#1?"])
def test_the_printed_address_opens_whatever_the_key(tmp_path: Path, key: str) -> None:
    _, to = _shared(tmp_path)
    command = [sys.executable, "-m", "elysium", "serve", str(to), "--port", "0", "--key", key]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"(http://127\.0\.0\.1:\d+/\S*)", line)
        assert found is not None and " " not in found[1], line
        status, _, body = _get(found[1])
        assert status == 200 and b"Prince Vitel" in body, (line, status)
    finally:
        proc.terminate()
        assert proc.wait(15) == 0


def test_an_empty_key_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, to = _shared(tmp_path)
    capsys.readouterr()
    assert main(["serve", str(to), "--key", ""]) == 2
    err = capsys.readouterr().err
    assert "--key is empty" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--port", "99999"], "must be a port from 0 to 65535 (0: any free port), got '99999'"),
        (["--port", "-1"], "must be a port from 0 to 65535"),
        (["--port", "abc", "--lang", "ru"], "ожидается порт от 0 до 65535"),
        (["--host", "nonsense.invalid"], "cannot listen on nonsense.invalid port"),
    ],
)
def test_serve_refuses_a_bad_address_in_one_line(
    tmp_path: Path, args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _, to = _shared(tmp_path)
    capsys.readouterr()
    try:
        code = main(["serve", str(to), *args])
    except SystemExit as exc:  # argparse's refusal
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and said in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_the_page_says_when_the_view_is_withdrawn(tmp_path: Path) -> None:
    root, to = _shared(tmp_path)
    server, board = start(SharedView(to), "127.0.0.1", 0, "en")
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        assert b"Prince Vitel" in _get(base + "/")[2]
        version = board.version
        assert main(["share", str(root), "--stop"]) == 0
        data = json.loads(_get(f"{base}/board?after={version}")[2])
        assert "withdrawn the players&#x27; view" in data["html"]  # escaped, as all text
        assert "Prince Vitel" not in data["html"]
        assert b"withdrawn the players&#x27; view" in _get(base + "/")[2]
    finally:
        stop(server, board)
