"""English messages: bearing on social rolls, the end of a story, clan and trait typos
(keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # Bearing (seed 004 «Столп»): a social roll's difficulty by Humanity or Path.
    "ack.roll.bearing": "{diff} ({was}, bearing {mod:+d})",
    "ack.roll.retry.bearing": "{diff} ({base} + retry, bearing {mod:+d})",
    "ack.roll.retry_off.bearing": "{diff} (retry penalty off, bearing {mod:+d})",
    "log.bearing": "bearing {mod:+d}",
    "bearing.needs_character": "bearing is a character's Humanity or Path: name who rolls "
    "(roll NAME charisma+empathy bearing)",
    "bearing.vampires_only": "bearing is for a vampire passing as human; {who} is a {kind}",
    "bearing.social_only": "bearing applies to a social roll, a pool with one of {social:l:t:trait}; "
    "{traits} is not one",
    "sheet.bearing": "Bearing",
    "sheet.bearing_value": "{mod:+d} to the difficulty of social rolls to pass as human",
    "cli.state_bearing": " (bearing {mod:+d})",
}
