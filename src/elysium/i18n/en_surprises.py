"""English messages: no surprises (issue 14; keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # Verbs that discard data take the whole name.
    "exact.name": (
        "{verb} discards data, so it needs the character's whole name; {name!r} is not one. "
        "Did you mean {close:l}?"
    ),
    "exact.power": (
        "{verb} discards data, so it needs the power's whole name; {name!r} is not one. "
        "Did you mean {close:l}?"
    ),
    "exact.extended": (
        "{verb} discards data, so it needs the action's number or whole name; {ref!r} is "
        "neither. Did you mean {close:l}?"
    ),
    # What an undo or redo leaves (chronicle.now).
    "now.said": " — now {parts:s}",
    "now.character": "{who}: {parts:l}",
    "now.back": "{who} is in the chronicle again",
    "now.gone": "{who} is no longer in the chronicle",
    "now.blood": "blood {n}/{most}",
    "now.willpower": "Willpower {n}/{most}",
    "now.morality": "{morality} {n}",
    "now.trait": "{trait:t:trait} {n}",
    "now.derangements": "derangements {names:l}",
    "now.none": "none",
    "now.xp": "{n} XP unspent",
    "now.time": "night {night}, scene {scene}, turn {turn}",
    "now.round": "fight round {n}",
    "now.no_fight": "no fight",
    # Per-turn limits: which one, and how to move on (session.run_parsed adds the way on).
    "blood.generation": " (generation {n})",
    "blood.turn_spent": "{who} has already spent {spent} of {per_turn} blood this turn{gen}",
    "limit.turn": "{why}; type `turn` to start the next turn (a new scene or night starts one too)",
    "limit.round": "{why}; it resets when the fight's next round begins",
}
