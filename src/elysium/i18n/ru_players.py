"""Russian messages: the players' view (issue 15): hidden rolls, the projection, share."""

STRINGS: dict[str, str] = {
    "ack.hidden": "🔒 (скрытно) {line}",
    "log.hidden": "🔒 (скрытно) {line}",
    "dlg.roll.hidden": "скрытно",
}
