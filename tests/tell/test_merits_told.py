"""Merits and Flaws told: their events in ``elysium log`` and the recap in both languages,
a roll's line naming the one it applied, ``elysium sheet`` (Markdown and HTML, user text
escaped), and the players' recap and view, where an NPC's never appear."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.projection import project
from elysium.chronicle.session import Session
from tests.chronicle_helpers import COTERIE, new_session
from tests.conftest import run_cli

TABLE = [
    *COTERIE,
    "set Marcus player yes",
    'add "Prince Vitel" elder',
    'merit Marcus "Lightning Reflexes" 3 dice +1',
    "flaw Marcus Nightmares 1",
    'flaw "Prince Vitel" "SECRET-FLAW Bad Sight" 2 diff +1',
    'merit "Prince Vitel" "SECRET-MERIT Eat Food" 1',
    'roll Marcus dexterity+brawl merit "Lightning Reflexes" dice 6,7,8,2,3,4',
    'roll "Prince Vitel" wits+awareness flaw SECRET dice 9,9,9,9',
    'merit Marcus "Lightning Reflexes" 4 dice +1',
    "flaw Marcus Nightmares 0",
]


@pytest.fixture
def root(tmp_path: Path) -> Path:
    s = new_session(tmp_path / "c", TABLE)
    s.close()
    return tmp_path / "c"


def _log(root: Path, lang: str) -> list[str]:
    proc = run_cli("log", str(root), "--lang", lang)
    assert proc.returncode == 0, proc.stderr
    return [line.split(maxsplit=5)[-1] for line in proc.stdout.splitlines()[-8:]]


def test_the_log_tells_each_change_in_both_languages(root: Path) -> None:
    assert _log(root, "en") == [
        "Marcus gains the Merit Lightning Reflexes (3 pts; dice +1 when a roll names it)",
        "Marcus gains the Flaw Nightmares (1 pt)",
        "Prince Vitel gains the Flaw SECRET-FLAW Bad Sight (2 pts; difficulty +1 when a roll "
        "names it)",
        "Prince Vitel gains the Merit SECRET-MERIT Eat Food (1 pt)",
        "Marcus: dexterity+brawl 6d diff 6 (Lightning Reflexes +1): +6 +7 +8 2 3 4 → 3 complete",
        "Prince Vitel: wits+awareness 4d diff 7 (SECRET-FLAW Bad Sight: difficulty +1): "
        "+9 +9 +9 +9 → 4 exceptional",
        "Marcus's Merit is now Lightning Reflexes (4 pts; dice +1 when a roll names it)",
        "Marcus loses the Flaw Nightmares",
    ]
    ru = _log(root, "ru")
    assert ru[0] == (
        "Marcus получает достоинство Lightning Reflexes (3 очка; +1 к костям, если бросок его "
        "называет)"
    )
    assert ru[1] == "Marcus получает недостаток Nightmares (1 очко)"
    assert "(SECRET-FLAW Bad Sight: сложность +1)" in ru[5]
    assert ru[6].startswith("Marcus: достоинство теперь Lightning Reflexes (4 очка")
    assert ru[7] == "Marcus теряет недостаток Nightmares"


def test_the_recap_tells_them_and_the_players_recap_keeps_an_npcs(root: Path) -> None:
    own = run_cli("recap", str(root)).stdout
    assert "- Marcus gains the Flaw Nightmares (1 pt)" in own
    assert "SECRET-MERIT" in own  # the Storyteller's own recap
    theirs = run_cli("recap", str(root), "--players").stdout
    assert "(Lightning Reflexes +1)" in theirs  # a player's own roll, told whole
    assert "SECRET" not in theirs
    assert "gains the" not in theirs and "Nightmares" not in theirs  # the view needs none
    russian = run_cli("recap", str(root), "--players", "--lang", "ru").stdout
    assert "SECRET" not in russian and "недостаток" not in russian


def test_the_players_view_holds_no_merit_or_flaw(root: Path) -> None:
    s = Session.open(root)
    try:
        view = project(s.state, s.events())
    finally:
        s.close()
    text = repr(view)
    assert "SECRET" not in text and "Nightmares" not in text
    assert "(Lightning Reflexes +1)" in text  # the player's roll, as the table saw it


def test_the_sheet_has_a_section_of_them(root: Path) -> None:
    md = run_cli("sheet", str(root), "Marcus").stdout
    assert "## Merits and Flaws\n\n### Merits\n\n- Lightning Reflexes: 4 pts, dice +1\n" in md
    assert "### Flaws" not in md  # Nightmares was taken away
    ru = run_cli("sheet", str(root), "Prince", "--lang", "ru", "--format", "html").stdout
    assert "<h2>Достоинства и недостатки</h2>" in ru
    assert '<td>SECRET-FLAW Bad Sight</td><td class="v">2 очка, сложность +1</td>' in ru
    none = run_cli("sheet", str(root), "Bob").stdout
    assert "Merits" not in none


def test_user_text_in_a_name_is_escaped_on_the_sheet(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", [*COTERIE, 'merit Bob "<b>Bold</b> *x* [l](y)" 2'])
    s.close()
    md = run_cli("sheet", str(tmp_path / "c"), "Bob").stdout
    assert "\\<b\\>Bold\\</b\\> \\*x\\* \\[l\\](y)" in md
    html = run_cli("sheet", str(tmp_path / "c"), "Bob", "--format", "html").stdout
    assert "&lt;b&gt;Bold&lt;/b&gt;" in html and "<b>Bold" not in html
