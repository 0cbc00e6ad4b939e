"""English messages: starting Elysium and finding your way (issue 14: the start screen, the
hint for a chronicle that is not there, the recap's fight pointer, the combat flow in F1)."""

STRINGS: dict[str, str] = {
    "recap.fight_here": "{fight} (round by round under Fights)",
    "start.create_hint": "{error}; to create it: {command}",
    "help.flow.title": "A fight, in order",
    "help.flow": (
        "1. combat start NAME NAME … — the fight begins at round 1.\n"
        "2. Initiative (init): d10 + Dexterity + Wits − wound penalty; the order is fixed "
        "for the round.\n"
        "3. Declarations from the slowest (declare): the slowest says first what they will "
        "do, so the faster know it; delay holds an action for later.\n"
        "4. Actions from the fastest (next, attack): each acts in turn; attack NAME alone "
        "({act}) makes the attack NAME declared; a delayed action may interrupt anyone slower.\n"
        "5. A defence comes before the attack it answers: defend NAME dodge|block|parry, "
        "then attack. A defence in place of a declared action costs a Willpower roll or "
        "point.\n"
        "6. Extra actions (multiple, Celerity) come at the end of the round; then init again "
        "for the next one. combat end closes the fight."
    ),
    "start.title": "Elysium — the Storyteller's screen",
    "start.open": "Open a chronicle",
    "start.demo": "The demo, {name}: a private copy to try things in",
    "start.none": "No chronicle yet: open the demo, or name a new one below.",
    "start.demo_opening": "the demo (a private copy)",
    "start.new_hint": "Type a name and press Enter to create your own chronicle.",
    "ui.no_characters": (
        'No characters yet. Add one in the command bar below: add "NAME" vampire (or '
        "ghoul, mortal, neonate, ancilla, elder); or press {key} for an NPC from a template."
    ),
    "ui.demo": "DEMO · a private copy",
    "start.new": "New chronicle",
    "start.new_placeholder": "a name (kept in your data directory) or a path",
    "start.create": "Create",
    "start.opening": "opening {name}…",
    "key.new_chronicle": "New chronicle",
    "key.back": "Back",
    "palette.new_chronicle": "New chronicle…",
    "palette.new_chronicle.help": "Create a chronicle and open it",
    "palette.open_recent": "Open recent…",
    "palette.open_recent.help": "Open a chronicle you used lately, or the demo",
    "argparse.usage": "usage: ",
    "argparse.positionals": "positional arguments",
    "argparse.options": "options",
    "argparse.help": "show this help message and exit",
    "argparse.version": "show the program's version and exit",
}
