"""English messages: conditions that run out (the condition verb; rules.conditions)."""

STRINGS: dict[str, str] = {
    "usage.condition": 'condition NAME ["LABEL" [N turns|rounds|scenes|nights] | "LABEL" off]',
    "help.condition": "a condition that runs out (or lasts until taken off), or list them",
    "condition.what.label": "the condition's label",
    "condition.which_unit": "say what {n} counts: turns, rounds, scenes or nights",
    "condition.not_duration": '"{words}" is not a duration: say N turns, rounds, scenes or'
    " nights, or off; quote a label of several words",
    "condition.what.left": "how long it lasts",
    "ack.condition": "{who}: {what}",
    "ack.condition.off": "{who}: {label} taken off",
    "log.condition": "{who}: {what}",
    "log.condition_off": "{who}: {label} taken off",
    # How a condition shows everywhere: "Dominated 2 turns"; untimed, its label alone.
    "condition.timed": "{label} {left}",
    "condition.untimed": "{label}",
    "condition.left.turn": "{n:n:turn|turns}",
    "condition.left.round": "{n:n:round|rounds}",
    "condition.left.scene": "{n:n:scene|scenes}",
    "condition.left.night": "{n:n:night|nights}",
    "condition.none": "none",
    "condition.listing": "{who}: conditions: {items:l}",
    # What the clock's verbs add when a condition runs out.
    "conditions.after": "{line} — {ended:s}",
    "condition.ends": "{label} ends for {who}",
    # What an undo or a redo leaves of them (chronicle.now).
    "now.conditions": "conditions {items:l}",
    # Refusals (rules.conditions).
    "condition.malformed": "a condition needs a label, a unit and what is left",
    "condition.empty": "a condition needs a label",
    "condition.too_long": "a condition's label is at most {most} characters",
    "condition.left_range": "a condition lasts from 1 to {most} of its unit",
    "condition.untimed_left": "a condition until taken off has nothing left to count",
    "condition.too_many": "{who} already has {most} conditions",
    "condition.unknown": "{who} has no condition {label!r}; conditions: {have:l}",
    # The built-in timed states, shown as conditions are.
    "timed.dazed": "dazed: next action",
    "timed.scene": "{what} this scene",
    "timed.fading": "{what} −1 in {n:n:turn|turns}",
    "timed.until_calmed": "{what} until calmed",
}
