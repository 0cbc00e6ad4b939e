"""English messages: experience with reasons (``award … "reason"``, ``xp NAME``) and rolls
left out of the statistics (``omit``)."""

STRINGS: dict[str, str] = {
    # The verbs.
    "usage.xp": "xp NAME   (every award and spend, with its reason and time)",
    "help.xp": "a character's experience: every award and spend with its reason, night and date",
    "usage.omit": "omit [N]   (N: the roll's number in the log, or the newest; twice: counted again)",
    "help.omit": "leave a logged roll out of the statistics, or count it again",
    "what.event_number": "the roll's number (as the log numbers it)",
    # Awards with a reason.
    "ack.award.reason": "{who} is awarded {n} experience ({reason}) — {left} unspent",
    "award.reason_quoted": 'a reason of several words goes in quotes ("{words}" was left over)',
    "log.xp.reason": "{who} is awarded {n} XP: {reason}",
    "recap.xp_reasons": "{line} — {reasons:s}",
    # The view.
    "xp_log.needs_chronicle": "{verb} reads the chronicle's history: open a chronicle first",
    "xp_log.none": "{who} has had no experience awarded or spent ({left} unspent)",
    "xp_log.view": ("{who}'s experience\n{rows}\nawarded {awarded}, spent {spent}, {left} unspent"),
    "xp_log.line": "{n}  night {night}, scene {scene}, {date}: {what}",
    "xp_log.award": "award",
    "xp_log.award.reason": "award: {reason}",
    "xp_log.story": "end of the story ({awards:l})",
    "xp_log.raise": "raised {trait}",
    "xp_log.raise.priced": "raised {trait} ({rule})",
    "xp_log.gain": "gained",
    "xp_log.spend": "spent",
    "xp_log.other": "changed by “{command}”",
    # Rolls left out of the statistics.
    "ack.omitted": "{line} — left out of the statistics",
    "log.omitted": "{line} (left out of the statistics)",
    "log.omitted_mark": "(left out of the statistics)",
    "dlg.roll.omit": "Not counted",
    "ack.omit.out": "roll #{n} left out of the statistics",
    "ack.omit.out.who": "roll #{n} ({who}) left out of the statistics",
    "ack.omit.in": "roll #{n} counted in the statistics again",
    "ack.omit.in.who": "roll #{n} ({who}) counted in the statistics again",
    "log.omit.out": "roll #{n} left out of the statistics",
    "log.omit.out.who": "roll #{n} ({who}) left out of the statistics",
    "log.omit.in": "roll #{n} counted in the statistics again",
    "log.omit.in.who": "roll #{n} ({who}) counted in the statistics again",
    "omit.no_such_event": "there is no event #{n}: the last is #{last}",
    "omit.not_a_roll": "event #{n} is not a roll the statistics count (or it was undone)",
    "omit.no_rolls": "no roll yet that the statistics count",
    "stats.omitted": "{n:n:roll|rolls} left out of the statistics (omit)",
    "state.omitted": "the list of rolls left out of the statistics is malformed",
    # elysium xp
    "clihelp.xp.help": "a character's experience: every award and spend, with reasons",
    "clihelp.xp.description": (
        "Every award and every spend of a character's experience, with its reason, the night "
        "and scene, and the date; then the totals. It reads the chronicle and writes nothing."
    ),
    "clihelp.xp.arg.name": "the character (any unique part of the name)",
}
