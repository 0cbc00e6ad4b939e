"""English messages: the command language (keys with values; see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # Reading a command.
    "parse.unclosed": "could not read the command: {why} (close the quotes)",
    "parse.too_long": "a command can be at most {most:,} characters; this one has {got:,}",
    "parse.line_too_long": "the line is longer than {most:,} characters; a command can be at "
    "most {most:,}",
    "parse.not_utf8": "the line is not UTF-8 text",
    "parse.empty": "type a command, for example: roll 5 diff 6",
    "parse.unknown": "unknown command {word!r}; commands: {known:l}",
    "args.fail": "{verb}: {what}; usage: {usage}",
    "args.missing": "missing {what}",
    "args.needs_value": "{word} needs a value",
    "args.dice_needs_faces": "dice needs faces such as 6,2,10",
    "args.not_understood": "did not understand {words!r}",
    "args.not_whole": "{what} must be a whole number, got {got!r}",
    "args.out_of_range": "{what} must be from {low} to {high}, got {got}",
    "args.too_small": "{what} must be at least {low}, got {got}",
    # What a command is missing or got wrong ("missing a name").
    "what.face": "a die face",
    "what.name": "a name",
    "what.difficulty": "difficulty",
}
