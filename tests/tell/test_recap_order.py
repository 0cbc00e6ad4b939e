"""The recap tells a chapter in order (issue 14): what happened during a fight is told in
that fight's round, the scene says where the fight came; experience spent is counted beside
experience awarded; a chapter without a fight has no Fights heading. In Markdown and HTML,
English and Russian."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from elysium.chronicle.session import Session
from elysium.tell.recap import build, markdown, page
from tests.chronicle_helpers import COTERIE, new_session

FIGHT = [
    "roll Bob dexterity dice 8",  # before the fight
    "combat start Marcus Bob",
    "init dice Marcus=5,Bob=6",
    "declare Bob dodge",
    "declare Marcus attack Bob punch",
    "roll Bob wits dice 3",  # during the fight, not an attack
    "spend Marcus blood 1",
    "attack Marcus Bob punch dice 8,8,8,8,8",
    "combat end",
    "award Marcus 20",  # after the fight
    "raise Marcus dexterity",  # 12 XP (Attribute, 3 × 4)
]
HEADINGS = {
    "en": ("Scenes", "Fights, round by round", "Experience awarded and spent"),
    "ru": ("Сцены", "Бои по раундам", "Опыт выдан и потрачен"),
}
SPENT = {"en": "Marcus: 20 XP awarded, 12 spent", "ru": "Marcus: опыт выдан — 20, потрачен — 12"}


def _session(tmp_path: Path, commands: list[str]) -> Session:
    return new_session(tmp_path / "c", [*COTERIE, *commands])


def _section(text: str, heading: str, fmt: str) -> str:
    """The text under ``heading`` up to the next section's heading."""
    start = f"## {heading}\n" if fmt == "md" else f"<h2>{heading}</h2>"
    end = "\n## " if fmt == "md" else "<h2>"
    assert start in text, text
    return text.split(start, 1)[1].split(end, 1)[0]


def _render(s: Session, lang: str, fmt: str) -> str:
    recap = build(s.events(), 1, "Test", lang)
    return markdown(recap, lang) if fmt == "md" else page(recap, lang)


# Lines of the recap, in each language, that must come in this order.
IN_FIGHT = {
    "en": ("Round 1", "Bob: wits 1d", "Marcus spends 1 blood", "Marcus → Bob, punch"),
    "ru": ("Раунд 1", "Bob: смекалка 1к", "Marcus тратит кровь: 1", "Marcus → Bob, удар рукой"),
}
IN_SCENE = {
    "en": (
        "Bob: dexterity 1d",
        "Fight: Marcus, Bob (round by round under Fights)",
        "is awarded 20 XP",
    ),
    "ru": (
        "Bob: ловкость 1к",
        "Бой: Marcus, Bob (по раундам в разделе «Бои»)",
        "получает опыт: 20",
    ),
}


def _in_order(text: str, pieces: tuple[str, ...]) -> None:
    at = [text.find(piece) for piece in pieces]
    assert -1 not in at and at == sorted(at), (pieces, text)


@pytest.mark.parametrize("fmt", ["md", "html"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_what_happened_during_a_fight_is_told_in_its_round_in_order(
    tmp_path: Path, lang: str, fmt: str
) -> None:
    s = _session(tmp_path, FIGHT)
    text = _render(s, lang, fmt)
    scenes_heading, fights_heading, _ = HEADINGS[lang]
    scenes = _section(text, scenes_heading, fmt)
    fights = _section(text, fights_heading, fmt)
    # The wits roll and the blood spent come in the fight's round, before the attack...
    _in_order(fights, IN_FIGHT[lang])
    # ...and not among the scene's lines, which say where the fight came.
    for during in IN_FIGHT[lang][1:3]:
        assert during not in scenes, scenes
    _in_order(scenes, IN_SCENE[lang])
    s.close()


@pytest.mark.parametrize("fmt", ["md", "html"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_experience_spent_is_counted_beside_experience_awarded(
    tmp_path: Path, lang: str, fmt: str
) -> None:
    s = _session(tmp_path, FIGHT)
    text = _render(s, lang, fmt)
    xp = _section(text, HEADINGS[lang][2], fmt)
    assert SPENT[lang] in xp, xp
    assert build(s.events(), 1, "Test", lang).xp == {"Marcus": [20, 12]}
    s.close()


@pytest.mark.parametrize("fmt", ["md", "html"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_chapter_without_a_fight_has_no_fights_heading(
    tmp_path: Path, lang: str, fmt: str
) -> None:
    s = _session(tmp_path, ["roll Bob dexterity dice 8", "award Marcus 3"])
    text = _render(s, lang, fmt)
    scenes_heading, fights_heading, xp_heading = HEADINGS[lang]
    assert fights_heading not in text, text
    assert scenes_heading in text and xp_heading in text
    with_fight = _render(_session(tmp_path / "b", FIGHT), lang, fmt)
    assert fights_heading in with_fight


def test_the_pointer_names_the_fight_once_per_fight(tmp_path: Path) -> None:
    s = _session(tmp_path, [*FIGHT[:-2], "combat start Marcus Rex", "combat end"])
    text = _render(s, "en", "md")
    scenes = _section(text, "Scenes", "md")
    assert len(re.findall(r"round by round under Fights", scenes)) == 2, scenes
    s.close()


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [("en", "Night 1", "Nights 1–2"), ("ru", "Ночь 1", "Ночи 1–2")],
)
@pytest.mark.parametrize("fmt", ["md", "html"])
def test_a_recap_of_one_night_names_that_night(
    tmp_path: Path, lang: str, one: str, two: str, fmt: str
) -> None:
    s = _session(tmp_path, ["roll Bob dexterity dice 8"])
    text = _render(s, lang, fmt)
    assert one in text and "1–1" not in text
    s.execute("night")
    s.execute("roll Bob dexterity dice 8")
    assert two in _render(s, lang, fmt)
