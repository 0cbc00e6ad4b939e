"""Combat situations: bullets against vampires, defence in a crowd and behind cover, a
spare declared action turned into a defence, and V20's split of the smallest pool.

Every case is typed as a Storyteller would (English and Russian spellings) with the dice's
faces given. The seeds quoted are ``/work/shared/seeds/004_…`` (the V20 cheat sheet, "004")
and ``003_…`` (the combat chapter, "003").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.errors import CommandError
from elysium.chronicle.session import Session
from elysium.rules import DARK_AGES, V20, RulesError, SeededDice
from elysium.rules import combat as cr
from elysium.rules.character import new_character, set_trait
from elysium.rules.health import DamageType
from elysium.rules.profiles import Profile
from elysium.rules.traits import Kind
from elysium.tell.events import describe

CAST = [
    'add "Marcus" vampire gen 10',
    *(
        f"set Marcus {t} {v}"
        for t, v in [
            ("dexterity", 3),
            ("wits", 2),
            ("strength", 3),
            ("brawl", 3),
            ("athletics", 2),
            ("firearms", 3),
            ("stamina", 3),
            ("fortitude", 1),
            ("willpower", 5),
        ]
    ),
    'add "Bob" mortal',
    *(
        f"set Bob {t} {v}"
        for t, v in [
            ("dexterity", 2),
            ("wits", 3),
            ("athletics", 2),
            ("brawl", 1),
            ("firearms", 2),
            ("stamina", 2),
            ("willpower", 4),
        ]
    ),
]
# Marcus acts first (7 + 3 + 2 = 12 against 3 + 2 + 3 = 8); declarations run Bob, then Marcus.
ROUND = ["combat start Marcus Bob", "init dice Marcus=7,Bob=3"]


def session(tmp_path: Path, commands: list[str], profile: Profile = V20) -> Session:
    s = Session.create(tmp_path / "chronicle", "Test", profile, SeededDice(1))
    for command in [*CAST, *commands]:
        s.execute(command)
    return s


def misses(n: int) -> str:
    return ",".join(["2"] * n)


# --- item 2: bullets against vampires ---------------------------------------------------------
# 004 "Повреждения": "Лёгкие | ... пули - для вампиров"; "Тяжёлые | Клинки; пули в голову
# (сложн. 8)"; "Прицеливание: ... маленькая (кисть, голова) +2 / +1".
# Bob shoots (Dexterity 2 + Firearms 2 = 4 dice); one success, so the damage pool is the
# weapon's 4 dice (+1 for a head shot).
BULLETS = [
    # command, difficulty, damage type
    ("attack Bob Marcus shoot weapon 4 dice 8,{m3} dmg 8,8,2,2 soak 2,2,2,2", 6, "bashing"),
    (
        "attack Bob Marcus shoot weapon 4 aim head dice 8,{m3} dmg 8,8,2,2,2 soak 2,2,2,2",
        8,
        "lethal",
    ),
    (
        "attack Bob Marcus shoot weapon 4 aim limb dice 8,{m3} dmg 8,8,2,2 soak 2,2,2,2",
        7,
        "bashing",
    ),
    ("attack Bob Marcus rapid weapon 4 dice 8,{m3} dmg 8,8,2,2 soak 2,2,2,2", 6, "bashing"),
    ("attack Bob Marcus burst weapon 4 dice 8,{m5} dmg 8,8,2,2 soak 2,2,2,2", 7, "bashing"),
    ("attack Bob Marcus auto weapon 4 dice 8,{m13} dmg 8,8,2,2 soak 2,2,2,2", 8, "bashing"),
    ("attack Bob Marcus twoguns weapon 4 dice 8,{m3} dmg 8,8,2,2 soak 2,2,2,2", 6, "bashing"),
    (
        "attack Bob Marcus twoguns weapon 4 aim head dice 8,{m3} dmg 8,8,2,2,2 soak 2,2,2,2",
        8,
        "lethal",
    ),
    ("attack Bob Marcus shoot weapon 4 lethal dice 8,{m3} dmg 8,8,2,2 soak 2,2,2,2", 6, "bashing"),
    # Other damage named with the weapon stays as it is (incendiary rounds: fire).
    ("attack Bob Marcus shoot weapon 4 aggravated dice 8,{m3} dmg 8,8,2,2 soak 2", 6, "aggravated"),
    ("атака Bob Marcus выстрел оружие 4 кости 8,{m3} урон 8,8,2,2 прочность 2,2,2,2", 6, "bashing"),
    (
        "атака Bob Marcus выстрел оружие 4 прицел голова кости 8,{m3} урон 8,8,2,2,2 "
        "прочность 2,2,2,2",
        8,
        "lethal",
    ),
    (
        "атака Bob Marcus беглый-огонь оружие 4 кости 8,{m3} урон 8,8,2,2 прочность 2,2,2,2",
        6,
        "bashing",
    ),
    (
        "атака Bob Marcus длинная-очередь оружие 4 кости 8,{m13} урон 8,8,2,2 прочность 2,2,2,2",
        8,
        "bashing",
    ),
    # A mortal shot is hurt as before: lethal (Marcus: Dexterity 3 + Firearms 3).
    ("attack Marcus Bob shoot weapon 4 dice 8,{m5} dmg 8,8,2,2", 6, "lethal"),
]


@pytest.mark.parametrize(("command", "diff", "dtype"), BULLETS)
def test_bullets_against_a_vampire(tmp_path: Path, command: str, diff: int, dtype: str) -> None:
    s = session(tmp_path, [])
    text = command.format(m3=misses(3), m5=misses(5), m13=misses(13))
    r = s.execute(text)
    data = r.event.data
    assert data["difficulty"] == diff
    assert data["damage"]["type"] == dtype
    if data["target"] == "Marcus" and dtype != "aggravated":
        assert data["bullets"] == dtype
        key = "head_shot" if dtype == "lethal" else "bullets_bashing"
        english = {"head_shot": "bullet to the head", "bullets_bashing": "bullets do bashing"}
        russian = {"head_shot": "пуля в голову", "bullets_bashing": "пули наносят вампиру"}
        assert english[key] in r.render("en")
        assert russian[key] in r.render("ru")
    else:
        assert "bullets" not in data


def test_bullet_rule_is_pure() -> None:
    shoot, punch = cr.maneuver("shoot"), cr.maneuver("punch")
    L, B = DamageType.LETHAL, DamageType.BASHING
    assert cr.bullet_damage(shoot, L, Kind.VAMPIRE, None)[0] is B
    assert cr.bullet_damage(shoot, L, Kind.VAMPIRE, "head")[0] is L
    assert cr.bullet_damage(shoot, L, Kind.GHOUL, None) == (L, None)
    assert cr.bullet_damage(punch, L, Kind.VAMPIRE, None) == (L, None)
    assert cr.bullet_damage(cr.maneuver("hurl"), L, Kind.VAMPIRE, None) == (L, None)


# --- item 7: defence in a crowd and behind cover ----------------------------------------------
# 004 "Модификаторы атаки": "Численное превосходство в ближнем бою: +1 к сложности атаки и
# защиты за каждого противника после первого, максимум +4." Bob dodges with Dexterity 2 +
# Athletics 2 = 4 dice, declared (no abort), faces 8,7,6,6.
CROWD = [
    ("defend Bob dodge dice 8,7,6,6", 6, 4),
    ("defend Bob dodge outnumbered 1 dice 8,7,6,6", 6, 4),
    ("defend Bob dodge outnumbered 2 dice 8,7,6,6", 7, 2),
    ("defend Bob dodge outnumbered 3 dice 8,7,6,6", 8, 1),
    ("defend Bob dodge outnumbered 5 dice 8,7,6,6", 10, 0),
    ("defend Bob dodge outnumbered 7 dice 8,7,6,6", 10, 0),  # at most +4
    ("защита Bob уклонение противников 3 кости 8,7,6,6", 8, 1),
    ("защита Bob уклонение противников 2 кости 8,7,6,6", 7, 2),
]


@pytest.mark.parametrize(("command", "diff", "held"), CROWD)
def test_outnumbered_defence(tmp_path: Path, command: str, diff: int, held: int) -> None:
    s = session(tmp_path, [*ROUND, "declare Bob dodge", "declare Marcus attack Bob punch"])
    r = s.execute(command)
    data = r.event.data
    assert data["roll"]["difficulty"] == diff
    assert data["roll"]["successes"] == held
    assert "abort" not in data
    assert s.state.combat is not None
    assert s.state.combat["standing"]["bob"]["successes"] == held
    if diff == 6:
        assert "difficulty" not in data and "diff" not in r.message
    else:
        assert data["difficulty"] == diff
        assert f"diff {diff}" in r.render("en") and f"сл. {diff}" in r.render("ru")
        assert f"(diff {diff})" in describe(r.event, "en")
        assert f"(сл. {diff})" in describe(r.event, "ru")


# 004: "Укрытие (к сложности атаки, в обе стороны): лёжа +1, за стеной +2, видна только голова
# +3." Bob's cover, told with his defence, is added to the attack that meets it; Marcus
# punches with 6 dice.
COVER = [
    ("defend Bob dodge cover prone dice 8,2,2,2", "prone", 7),
    ("defend Bob dodge cover wall dice 8,2,2,2", "wall", 8),
    ("defend Bob dodge cover head dice 8,2,2,2", "head", 9),
    ("защита Bob уклонение укрытие стена кости 8,2,2,2", "wall", 8),
    ("защита Bob уклонение укрытие лёжа кости 8,2,2,2", "prone", 7),
]


@pytest.mark.parametrize(("command", "cover", "attack_diff"), COVER)
def test_cover_told_with_the_defence(
    tmp_path: Path, command: str, cover: str, attack_diff: int
) -> None:
    s = session(tmp_path, [*ROUND, "declare Bob dodge", "declare Marcus attack Bob punch"])
    r = s.execute(command)
    assert r.event.data["cover"] == cover
    assert r.event.data["roll"]["difficulty"] == 6  # cover is the attack's difficulty
    assert "behind cover" in r.render("en") and "в укрытии" in r.render("ru")
    assert "behind cover" in describe(r.event, "en")
    hit = s.execute("attack Marcus Bob punch dice 9,9,9,2,2,2 dmg 2,2,2,2")
    assert hit.event.data["difficulty"] == attack_diff
    assert any(note.startswith(f"cover ({cover})") for note in hit.event.data["notes"])
    assert hit.event.data["defence"]["successes"] == 1


def test_firing_from_cover(tmp_path: Path) -> None:
    """Cover works both ways: Bob, behind a wall, shoots out of it at +2 as well (004). His
    dodge took action 1 of 2; his shot is action 2, half of his 4 dice."""
    s = session(
        tmp_path,
        [
            *ROUND,
            "declare Bob multiple 2 attack Marcus shoot",
            "declare Marcus attack Bob punch",
            "defend Bob dodge cover wall dice 2,2",
            "next",  # Marcus does not attack after all
        ],
    )
    r = s.execute(f"attack Bob Marcus shoot weapon 4 dice {misses(2)}")
    assert r.event.data["difficulty"] == 8
    assert "cover (wall) +2 diff" in r.event.data["notes"]
    assert s.state.combat is not None
    assert s.state.combat["standing"]["bob"]["cover"] == "wall"  # still there for an attack


@pytest.mark.parametrize(
    "command",
    ["defend Bob dodge cover roof dice 8", "defend Bob dodge outnumbered 0 dice 8"],
)
def test_bad_defence_modifiers_are_refused(tmp_path: Path, command: str) -> None:
    s = session(tmp_path, [*ROUND, "declare Bob dodge", "declare Marcus attack Bob punch"])
    before = s.state
    with pytest.raises(CommandError):
        s.execute(command)
    assert s.state == before


# --- item 8: a spare declared action becomes a defence ----------------------------------------
# 003 "Ходы в сражениях": "порядок инициативы нарушается, если персонаж предпринимает защитное
# действие ... его он имеет право совершить в любой момент, потратив одно из ещё не
# предпринятых в этот ход действий (если они у него, конечно, есть)."
# 004 "Защита": "Защиту не заявил в фазе инициативы - отмени заявленное действие: проверка
# воли (сложность 6) или пункт воли."
SPARE = [
    # declaration, defence, pool, abort rolled
    ("declare Bob multiple 2 attack Marcus punch", "defend Bob dodge dice 8,8", 2, False),
    ("заявить Bob множественные 2 атака Marcus удар", "защита Bob уклонение кости 8,8", 2, False),
    # pool 3 told: the dodge's share of 3 split in two is 2 (the first takes the odd die)
    ("declare Bob multiple 2 pool 3 attack Marcus punch", "defend Bob dodge dice 8,8", 2, False),
    ("declare Bob multiple 3 attack Marcus punch", "defend Bob dodge dice 8,8", 2, False),
    # one action declared: the abort rules stand
    ("declare Bob attack Marcus punch", "defend Bob dodge abort 8,2,2,2 dice 8,8,8,8", 4, True),
]


@pytest.mark.parametrize(("declaration", "defence", "pool", "aborts"), SPARE)
def test_spare_action_defends_without_abort(
    tmp_path: Path, declaration: str, defence: str, pool: int, aborts: bool
) -> None:
    s = session(tmp_path, [*ROUND, declaration, "declare Marcus attack Bob punch"])
    r = s.execute(defence)
    data = r.event.data
    assert ("abort" in data) is aborts
    assert data["pool"] == pool
    assert s.state.combat is not None
    queue = s.state.combat["queue"]
    if not aborts:
        assert data["action"] == 1
        assert "declared action 1 of" in r.render("en")
        assert "заявленное действие 1 из" in r.render("ru")
        declared = s.state.combat["declared"]["bob"]
        assert declared["given"] == 1 and "replaced" not in declared
        # the last extra action is the one given up; the main action still comes
        extras = [q for q in queue if q["who"] == "bob" and q["kind"] == "multiple"]
        wanted = int(declaration.split()[3]) - 2
        assert len(extras) == wanted
        assert any(q["who"] == "bob" and q["kind"] == "main" for q in queue)


def test_defence_then_attack_with_the_other_action(tmp_path: Path) -> None:
    """The dodge took action 1 of 2: Bob's punch is action 2 (share 1 of his 3 dice)."""
    s = session(
        tmp_path,
        [*ROUND, "declare Bob multiple 2 attack Marcus punch", "declare Marcus attack Bob punch"],
    )
    s.execute("defend Bob dodge dice 8,8")
    s.execute("attack Marcus Bob punch dice 2,2,2,2,2,2")
    r = s.execute("attack Bob Marcus punch dice 8")
    assert r.event.data["pool"] == 1
    assert "multiple action 2 of 2: 1 of 3 dice" in r.event.data["notes"]
    # no extra action is left for Bob: the round is over
    assert s.state.combat is not None and s.state.combat["queue"] == []


