"""English messages: the players' view (issue 15): hidden rolls, the projection, share."""

STRINGS: dict[str, str] = {
    "ack.hidden": "🔒 (hidden) {line}",
    "log.hidden": "🔒 (hidden) {line}",
    "dlg.roll.hidden": "Hidden",
    "ack.set.player": "player character: {flag}",
    "players.npc_roll": "{who}: {faces} → {verdict}",
    "players.npc_rolled": "{who} rolled",
    "share.failed": "the players' view could not be published to {to}: {error}",
    "share.no_group": "there is no group {group!r}; give a Unix group that exists (see getent group)",
    "share.inside_chronicle": "the players' view cannot go to {to}: it is in, or holds, the chronicle; choose another --to",
    "share.not_a_directory": "{to} is not a directory; give --to a directory for the players' view",
    "share.not_shared": "{root} is not shared; nothing to withdraw",
    "share.stopped": "the players' view in {to} is withdrawn",
    "share.published": "the players' view is in {to}; the writer updates it after every event",
    "share.published_group": "the players' view is in {to}, readable by the group {group}; the writer updates it after every event",
    "set.player_yes_no": "player takes yes or no (on or off): is this a player's character",
}
