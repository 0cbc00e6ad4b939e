"""The tellers: one registry of event lines above the chronicle, which is handed them and
never imports them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import elysium.chronicle.events
from elysium.chronicle.events import ROLL_TYPES, Event
from elysium.chronicle.projection import project
from elysium.chronicle.state import State
from elysium.chronicle.telling import Tellers
from elysium.tell.events import describe
from elysium.tell.registry import TELLERS, tells
from elysium.tell.table import Table
from tests.chronicle_helpers import COTERIE, new_session

CHRONICLE = Path(elysium.chronicle.events.__file__).parent
ABOVE = ("elysium.tell", "elysium.tui", "elysium.cli", "elysium.web")


def test_every_kind_of_roll_has_a_teller() -> None:
    assert sorted(ROLL_TYPES - TELLERS.keys()) == []


def test_a_second_teller_for_one_kind_is_refused_and_the_first_stays() -> None:
    first = TELLERS["roll"]
    with pytest.raises(ValueError, match="roll"):
        tells({"roll": lambda d, lang: "another"})
    assert TELLERS["roll"] is first


def test_the_chronicle_imports_nothing_of_the_floors_above_it() -> None:
    found = []
    for path in sorted(CHRONICLE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            found += [f"{path.name}: {n}" for n in names if n.startswith(ABOVE)]
    assert found == []


def test_an_undo_is_retold_by_the_tellers_the_session_is_given(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", COTERIE[:1])
    s.tellers = Tellers(line=lambda e, lang: f"<{e.type} in {lang}>", table=Table)
    said = s.execute("undo").say
    assert "<character_added in ru>" in said.render("ru")
    assert "<character_added" not in said.render("en")  # English: the line as recorded


class _Reader:
    """A table that reads every event as its type and language."""

    def __init__(self, state: State, npcs: str, offstage: object = None) -> None:
        self.npcs = npcs

    def line(self, e: Event, lang: str) -> str | None:
        return f"{e.type}/{lang}/{self.npcs}"


def test_the_players_view_tells_its_rolls_with_the_tellers_it_is_handed(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", [*COTERIE, "set Marcus player yes", "roll Marcus 5"])
    view = project(s.state, s.events(), "hidden", tellers=Tellers(line=describe, table=_Reader))
    assert [r["line"] for r in view["rolls"]] == [{"en": "roll/en/hidden", "ru": "roll/ru/hidden"}]


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        ("en", "Marcus: Potence 2, Path lure of flames 1, Strength 3"),
        ("ru", "Marcus: Мощь 2, Путь lure of flames 1, Сила 3"),
    ],
)
def test_a_set_of_grouped_traits_is_told_by_their_names_not_their_keys(
    tmp_path: Path, lang: str, told: str
) -> None:
    # F3 sends its Disciplines and paths as discipline:NAME and path:NAME.
    s = new_session(tmp_path / "c", COTERIE)
    said = s.execute("set Marcus discipline:potence 2 path:lure-of-flames 1 strength 3")
    s.close()
    assert said.event is not None
    assert describe(said.event, lang) == told
