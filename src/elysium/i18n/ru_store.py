"""Русские сообщения: хранилище (ключи со значениями; см. elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    "store.name_a_chronicle": "укажите каталог хроники",
    "store.name_nul": "имя хроники не может содержать нулевой символ",
    "store.name_control": "имя хроники не может содержать управляющие символы",
    "store.name_leaves": "имя хроники {name!r} ведёт за пределы {root}",
    "store.cannot_create": "не удалось создать {path}: {why}",
    "store.dir_symlink": "{path} — символическая ссылка; каталогом сохранений она быть не может",
    "store.not_a_dir": "{path} — не каталог",
    "store.not_ours": "{path} принадлежит другому пользователю; использовать его нельзя",
    "store.file_symlink": "{name} — символическая ссылка; читать и писать через неё нельзя",
    "store.not_regular": "{name} — не обычный файл",
    "store.cannot_open": "не удалось открыть {name}: {why}",
    "store.no_chronicle": "хроники {root} нет",
    "store.symlink": "{path} — символическая ссылка; использовать её нельзя",
    "store.not_a_chronicle": "{root} — не хроника Elysium (нет каталога journal)",
    "store.repair_hint": "восстановите её: `elysium repair {root}` (все исходные файлы "
    "сохраняются)",
    "store.could_not_save": "не удалось сохранить",
    "store.disk_full": "диск заполнен",
    "store.quota_exhausted": "квота диска исчерпана",
    "store.file_size_limit": "достигнут предел размера файла",
    "store.write_failed": "{what}: {why}. Ничего не изменено",
    "store.write_failed_space": "{what}: {why}. Ничего не изменено; освободите место и повторите",
    "store.could_not_write": "не удалось записать {name}",
    "store.could_not_create": "не удалось создать {name}",
    "store.already_exists": "{what}: {name} уже существует",
    "store.oversize": "{name} занимает {size:n:байт|байта|байтов}, больше предела файла "
    "Elysium ({limit:n:байт|байта|байтов})",
    "store.grew_past": "{name} вырос больше {limit:n:байта|байтов|байтов}, пока его читали",
    "store.could_not_keep_aside": "не удалось отложить {name}",
    "store.could_not_keep_copy": "не удалось сохранить копию {name}",
    "store.already_chronicle": "в {root} уже есть хроника; откройте её",
    "store.not_empty": "{root} не пуст; выберите для хроники новый каталог",
    "store.cannot_read": "не удалось прочитать хронику: {why}",
    "store.kept_changing": "хроника всё время менялась, пока её читали; повторите",
    "store.locked": "хронику уже пишет другой процесс; откройте её только для чтения",
    "store.locked_by": "хронику уже пишет другой процесс ({who}); откройте её только для чтения",
    "store.holder": "pid {pid} на {host} с {since}",
    "store.read_only": "хроника открыта только для чтения; изменить ничего нельзя",
    "store.changed_opening": "{name} изменился, пока его открывали; повторите",
    "store.could_not_start": "не удалось начать главу {chapter}",
    "store.could_not_close": "не удалось закрыть главу {chapter}",
    "store.removed": "хронику {root} удалили или подменили, пока она была открыта; сохранять "
    "туда больше нельзя (последняя команда не сохранена)",
    "store.no_journal": "у хроники нет открытого журнала",
    "store.most_chapters": "в хронике может быть не больше {most:n:главы|глав|глав}",
    "store.changed_meanwhile": "{name} изменил кто-то другой, пока хроника была открыта; {hint}",
    "store.checkpoint_postponed": "контрольная точка отложена: {error}",
    "session.undo_needs_chronicle": "для отмены нужна хроника",
    "session.redo_needs_chronicle": "для возврата нужна хроника",
    "session.undo_no_words": "отмена не принимает слов",
    "session.redo_no_words": "возврат не принимает слов",
    "session.nothing_to_undo": "отменять нечего",
    "session.nothing_to_redo": "возвращать нечего",
    "session.undo_done": "отменено (событие {target}): {line}",
    "session.redo_done": "возвращено (событие {target}): {line}",
    "session.cannot_undo": "этот шаг нельзя отменить: его сохранённая запись не подходит к "
    "хронике ({why}); {hint}",
    "session.cannot_redo": "этот шаг нельзя вернуть: его сохранённая запись не подходит к "
    "хронике ({why}); {hint}",
    "session.imported": "{n:w:добавлен|добавлено|добавлено} {n:n:персонаж|персонажа|"
    "персонажей}: {names:l}",
    "session.most_events": "в хронике может быть не больше {most:n:события|событий|событий}",
    "session.does_not_fit": "команда не подходит к сохранённому состоянию: {why}",
    "session.checkpoint_postponed": "контрольная точка отложена: {error}",
    "store.with_hint": "{error}; {hint}",
    "store.cannot_read_dir": "не удалось прочитать {name}/: {why}",
    "store.digest_mismatch": "{name} не совпадает с дайджестом, записанным в контрольной точке",
    "store.entry_damage": "{name}: {detail}",
    "store.more_damaged": "{name}: повреждено ещё {n:n:запись|записи|записей}",
    "store.event": "событие {ranges}",
    "store.events": "события {ranges}",
    "store.events_more": "события {ranges} и ещё {more}",
    "store.no_chapters": "в {root} нет глав: это не хроника, или всё потеряно",
    "store.index_damaged": "контрольная точка chronicle.json повреждена ({detail})",
    "store.index_missing": "контрольной точки chronicle.json нет",
    "store.empty_top": "в {name} нет ни одной целой записи: закрытие главы {chapter} не "
    "завершилось",
    "store.close_incomplete": "закрытие главы {chapter} не завершилось",
    "store.stray": "chapters/{name} остался от незавершённого закрытия главы",
    "store.bad_records": "в {name} {n:w:повреждена|повреждены|повреждено} "
    "{n:n:запись|записи|записей}",
    "store.torn": "{name} кончается недописанной записью (запись прервалась)",
    "store.index_disagrees": "контрольная точка не совпадает с журналом, который она "
    "покрывает (в ней {n:n:событие|события|событий})",
    "store.realigned": "события кончаются в главе раньше открытого журнала (глава "
    "{chapter}): событие, которое её начало, потеряно",
    "store.journal_missing": "журнала главы {chapter} нет",
    "store.adopted": "читаемые события кончаются на {end}; контрольная точка хранит "
    "состояние после события {seq}",
    "store.unreadable": "не удаётся прочитать: {events}",
    "store.no_longer_fit": "больше не подходят к состоянию (зависят от потерянных): {events}",
    "store.no_such_chapter": "главы {chapter} нет; главы: {chapters:l}",
    "store.no_digest": "в контрольной точке нет дайджеста для chapters/{name}",
    "store.temps": "{n:n:временный файл|временных файла|временных файлов} от прерванной записи",
    "store.sound": "в порядке: {chapters:n:глава|главы|глав}, {events:n:событие|события|"
    "событий}, все контрольные суммы и дайджесты сходятся",
    "store.sound_open": "в порядке: {chapters:n:глава|главы|глав}, "
    "{events:n:событие|события|событий}, все контрольные суммы и дайджесты сходятся (её "
    "сейчас пишут)",
    "store.removed_temps": "{n:w:удалён|удалены|удалено} {n:n:временный файл|временных "
    "файла|временных файлов} от прерванной записи",
    "store.index_rebuilt": "контрольная точка была повреждена ({detail}); она сохранена как "
    "{kept} и восстановлена по событиям",
    "store.index_was_missing": "файла контрольной точки не было; он восстановлен по событиям",
    "store.index_not_yet": "контрольную точку пока не удалось записать: {error}",
    "store.rolled_back_kept": "в {name} не было ни одной целой записи (сохранён как {kept}): "
    "закрытие главы {chapter} отменено, глава {chapter} остаётся открытой",
    "store.rolled_back_empty": "{name} был пуст: закрытие главы {chapter} отменено, глава "
    "{chapter} остаётся открытой",
    "store.close_undone": "закрытие главы {chapter} не завершилось; глава {chapter} остаётся "
    "открытой",
    "store.stray_kept": "chapters/{name} не принадлежал закрытой главе; сохранён как {kept}",
    "store.begun_afresh": "{what}; сохранён как {kept}, журнал начат заново",
    "store.could_not_repair": "не удалось восстановить {name}",
    "store.records_kept": "в {name} {n:w:была повреждена|были повреждены|было повреждено} "
    "{n:n:запись|записи|записей}; {good:w:сохранена|сохранены|сохранено} "
    "{good:n:целая|целые|целых} (исходный файл сохранён как {kept})",
    "store.torn_kept": "; её {n:n:байт|байта|байтов} {n:w:сохранён|сохранены|сохранены} как {kept}",
    "store.torn_lost": "; её байты сохранить не удалось (диск заполнен)",
    "store.torn_cut": "{name} кончался недописанной записью (запись прервалась до "
    "подтверждения); она отрезана{note}",
    "store.disagree_kept": "контрольная точка (состояние после события {seq}) и журнал "
    "(читаемые события до {have}) расходятся; сохранены как {kept}",
    "store.disagree_kept_both": "контрольная точка (состояние после события {seq}) и журнал "
    "(читаемые события до {have}) расходятся; сохранены как {kept} и {also}",
    "store.closed_rewritten": "chapters/{name} был повреждён; сохранён как {kept} и "
    "переписан по {n:n:читаемому событию|читаемым событиям|читаемым событиям}",
    "store.could_not_complete": "не удалось завершить закрытие главы {chapter}",
    "store.close_completed": "закрытие главы {chapter} было прервано; оно завершено",
    "store.lost": "не удалось прочитать: {events}",
    "store.journal_was_missing": "журнала главы {chapter} не было",
    "store.newer_restored": "более новое состояние восстановлено из контрольной точки",
    "store.goes_on": "хроника продолжается в главе {chapter}, как говорит её журнал",
    "store.left_out": "больше не подходят к состоянию и пропущены: {events}",
    "store.recorded": "{what}: событие {seq} отмечает это в журнале",
}
