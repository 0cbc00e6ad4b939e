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
    "now.derangements": "derangements {names:l}{due}",
    "now.none": "none",
    "now.xp": "{n} XP unspent",
    "now.time": "night {night}, scene {scene}, turn {turn}",
    "now.round": "fight round {n}",
    "now.no_fight": "no fight",
    # Per-turn limits: which one, and how to move on (session.run_parsed adds the way on).
    "blood.generation": " (generation {n})",
    "blood.generation_in": "generation {n}; ",
    "blood.turn_spent": "{who} has already spent {spent} of {per_turn} blood this turn{gen}",
    "limit.turn": "{why}; type `turn` to start the next turn (a new scene or night starts one too)",
    "limit.round": "{why}; it resets when the fight's next round begins",
    # Derangements (the derangement verb; rules.derangements).
    "usage.derangement": 'derangement NAME [add|remove "DERANGEMENT"]',
    "help.derangement": "name, add or remove a character's derangements (or list them)",
    "what.derangement_sub": "add or remove",
    "what.derangement": "the derangement's name",
    "derangement.bad_sub": "after the name write add or remove, not {sub!r}",
    "derangement.empty": "a derangement needs a name",
    "derangement.too_long": "a derangement's name is at most {most} characters",
    "derangement.already": "{who} already has the derangement {name!r}",
    "derangement.too_many": "{who} already has {most} derangements",
    "derangement.not_exact": (
        "removing a derangement discards it, so it needs the whole name; {name!r} is not "
        "one. Did you mean {close:l}?"
    ),
    "derangement.unknown": "{who} has no derangement {name!r}; derangements: {have:l}",
    "derangement.none": "none",
    "derangement.still_due": "; {n} more due from a botched degeneration",
    "derangement.listing": "{who}: derangements {names:l}{due}",
    "derangement.due": "{n} to choose",
    "ack.derangement.added": "{who} gains the derangement {name}{due}",
    "ack.derangement.removed": "{who} is rid of the derangement {name}",
    "log.derangement_added": "{who} gains the derangement {name}",
    "log.derangement_removed": "{who} is rid of the derangement {name}",
    "ack.degenerate.choose": "; choose a derangement: {how}",
    "ack.degenerate.choose_how": 'derangement {who} add "NAME"',
    "character.derangements_due": "the derangements due cannot be fewer than none",
    "ack.degenerate.then": "{first}{then}",
}
