"""What the table sees of conditions: a player's character's own, with what is left, on the
players' screen, the page and in their recap; an NPC's never (the table did not necessarily
see the Storyteller give it), nor its ending."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elysium.chronicle.projection import project
from elysium.chronicle.view_check import accept
from elysium.cli import main
from elysium.tell.table import Table
from elysium.tui.players_render import characters
from elysium.web.page import board
from tests.chronicle_helpers import COTERIE, new_session

TABLE = [*COTERIE, "set Marcus player yes", 'add "Prince Vitel" elder']


def test_a_players_conditions_are_shown_and_an_npcs_are_not(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", TABLE)
    s.execute("condition Marcus Dominated 2 turns")
    s.execute('condition "Prince Vitel" "SECRET-PLAN" 3 nights')
    view = accept(json.dumps(project(s.state, s.events())).encode())
    rows = {r["name"]: r for r in view["characters"]}
    assert rows["Marcus"]["conditions"] == [{"en": "Dominated 2 turns", "ru": "Dominated: 2 хода"}]
    assert "conditions" not in rows["Prince Vitel"]
    screen = characters(view, "en").plain
    assert "Dominated 2 turns" in screen and "SECRET" not in screen
    assert "Dominated: 2 хода" in characters(view, "ru").plain
    page = board(view, "en", True)
    assert '<span class="condition">Dominated 2 turns</span>' in page and "SECRET" not in page
    s.close()


def test_the_table_reads_its_own_conditions_set_and_ended_only(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", TABLE)
    own = s.execute("condition Marcus Dominated 1 scene").event
    npc = s.execute('condition "Prince Vitel" SECRET-PLAN 1 scene').event
    ended = s.execute("scene").event
    assert own is not None and npc is not None and ended is not None
    table = Table(s.state)
    assert table.line(own, "en") == "Marcus: Dominated 1 scene"
    assert table.line(npc, "en") is None
    assert table.line(ended, "en") == "scene 2 — Dominated ends for Marcus"
    assert "SECRET" not in str(table.line(ended, "ru"))
    s.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_recap_and_the_log_tell_a_condition_set_and_ended(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "c"
    s = new_session(root, TABLE)
    s.execute("condition Marcus Dominated 1 scene")
    s.execute('condition "Prince Vitel" SECRET-PLAN 1 scene')
    s.execute("condition Marcus Dazzled 1 turn")
    s.execute('condition "Prince Vitel" SECRET-TURN 1 turn')
    s.execute("turn")
    s.execute('condition "Prince Vitel" SECRET-ALONE 1 turn')
    s.execute("turn")  # ends an NPC's only: nothing for the table
    s.execute("scene")
    s.close()
    capsys.readouterr()
    ends = {"en": "Dominated ends for Marcus", "ru": "Marcus: состояние «Dominated» закончилось"}
    turn = {"en": "turn 2 — Dazzled ends for Marcus", "ru": "ход 2 — Marcus: состояние «Dazzled»"}
    assert main(["--lang", lang, "recap", str(root)]) == 0
    own = capsys.readouterr().out
    assert ends[lang] in own and turn[lang] in own and "SECRET-ALONE" in own
    assert main(["--lang", lang, "recap", str(root), "--players"]) == 0
    theirs = capsys.readouterr().out
    assert ends[lang] in theirs and turn[lang] in theirs and "SECRET" not in theirs
    assert "turn 3" not in theirs and "ход 3" not in theirs
    assert main(["--lang", lang, "log", str(root)]) == 0
    log = capsys.readouterr().out
    assert ends[lang] in log and "Marcus: Dominated" in log
