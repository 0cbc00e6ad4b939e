"""English messages: house (issue 12; keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {}
