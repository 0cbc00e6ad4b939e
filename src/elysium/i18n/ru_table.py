"""Русские сообщения: настоящие кубы на столе, шаг за шагом."""

STRINGS: dict[str, str] = {
    "table.title": "Кубы на столе",
    "table.side": "бросок: {who}",
    "table.initiative": "инициатива, по кубу каждому в этом порядке: {who}",
    "table.a_roll": "бросок",
    "table.throw": "{what}: бросьте {n:n:куб|куба|кубов}",
    "table.throw_diff": "{what}: бросьте {n:n:куб|куба|кубов}, сложность {diff}",
    "table.reroll": "{what}, правило десяток: бросьте ещё {n:n:куб|куба|кубов} за десятки",
    "table.scored": "{what}: {faces} — {verdict}",
    "table.placeholder": "грани: 8 3 10 (0 — это 10); пусто — бросит Elysium",
    "table.hint": "Enter: эти грани · пустой Enter: шаг бросит Elysium · Esc: отмена, ничего не записано",
    "table.wrong_count": "введено {given:n:грань|грани|граней}, а на этом шаге нужно ровно {need}",
    "table.cancelled": "отменено: {command} — ничего не записано",
    "table.moved": "бросайте кубы: {command}",
    "dice.step_count": "на этом шаге нужно {need:n:грань|грани|граней}, а введено {given}",
    "dice.step_not_face": "{word!r} — не грань куба; введите целые числа от 1 до 10 (0 — это 10) через пробел",
    "key.other_dice": "Выполнить другими кубами (на столе / Elysium)",
    "ui.type_first": "сначала наберите команду, затем нажмите {key}, чтобы выполнить её другими кубами",
    "rolls.storyteller": "Рассказчик",
}