def test_celerity_action_defends_at_full_pool(tmp_path: Path) -> None:
    """An extra action from Celerity not yet taken is one "not yet taken" too: the dodge
    uses it at its full pool (Dexterity 3 + Athletics 2), with no abort (003)."""
    s = session(
        tmp_path,
        [
            "set Marcus celerity 1",  # here only: its dots add dice to Dexterity pools
            "combat start Marcus Bob",
            "init dice Marcus=7,Bob=3 celerity Marcus=1",
            "declare Bob attack Marcus punch",
            "declare Marcus attack Bob punch",
            "attack Marcus Bob punch dice 2,2,2,2,2,2",
        ],
    )
    r = s.execute("defend Marcus dodge dice 8,8,2,2,2")
    assert "abort" not in r.event.data
    assert r.event.data["pool"] == 5 and r.event.data["action"] == "celerity"
    assert "Celerity" in r.render("en") and "Стремительности" in r.render("ru")
    assert s.state.combat is not None
    assert [q["kind"] for q in s.state.combat["queue"]] == ["main"]  # Bob's, and no more


def test_no_spare_action_still_needs_the_abort(tmp_path: Path) -> None:
    s = session(
        tmp_path,
        [*ROUND, "declare Bob attack Marcus punch", "declare Marcus attack Bob punch"],
    )
    r = s.execute("defend Bob dodge abort 2,2,2,2")
    assert r.event.data["aborted"] is False


