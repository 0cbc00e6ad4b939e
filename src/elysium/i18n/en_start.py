"""English messages: starting Elysium and finding your way (issue 14: the start screen, the
hint for a chronicle that is not there, the recap's fight pointer, the combat flow in F1)."""

STRINGS: dict[str, str] = {
    "recap.fight_here": "{fight} (round by round under Fights)",
    "start.create_hint": "{error}; to create it: {command}",
}
