"""An attack made as it was declared: ``declare Ann attack Bob shoot weapon 4``, then on
Ann's action ``attack Ann`` alone makes that attack; a word given with it (another target,
another maneuver, a weapon, a modifier) overrides the declared one.

Cheat sheet (seed 004, "Инициатива"): "Действия заявляют от медленного к быстрому,
выполняют от быстрого" — what was declared is carried out on the character's action.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.commands.attack_parts import declared_words
from elysium.chronicle.commands.fight import Declaration
from elysium.chronicle.errors import CommandError
from elysium.chronicle.session import Session
from tests.chronicle_helpers import new_session

# Ann (Dexterity 3, Firearms 2, Brawl 2, Melee 2, Strength 1) acts first; Cy, then Bob,
# declare first (they declare nothing), then Ann declares.
CAST = [
    "add Ann vampire gen 10",
    "set Ann dexterity 3 firearms 2 brawl 2 melee 2 wits 3",
    "add Bob mortal blank",
    "set Bob dexterity 2 wits 2",
    "add Cy mortal blank",
    "set Cy wits 1",
    "combat start Ann Bob Cy",
    "init dice Ann=10,Bob=1,Cy=1",
    "next",
    "next",
]
FIVE = "dice 8 8 8 8 8"  # five successes: four beyond the first add four damage dice

# declared (after "declare Ann"), typed, then what the attack was: maneuver, target,
# attack pool, difficulty, damage pool (None: no damage roll).
CASES = [
    # The issue's own case: the declared weapon carries.
    ("attack Bob shoot weapon 4", f"attack Ann Bob shoot {FIVE}", "shoot", "Bob", 5, 6, 8),
    # Nothing but the name: everything declared.
    ("attack Bob shoot weapon 4", f"attack Ann {FIVE}", "shoot", "Bob", 5, 6, 8),
    # Another target: the maneuver and the weapon as declared.
    ("attack Bob shoot weapon 4", f"attack Ann Cy {FIVE}", "shoot", "Cy", 5, 6, 8),
    # Another weapon given: it overrides the declared one (2 + 4 dice).
    ("attack Bob shoot weapon 4", f"attack Ann weapon 2 {FIVE}", "shoot", "Bob", 5, 6, 6),
    # Another ranged maneuver: the declared pistol fires it (accuracy +2, +1 diff).
    ("attack Bob shoot weapon 4", "attack Ann burst dice 8 8 8 8 8 8 8", "burst", "Bob", 7, 7, 10),
    # A kick instead of the shot: not made with the pistol (Strength 1 + 1, + 4).
    ("attack Bob shoot weapon 4", f"attack Ann kick {FIVE}", "kick", "Bob", 5, 7, 6),
    # Declared modifiers carry (flank +1 die, +1 diff), and a typed one overrides (+2 diff).
    ("attack Bob punch flank diff +1", "attack Ann dice 8 8 8 8 8 8", "punch", "Bob", 6, 7, 6),
    (
        "attack Bob punch flank diff +1",
        "attack Ann diff +2 dice 8 8 8 8 8 8",
        "punch",
        "Bob",
        6,
        8,
        6,
    ),
    # Russian words declared, the attack typed in Russian.
    ("атака Bob выстрел оружие 4", "атака Ann кости 8 8 8 8 8", "shoot", "Bob", 5, 6, 8),
]


def at_ann_s_action(tmp_path: Path, declared: str) -> Session:
    s = new_session(tmp_path / "fight", CAST)
    s.execute(f"declare Ann {declared}")
    combat = s.state.combat
    assert combat is not None and combat["phase"] == "act" and combat["current"] == "ann"
    return s


@pytest.mark.parametrize(
    ("declared", "typed", "move", "target", "pool", "diff", "damage"),
    CASES,
    ids=[f"{d} | {t}" for d, t, *_ in CASES],
)
def test_the_attack_made_is_the_one_declared_unless_a_word_overrides(
    tmp_path: Path,
    declared: str,
    typed: str,
    move: str,
    target: str,
    pool: int,
    diff: int,
    damage: int | None,
) -> None:
    s = at_ann_s_action(tmp_path, declared)
    s.execute(typed)
    event = s.events()[-1]
    assert event.type == "attack"
    d = event.data
    assert (d["maneuver"], d["target"], d["pool"], d["difficulty"]) == (move, target, pool, diff)
    assert d.get("damage_pool") == damage
    if move == "kick":
        assert "weapon" not in d["line"]  # the pistol stays out of a kick
    # The attack took Ann's action: the round moved on.
    assert s.state.combat is not None and s.state.combat["current"] != "ann"


def test_a_declared_shot_without_a_weapon_still_needs_one_when_made(tmp_path: Path) -> None:
    """A declaration may leave the weapon to the attack; the attack must then give it."""
    s = at_ann_s_action(tmp_path, "attack Bob shoot")
    before = len(s.events())
    with pytest.raises(CommandError) as caught:
        s.execute(f"attack Ann {FIVE}")
    assert "shoot needs a weapon" in caught.value.render("en")
    assert len(s.events()) == before
    s.execute(f"attack Ann weapon 4 {FIVE}")
    assert s.events()[-1].data["damage_pool"] == 8


@pytest.mark.parametrize(
    ("declared", "lang", "said"),
    [
        (None, "en", "Bob declared no attack this round: attack Bob TARGET MANEUVER"),
        ("dodge", "en", "Bob declared no attack this round: attack Bob TARGET MANEUVER"),
        (None, "ru", "у персонажа Bob в этом раунде не заявлена атака: атака Bob ЦЕЛЬ МАНЁВР"),
    ],
)
def test_attack_with_only_a_name_says_when_nothing_was_declared(
    tmp_path: Path, declared: str | None, lang: str, said: str
) -> None:
    """Bob acts (after Ann) with no attack declared: one line, nothing written."""
    commands = [*CAST[:-2], "next"]  # Cy declares nothing
    commands.append(f"declare Bob {declared}" if declared else "next")
    commands += ["declare Ann attack Cy punch", f"attack Ann Cy punch {FIVE}"]
    s = new_session(tmp_path / "fight", commands)
    assert s.state.combat is not None and s.state.combat["current"] == "bob"
    before = len(s.events())
    with pytest.raises(CommandError) as caught:
        s.execute("attack Bob")
    assert caught.value.render(lang) == said
    assert len(s.events()) == before


def test_outside_the_actions_attack_still_needs_its_target(tmp_path: Path) -> None:
    """Before the actions begin (and outside a fight) nothing declared is used."""
    s = new_session(tmp_path / "fight", CAST[:-2])
    with pytest.raises(CommandError) as caught:
        s.execute("attack Ann")
    assert "missing the target" in caught.value.render("en")
    free = new_session(tmp_path / "free", CAST[:6])
    with pytest.raises(CommandError) as caught:
        free.execute("attack Ann")
    assert "missing the target" in caught.value.render("en")


def test_each_declared_multiple_action_is_the_declared_attack(tmp_path: Path) -> None:
    s = at_ann_s_action(tmp_path, "multiple 2 attack Bob punch")
    s.execute("attack Ann")
    assert s.events()[-1].data["maneuver"] == "punch"
    for _ in range(2):  # Bob and Cy pass; the extra action comes at the end of the round
        s.execute("next")
    s.execute("attack Ann")
    event = s.events()[-1]
    assert (event.type, event.data["target"], event.data["maneuver"]) == ("attack", "Bob", "punch")


def test_a_declaration_keeps_its_words_and_older_ones_give_them_from_their_text(
    tmp_path: Path,
) -> None:
    s = at_ann_s_action(tmp_path, 'attack Bob shoot weapon 4 cover "wall"')
    assert s.state.combat is not None
    assert s.state.combat["declared"]["ann"]["words"] == [
        "Bob",
        "shoot",
        "weapon",
        "4",
        "cover",
        "wall",
    ]
    older = Declaration("attack Bob shoot weapon 4", attack=True)
    assert declared_words(older) == ("Bob", "shoot", "weapon", "4")
    assert declared_words(Declaration("dodge", defence="dodge")) is None