def test_dark_ages_defence_from_a_multiple_action(tmp_path: Path) -> None:
    """Dark Ages keeps its rule: the first of N actions loses N dice (4 - 2 = 2)."""
    s = session(
        tmp_path,
        [*ROUND, "declare Bob multiple 2 attack Marcus punch", "declare Marcus attack Bob punch"],
        DARK_AGES,
    )
    r = s.execute("defend Bob dodge dice 8,8")
    assert r.event.data["pool"] == 2 and "multiple action 1 of 2: -2" in r.event.data["detail"]
    s.execute("attack Marcus Bob punch dice 2,2,2,2,2,2")
    with pytest.raises((CommandError, RulesError), match="no dice"):
        s.execute("attack Bob Marcus punch dice 8")  # 3 - (2 + 1) = 0: no dice left


# --- item 9: V20 splits the smallest pool -----------------------------------------------------
# 004 "Проверка": "Множественные действия: заявить в начале хода, взять самый маленький из
# пулов и поделить между действиями. Доп. действия от Стремительности пул не делят."
# Marcus punches with Dexterity 3 + Brawl 3 = 6; his attack's own dice come on top of his share.
SPLIT = [
    ("declare Marcus multiple 2 attack Bob punch", "attack Marcus Bob punch", 3, "3 of 6"),
    ("declare Marcus multiple 2 pool 4 attack Bob punch", "attack Marcus Bob punch", 2, "2 of 4"),
    ("declare Marcus multiple 3 pool 4 attack Bob punch", "attack Marcus Bob punch", 2, "2 of 4"),
    ("declare Marcus multiple 2 pool 9 attack Bob punch", "attack Marcus Bob punch", 3, "3 of 6"),
    # bite: +1 accuracy on its own share; flank +1 likewise
    ("declare Marcus multiple 2 pool 4 attack Bob bite", "attack Marcus Bob bite", 3, "2 of 4"),
    (
        "declare Marcus multiple 2 pool 4 attack Bob punch",
        "attack Marcus Bob punch flank",
        3,
        "2 of 4",
    ),
    ("заявить Marcus множественные 2 пул 4 атака Bob удар", "атака Marcus Bob удар", 2, "2 of 4"),
]


