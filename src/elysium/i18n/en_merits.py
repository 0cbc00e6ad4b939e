"""English messages: Merits and Flaws on the sheet, the ``merit`` and ``flaw`` verbs and
a roll that names one (keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # The verbs.
    "usage.merit": (
        'merit NAME ["MERIT" POINTS [dice ±N | diff ±N]]   (POINTS 1-7; 0 takes it away)'
    ),
    "help.merit": "a character's Merits: give one with its points, take one away, list them",
    "usage.flaw": 'flaw NAME ["FLAW" POINTS [dice ±N | diff ±N]]   (POINTS 1-7; 0 takes it away)',
    "help.flaw": "a character's Flaws: give one with its points, take one away, list them",
    "what.merit_name": 'the Merit\'s name, such as "Eat Food"',
    "what.flaw_name": "the Flaw's name, such as Nightmares",
    "what.merit_points": "the points",
    "what.merit_dice": "the dice it adds to a roll naming it",
    "what.merit_difficulty": "what it adds to the difficulty of a roll naming it",
    "merit.one_modifier_typed": "one modifier: dice ±N or diff ±N, not both",
    "merit.remove_no_modifier": "0 points takes it away: leave out the modifier",
    "merit.zero_modifier": "a modifier of {word} changes nothing: leave it out",
    "merit.line": "{name} ({points:n:pt|pts}{mod})",
    "merit.mod.dice": "; dice {n} when a roll names it",
    "merit.mod.difficulty": "; difficulty {n} when a roll names it",
    "ack.merit.added": "{who} has the Merit {line}",
    "ack.merit.changed": "{who}'s Merit is now {line}, was {was:n:pt|pts}",
    "ack.merit.removed": "{who} no longer has the Merit {name}",
    "ack.flaw.added": "{who} has the Flaw {line}",
    "ack.flaw.changed": "{who}'s Flaw is now {line}, was {was:n:pt|pts}",
    "ack.flaw.removed": "{who} no longer has the Flaw {name}",
    "merit.unchanged": "{who} already has the Merit {line}",
    "flaw.unchanged": "{who} already has the Flaw {line}",
    "merit.none": "none",
    "flaw.none": "none",
    "merit.unknown": "{who} has no Merit {name!r}; Merits: {have:l}",
    "flaw.unknown": "{who} has no Flaw {name!r}; Flaws: {have:l}",
    "exact.merit": (
        "{verb} NAME MERIT 0 discards data, so it needs the Merit's whole name; {name!r} is "
        "not one. Did you mean {close:l}?"
    ),
    "exact.flaw": (
        "{verb} NAME FLAW 0 discards data, so it needs the Flaw's whole name; {name!r} is "
        "not one. Did you mean {close:l}?"
    ),
    "merit.list": "{who}'s Merits ({total:n:pt|pts}):\n{lines}",
    "flaw.list": "{who}'s Flaws ({total:n:pt|pts}):\n{lines}",
    "merit.list_empty": '{who} has no Merits (merit NAME "MERIT" POINTS)',
    "flaw.list_empty": '{who} has no Flaws (flaw NAME "FLAW" POINTS)',
    # The sheet's checks (rules.merits).
    "merit.not_whole": "a Merit's or Flaw's points and modifier are whole numbers, not {value!r}",
    "merit.bad_name": "a Merit's or Flaw's name is 1 to {most} characters",
    "merit.bad_points": "a Merit costs {low} to {high} points (V20), not {value}",
    "flaw.bad_points": "a Flaw gives {low} to {high} points (V20), not {value}",
    "merit.one_modifier": "{name}: one modifier, dice or difficulty, not both",
    "merit.bad_dice": "a Merit's or Flaw's dice are -{most} to +{most}, not {value}",
    "merit.bad_difficulty": "a Merit's or Flaw's difficulty is -{most} to +{most}, not {value}",
    "merit.twice": "the Merit {name} is on the sheet twice",
    "flaw.twice": "the Flaw {name} is on the sheet twice",
    "merit.too_many": "a character has at most {most} Merits",
    "flaw.too_many": "a character has at most {most} Flaws",
    "merit.not_table": "a Merit or Flaw is a table of {fields:l}",
    "merit.unknown_field": "a Merit or Flaw has {fields:l}, not {field!r}",
    "merit.needs_name_points": "a Merit or Flaw needs a name and points",
    # A roll naming one.
    "merit.roll_needs_character": "a Merit belongs to a character: roll NAME TRAITS merit MERIT",
    "flaw.roll_needs_character": "a Flaw belongs to a character: roll NAME TRAITS flaw FLAW",
    "merit.roll_unknown": "{who} has no Merit {name!r} that changes a roll; such Merits: {have:l}",
    "flaw.roll_unknown": "{who} has no Flaw {name!r} that changes a roll; such Flaws: {have:l}",
    "merit.roll_no_modifier": (
        "{who}'s Merit {name} changes no roll: give it one (merit NAME MERIT POINTS dice ±N)"
    ),
    "flaw.roll_no_modifier": (
        "{who}'s Flaw {name} changes no roll: give it one (flaw NAME FLAW POINTS dice ±N)"
    ),
    "mod.merit.dice": "{name} {n}",
    "mod.merit.difficulty": "{name}: difficulty {n}",
    "mod.flaw.dice": "{name} {n}",
    "mod.flaw.difficulty": "{name}: difficulty {n}",
    # The log, the recap, elysium log.
    "log.merit.added": "{who} gains the Merit {line}",
    "log.merit.changed": "{who}'s Merit is now {line}",
    "log.merit.removed": "{who} loses the Merit {name}",
    "log.flaw.added": "{who} gains the Flaw {line}",
    "log.flaw.changed": "{who}'s Flaw is now {line}",
    "log.flaw.removed": "{who} loses the Flaw {name}",
    # Importing them.
    "import.merits_list": "{field} must be a list of tables, each of {fields:l}",
    # The sheet.
    "ui.merits": "Merits",
    "ui.flaws": "Flaws",
    "dlg.edit.new_merit": "a new Merit",
    "dlg.edit.new_flaw": "a new Flaw",
    "dlg.edit.points": "points",
    "merit.worth": "{points:n:pt|pts}{mod}",
    "sheet.merits_and_flaws": "Merits and Flaws",
    "dlg.roll.merit": "Merit or Flaw that changes this roll",
    "dlg.roll.no_merit": "none",
    "sheet.merit": "Merit",
    "sheet.flaw": "Flaw",
    "now.merits": "Merits: {names:l}",
    "now.flaws": "Flaws: {names:l}",
    "merit.short.dice": ", dice {n}",
    "merit.short.difficulty": ", difficulty {n}",
}
