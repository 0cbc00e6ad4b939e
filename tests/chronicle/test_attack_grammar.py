"""One grammar for an attack's words (issue 14): ``attack NAME ...`` and ``declare NAME
attack ...`` read the same words with one parser (attack_parts.parse_attack). The same word
lists are fed to both; each list is taken by both or refused by both, with the same line in
English and in Russian."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import CommandError
from elysium.chronicle.session import Session
from tests.chronicle_helpers import COTERIE, new_session

FIGHT = [*COTERIE, "set Bob dexterity 2", "combat start Marcus Bob", "init dice Marcus=2,Bob=9"]

# The words after the attacker's name; each list is read the same by both verbs.
TAKEN = [
    ["Bob", "punch"],
    ["Bob", "strike", "weapon", "2"],
    ["Bob", "strike", "weapon", "str+2", "lethal"],
    ["Bob", "weapon", "str+2", "strike", "lethal"],
    ["Bob", "punch", "flank"],
    ["Bob", "kick", "diff", "+1", "aim", "head"],
    ["Bob", "shoot", "weapon", "4", "cover", "wall"],
    ["Bob", "bite", "rear", "outnumbered", "2"],
    ["Bob", "удар-оружием", "оружие", "сила+2", "тяжёлые"],
    ["Bob", "strike", "weapon", "s+1", "aggravated", "offhand"],
]
REFUSED = [
    (["Bob", "strike", "weapon", "strike"], "weapon's damage must be a whole number"),
    (["Bob"], "missing a maneuver"),
    ([], "missing"),
    (["Marcus", "strike"], "cannot attack themselves"),
    (["Bob", "knife"], "unknown maneuver 'knife'"),
    (["Zed", "strike"], "no character named 'Zed'"),
    (["Bob", "strike", "diff", "+9"], "from -5 to 5"),
    (["Bob", "strike", "aim"], "aim"),
    (["Bob", "strike", "weapon", "str+2", "lethal", "flourish"], "flourish"),
    (["Bob", "удар", "оружие", "нож"], "нож"),
    (["Bob", "удар", "оружие", "сила+2"], "голыми руками"),  # удар is a punch: bare-handed
    (["Bob", "punch", "weapon", "str+2", "lethal"], "bare-handed Brawl maneuver"),
]


def attack(tmp_path: Path, words: list[str]) -> Session:
    """``attack Marcus WORDS`` outside a fight (the attacker's free action)."""
    s = new_session(tmp_path / "attack", [*COTERIE, "set Bob dexterity 2"])
    s.execute(" ".join(["attack", "Marcus", *words]))
    return s


def declare(tmp_path: Path, words: list[str]) -> Session:
    """``declare Marcus attack WORDS`` in a fight's declaration phase, Marcus to declare."""
    s = new_session(tmp_path / "declare", FIGHT)
    assert s.state.combat is not None and s.state.combat["current"] == "marcus"
    s.execute(" ".join(["declare", "Marcus", "attack", *words]))
    return s


def refusal(run, tmp_path: Path, words: list[str]) -> CommandError:
    with pytest.raises(CommandError) as caught:
        run(tmp_path, words)
    return caught.value


@pytest.mark.parametrize("words", TAKEN, ids=" ".join)
def test_words_one_verb_takes_the_other_takes(tmp_path: Path, words: list[str]) -> None:
    hit = attack(tmp_path, words)
    assert hit.events()[-1].type == "attack"
    told = declare(tmp_path, words)
    assert told.events()[-1].type == "declare"
    assert told.state.combat is not None and told.state.combat["declared"]["marcus"]["attack"]


@pytest.mark.parametrize(
    ("words", "why"), REFUSED, ids=[" ".join(w) or "nothing" for w, _ in REFUSED]
)
def test_words_one_verb_refuses_the_other_refuses_alike(
    tmp_path: Path, words: list[str], why: str
) -> None:
    by_attack = refusal(attack, tmp_path, words)
    by_declare = refusal(declare, tmp_path, words)
    assert why in by_attack.render("en") + by_attack.render("ru")
    for lang in ("en", "ru"):
        assert by_attack.render(lang) == by_declare.render(lang)


def test_a_declaration_may_leave_the_weapon_to_the_attack(tmp_path: Path) -> None:
    """Not grammar but completeness: the attack itself needs the weapon's dice."""
    told = declare(tmp_path, ["Bob", "shoot"])
    assert told.events()[-1].type == "declare"
    with pytest.raises(CommandError, match="shoot needs a weapon"):
        attack(tmp_path, ["Bob", "shoot"])


def test_a_declared_attack_keeps_its_words_and_checks_the_fight(tmp_path: Path) -> None:
    s = declare(tmp_path, ["Bob", "strike", "weapon", "str+2", "lethal"])
    said = s.events()[-1].data["line"]
    assert "attack Bob: weapon strike, weapon str+2 lethal" in said  # told in English words
    assert s.events()[-1].data["text"] == "attack Bob strike weapon str+2 lethal"  # as typed
    s.close()
    s = new_session(tmp_path / "third", [*FIGHT, 'add "Ann" mortal'])
    with pytest.raises(CommandError, match="Ann is not in the fight"):
        s.execute("declare Marcus attack Ann punch")
    with pytest.raises(CommandError) as caught:
        s.execute("заявить Marcus атака Bob нож")
    assert "нож" in caught.value.render("ru")
