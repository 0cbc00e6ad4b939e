"""The combat turn engine, driven by commands with explicit faces (RULES.md §4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from elysium.chronicle.combat import combat_json
from elysium.chronicle.errors import CommandError
from elysium.chronicle.session import Session
from elysium.chronicle.state import State, apply
from tests.chronicle.combat_cast import FIGHT, INIT, SETUP, START
from tests.chronicle_helpers import new_session


@pytest.fixture
def fight(tmp_path: Path):
    s = new_session(tmp_path / "c", [*SETUP, START, INIT])
    yield s
    s.close()


def view(s: Session) -> dict:
    return combat_json(s.state)


def test_initiative_order_and_values(fight) -> None:
    v = view(fight)
    assert [(e["name"], e["initiative"]) for e in v["order"]] == [
        ("Marcus", 12),
        ("Bob", 8),
        ("Rex", 7),
        ("Ghoul 1", 5),
    ]
    assert (v["round"], v["phase"], v["current"]) == (1, "declare", "Ghoul 1")


def test_initiative_wound_penalty_and_celerity(tmp_path: Path) -> None:
    s = new_session(tmp_path / "c", [*SETUP, "damage Marcus 4 lethal nosoak", START])
    s.execute('init dice Marcus=7,Bob=3,"Ghoul 1=2",Rex=3')  # Wounded -2, Celerity unspent +1
    assert view(s)["order"][0] == {
        "name": "Marcus",
        "initiative": 7 + 5 - 2 + 1,
        "simultaneous": False,
    }
    s.close()


def test_ties_act_at_the_same_time(tmp_path: Path) -> None:
    s = new_session(
        tmp_path / "c",
        [
            *SETUP,
            'add "Twin" mortal blank',
            "set Twin dexterity 2",
            "set Twin wits 3",
            "combat start Bob Twin",
        ],
    )
    r = s.execute("init dice Bob=4,Twin=4")
    assert "Bob and Twin act at the same time" in r.message
    assert all(e["simultaneous"] for e in view(s)["order"])
    s.close()


def test_declarations_run_slowest_first_and_actions_fastest_first(fight) -> None:
    with pytest.raises(CommandError, match="it is Ghoul 1's turn to declare"):
        fight.execute("declare Marcus attack Bob punch")
    order = []
    for line in [
        'declare "Ghoul 1" attack Marcus punch',
        "declare Rex attack Marcus punch",
        "declare Bob attack Rex punch",
        "declare Marcus attack Bob punch",
    ]:
        order.append(view(fight)["current"])
        fight.execute(line)
    assert order == ["Ghoul 1", "Rex", "Bob", "Marcus"]
    acting = []
    while view(fight)["current"]:
        acting.append(view(fight)["current"])
        fight.execute("next")
    # Marcus's Celerity action comes at the end of the turn.
    assert acting == ["Marcus", "Bob", "Rex", "Ghoul 1", "Marcus"]
    r = fight.execute("next")
    assert "round 1 ends" in r.message and view(fight)["phase"] == "initiative"
    assert view(fight)["round"] == 2


def declare_all(s: Session, lines: dict[str, str]) -> None:
    while view(s)["phase"] == "declare":
        who = view(s)["current"]
        text = lines.get(who)
        s.execute(f'declare "{who}" {text}' if text else "next")


def test_a_delay_interrupts_a_slower_character(fight) -> None:
    declare_all(fight, {"Marcus": "delay"})
    fight.execute("delay Marcus")
    assert view(fight)["current"] == "Bob" and view(fight)["delayed"] == ["Marcus"]
    r = fight.execute("attack Marcus Rex punch dice 2,2,2,2,2,2")  # interrupts Bob's slot
    assert "misses" in r.message or "miss" in r.message
    v = view(fight)
    assert v["current"] == "Bob" and v["delayed"] == []
    with pytest.raises(CommandError, match="it is not Rex's turn: Bob acts now"):
        fight.execute("attack Rex Bob punch dice 7,7,7,7")


def test_two_delayers_are_listed_higher_rating_first(fight) -> None:
    declare_all(fight, {})
    fight.execute("delay Marcus")
    fight.execute("delay Bob")
    fight.execute("next")  # Rex
    r = fight.execute("next")  # Ghoul 1; then the extra action
    r = fight.execute("next")  # Marcus's Celerity action done
    assert "still waiting to act: Marcus, Bob (higher rating first)" in r.message


def test_a_defence_replaces_the_declared_action_with_a_willpower_roll(fight) -> None:
    declare_all(fight, {"Bob": "attack Rex punch", "Marcus": "attack Bob punch"})
    r = fight.execute("defend Bob dodge abort 7,2,2,2 dice 8,8,3,2")
    assert "aborts the declared action" in r.message
    r = fight.execute("attack Marcus Bob punch dice 7,8,9,2,10,3 dmg 6,7,8,2 soak 2,2")
    # Attack: 7,8,9,10 = 4 successes; dodge 2 leaves 2: damage Str 3 + 1 extra = 4 dice.
    data = fight.events()[-1].data
    assert data["defence"]["successes"] == 2 and data["hits"] == 2
    assert data["damage_pool"] == 4
    assert "Bob gave this action to a defence" in r.message  # his slot is skipped
    assert view(fight)["current"] == "Rex"
    assert view(fight)["dazed"] == ["Bob"]  # 3 > Stamina 2: he loses his next action instead


def test_a_failed_abort_leaves_the_declared_action(fight) -> None:
    declare_all(fight, {"Bob": "attack Rex punch"})
    r = fight.execute("defend Bob dodge abort 2,3,4,5")
    assert "fails; the declared action stands" in r.message
    assert "defence" not in fight.state.combat["standing"].get("bob", {})


def test_a_willpower_point_buys_the_defence(fight) -> None:
    declare_all(fight, {"Bob": "attack Rex punch"})
    before = fight.state.characters["bob"].willpower_points
    fight.execute("defend Bob dodge wp dice 8,8,8,8")
    assert fight.state.characters["bob"].willpower_points == before - 1
    fight.execute("attack Marcus Bob punch dice 7,7,7,2,2,2")  # 3 vs 4: miss
    assert fight.events()[-1].data["hits"] == 0


def test_a_declared_defence_and_the_second_defence_costs_a_die(fight) -> None:
    declare_all(fight, {"Bob": "dodge"})
    r = fight.execute("defend Bob dodge dice 6,6,6,6")
    assert "dexterity+athletics 4" in r.message
    r = fight.execute("defend Bob dodge dice 6,6,6")  # the pool is 3 now
    assert "defence 2 this turn -1" in r.message
    with pytest.raises(CommandError, match="is 2 dice but 4 faces"):
        fight.execute("defend Bob dodge dice 6,6,6,6")


def test_the_block_restriction_in_a_fight(fight) -> None:
    declare_all(fight, {"Bob": "block"})
    fight.execute("defend Bob block dice 8,8,8")
    r = fight.execute("attack Marcus Bob strike weapon str+1 lethal dice 7,7,2 dmg 7,7,7,7,7")
    assert "cannot meet it: a block without armour or Fortitude only stops bashing" in r.message
    assert fight.events()[-1].data["hits"] == 2


def test_extra_successes_add_damage_and_dazing_costs_the_next_action(fight) -> None:
    declare_all(fight, {})
    # 6 successes: damage Str 3 + 5 = 8 dice, 6 succeed; Bob soaks 0 of 2: 6 levels.
    r = fight.execute("attack Marcus Bob punch dice 7,7,7,7,7,7 dmg 7,7,7,7,7,7,2,2 soak 2,2")
    data = fight.events()[-1].data
    assert data["damage_pool"] == 8 and data["damage"]["taken"] == 6
    assert data["damage"]["dazed"] is True  # 6 > Stamina 2
    assert "Bob is dazed and loses this action" in r.message
    assert view(fight)["current"] == "Rex"


def test_vampire_bashing_halved_and_armour_destroyed(fight) -> None:
    fight.execute("set Marcus armour 2")
    declare_all(fight, {})
    fight.execute("delay Marcus")
    fight.execute("next")  # Bob
    r = fight.execute("attack Rex Marcus punch dice 8,8,8,8 dmg 7,7,7,7,7,7 soak 2,2,2,2,2,2")
    data = fight.events()[-1].data["damage"]
    # 6 bashing, soak 6 dice (Sta 3 + Fort 1 + armour 2) all failed: 6 left, halved to 3.
    assert (data["damage"], data["taken"], data["halved"]) == (6, 3, True)
    assert data["armour_destroyed"] is True  # 6 >= 2 x 2
    assert fight.state.characters["marcus"].armour is None
    assert "armour destroyed" in r.message


def test_incapacitated_are_skipped(fight) -> None:
    fight.execute('damage "Ghoul 1" 7 lethal nosoak')
    declare_all(fight, {})
    acting = []
    while view(fight)["current"]:
        acting.append(view(fight)["current"])
        fight.execute("next")
    assert "Ghoul 1" not in acting
    assert view(fight)["cannot_act"] == ["Ghoul 1"]


def test_joining_and_leaving(fight) -> None:
    fight.execute('add "Late" mortal blank')
    fight.execute("combat join Late")
    fight.execute("combat leave Rex")
    assert "Late" in view(fight)["participants"] and "Rex" not in view(fight)["participants"]
    fight.execute("combat end")
    assert fight.state.combat is None


def test_state_json_has_combat(tmp_path: Path) -> None:
    import json

    from tests.conftest import run_elysium

    root = tmp_path / "c"
    new_session(root, [*SETUP, START, INIT]).close()
    state = json.loads(run_elysium("state", str(root), "--json").stdout)
    combat = state["combat"]
    assert (combat["round"], combat["phase"], combat["current"]) == (1, "declare", "Ghoul 1")
    assert combat["order"][0] == {"name": "Marcus", "initiative": 12, "simultaneous": False}
    run_elysium("run", str(root), "combat end")
    assert json.loads(run_elysium("state", str(root), "--json").stdout)["combat"] is None


def test_a_three_round_fight_replays_to_the_same_state(fight) -> None:
    for line in FIGHT:
        fight.execute(line)
    folded = State()
    states = []
    for event in fight.events():
        folded = apply(folded, event)
        states.append(folded)
    assert folded == fight.state
    rounds = [e for e in fight.events() if e.type == "initiative"]
    assert len(rounds) == 3
    attacks = [e for e in fight.events() if e.type == "attack"]
    assert all(e.data["attack"]["dice"] for e in attacks)  # every roll kept its faces
    bob = fight.state.characters["bob"]
    assert bob.health.filled > 0
    fight.close()
    reopened = Session.open(fight.store.root)
    assert reopened.state == folded
    reopened.close()
