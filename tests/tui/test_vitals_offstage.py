"""The Storyteller sees which NPCs are kept off the players' view: a mark beside the name
in Vitals (``⊘``), never beside a player's character or an NPC the table sees."""

from __future__ import annotations

from pathlib import Path

from elysium.tui.widgets.vitals import NAME, cells
from tests.chronicle_helpers import COTERIE, new_session


def test_vitals_marks_a_hidden_npc_beside_its_name(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", [*COTERIE, "set Marcus player yes", "set Bob hidden yes"])
    chars = s.state.characters
    s.close()
    for lang in ("en", "ru"):
        assert cells(chars["bob"], lang).row[NAME].plain == "Bob ⊘"
        assert cells(chars["rex"], lang).row[NAME].plain == "Rex"
        assert cells(chars["marcus"], lang).row[NAME].plain == "Marcus"
