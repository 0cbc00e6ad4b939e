"""Russian messages: store (keys with values; see elysium.i18n.message)."""

STRINGS: dict[str, str] = {}