@pytest.mark.parametrize(("declaration", "attack", "pool", "share"), SPLIT)
def test_v20_splits_the_smallest_pool(
    tmp_path: Path, declaration: str, attack: str, pool: int, share: str
) -> None:
    s = session(tmp_path, [*ROUND, "declare Bob dodge", declaration])
    r = s.execute(f"{attack} dice {misses(pool)}")
    assert r.event.data["pool"] == pool
    assert any("multiple action 1 of" in n and share in n for n in r.event.data["notes"])


def test_dark_ages_still_subtracts(tmp_path: Path) -> None:
    """Dark Ages / Demon: −N, −(N+1) ... from the attack's pool; a told pool does not change it."""
    s = session(
        tmp_path,
        [*ROUND, "declare Bob dodge", "declare Marcus multiple 2 pool 4 attack Bob punch"],
        DARK_AGES,
    )
    r = s.execute(f"attack Marcus Bob punch dice {misses(4)}")
    assert r.event.data["pool"] == 4  # 6 - 2


def test_pool_without_multiple_is_refused(tmp_path: Path) -> None:
    s = session(tmp_path, [*ROUND])
    before = s.state
    with pytest.raises(CommandError, match="multiple"):
        s.execute("declare Bob pool 3 attack Marcus punch")
    assert s.state == before


