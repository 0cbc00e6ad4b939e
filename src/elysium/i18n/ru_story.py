"""Russian messages: bearing on social rolls, the end of a story, clan and trait typos
(keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # Столп (шпаргалка, «Человечность в игре»): сложность социальных проверок.
    "ack.roll.bearing": "{diff} ({was}, столп {mod:+d})",
    "ack.roll.retry.bearing": "{diff} ({base} + повтор, столп {mod:+d})",
    "ack.roll.retry_off.bearing": "{diff} (надбавка за повтор отключена, столп {mod:+d})",
    "log.bearing": "столп {mod:+d}",
    "bearing.needs_character": "столп зависит от Человечности или Пути персонажа: "
    "укажите, кто бросает (бросок ИМЯ обаяние+эмпатия столп)",
    "bearing.vampires_only": "столп нужен вампиру, который выдаёт себя за человека; "
    "{who} — {kind:t:kind}",
    "bearing.social_only": "столп меняет сложность только социальных проверок, где в пуле "
    "есть одно из: {social:l:t:trait}; {traits} к ним не относится",
    "sheet.bearing": "Столп",
    "sheet.bearing_value": "{mod:+d} к сложности социальных проверок, чтобы сойти за человека",
    "cli.state_bearing": " (столп {mod:+d})",
}
