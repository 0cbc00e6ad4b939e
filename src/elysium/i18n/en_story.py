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
    "dlg.roll.bearing": "Bearing (passing as human)",
    "dlg.roll.with_bearing": "; difficulty {diff} ({was}, bearing {mod:+d})",
    "dlg.roll.with_mods": "; difficulty {diff} ({was}; {notes:s})",
    "cli.state_bearing": " (bearing {mod:+d})",
    # The end of a story (seed 004: Willpower «весь запас - в конце истории»; experience
    # «Конец истории, сверх того: за успех, за опасность, за мудрость - по одному»).
    "usage.story": "story [success] [danger] [wisdom] [NAME AWARD ...] [, NAME AWARD ...]",
    "help.story": "the end of a story: everyone's Willpower back whole, the story's experience",
    "ack.story": "the story ends: {willpower}{xp}",
    "log.story": "end of the story: {willpower}{xp}",
    "story.refilled": "Willpower back whole for {who:l}",
    "story.refilled_one": "{who} {was}→{now}",
    "story.all_full": "everyone's Willpower is whole already",
    "story.awarded": "; experience: {who:l}",
    "story.award_one": "{who} +{n} ({awards:l})",
    "story.award.success": "success",
    "story.award.danger": "danger",
    "story.award.wisdom": "wisdom",
    "story.twice": "{who} is named twice; name each character once, with all their awards",
    "story.no_awards_for": "name the awards after {who}: {allowed:l:t:story.award}",
    # A clan typed wrong (rules.clans.check_clan).
    "clan.did_you_mean": "no clan {clan!r} in the clan table: did you mean {close!r}? A clan of "
    "the house's own: set its Disciplines first (set NAME clan-disciplines DISCIPLINE ...), "
    "then the clan",
    "story.no_players": "no character is marked a player's, so nobody takes {awards:l}; "
    "name who earns them (story NAME success) or mark them (set NAME player yes)",
}
