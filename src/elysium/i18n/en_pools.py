"""English messages: a pool's situational modifiers (Celerity's dice, moving while Wounded,
a lasting load) and the ``carry`` verb (keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # A pool's modifiers, each with its reason.
    "mod.celerity": "Celerity {n}",
    "mod.moving": "moving while Wounded {n}",
    "mod.load": "load: difficulty {n}",
    "mods.list": " ({notes:s})",
    "mods.with_wounds": " ({n} wounds; {notes:s})",
    "roll.moving_needs_character": "moving belongs to a character: roll NAME TRAITS moving",
    # Celerity's extra actions.
    "celerity.no_blood": "{who} has no blood to spend on Celerity's extra actions "
    "({n:n:action|actions}); roll initiative without them, or give them 0",
    "celerity.pays": "; {who} spends 1 blood on Celerity: {n:n:extra action|extra actions} "
    "(blood {blood})",
    "character.celerity_actions": "Celerity dots given to extra actions are 0 to {celerity}, "
    "not {n}",
    "character.load_range": "a load is 0 to {most} lb, not {lb}",
    # carry.
    "usage.carry": "carry NAME LB   (0 puts the load down)",
    "help.carry": "a load carried from now on: over the limit, +1 difficulty to physical actions",
    "carry.nothing": "{who} carries no load to put down",
    "carry.same": "{who} already carries {lb} lb",
    "ack.carry.light": "{who} carries {lb} lb, within the limit of {capacity} lb: no penalty",
    "ack.carry.heavy": "{who} carries {lb} lb, over the limit of {capacity} lb: +1 difficulty "
    "to physical actions, speed 1/{part}",
    "ack.carry.stuck": "{who} carries {lb} lb against a limit of {capacity} lb: cannot move "
    "(from {stuck} lb, twice the limit), "
    "+1 difficulty to physical actions",
    "ack.carry.down": "{who} puts down the load of {lb} lb",
    "log.carry": "{who} carries {lb} lb",
    "log.carry.down": "{who} puts the load down",
    "ui.load": "load {lb} lb",
    "ui.load_heavy": "load {lb} lb: +1 diff",
}
