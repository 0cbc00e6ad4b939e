"""Characters: kinds, traits, generation, validation, templates (RULES.md §3, §5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from elysium.rules import DARK_AGES, RulesError
from elysium.rules.character import (
    Character,
    from_template,
    generation_row,
    new_character,
    set_trait,
    validate,
    with_path,
)
from elysium.rules.health import HealthTrack, Status
from elysium.rules.tables import GenerationRow
from elysium.rules.traits import Kind


def vampire(gen: int = 10, **kw) -> Character:
    return replace(new_character("Marcus", Kind.VAMPIRE, gen), **kw)


@pytest.mark.parametrize(
    ("gen", "blood_max", "per_turn", "trait_max"),
    [(13, 10, 1, 5), (15, 10, 1, 5), (10, 13, 1, 5), (8, 15, 3, 5), (7, 20, 4, 6), (4, 50, 10, 9)],
)
def test_generation_gives_pool_rate_and_trait_max(gen, blood_max, per_turn, trait_max) -> None:
    c = vampire(gen)
    assert (c.blood_max, c.blood_per_turn, c.trait_max) == (blood_max, per_turn, trait_max)
    assert c.blood == blood_max  # a new vampire starts full


def test_third_generation_needs_the_storytellers_numbers() -> None:
    with pytest.raises(RulesError, match="3rd generation"):
        generation_row(Kind.VAMPIRE, 3)
    row = GenerationRow(100, 20, 10)
    assert generation_row(Kind.VAMPIRE, 3, row) == row
    with pytest.raises(RulesError, match="not playable"):
        generation_row(Kind.VAMPIRE, 2)


def test_mortals_and_ghouls() -> None:
    bob = new_character("Bob", Kind.MORTAL)
    assert (bob.blood, bob.blood_max, bob.blood_per_turn) == (10, 10, 0)  # a vessel
    rex = new_character("Rex", Kind.GHOUL)
    assert (rex.blood, rex.blood_per_turn, rex.trait_max) == (1, 1, 5)
    with pytest.raises(RulesError, match="only vampires have a generation"):
        set_trait(bob, "generation", 10)


@pytest.mark.parametrize(
    ("name", "value", "check"),
    [
        ("stamina", 3, lambda c: c.attributes["stamina"] == 3),
        ("Dex", 4, lambda c: c.attributes["dexterity"] == 4),
        ("fortitude", 2, lambda c: c.disciplines["fortitude"] == 2),
        ("brawl", 3, lambda c: c.abilities["brawl"] == 3),
        ("humanity", 6, lambda c: c.morality_rating == 6),
        ("self-control", 2, lambda c: c.virtues["self-control"] == 2),
        ("Self Control", 4, lambda c: c.virtues["self-control"] == 4),
        ("instinct", 3, lambda c: c.virtues["instinct"] == 3 and "self-control" not in c.virtues),
        ("conviction", 2, lambda c: c.virtues["conviction"] == 2 and "conscience" not in c.virtues),
        ("discipline:daimoinon", 2, lambda c: c.disciplines["daimoinon"] == 2),
        ("ловкость", 3, lambda c: c.attributes["dexterity"] == 3),
        ("blood", 5, lambda c: c.blood == 5),
    ],
)
def test_set_trait(name, value, check) -> None:
    assert check(set_trait(vampire(), name, value))


def test_willpower_rating_keeps_a_full_pool_full() -> None:
    c = set_trait(vampire(), "willpower", 5)
    assert (c.willpower, c.willpower_points) == (5, 5)
    c = replace(c, willpower_points=2)
    c = set_trait(c, "willpower", 7)
    assert (c.willpower, c.willpower_points) == (7, 2)
    c = set_trait(c, "willpower", 1)
    assert (c.willpower, c.willpower_points) == (1, 1)


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("strength", 6, "above the trait maximum 5 for generation 10"),
        ("potence", 6, "above the trait maximum 5"),
        ("stamina", -1, "cannot be negative"),
        ("humanity", 11, "from 0 to 10"),
        ("willpower", 0, "Willpower must be from 1 to 10"),
        ("willpower-points", 9, "from 0 to the rating"),
        ("blood", 14, "pool maximum 13"),
        ("blood", -1, "from 0 to the pool maximum"),
        ("dexteriy", 3, "did you mean 'dexterity'"),
        ("underwater-basket-weaving", 1, "unknown trait"),
        ("generation", 2, "not playable"),
    ],
)
def test_validation_errors(name, value, message) -> None:
    with pytest.raises(RulesError, match=message):
        set_trait(vampire(), name, value)


def test_seventh_generation_may_hold_six_dots() -> None:
    elder = set_trait(vampire(7), "strength", 6)
    assert elder.trait("strength") == 6


def test_free_form_abilities_outside_v20() -> None:
    c = set_trait(vampire(), "hearth-wisdom", 2, DARK_AGES)
    assert c.abilities["hearth-wisdom"] == 2
    with pytest.raises(RulesError, match="ability:hearth-wisdom"):
        set_trait(vampire(), "hearth-wisdom", 2)


def test_unknown_trait_lookup_suggests() -> None:
    with pytest.raises(RulesError, match="did you mean 'brawl'"):
        vampire().trait("brawk")
    assert vampire().trait("melee") == 0  # a standard trait simply not learned


def test_paths_replace_humanity() -> None:
    c = with_path(vampire(), "Path of Caine", 6)
    assert (c.morality, c.morality_rating, c.has_humanity) == ("Path of Caine", 6, False)
    assert c.trait("path") == 6


@pytest.mark.parametrize(
    ("template", "kind", "gen"),
    [
        ("mortal", Kind.MORTAL, None),
        ("ghoul", Kind.GHOUL, None),
        ("neonate", Kind.VAMPIRE, 13),
        ("ancilla", Kind.VAMPIRE, 10),
        ("elder", Kind.VAMPIRE, 8),
    ],
)
def test_templates(template, kind, gen) -> None:
    c = from_template("NPC", template)
    assert (c.kind, c.generation) == (kind, gen)
    assert c.willpower_points == c.willpower
    assert validate(c) is c


def test_unknown_template() -> None:
    with pytest.raises(RulesError, match="use one of: mortal, ghoul, neonate, ancilla, elder"):
        from_template("x", "methuselah")


def test_torpor_at_incapacitated_with_no_blood() -> None:
    c = vampire(health=HealthTrack(lethal=7))
    assert c.status() is Status.INCAPACITATED
    assert replace(c, blood=0).status() is Status.TORPOR
    mortal = replace(new_character("Bob", Kind.MORTAL), health=HealthTrack(lethal=7), blood=0)
    assert mortal.status() is Status.INCAPACITATED


def test_round_trip_through_dicts() -> None:
    c = set_trait(from_template("Elder", "elder"), "discipline:obeah", 2)
    c = replace(c, derangements=("paranoia",), bonds={"Vykos": 2}, health=HealthTrack(1, 2, 1))
    assert Character.from_dict(c.to_dict()) == c
    with pytest.raises(RulesError, match="unknown character field"):
        Character.from_dict({**c.to_dict(), "hp": 3})
    bad = c.to_dict()
    bad["blood"] = 99
    with pytest.raises(RulesError, match="pool maximum"):
        Character.from_dict(bad)


def test_specialties_need_a_rating_of_four() -> None:
    from elysium.rules.character import set_specialty

    c = set_trait(vampire(), "brawl", 4)
    c = set_specialty(c, "Brawl", "  dirty   fighting ")
    assert c.specialties == {"brawl": "dirty fighting"}
    with pytest.raises(RulesError, match="rated 1; a specialty needs a rating of 4"):
        set_specialty(c, "dexterity", "dodging")
    assert set_specialty(c, "brawl", "").specialties == {}
