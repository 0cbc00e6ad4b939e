"""English messages: the players' view (issue 15): hidden rolls, the projection, share."""

STRINGS: dict[str, str] = {
    "ack.hidden": "🔒 (hidden) {line}",
    "log.hidden": "🔒 (hidden) {line}",
    "dlg.roll.hidden": "hidden",
}
