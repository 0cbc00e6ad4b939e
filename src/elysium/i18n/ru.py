"""Русские строки. Термины — по шпаргалке рассказчика V20 (seed 004)."""

STRINGS: dict[str, str] = {
    "degree.marginal": "условный",
    "degree.moderate": "умеренный",
    "degree.complete": "безусловный",
    "degree.exceptional": "исключительный",
    "degree.phenomenal": "феноменальный",
    "difficulty.easy": "элементарно",
    "difficulty.routine": "легко",
    "difficulty.straightforward": "нетрудно",
    "difficulty.standard": "стандартно",
    "difficulty.challenging": "нелегко",
    "difficulty.difficult": "трудно",
    "difficulty.extremely_difficult": "экстремально",
    "outcome.botch": "ПРОВАЛ",
    "outcome.failure": "неудача",
    "outcome.success": "успех",
    "roll.header": "{pool} к10, сложность {difficulty}{name}",
    "roll.options.specialty": "специализация",
    "roll.options.willpower": "воля",
    "roll.legend": "обозначения: +N успех, *10* десятка, -1- единица (отменяет успех), "
    "N без эффекта",
    "roll.rerolls": "переброс десяток",
    "roll.successes": "чистых успехов: {count}",
    "roll.success_line": "{outcome}: чистых успехов {count}, {degree}",
    "roll.failure_line": "неудача: чистых успехов нет",
    "roll.botch_line": "ПРОВАЛ: ни одного успеха и выпала единица",
    "roll.forgiven_line": "неудача (первый провал за главу прощён)",
    "roll.automatic_line": "гарантированный успех: 1 успех без броска (условный)",
    "roll.auto_available": "заметка: такой пул может взять гарантированный успех "
    "(1, условный) вне боя и напряжённых сцен",
    "noun.success": "успех",
    "noun.successes": "успехов",
    "odds.header": "Шансы: {pool} к10, сложность {difficulty}{name}",
    "odds.summary": "успех {success}   неудача {failure}   провал {botch}   "
    "в среднем {expected} успехов",
    "odds.more": "больше",
    "warn.difficulty10": "внимание: при сложности 10 маленький пул проваливается реже "
    "большого (1 кость: 10%, 7 костей: около 27%); лучше взять 9",
    "profile.v20": "V20",
    "profile.dark-ages": "Тёмные века",
    "profile.demon": "Демон: Падшие",
}
