"""English messages: rolls (issue 12; keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # The verbs (chronicle.verbs): usage lines and one-line help.
    "usage.resist": "resist NAME TRAIT+TRAIT [diff D] [spec] [wp] [bearing] vs NAME TRAIT+TRAIT "
    "[diff D] [spec] [wp] [bearing] [dice F,F,...] (either side may be N dice)",
    "help.resist": "a resisted roll: both sides roll, successes cancel, the rest wins",
    "usage.extended": 'extended | extended start NAME "WHAT" TRAIT+TRAIT [diff D] [spec] '
    "[vs NAME TRAIT+TRAIT [diff D]] target N | "
    'extended start N "WHAT" target N [diff D] | extended roll NUMBER|WHAT|NAME [wp] '
    "[dice F,F,...] | extended end NUMBER|WHAT|NAME",
    "help.extended": "an extended action: successes gathered roll after roll up to a target",
    "usage.teamwork": "teamwork NAME TRAIT+TRAIT [spec] [wp] with NAME TRAIT+TRAIT [spec] [wp] "
    "[with ...] [diff D] [dice F,F,...]",
    "help.teamwork": "teamwork: each rolls their own pool and the successes add",
    # Words the refusals name.
    "what.retries": "the number of earlier failures",
    "what.extended_sub": "start, roll or end",
    "what.extended_ref": "the action's number, its name or the one rolling it",
    "what.extended_what": "what the action is, quoted",
    "what.extended_target": "the successes needed (target N)",
    # Retrying a failed task (V20 p. 268).
    "roll.retry_hopeless": "after {n:n:failure|failures} difficulty {base} would be past "
    "{most}: the task cannot succeed any more",
    "ack.roll.retry": "{diff} ({base} + retry)",
    "ack.roll.retry_off": "{diff} (retry penalty off)",
    # Several rollers in one command.
    "rolls.faces_total": "the rolls need {need:n:face|faces} in all but {given} were given "
    "(in the order the rollers are written)",
    "rolls.pool_side": "{n:n:die|dice}",
    "rolls.dice": "dice",
    "rolls.twice": "{who} is named twice: each roller rolls once",
    "ack.side": "{who}: {traits} = {pool}{pen}{wp}, diff {diff}: {faces} — {verdict}",
    "ack.side.dice": "{who}, diff {diff}: {faces} — {verdict}",
    # Resisted rolls (V20 p. 268).
    "resist.two_sides": "name two sides, the second after vs",
    "ack.resist": "{first}; against {second}; {result}",
    "ack.resist.even": "the successes cancel: nobody gains ground",
    "ack.resist.wins": "{who} wins by {n:n:success|successes}",
    # Teamwork (V20 p. 269).
    "teamwork.two_or_more": "name two or more participants, each after with",
    "teamwork.too_many": "at most {most} participants",
    "ack.teamwork": "{leader} with {helpers:l}: {rolls:s}; {result}",
    "ack.teamwork.spoiled": "{who:l} botched: the whole attempt is spoiled",
    "ack.teamwork.kept": "{n:n:success|successes} together ({who:l} botched; the house rule "
    "keeps the others')",
    "ack.teamwork.total": "{n:n:success|successes} together",
    "ack.teamwork.none": "no successes together",
    # Extended actions (V20 p. 268).
    "extended.bad_sub": "{sub!r} is not start, roll or end",
    "extended.bad_what": "say what the action is, in at most {most} characters",
    "extended.twice": "an action called {what!r} is already open",
    "extended.wp_at_start": "Willpower is spent on a roll: extended roll ... wp",
    "extended.nobody": "{who} who rolls {what!r} is no longer in the chronicle; end the action",
    "extended.ambiguous": "{ref!r} could be any of {several:l}; give the number",
    "extended.unknown": "no open extended action {ref!r}; open: {open:l}",
    "extended.none_open": "none",
    "ack.extended.start": "extended action #{id} {what!r}: {who}{traits}{vs}, diff {diff}, "
    "target {target}",
    "ack.extended.traits": ", {traits}",
    "ack.extended.vs": " against {rival}",
    "ack.extended.both": "{first}; against {second}",
    "ack.extended.contest": "#{id} {what!r}: {who} {n}, {rival} {m} of {target}",
    "ack.extended.won": "#{id} {what!r}: {winner} reaches {target} first ({n} to {m}, "
    "{rolls:n:roll|rolls})",
    "ack.extended.end": "extended action #{id} {what!r} ended at {n} of {target}",
    "ack.extended.roll": "{roll}; {progress}",
    "ack.extended.going": "#{id} {what!r}: {n} of {target}",
    "ack.extended.lost": "#{id} {what!r}: the botch loses the {lost} gathered; 0 of {target}",
    "ack.extended.done": "#{id} {what!r} is done: {n} of {target} in {rolls:n:roll|rolls}",
    "ack.extended.failed": "#{id} {what!r} fails: the botch ends the attempt",
    "state.extended": "the open extended actions are not a table of actions",
    # The log and the dashboard.
    "log.retry": "retry {n}, difficulty {base} raised",
    "log.side": "{who} {what} {pool}d diff {diff}: {faces} → {verdict}",
    "log.side.dice": "{who} diff {diff}: {faces} → {verdict}",
    "log.resist": "resisted: {first} vs {second} — {result}",
    "log.resist.even": "even",
    "log.resist.wins": "{who} by {n}",
    "log.teamwork": "teamwork: {rolls} — {result}",
    "log.teamwork.spoiled": "spoiled by a botch",
    "log.teamwork.total": "{n} together",
    "log.extended_start": "extended #{id} {what!r} opened: {who}{vs}, target {target} diff {diff}",
    "log.extended_roll": "extended #{id} {what!r}: {roll} — {progress}",
    "log.extended.going": "{n}/{target}",
    "log.extended.lost": "botch, {lost} lost, 0/{target}",
    "log.extended.done": "done, {n}/{target}",
    "log.extended.failed": "botch, attempt over",
    "log.extended.contest": "{who} {n}, {rival} {m} of {target}",
    "log.extended.won": "{winner} first to {target} ({n} to {m})",
    "log.extended_both": "extended #{id} {what!r}: {first} vs {second} — {progress}",
    "log.extended_end": "extended #{id} {what!r} ended at {n}/{target}",
    "cli.extended": "  extended #{id} {what!r}: {who} {n}/{target}{vs}, diff {diff}",
    "cli.extended_vs": " against {who} {n}",
    "ui.extended": "{what} {n}/{target}",
    "extended.nothing_open": "no extended action is open",
    "extended.open": "open extended actions:\n{lines}",
}
