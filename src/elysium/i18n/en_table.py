"""English messages: physical dice at the table, asked for one step at a time."""

STRINGS: dict[str, str] = {
    "table.title": "Physical dice",
    "table.side": "{who}'s roll",
    "table.initiative": "initiative, one die each in this order: {who}",
    "table.a_roll": "a roll",
    "table.throw": "{what}: throw {n:n:die|dice}",
    "table.throw_diff": "{what}: throw {n:n:die|dice}, difficulty {diff}",
    "table.reroll": "{what}, the rule of ten: throw {n:n:die|dice} more for the tens",
    "table.scored": "{what}: {faces} — {verdict}",
    "table.placeholder": "faces, e.g. 8 3 10 (0 is a 10); empty: Elysium rolls this step",
    "table.hint": "Enter: these faces · empty Enter: Elysium rolls this step · Esc: cancel, nothing is written",
    "table.wrong_count": "that is {given:n:face|faces}; this step needs exactly {need}",
    "table.cancelled": "cancelled: {command} — nothing was written",
    "table.moved": "throw the dice: {command}",
    "dice.step_count": "this step needs {need:n:face|faces}, {given} were typed",
    "dice.step_not_face": "{word!r} is not a die's face; type whole numbers 1-10 (0 for a 10), separated by spaces",
    "key.other_dice": "Run with the other dice (physical / rolled)",
    "ui.type_first": "type a command first, then press {key} to run it with the other dice",
    "rolls.storyteller": "Storyteller",
}
