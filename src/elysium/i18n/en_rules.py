"""English messages: rules (keys with values; see elysium.i18n.message)."""

STRINGS: dict[str, str] = {}
