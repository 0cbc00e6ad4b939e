"""English messages: an NPC kept off the players' view, and a player's own sheet there."""

STRINGS: dict[str, str] = {
    "players.unseen_vessel": "someone",  # whom a player's character drank from, unseen
    "set.hidden": "kept off the players' view",
    "ack.set.hidden": "kept off the players' view: {flag}",
    "set.hidden_yes_no": "hidden takes yes or no (on or off): is this NPC kept off the players' view",
    "set.hidden_player": "{who} is a player's character: only an NPC can be kept off the players' view",
    "set.player_hidden": "{who} is kept off the players' view: reveal them first (set {who} hidden no)",
    "vitals.offstage": "⊘",
    "ui.offstage": "off the players' view",  # a mark on the line of elysium state
    "shape.table_long": "{where} must be a table of at most {most:,} entries",
    "players.key.sheet": "Sheet",
    "players.sheet.pick": "Whose sheet?",
    "players.sheet.none": "no player's character has a sheet in this view",
    "players.sheet.open": "open {who}'s sheet",
    "palette.char.hide": "Hide {name} from the players",
    "palette.char.hide.help": "kept off the players' view until shown again (set NAME hidden yes)",
    "palette.char.reveal": "Show {name} to the players",
    "palette.char.reveal.help": "back in the players' view (set NAME hidden no)",
}