def test_rules_level_split() -> None:
    c = new_character("Marcus", Kind.VAMPIRE, 10)
    for trait, value in (("dexterity", 3), ("brawl", 3), ("athletics", 2)):
        c = set_trait(c, trait, value)
    punch, bite, dodge = cr.maneuver("punch"), cr.maneuver("bite"), cr.maneuver("dodge")
    plan = cr.plan_attack(c, punch, cr.Modifiers(), multiple=2, profile=V20, smallest=4)
    assert plan.pool == 2
    plan = cr.plan_attack(c, bite, cr.Modifiers(flank=True), multiple=2, profile=V20, smallest=4)
    assert plan.pool == 4  # 2 of 4, +1 accuracy, +1 flank
    assert cr.defence_pool(c, dodge, 0, multiple=2, smallest=4)[0] == 2
    assert cr.defence_pool(c, dodge, 3, multiple=2, action_index=1, smallest=3)[0] == 1
    assert cr.defence_pool(c, dodge, 0, multiple=2, profile=DARK_AGES)[0] == 3  # 5 - 2


def test_two_defences_take_both_actions(tmp_path: Path) -> None:
    """Bob's turn has come (Marcus waits); he dodges twice: the extra action goes first, then
    his main action, and the round moves on past him. No abort either time (003)."""
    s = session(
        tmp_path,
        [
            *ROUND,
            "declare Bob multiple 2 attack Marcus punch",
            "declare Marcus attack Bob punch",
            "delay Marcus",
        ],
    )
    first = s.execute("defend Bob dodge dice 8,8")
    second = s.execute("защита Bob уклонение кости 8,8")
    assert "abort" not in first.event.data and "abort" not in second.event.data
    assert (first.event.data["action"], second.event.data["action"]) == (1, 2)
    assert s.state.combat is not None
    assert s.state.combat["queue"] == []
    assert s.state.combat["declared"]["bob"]["replaced"] is True
    assert "Marcus" in second.render("en")  # the round: only the waiting Marcus is left
