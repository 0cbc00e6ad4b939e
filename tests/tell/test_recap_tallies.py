"""The recap's tallies count every source: the blood point Celerity's extra actions cost at
initiative (seed 004 «Ход сражения»: a blood point buys the turn's extra actions), the
bashing level a botched feat marks (seed 002: a botched jump hurts the jumper), and a
botched feat is a notable roll. Driven through the command language, faces given; English
and Russian."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.tell.recap import build, markdown
from tests.chronicle_helpers import new_session

NIGHT = [
    'add "Ann" neonate',
    "set Ann celerity 2",
    'add "Bob" mortal',
    "combat start Ann Bob",
    "init dice Ann=5,Bob=5 celerity Ann=1",  # one blood point for the extra action
    "combat end",
    "feat Bob jump dice 1,1",  # a botch: one bashing level
]
# (language, section heading, the line it must hold)
TOLD = [
    ("en", "Blood", "Ann: spent 1, fed 0"),  # Celerity's blood point
    ("ru", "Кровь", "Ann: потрачено 1, выпито 0"),
    ("en", "Damage", "Bob: took 1, healed 0"),  # the botched jump's bashing level
    ("ru", "Раны", "Bob: получено 1, залечено 0"),
    ("en", "Notable", "Bob: jumping"),  # the botched jump itself
    ("ru", "Памятные", "Bob: прыжок"),
]


@pytest.mark.parametrize(("lang", "heading", "line"), TOLD)
def test_celerity_blood_a_feats_harm_and_a_botched_feat_are_counted(
    tmp_path: Path, lang: str, heading: str, line: str
) -> None:
    s = new_session(tmp_path / "c", NIGHT)
    assert s.state.characters["ann"].blood == 9  # the point was paid
    text = markdown(build(s.store.events(), 1, "Test", lang), lang)
    section = text.split(f"## {heading}")[1].split("\n## ")[0]
    assert line in section, section
    s.close()
