"""``elysium serve`` with many pages waiting: a change is drawn once per version and
language however many pages wait for it, each page gets its own language, a view gone bad
is still a 503 to every waiting page, and the board hears of a change from the kernel (the
poll put off) and from its poll alone (notify off)."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from elysium.chronicle import notify
from elysium.chronicle.players import SharedView
from elysium.chronicle.session import Session
from elysium.cli import main
from elysium.web import board as board_module
from elysium.web import handler, start, stop
from tests.chronicle_helpers import COTERIE, new_session

GUARD = 30.0  # seconds: a hang guard only
PAGES = {"en": 12, "ru": 4}


def _get(url: str) -> tuple[int, bytes, dict[str, str]]:
    try:
        with urllib.request.urlopen(url, timeout=GUARD) as r:
            return r.status, r.read(), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, e.read(), dict(e.headers)


def _until(check, what: str) -> None:
    end = time.monotonic() + GUARD  # hang guard
    while not check():
        assert time.monotonic() < end, f"never: {what}"
        time.sleep(0.02)


def _shared(tmp_path: Path) -> tuple[Path, Path]:
    root, to = tmp_path / "c", tmp_path / "shared"
    new_session(root, [*COTERIE, "set Marcus player yes"]).close()
    assert main(["share", str(root), "--to", str(to)]) == 0
    return root, to


def test_a_change_is_drawn_once_per_language_for_every_waiting_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, to = _shared(tmp_path)
    drawn: Counter[str] = Counter()
    draw = handler.board_html

    def counted(view, lang, writer, none="players.none_yet"):
        drawn[lang] += 1
        return draw(view, lang, writer, none)

    monkeypatch.setattr(handler, "board_html", counted)
    server, board = start(SharedView(to), "127.0.0.1", 0, "en")
    base = f"http://127.0.0.1:{server.server_address[1]}"
    writer = Session.open(root)
    try:
        _until(lambda: board.writer, "the writer seen")
        version = board.version
        langs = [lang for lang, n in PAGES.items() for _ in range(n)]
        with ThreadPoolExecutor(len(langs)) as pool:  # the board answers them itself
            waiting = [pool.submit(_get, f"{base}/board?after={version}&lang={x}") for x in langs]
            _until(lambda: board.waiting == len(langs), "every page waiting")
            drawn.clear()
            writer.execute("roll Marcus dex+brawl dice 7,3,10,2,8")
            answers = [f.result(timeout=GUARD) for f in waiting]  # hang guard
        got = [json.loads(body) for _, body, _ in answers]
        for status, _, headers in answers:  # as every answer is: the same manners
            assert status == 200 and headers["Content-Type"].startswith("application/json")
            assert "default-src 'none'" in headers["Content-Security-Policy"]
            assert headers["Cache-Control"] == "no-store"
        for lang, data in zip(langs, got, strict=True):
            assert data["version"] > version
            said = "ловкость+драка" if lang == "ru" else "dexterity+brawl"
            assert said in data["html"] and "+7 3 *10* 2 +8" in data["html"], lang
        for lang in PAGES:  # once per version each page was answered with, not per page
            versions = {d["version"] for x, d in zip(langs, got, strict=True) if x == lang}
            assert drawn[lang] == len(versions), (lang, drawn)

        version = max(d["version"] for d in got)  # a view gone bad: 503 to every page
        with ThreadPoolExecutor(5) as pool:
            waiting = [pool.submit(_get, f"{base}/board?after={version}") for _ in range(5)]
            _until(lambda: board.waiting == 5, "five pages waiting")
            (to / "view.json").write_bytes(
                b'{"format": "elysium-players", "version": 1, "rolls": 7}'
            )
            assert [f.result(timeout=GUARD)[0] for f in waiting] == [503] * 5  # hang guard
    finally:
        writer.close()
        stop(server, board)


@pytest.mark.parametrize("notified", [True, False], ids=["notified", "polled"])
def test_the_board_hears_of_a_change_by_the_kernel_or_by_its_poll_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, notified: bool
) -> None:
    root, to = _shared(tmp_path)
    if notified:  # the poll put off: only the kernel's word can bring the change
        if notify.watching([to]) is None:
            pytest.skip("no inotify here (not Linux, or a network file system)")
        monkeypatch.setattr(notify, "SAFETY", 3600.0)
        monkeypatch.setattr(board_module, "POLL", 3600.0)
    server, board = start(SharedView(to), "127.0.0.1", 0, "en", notify=notified)
    try:
        version = board.version
        writer = Session.open(root)  # its heartbeat: a new view
        try:
            _until(lambda: board.version > version and board.writer, "the writer's view")
        finally:
            writer.close()
    finally:
        stop(server, board)
