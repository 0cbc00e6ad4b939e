"""Russian messages: no surprises (issue 14; keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    "exact.name": (
        "{verb} удаляет данные, поэтому нужно полное имя персонажа; {name!r} — не полное "
        "имя. Может быть, {close:l}?"
    ),
    "exact.power": (
        "{verb} удаляет данные, поэтому нужно полное название умения; {name!r} — не полное "
        "название. Может быть, {close:l}?"
    ),
    "exact.extended": (
        "{verb} удаляет данные, поэтому нужен номер или полное название действия; {ref!r} — "
        "ни то, ни другое. Может быть, {close:l}?"
    ),
    "now.said": " — теперь {parts:s}",
    "now.character": "{who}: {parts:l}",
    "now.back": "{who} снова в хронике",
    "now.gone": "{who} больше нет в хронике",
    "now.blood": "кровь {n}/{most}",
    "now.willpower": "воля {n}/{most}",
    "now.morality": "{morality} {n}",
    "now.trait": "{trait:t:trait} {n}",
    "now.derangements": "расстройства: {names:l}",
    "now.none": "нет",
    "now.xp": "опыт {n}",
    "now.time": "ночь {night}, сцена {scene}, ход {turn}",
    "now.round": "раунд боя {n}",
    "now.no_fight": "боя нет",
    "blood.generation": " ({n}-е поколение)",
    "blood.turn_spent": "{who} уже потратил(а) {spent} из {per_turn:n:пункта|пунктов|пунктов} крови за этот ход{gen}",
    "limit.turn": "{why}; введите `ход`, чтобы начать следующий ход (новая сцена или ночь тоже начинают его)",
    "limit.round": "{why}; предел обновится со следующим раундом боя",
}
