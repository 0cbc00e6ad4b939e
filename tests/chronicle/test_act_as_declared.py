"""An attack made as it was declared: ``declare Ann attack Bob shoot weapon 4``, then on
Ann's action ``attack Ann`` alone makes that attack; a word given with it (another target,
another maneuver, a weapon, a modifier) overrides the declared one.

Cheat sheet (seed 004, "Инициатива"): "Действия заявляют от медленного к быстрому,
выполняют от быстрого" — what was declared is carried out on the character's action.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from elysium.chronicle.commands.attack_parts import declared_words
from elysium.chronicle.commands.fight import Declaration
from elysium.chronicle.errors import CommandError
from elysium.chronicle.session import Session
from elysium.rules import SeededDice
from elysium.tui.app import make_app
from elysium.tui.dialogs.faces import FacesPrompt
from elysium.tui.dialogs.help import HelpScreen
from elysium.tui.widgets.line import Line
from tests.chronicle_helpers import new_session
from tests.tui_helpers import demo_copy, run_async, settle, status

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
    """Before the actions begin nothing declared is used: the phase is said (the test
    below); outside a fight the target is missing."""
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


# --- the dashboard's key (F12) ---------------------------------------------------------------


async def _press(pilot, key: str) -> None:
    await pilot.press(key)
    await settle(pilot)


@run_async
async def test_f12_makes_the_declared_attack_shown_in_footer_help_and_palette(
    tmp_path: Path,
) -> None:
    """The demo: round 2, Ilse Varga acts and declared ``attack Spike bite`` (a declaration
    saved before its words were kept: they come from its text)."""
    session = Session.open(demo_copy(tmp_path), rng=SeededDice(3))
    before = session.state.events
    app = make_app(session, "en")
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        keys = {b.binding.id: key for key, b in app.screen.active_bindings.items()}
        assert keys["act"] == "f12"
        shown = [k for k in app.screen.query("FooterKey") if getattr(k, "key", "") == "f12"]
        assert shown and "Act" in str(shown[0].render())
        titles = [str(c.title) for c in app.get_system_commands(app.screen)]
        assert "Act as declared" in titles
        await _press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        assert dict((label, key) for key, label in app.screen.rows)["key.act"] == "f12"
        flow = str(app.screen.query_one("#combat-flow").render())
        assert "attack NAME alone (f12) makes the attack NAME declared" in flow
        await _press(pilot, "escape")
        await _press(pilot, "f12")
        assert session.state.events == before + 1
        event = session.events()[-1]
        assert event.type == "attack" and event.cmd == "attack 'Ilse Varga' Spike bite"
        assert (event.data["attacker"], event.data["target"]) == ("Ilse Varga", "Spike")
        assert event.data["maneuver"] == "bite"
        assert status(app).startswith("Ilse Varga → Spike, bite")
    session.close()


@run_async
async def test_f12_with_physical_dice_goes_straight_to_the_dice_prompt(tmp_path: Path) -> None:
    session = Session.open(demo_copy(tmp_path))
    session.execute("rules physical-dice on")
    before = session.state.events
    app = make_app(session, "ru")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await _press(pilot, "f12")
        assert isinstance(app.screen, FacesPrompt)
        assert app.screen.command == "атака 'Ilse Varga' Spike bite"
        assert app.screen.query_one("#faces-step", Line).plain.startswith(
            "Ilse Varga: атака: бросьте "
        )
        assert session.state.events == before  # nothing written until the dice are in
        count = app.screen.need.step.count
        app.screen.query_one("#faces", Input).value = " ".join(["2"] * count)  # a miss
        await _press(pilot, "enter")
        assert not isinstance(app.screen, FacesPrompt)
        assert session.state.events == before + 1
        assert session.events()[-1].data["maneuver"] == "bite"
    session.close()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Bob declared nothing this round"),
        ("ru", "у персонажа Bob в этом раунде нет заявки"),
    ],
)
@run_async
async def test_f12_says_in_one_line_when_nothing_was_declared(
    tmp_path: Path, lang: str, said: str
) -> None:
    session = new_session(tmp_path / "fight", CAST)
    session.execute("declare Ann attack Cy punch")
    app = make_app(session, lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await _press(pilot, "f12")  # Ann's declared punch
        assert session.events()[-1].type == "attack"
        assert session.state.combat is not None and session.state.combat["current"] == "bob"
        before = session.state.events
        await _press(pilot, "f12")
        assert status(app) == said
        assert session.state.events == before
    session.close()


@run_async
async def test_f12_before_the_actions_says_who_declares(tmp_path: Path) -> None:
    session = new_session(tmp_path / "fight", CAST[:-1])  # Bob still to declare
    app = make_app(session, "en")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        before = session.state.events
        await _press(pilot, "f12")
        assert status(app) == "the declarations are not done: Bob declares now"
        assert session.state.events == before
    session.close()


@run_async
async def test_f12_is_offered_while_a_fight_is_on(tmp_path: Path) -> None:
    """Outside a fight the footer and the palette stay as they were (at 80 columns the
    Russian footer has no room to spare); ``combat start`` brings F12 in, ``combat end``
    takes it away."""
    session = new_session(tmp_path / "calm", CAST[:6])
    app = make_app(session, "ru")

    def offered() -> tuple[bool, bool]:
        footer = any(getattr(k, "key", "") == "f12" for k in app.screen.query("FooterKey"))
        titles = [str(c.title) for c in app.get_system_commands(app.screen)]
        return footer, "Выполнить заявку" in titles

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert offered() == (False, False)
        app.dashboard.run_command("combat start Ann Bob")
        await settle(pilot)
        assert offered() == (True, True)
        app.dashboard.run_command("combat end")
        await settle(pilot)
        assert offered() == (False, False)
    session.close()


# Ann strikes with a knife declared lethal (Strength 1 + 2), then punches instead: the knife
# stays out of the punch, its dice and its damage type both (V20 p. 299: a punch is bashing).
# Bob (Stamina 1, a mortal) soaks bashing only, so a punch counted lethal finds no soak dice.
KNIFE = "attack Bob strike weapon str+2 lethal"
PUNCH = "attack Ann Bob punch dice 8 8 8 8 8 dmg 8,8,8,8,8 soak 2"


@pytest.mark.parametrize(
    ("declared", "typed", "kind", "damage_pool"),
    [
        (KNIFE, PUNCH, "bashing", 5),  # Strength 1 + 4 extra successes
        (KNIFE, f"attack Ann {FIVE} dmg 8,8,8,8,8,8,8", "lethal", 7),  # as declared: str+2
        ("атака Bob удар-оружием оружие сила+2 тяжёлые", PUNCH, "bashing", 5),
    ],
)
def test_a_declared_weapon_s_damage_type_goes_only_where_the_weapon_goes(
    tmp_path: Path, declared: str, typed: str, kind: str, damage_pool: int
) -> None:
    s = at_ann_s_action(tmp_path, declared)
    said = s.execute(typed)
    d = s.events()[-1].data
    assert (d["damage"]["type"], d["damage_pool"]) == (kind, damage_pool)
    words = {"bashing": "лёгкие", "lethal": "тяжёлые"}[kind]
    # every damage die shows 8: as many levels as dice
    assert f"({words})" in said.render("ru") and f"= {damage_pool} {kind}" in said.render("en")


@pytest.mark.parametrize(
    ("declared", "typed", "kind"),
    [
        # The damage type alone, typed after the name, goes with the declared weapon.
        ("атака Bob выстрел оружие 4", "атака Ann губительные", "aggravated"),
        ("attack Bob shoot weapon 4 bashing", "attack Ann lethal", "lethal"),
        ("attack Bob shoot weapon 4 bashing", "attack Ann", "bashing"),
        # Declared with no weapon: the weapon and its type typed after the name (the hint).
        ("атака Bob выстрел", "атака Ann оружие 4 тяжёлые", "lethal"),
    ],
)
def test_words_typed_after_the_name_fill_in_over_the_declaration(
    tmp_path: Path, declared: str, typed: str, kind: str
) -> None:
    s = at_ann_s_action(tmp_path, declared)
    soak = " soak 2" if kind == "bashing" else ""  # a mortal soaks bashing only
    s.execute(f"{typed} {FIVE} dmg 8,8,8,8,8,8,8,8{soak}")
    d = s.events()[-1].data
    assert (d["maneuver"], d["target"], d["damage_pool"]) == ("shoot", "Bob", 8)
    assert d["damage"]["type"] == kind


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_name_alone_before_the_actions_says_the_phase_as_the_full_form_does(
    tmp_path: Path, lang: str
) -> None:
    """``attack Ann`` in the declaration phase is refused for the phase, in the same words
    as ``attack Ann Bob shoot`` (it was refused as a missing target)."""
    s = new_session(tmp_path / "c", CAST)
    try:
        assert s.state.combat is not None and s.state.combat["phase"] == "declare"
        before = s.state
        refusals = []
        for typed in ("attack Ann", "attack Ann Bob shoot weapon 4"):
            with pytest.raises(CommandError) as caught:
                s.execute(typed)
            refusals.append(caught.value.render(lang))
        assert refusals[0] == refusals[1], refusals
        assert ("declare" in refusals[0]) if lang == "en" else ("заяв" in refusals[0])
        assert s.state == before
    finally:
        s.close()
