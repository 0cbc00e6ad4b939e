"""Русские сообщения: NPC, скрытый от игроков, и лист персонажа игрока на их экране."""

STRINGS: dict[str, str] = {
    "players.unseen_vessel": "кто-то",
    "set.hidden": "скрыт от игроков",
    "ack.set.hidden": "скрыт от игроков: {flag}",
    "set.hidden_yes_no": "для «скрыт»: да или нет — скрыт ли этот NPC от игроков",
    "set.hidden_player": "{who} — персонаж игрока: от игроков можно скрыть только NPC",
    "set.player_hidden": "{who} скрыт от игроков: сначала покажите его (задать {who} скрыт нет)",
    "vitals.offstage": "⊘",
    "ui.offstage": "скрыт от игроков",  # a mark on the line of elysium state
    "shape.table_long": "{where} — нужна таблица не больше чем из {most:n:записи|записей|записей}",
    "players.key.sheet": "Лист",
    "players.sheet.pick": "Чей лист открыть?",
    "players.sheet.none": "в виде для игроков нет ни одного листа персонажа игрока",
    "players.sheet.open": "открыть лист: {who}",
    "palette.char.hide": "Скрыть {name} от игроков",
    "palette.char.hide.help": "не виден игрокам, пока его не покажут (задать ИМЯ скрыт да)",
    "palette.char.reveal": "Показать {name} игрокам",
    "palette.char.reveal.help": "снова виден игрокам (задать ИМЯ скрыт нет)",
}
