"""The page ``elysium serve`` shows, fetched from a real server: an NPC kept off the view is
in no byte of the page or its board until revealed, and a player's character's name opens
its sheet there (an NPC's never)."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path

from elysium.chronicle.players import ProjectedView, SharedView
from elysium.chronicle.session import Session
from elysium.cli import main
from elysium.web import start, stop
from tests.chronicle_helpers import COTERIE, new_session

NPC = "Kestrel Voss"
TABLE = [
    *COTERIE,
    "set Marcus player yes",
    "set Marcus wits 4",
    'set Marcus notes "SECRET-PC-NOTE"',
    f'add "{NPC}" vampire gen 11',
    f'set "{NPC}" hidden yes',
    f'roll "{NPC}" 4 dice 8,8,8,2',
    f'combat start Marcus "{NPC}" Bob',
]


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as r:
        assert r.status == 200
        return bytes(r.read())


def _board(base: str, after: int = -1) -> dict:
    return dict(json.loads(_get(f"{base}/board?after={after}")))


def test_a_hidden_npc_is_on_the_page_only_once_revealed(tmp_path: Path) -> None:
    root = tmp_path / "c"
    writer = new_session(root, TABLE)
    server, board = start(ProjectedView(root), "127.0.0.1", 0, "en")
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        page, first = _get(base + "/"), _board(base)
        assert b"Marcus" in page and b"Bob" in page
        for data in (page, json.dumps(first).encode(), _get(base + "/?lang=ru")):
            assert b"Kestrel" not in data
        writer.execute(f'set "{NPC}" hidden no')
        deadline = time.monotonic() + 30  # a hang guard only
        shown = first
        while NPC not in shown["html"]:
            assert time.monotonic() < deadline, "the page never showed the revealed NPC"
            shown = _board(base, shown["version"])
        assert NPC in _get(base + "/").decode()
        # Its roll while hidden the table never saw: not told once it is revealed.
        assert "+8 +8 +8 2" not in shown["html"]
    finally:
        stop(server, board)
        writer.close()


def test_a_players_name_opens_the_sheet_and_an_npcs_opens_nothing(tmp_path: Path) -> None:
    """Served from the shared directory, as on a server: the writer's published sheet."""
    root, to = tmp_path / "c", tmp_path / "shared"
    new_session(root, [*TABLE, f'set "{NPC}" hidden no']).close()
    assert main(["share", str(root), "--to", str(to)]) == 0
    Session.open(root).close()
    server, board = start(SharedView(to), "127.0.0.1", 0, "ru")
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        page = _get(base + "/?lang=ru").decode()
    finally:
        stop(server, board)
    sheets = re.findall(r'<details data-sheet="([^"]*)">', page)
    assert sheets == ["Marcus"]  # Bob and the NPC: no sheet to open
    start_at = page.index('<details data-sheet="Marcus">')
    marcus = page[start_at : page.index("</details>", start_at)]
    assert "<summary" in marcus and "Смекалка" in marcus and "●●●●○ 4" in marcus
    assert "Воля" in marcus and "SECRET" not in page and "Заметки" not in marcus
    assert "открыть лист: Marcus" in marcus  # the name says it opens
