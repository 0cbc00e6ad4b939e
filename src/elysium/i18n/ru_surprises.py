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
    "now.derangements": "расстройства: {names:l}{due}",
    "now.none": "нет",
    "now.xp": "опыт {n}",
    "now.time": "ночь {night}, сцена {scene}, ход {turn}",
    "now.round": "раунд боя {n}",
    "now.no_fight": "боя нет",
    "blood.generation": " ({n}-е поколение)",
    "blood.generation_in": "{n}-е поколение; ",
    "blood.turn_spent": "у персонажа {who} в этот ход уже потрачено {spent} из {per_turn:n:пункта|пунктов|пунктов} крови за этот ход{gen}",
    "limit.turn": "{why}; введите `ход`, чтобы начать следующий ход (новая сцена или ночь тоже начинают его)",
    "limit.round": "{why}; предел обновится со следующим раундом боя",
    "usage.derangement": 'расстройство ИМЯ [добавить|убрать "РАССТРОЙСТВО"]',
    "help.derangement": "назвать, добавить или убрать психические расстройства персонажа",
    "what.derangement_sub": "добавить или убрать",
    "what.derangement": "название расстройства",
    "derangement.bad_sub": "после имени напишите добавить или убрать, а не {sub!r}",
    "derangement.empty": "у расстройства должно быть название",
    "derangement.too_long": "название расстройства — не длиннее {most} знаков",
    "derangement.already": "у персонажа {who} уже есть расстройство {name!r}",
    "derangement.too_many": "у персонажа {who} уже {most} расстройств",
    "derangement.not_exact": (
        "убрать расстройство — значит удалить данные, поэтому нужно полное название; {name!r} "
        "— не полное название. Может быть, {close:l}?"
    ),
    "derangement.unknown": "у персонажа {who} нет расстройства {name!r}; расстройства: {have:l}",
    "derangement.none": "нет",
    "derangement.still_due": "; ещё не названо после проваленной деградации: {n}",
    "derangement.listing": "{who}: расстройства: {names:l}{due}",
    "derangement.due": "не выбрано: {n}",
    "ack.derangement.added": "{who} получает расстройство {name}{due}",
    "ack.derangement.removed": "{who} избавляется от расстройства {name}",
    "log.derangement_added": "{who} получает расстройство {name}",
    "log.derangement_removed": "{who} избавляется от расстройства {name}",
    "ack.degenerate.choose": "; выберите расстройство: {how}",
    "ack.degenerate.choose_how": 'расстройство {who} добавить "НАЗВАНИЕ"',
    "character.derangements_due": "число невыбранных расстройств не может быть меньше нуля",
    "ack.degenerate.then": "{first}{then}",
}
