"""Russian messages: xp (issue 12; keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # Строки таблицы «Стоимость развития» (шпаргалка; V20, с. 132).
    "xp.rule.new_ability": "новая способность, 3",
    "xp.rule.new_discipline": "новая Дисциплина, 10",
    "xp.rule.new_path": "новый путь Некромантии или Тауматургии, 7",
    "xp.rule.attribute": "характеристика, {current} × 4",
    "xp.rule.ability": "способность, {current} × 2",
    "xp.rule.clan_discipline": "клановая Дисциплина, {current} × 5",
    "xp.rule.other_discipline": "сторонняя Дисциплина, {current} × 7",
    "xp.rule.caitiff_discipline": "Дисциплина каитифа, {current} × 6",
    "xp.rule.secondary_path": "вторичный путь, {current} × 4",
    "xp.rule.virtue": "добродетель, {current} × 2",
    "xp.rule.morality": "Человечность или Путь, {current} × 2",
    "xp.rule.willpower": "воля, {current} × 1",
    "xp.no_price.background": (
        "в таблице «Стоимость развития» нет цены для дополнений: {trait:t:trait} задаёт "
        "рассказчик — задать {who} дополнение:{code} {level}"
    ),
    "xp.no_price.generation": (
        "в таблице «Стоимость развития» нет цены для поколения: его задаёт рассказчик — "
        "задать {who} поколение {level}"
    ),
    "xp.no_price.blood": (
        "в таблице «Стоимость развития» нет цены для крови: её задаёт рассказчик — "
        "задать {who} {code} {level}"
    ),
    "xp.no_price.willpower-points": (
        "в таблице «Стоимость развития» есть воля, но не её пункты: повысить {who} воля "
        "или задать {who} {code} {level}"
    ),
    "xp.too_dear": (
        "{code:t:trait}: повышение до {level} стоит {cost:n:пункт|пункта|пунктов} опыта "
        "({rule}); у персонажа {who} — {have}"
    ),
    "xp.clan_disciplines.unknown": ("{name!r} — не Дисциплина V20{hint}; другую пишите как {free}"),
    "xp.path": "путь {name}",
    "ack.raise.priced": (
        "{who}: {trait:t:trait} — до {to} за {cost:n:пункт|пункта|пунктов} опыта ({rule}); "
        "осталось {left}"
    ),
    "ack.set.clan.known": "клан {clan} (клановые Дисциплины: {disciplines:l:t:trait})",
    "ack.set.clan.caitiff": "клан {clan} (каитиф: любая Дисциплина — текущее × 6)",
    "ack.set.clan.unknown": (
        "клан {clan} (его нет в таблице кланов: все Дисциплины сторонние, пока их не задать "
        "через клановые-дисциплины)"
    ),
    "ack.set.clan.own": "клан {clan} (свои клановые Дисциплины: {disciplines:l:t:trait})",
    "ack.set.clan_disciplines": "клановые Дисциплины: {disciplines:l:t:trait}",
    "ack.set.clan_disciplines.cleared": "клановые Дисциплины — по таблице кланов: {disciplines:l:t:trait}",
    "ack.set.clan_disciplines.none": "(нет)",
    "set.clan-disciplines": "клановые Дисциплины",
    "import.clan_disciplines_list": "клановые Дисциплины должны быть списком названий Дисциплин",
    "log.raise.priced": "{who}: {trait} — на точку выше (опыт {n}; {rule})",
    "cli.state_clan": "    {clan}: клановые Дисциплины {disciplines:l:t:trait}",
}
