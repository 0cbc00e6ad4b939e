"""A player's own sheet in the players' view: what the view carries for a player's character
(never an NPC's, never notes), how a view's sheet is checked on read (hostile input, and an
older writer's view without sheets still reads), and the players' screen's ``s``."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from elysium.chronicle.players import ProjectedView
from elysium.chronicle.projection import project
from elysium.chronicle.view_check import ViewRefused, accept
from elysium.tell.players_sheet import sheets, view_sheet
from elysium.tell.sheet import lines
from tests.chronicle_helpers import COTERIE, new_session
from tests.tui_helpers import run_async, screen_text, until

TABLE = [
    *COTERIE,
    "set Marcus player yes",
    "set Marcus wits 4 alertness 4 celerity 2 resources 3",
    'set Marcus specialty wits "Quick-tempered"',
    'set Marcus notes "SECRET-PC-NOTE owes the Prince"',
    'set Marcus nature "Rebel"',
    "award Marcus 7",
    'add "Anna" mortal',
    "set Anna player yes",
    "set Anna occult 3",
    'add "Prince Vitel" elder',
    'set "Prince Vitel" dominate 5',
    'set "Prince Vitel" notes "SECRET-NPC-NOTE"',
]


@pytest.fixture(scope="module")
def view(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    s = new_session(tmp_path_factory.mktemp("sheet") / "c", TABLE)
    try:
        out = project(s.state, s.events(), writer={"pid": os.getpid(), "host": "h"})
    finally:
        s.close()
    out["writer"] |= {"updated": "2026-01-01T00:00:00.000+00:00", "stopped": False}
    return out


def _row(view: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in view["characters"] if c["name"] == name)


def test_a_players_character_carries_its_sheet_and_an_npc_none(view: dict[str, Any]) -> None:
    sheet = _row(view, "Marcus")["sheet"]
    assert sheet["attributes"]["wits"] == 4 and sheet["attributes"]["dexterity"] == 3
    assert sheet["abilities"] == {"brawl": 2, "alertness": 4}
    assert sheet["disciplines"] == {"fortitude": 2, "celerity": 2}
    assert sheet["backgrounds"] == {"resources": 3}
    assert sheet["virtues"] == {"conscience": 3, "self-control": 2, "courage": 1}
    assert sheet["morality"] == {"name": "humanity", "rating": 7}
    assert sheet["specialties"] == {"wits": "Quick-tempered"}
    assert (sheet["kind"], sheet["generation"], sheet["nature"], sheet["xp"]) == (
        "vampire",
        10,
        "Rebel",
        7,
    )
    assert "sheet" in _row(view, "Anna")
    assert set(_row(view, "Prince Vitel")) == {"name", "player", "wounds"}
    published = json.dumps(view)
    assert "SECRET" not in published and "dominate" not in published and "notes" not in published
    assert [r["name"] for r in sheets(accept(view))] == ["Marcus", "Anna"]


def test_the_sheet_reads_as_the_storytellers_in_both_languages(view: dict[str, Any]) -> None:
    row = accept(view)["characters"][0]
    en = [text for _, text in lines(view_sheet(row, "en"), "en", 76, notes=False)]
    ru = [text for _, text in lines(view_sheet(row, "ru"), "ru", 76, notes=False)]
    assert en[0] == "Marcus" and "Nature: Rebel" in en
    assert any("Wits" in line and "●●●●○ 4" in line for line in en)
    assert any(line.startswith("Willpower") and line.endswith("5 of 5") for line in en)
    assert any("Specialty (Wits)" in line and "Quick-tempered" in line for line in en)
    assert any("Смекалка" in line and "●●●●○ 4" in line for line in ru)
    assert any(line.startswith("Воля") for line in ru)
    assert not any("Notes" in line or "SECRET" in line for line in en)


def test_an_older_writers_view_without_sheets_still_reads(view: dict[str, Any]) -> None:
    old = json.loads(json.dumps(view))
    old["version"] = 1
    for row in old["characters"]:
        row.pop("sheet", None)
    shown = accept(json.dumps(old).encode())
    assert shown["version"] == 1 and sheets(shown) == []
    assert _row(shown, "Marcus")["willpower"] == {"points": 5, "rating": 5}


def test_a_sheet_on_an_npcs_row_is_dropped_whoever_wrote_it(view: dict[str, Any]) -> None:
    forged = json.loads(json.dumps(view))
    _row(forged, "Prince Vitel")["sheet"] = _row(forged, "Marcus")["sheet"]
    shown = accept(json.dumps(forged).encode())
    assert "sheet" not in _row(shown, "Prince Vitel")
    assert "sheet" in _row(shown, "Marcus")


HOSTILE = [
    # (what is done to Marcus's sheet, what the refusal names)
    ("kind", lambda s: s | {"kind": "demon"}, "sheet.kind"),
    ("a rating", lambda s: s | {"attributes": {"wits": "4"}}, "sheet.attributes.wits"),
    ("a huge rating", lambda s: s | {"abilities": {"brawl": 2**80}}, "sheet.abilities.brawl"),
    ("a list", lambda s: s | {"disciplines": [1, 2]}, "sheet.disciplines"),
    ("too many", lambda s: s | {"backgrounds": {f"b{i}": 1 for i in range(201)}}, "at most"),
    ("a long name", lambda s: s | {"virtues": {"x" * 1001: 1}}, "sheet.virtues"),
    ("morality", lambda s: s | {"morality": {"name": "humanity"}}, "rating"),
    ("generation", lambda s: s | {"generation": 0}, "sheet.generation"),
]


@pytest.mark.parametrize(("case", "change", "named"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_sheet_is_refused_in_one_line(
    view: dict[str, Any], case: str, change: Any, named: str
) -> None:
    bad = json.loads(json.dumps(view))
    row = _row(bad, "Marcus")
    row["sheet"] = change(row["sheet"])
    with pytest.raises(ViewRefused) as refused:
        accept(json.dumps(bad).encode())
    for lang in ("en", "ru"):
        said = refused.value.render(lang)
        assert "\n" not in said and said
    assert named in refused.value.render("en")


def test_a_sheets_text_is_neutralised_and_markup_kept(view: dict[str, Any]) -> None:
    bad = json.loads(json.dumps(view))
    sheet = _row(bad, "Marcus")["sheet"]
    sheet["specialties"] = {"wits\x1b]0;pwned\x07": "[bold red]x[/] \x9b2J"}
    sheet["clan"] = "Brujah\x1b[2J"
    shown = _row(accept(json.dumps(bad).encode()), "Marcus")["sheet"]
    ((trait, text),) = shown["specialties"].items()
    assert "\x1b" not in trait and "\ufffd" in trait and "pwned" in trait
    assert text.startswith("[bold red]x[/]") and "\x9b" not in text
    assert "\x1b" not in shown["clan"]


@run_async
async def test_s_opens_a_players_sheet_chosen_from_the_views_players(tmp_path: Path) -> None:
    """Two players' characters: ``s`` asks whose; Enter opens it read-only; Escape closes
    it; an NPC is never offered. One app session for every check (the suite's CPU)."""
    from elysium.tui.app import make_players_app

    root = tmp_path / "c"
    new_session(root, TABLE).close()
    source = ProjectedView(root)
    app = make_players_app(source, "en")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Prince Vitel" in screen_text(app), "the view drawn")
            await until(pilot, lambda: "s Sheet" in screen_text(app), "the key named")
            await pilot.press("s")
            await until(pilot, lambda: "Whose sheet?" in screen_text(app), "the choice")
            text = screen_text(app)
            assert "Marcus" in text and "Anna" in text
            await pilot.press("down", "enter")
            await until(pilot, lambda: "Character sheet" in screen_text(app), "Anna's sheet")
            text = screen_text(app)
            assert "Anna" in text and "Kind: mortal" in text and "Marcus" not in text
            await pilot.press("escape")
            await until(pilot, lambda: "Character sheet" not in screen_text(app), "closed")
            await pilot.press("s", "enter")
            await until(pilot, lambda: "Nature: Rebel" in screen_text(app), "Marcus's sheet")
            assert "SECRET" not in screen_text(app)
    finally:
        source.close()


@run_async
async def test_without_a_players_sheet_s_says_so_in_russian(tmp_path: Path) -> None:
    from elysium.tui.app import make_players_app

    root = tmp_path / "c"
    new_session(root, COTERIE).close()  # nobody is a player's character
    source = ProjectedView(root)
    app = make_players_app(source, "ru")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Marcus" in screen_text(app), "the view drawn")
            await pilot.press("s")
            said = "нет ни одного листа персонажа игрока"
            await until(pilot, lambda: said in screen_text(app), "the status line")
    finally:
        source.close()
