"""Russian messages: the players' view (issue 15): hidden rolls, the projection, share."""

STRINGS: dict[str, str] = {
    "ack.hidden": "🔒 (скрытно) {line}",
    "log.hidden": "🔒 (скрытно) {line}",
    "dlg.roll.hidden": "Скрытно",
    "ack.set.player": "персонаж игрока: {flag}",
    "players.npc_roll": "{who}: {faces} → {verdict}",
    "players.npc_rolled": "{who}: бросок",
    "share.failed": "не удалось опубликовать вид для игроков в {to}: {error}",
    "share.no_group": "группы {group!r} нет; укажите существующую группу пользователей системы",
    "share.inside_chronicle": "вид для игроков нельзя положить в {to}: там хроника или она внутри; выберите другой каталог",
    "share.not_a_directory": "{to} — не каталог; укажите каталог для вида игроков",
    "share.not_shared": "{root} не открыта игрокам; убирать нечего",
    "share.stopped": "вид для игроков в {to} убран",
    "share.published": "вид для игроков — в {to}; он обновляется после каждого события",
    "share.published_group": "вид для игроков — в {to}, его читает группа {group}; он обновляется после каждого события",
    "set.player_yes_no": "для игрока: да или нет — персонаж ли это игрока",
}
