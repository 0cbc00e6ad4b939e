"""Русские сообщения: язык команд (ключи со значениями; см. elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    "parse.unclosed": "не удалось прочитать команду: {why} (закройте кавычки)",
    "parse.too_long": "команда может быть не длиннее {most:n:знака|знаков|знаков}; в этой {got}",
    "parse.line_too_long": "строка длиннее {most:n:знака|знаков|знаков}; команда не может "
    "быть длиннее",
    "parse.not_utf8": "строка не в кодировке UTF-8",
    "parse.empty": "введите команду, например: бросок 5 сл 6",
    "parse.unknown": "неизвестная команда {word!r}; команды: {known:l}",
    "args.fail": "{verb}: {what}; формат: {usage}",
    "args.missing": "не хватает: {what}",
    "args.needs_value": "после {word} нужно значение",
    "args.dice_needs_faces": "после «кости» нужны грани, например 6,2,10",
    "args.not_understood": "непонятно {words!r}",
    "args.not_whole": "{what} — нужно целое число, а не {got!r}",
    "args.out_of_range": "{what} — от {low} до {high}, а не {got}",
    "args.too_small": "{what} — не меньше {low}, а не {got}",
    "what.face": "грань кости",
    "what.name": "имя",
    "what.difficulty": "сложность",
}
