"""Health track, damage overflow, soak, dazed, armour and wound penalties (RULES.md §3)."""

from __future__ import annotations

import pytest

from elysium.rules import RollKind, RollRequest, RulesError, score
from elysium.rules.health import (
    Condition,
    DamageType,
    HealthTrack,
    Source,
    Status,
    armour_destroyed,
    damage_after_soak,
    dazed,
    heal,
    heal_aggravated,
    parse_damage_type,
    soak_pool,
    take_damage,
    wounded_pool,
)
from elysium.rules.traits import Kind

B, L, A = DamageType.BASHING, DamageType.LETHAL, DamageType.AGGRAVATED
V, G, M = Kind.VAMPIRE, Kind.GHOUL, Kind.MORTAL


def track(marks: str) -> HealthTrack:
    return HealthTrack(marks.count("/"), marks.count("X"), marks.count("*"))


def test_marks_fill_worst_first() -> None:
    t = take_damage(HealthTrack(), 2, B, V)
    t = take_damage(t, 1, A, V)
    t = take_damage(t, 1, L, V)
    assert "".join(t.marks()) == "*X//..."
    assert "".join(t.marks("ru")) == "ЖХ//..."


# RULES.md §3: penalty and level of the lowest filled box.
@pytest.mark.parametrize(
    ("filled", "level", "penalty", "movement"),
    [
        (0, None, 0, "free"),
        (1, "bruised", 0, "free"),
        (2, "hurt", -1, "free"),
        (3, "injured", -1, "half_run"),
        (4, "wounded", -2, "walk"),
        (5, "mauled", -2, "hobble"),
        (6, "crippled", -5, "crawl"),
        (7, "incapacitated", None, "none"),
    ],
)
def test_penalty_and_level(filled, level, penalty, movement) -> None:
    t = HealthTrack(bashing=filled)
    assert (t.level.key if t.level else None) == level
    assert t.penalty == penalty
    assert t.movement == movement


# Overflow (RULES.md §3; V20 p. 304-305): start track, kind, damage -> result.
OVERFLOW = [
    # vampire at Incapacitated takes bashing or lethal: torpor, bashing turned to lethal
    ("XXXX///", V, 1, B, "XXXXX//", Status.TORPOR),
    ("XXXXXXX", V, 2, L, "XXXXXXX", Status.TORPOR),
    # vampire at Incapacitated takes aggravated: Final Death
    # (the killing level takes the lightest mark's box, so the track shows it: issue 12)
    ("XXXX///", V, 1, A, "*XXXX//", Status.FINAL_DEATH),
    # the last level filled by aggravated: Final Death
    ("XXXXXX.", V, 1, A, "*XXXXXX", Status.FINAL_DEATH),
    ("*****..", V, 3, A, "*******", Status.FINAL_DEATH),
    # filling the last box with lethal: only Incapacitated
    ("XXXXXX.", V, 1, L, "XXXXXXX", Status.INCAPACITATED),
    # a mortal: aggravated counts as lethal
    ("", M, 2, A, "XX.....", Status.ACTIVE),
    ("XXXXXX.", M, 1, A, "XXXXXXX", Status.INCAPACITATED),
    # a mortal past Incapacitated: bashing turns bashing into lethal, lethal kills
    ("XXXXX//", M, 1, B, "XXXXXX/", Status.INCAPACITATED),
    ("XXXXXX/", M, 2, B, "XXXXXXX", Status.DEAD),
    ("XXXX///", M, 1, L, "XXXXX//", Status.DEAD),
    ("///////", G, 1, A, "X//////", Status.DEAD),
    # damage beyond the track in one blow
    ("", V, 9, L, "XXXXXXX", Status.TORPOR),
    ("", M, 9, L, "XXXXXXX", Status.DEAD),
    ("", V, 9, A, "*******", Status.FINAL_DEATH),
]


@pytest.mark.parametrize(("start", "kind", "levels", "dtype", "marks", "status"), OVERFLOW)
def test_overflow(start, kind, levels, dtype, marks, status) -> None:
    result = take_damage(track(start), levels, dtype, kind)
    assert "".join(result.marks()).rstrip(".") == marks.rstrip(".")
    assert result.status() is status


def test_the_dead_take_no_more_marks() -> None:
    dead = HealthTrack(lethal=7, condition=Condition.DEAD)
    assert take_damage(dead, 3, A, M) == dead


def test_heal_lethal_first_or_the_type_asked() -> None:
    t = track("XX///")
    healed, n = heal(t, 3)
    assert (healed.lethal, healed.bashing, n) == (0, 2, 3)
    healed, n = heal(t, 2, B)
    assert (healed.lethal, healed.bashing, n) == (2, 1, 2)
    with pytest.raises(RulesError, match="aggravated"):
        heal(t, 1, A)
    with pytest.raises(RulesError, match="only 0 aggravated"):
        heal_aggravated(t, 1)


