"""The event corpus: every command below, run from a few fixed states with seeded dice.

``events.json`` was written by the handlers as they stood before the command language
became data (issue 11, commit d9e3a77), and written again once for issue 12's rules fixes
(each changed record explained in that issue's closing note), and again when a new sheet's
Virtues came to agree with its Humanity and Willpower (Conscience 3, Self-Control 4,
Courage 3) and ``roll``'s usage line took ``bearing``, and when it took ``omit`` and
``award``'s a reason (the usage lines alone changed). ``test_same_events`` checks
that each command still gives the same event, the same state change and the same English
words, or the same refusal. ``python -m tests.golden.corpus --diff`` lists what a change
altered; regenerate only on purpose (a rules fix), with ``python -m tests.golden.corpus``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from elysium.chronicle import state as st
from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.session import dispatch
from elysium.rules import SeededDice
from elysium.rules.errors import RulesError

HERE = Path(__file__).parent
COMMANDS = HERE / "commands.txt"
EVENTS = HERE / "events.json"

BASES: dict[str, list[str]] = {
    "cast": [
        "add Marcus vampire gen 10",
        "set Marcus dexterity 4 brawl 3 strength 3 stamina 3 wits 3 athletics 2",
        "set Marcus fortitude 1 potence 1 courage 3 self-control 2 conscience 3 willpower 6",
        "award Marcus 20",
        "add Bob mortal blank",
        "set Bob dexterity 2 brawl 2 stamina 2 wits 2 athletics 1",
        "add Rex ghoul blank",
        "set Rex dexterity 3 brawl 2 potence 1",
        'add "Lucien Marchetti" ancilla',
        "add Starving vampire",
        "set Starving blood 0",
        "add Thug mortal blank",
        "set Thug strength 3 brawl 3 dexterity 2",
    ],
    "hurt": [
        "damage Marcus 4 lethal nosoak",
        "damage Bob 3 bashing nosoak",
        "spend Marcus wp 2",
        "frenzy Marcus diff 6 dice 2,2",
        "spend Marcus blood 1",
        "turn",
        "spend Marcus blood 1",
    ],
    "fight": ["combat start Marcus Bob Rex Thug"],
    "rolled": ["init dice Marcus=7,Bob=3,Rex=5,Thug=2"],
    "acting": [
        "declare Thug attack Marcus punch",
        "declare Bob dodge",
        "declare Rex attack Bob kick",
        "declare Marcus attack Bob punch",
    ],
}
# Each base builds on the one before it.
ORDER = ("cast", "hurt", "fight", "rolled", "acting")


def build(name: str) -> st.State:
    state = st.State()
    for base in ORDER[: ORDER.index(name) + 1]:
        for i, text in enumerate(BASES[base]):
            state, _ = dispatch(state, text, SeededDice(1000 + i))
    return state


def commands() -> list[str]:
    lines = COMMANDS.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def outcome(state: st.State, text: str, seed: int) -> dict[str, Any]:
    try:
        new, (kind, data, say) = dispatch(state, text, SeededDice(seed))
    except (ChronicleError, RulesError) as exc:
        return {"refused": str(exc)}
    return {
        "type": kind,
        "data": json.loads(json.dumps(data)),
        "message": str(say),
        "changes": json.loads(json.dumps(st.diff(state, new))),
    }


def run() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for base in ORDER:
        state = build(base)
        for i, text in enumerate(commands()):
            out[f"{base} | {text}"] = outcome(state, text, 7 * i + 1)
    return out


def changed() -> list[str]:
    """The corpus entries whose outcome differs from the recording (to review a rules fix)."""
    recorded = json.loads(EVENTS.read_text(encoding="utf-8"))
    return [key for key, got in run().items() if recorded.get(key) != got]


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--diff"]:
        print("\n".join(changed()))
        raise SystemExit(0)
    EVENTS.write_text(
        json.dumps(run(), ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8"
    )
