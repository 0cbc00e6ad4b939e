"""Russian messages: rolls (issue 12; keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # Глаголы (chronicle.verbs): строки использования и краткая справка.
    "usage.resist": "встречная ИМЯ ПАРАМЕТР+ПАРАМЕТР [сл С] [спец] [воля] [столп] против ИМЯ "
    "ПАРАМЕТР+ПАРАМЕТР [сл С] [спец] [воля] [столп] [кости Г,Г,...] "
    "(любая сторона может быть N костей)",
    "help.resist": "встречная проверка: бросают обе стороны, успехи взаимно отменяются",
    "usage.extended": 'продолжительная | продолжительная начать ИМЯ "ЧТО" ПАРАМЕТР+ПАРАМЕТР [сл С] [спец] '
    "[против ИМЯ ПАРАМЕТР+ПАРАМЕТР [сл С]] цель N | "
    'продолжительная начать N "ЧТО" цель N [сл С] | продолжительная бросок '
    "НОМЕР|ЧТО|ИМЯ [воля] [кости Г,Г,...] | продолжительная прервать НОМЕР|ЧТО|ИМЯ",
    "help.extended": "продолжительная проверка: успехи копятся от броска к броску до цели",
    "usage.teamwork": "командная ИМЯ ПАРАМЕТР+ПАРАМЕТР [спец] [воля] с ИМЯ ПАРАМЕТР+ПАРАМЕТР "
    "[спец] [воля] [с ...] [сл С] [кости Г,Г,...]",
    "help.teamwork": "командная работа: каждый бросает свой пул, успехи складываются",
    # Что называют отказы.
    "what.retries": "число прежних неудач",
    "what.extended_sub": "начать, бросок или прервать",
    "what.extended_ref": "номер проверки, её название или имя бросающего",
    "what.extended_what": "что это за проверка, в кавычках",
    "what.extended_target": "нужное число успехов (цель N)",
    # Повторная попытка (стр. 268).
    "roll.retry_hopeless": "после {n:n:неудачи|неудач|неудач} сложность {base} превысила бы "
    "{most}: задача больше не может удаться",
    "ack.roll.retry": "{diff} ({base} + повтор)",
    "ack.roll.retry_off": "{diff} (надбавка за повтор отключена)",
    # Несколько бросающих в одной команде.
    "rolls.faces_total": "броскам нужно всего {need:n:грань|грани|граней}, а введено {given} "
    "(в том порядке, в каком названы бросающие)",
    "rolls.pool_side": "{n:n:кость|кости|костей}",
    "rolls.dice": "кости",
    "rolls.twice": "имя {who} названо дважды: каждый бросает один раз",
    "ack.side": "{who}: {traits} = {pool}{pen}{wp}, сл {diff}: {faces} — {verdict}",
    "ack.side.dice": "{who}, сл {diff}: {faces} — {verdict}",
    # Встречная проверка (стр. 268).
    "resist.two_sides": "назовите две стороны, вторую после «против»",
    "ack.resist": "{first}; против: {second}; {result}",
    "ack.resist.even": "успехи взаимно отменились: никто не выиграл",
    "ack.resist.wins": "побеждает {who}, {n:n:успех|успеха|успехов} сверх",
    # Командная работа (стр. 269).
    "teamwork.two_or_more": "назовите двух или более участников, каждого после «с»",
    "teamwork.too_many": "участников не больше {most}",
    "ack.teamwork": "{leader} (помогают: {helpers:l}): {rolls:s}; {result}",
    "ack.teamwork.spoiled": "провал ({who:l}): всё дело испорчено",
    "ack.teamwork.kept": "вместе {n:n:успех|успеха|успехов} (провал: {who:l}; по правилу "
    "рассказчика успехи остальных в силе)",
    "ack.teamwork.total": "вместе {n:n:успех|успеха|успехов}",
    "ack.teamwork.none": "вместе ни одного успеха",
    # Продолжительная проверка (стр. 268).
    "extended.bad_sub": "{sub!r} — не «начать», не «бросок» и не «прервать»",
    "extended.bad_what": "назовите проверку, не длиннее {most:n:знака|знаков|знаков}",
    "extended.twice": "проверка {what!r} уже идёт",
    "extended.wp_at_start": "воля тратится на бросок: продолжительная бросок ... воля",
    "extended.nobody": "бросавшего {what!r} ({who}) больше нет в хронике; прервите проверку",
    "extended.ambiguous": "{ref!r} подходит к нескольким: {several:l}; укажите номер",
    "extended.unknown": "нет идущей продолжительной проверки {ref!r}; идут: {open:l}",
    "extended.none_open": "никаких",
    "ack.extended.start": "продолжительная проверка №{id} {what!r}: {who}{traits}{vs}, "
    "сл {diff}, цель {target}",
    "ack.extended.traits": ", {traits}",
    "ack.extended.vs": " (против: {rival})",
    "ack.extended.both": "{first}; против: {second}",
    "ack.extended.contest": "№{id} {what!r}: {who} {n}, {rival} {m} из {target}",
    "ack.extended.won": "№{id} {what!r}: побеждает {winner}: {target} набрано раньше ({n} на {m}, "
    "{rolls:n:бросок|броска|бросков})",
    "ack.extended.end": "продолжительная проверка №{id} {what!r} прервана на {n} из {target}",
    "ack.extended.roll": "{roll}; {progress}",
    "ack.extended.going": "№{id} {what!r}: {n} из {target}",
    "ack.extended.lost": "№{id} {what!r}: провал, накопленные {lost} пропали; 0 из {target}",
    "ack.extended.done": "№{id} {what!r} удалась: {n} из {target} за "
    "{rolls:n:бросок|броска|бросков}",
    "ack.extended.failed": "№{id} {what!r} не удалась: провал, всё пропало",
    "state.extended": "идущие продолжительные проверки записаны не таблицей проверок",
    # Журнал и панель.
    "log.retry": "повтор {n}, сложность {base} повышена",
    "log.side": "{who} {what} {pool}к сл. {diff}: {faces} → {verdict}",
    "log.side.dice": "{who} сл. {diff}: {faces} → {verdict}",
    "log.resist": "встречная: {first}; против: {second} — {result}",
    "log.resist.even": "поровну",
    "log.resist.wins": "{who} на {n}",
    "log.teamwork": "командная: {rolls} — {result}",
    "log.teamwork.spoiled": "испорчено провалом",
    "log.teamwork.total": "вместе {n}",
    "log.extended_start": "продолжительная №{id} {what!r} начата: {who}{vs}, цель {target} "
    "сл. {diff}",
    "log.extended_roll": "продолжительная №{id} {what!r}: {roll} — {progress}",
    "log.extended.going": "{n}/{target}",
    "log.extended.lost": "провал, пропало {lost}, 0/{target}",
    "log.extended.done": "удалась, {n}/{target}",
    "log.extended.failed": "провал, всё пропало",
    "log.extended.contest": "{who} {n}, {rival} {m} из {target}",
    "log.extended.won": "побеждает {winner}: {target} набрано раньше ({n} на {m})",
    "log.extended_both": "продолжительная №{id} {what!r}: {first}; против: {second} — {progress}",
    "log.extended_end": "продолжительная №{id} {what!r} прервана на {n}/{target}",
    "cli.extended": "  продолжительная №{id} {what!r}: {who} {n}/{target}{vs}, сл {diff}",
    "cli.extended_vs": " (против: {who} {n})",
    "ui.extended": "{what} {n}/{target}",
    "extended.nothing_open": "открытых продолжительных действий нет",
    "extended.open": "открытые продолжительные действия:\n{lines}",
}