# Soak pools (RULES.md §3; seed 003): kind, Sta, Fort, damage, source, armour -> dice.
SOAK = [
    (M, 3, 0, B, Source.WEAPON, 0, 3),
    (M, 3, 0, L, Source.WEAPON, 0, 0),
    (M, 3, 0, A, Source.CLAWS, 0, 0),
    (M, 3, 0, L, Source.WEAPON, 2, 2),  # armour against lethal
    (M, 3, 0, A, Source.FIRE, 2, 0),  # aggravated is lethal for a mortal; no armour vs fire
    (V, 3, 2, B, Source.WEAPON, 0, 5),  # the book's example: Stamina 3 + Fortitude 2
    (V, 3, 2, L, Source.WEAPON, 0, 5),
    (V, 3, 2, A, Source.CLAWS, 0, 2),  # aggravated: Fortitude only
    (V, 3, 2, A, Source.CLAWS, 3, 5),  # armour helps against claws and fangs
    (V, 3, 2, A, Source.FIRE, 3, 2),  # never against fire
    (V, 3, 2, A, Source.SUNLIGHT, 3, 2),  # or sunlight
    (V, 3, 0, A, Source.SUNLIGHT, 0, 0),
    (V, 2, 1, B, Source.WEAPON, 1, 4),
    (G, 3, 1, B, Source.WEAPON, 0, 4),
    (G, 3, 1, L, Source.WEAPON, 0, 1),  # a ghoul soaks lethal with Fortitude alone
]


@pytest.mark.parametrize(("kind", "sta", "fort", "dtype", "source", "armour", "pool"), SOAK)
def test_soak_pool(kind, sta, fort, dtype, source, armour, pool) -> None:
    assert soak_pool(kind, sta, fort, dtype, source=source, armour=armour) == pool


def test_other_supernatural_beings_soak_lethal_with_stamina() -> None:
    assert soak_pool(M, 3, 0, L, supernatural=True) == 3
    assert soak_pool(M, 3, 0, A, supernatural=True) == 0


# After soak: a vampire's bashing is halved, rounded down.
@pytest.mark.parametrize(
    ("damage", "soaked", "dtype", "kind", "taken"),
    [
        (5, 2, B, V, 1),  # 3 left, halved to 1
        (6, 2, B, V, 2),
        (1, 0, B, V, 0),
        (5, 2, L, V, 3),
        (5, 2, B, M, 3),
        (5, 2, B, G, 3),
        (2, 4, L, V, 0),
    ],
)
def test_damage_after_soak(damage, soaked, dtype, kind, taken) -> None:
    assert damage_after_soak(damage, soaked, dtype, kind) == taken


def test_soak_and_damage_rolls_with_faces_never_botch() -> None:
    soak = score(RollRequest(3, 6, kind=RollKind.SOAK), [1, 2, 4])
    damage = score(RollRequest(2, 6, kind=RollKind.DAMAGE), [1, 1])
    assert not soak.botch and not damage.botch
    assert damage_after_soak(damage.successes, soak.successes, L, V) == 0


@pytest.mark.parametrize(
    ("taken", "stamina", "supernatural", "result"),
    [(3, 3, False, False), (4, 3, False, True), (5, 3, True, False), (6, 3, True, True)],
)
def test_dazed(taken, stamina, supernatural, result) -> None:
    assert dazed(taken, stamina, supernatural) is result


@pytest.mark.parametrize(
    ("damage", "armour", "destroyed"),
    [(4, 2, True), (3, 2, False), (6, 3, True), (5, 0, False), (1, 1, False), (2, 1, True)],
)
def test_armour_break(damage, armour, destroyed) -> None:
    assert armour_destroyed(damage, armour) is destroyed


@pytest.mark.parametrize(
    ("marks", "pool", "kwargs", "result"),
    [
        ("//", 6, {}, 5),
        ("XXXXXX", 6, {}, 1),
        ("XXXXXX", 4, {}, 0),  # a pool reduced to 0: the action is impossible
        ("XXXXXX", 6, {"reflexive": True}, 6),  # soak, Virtue rolls
        ("XXXX", 6, {"willpower": True}, 6),  # a Willpower point ignores them for a turn
        ("XXXX", 6, {"frenzied": True}, 6),
        ("XXXXXXX", 6, {"willpower": True}, 0),  # incapacitated: no action at all
        ("XXXXXXX", 3, {"reflexive": True}, 3),
    ],
)
def test_wound_penalties(marks, pool, kwargs, result) -> None:
    assert wounded_pool(pool, track(marks), **kwargs) == result


def test_track_refuses_nonsense() -> None:
    with pytest.raises(RulesError, match="holds 7"):
        HealthTrack(bashing=5, lethal=3)
    with pytest.raises(RulesError, match="negative"):
        HealthTrack(bashing=-1)
    with pytest.raises(RulesError, match="negative"):
        take_damage(HealthTrack(), -2, B, V)
    assert parse_damage_type("agg") is A and parse_damage_type("L") is L
    with pytest.raises(RulesError, match="bashing, lethal or aggravated"):
        parse_damage_type("fire")
