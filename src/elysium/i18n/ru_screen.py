"""Русские сообщения: экран 80x24 (задача 14)."""

STRINGS: dict[str, str] = {
    "screen.log.time": "Ночь {night} · сцена {scene} · ход {turn}",
    "key.side": "Инициатива / Мораль",
    "key.said": "Последнее сообщение целиком",
    "log.undone_mark": "(отменено)",
    "screen.said.none": "Пока ничего не сказано.",
    "screen.more": "… ({key}: целиком)",
    "screen.init.declare_next": "заявляет: {who}, от медленных к быстрым; атаки — после всех заявок",
    "screen.init.roll": "все бросают инициативу: инициатива",
    "screen.init.round_over": "раунд окончен: далее",
    "screen.init.act_next": "действует: {who}",
    "screen.init.multiple": "действий: {n}",
    "screen.boost": "{trait} {base}→{now}",
    "screen.failed": "окно закрыто из-за ошибки (хроника цела): {error}; подробности — в {log}",
    "screen.failed.unlogged": "окно закрыто из-за ошибки (хроника цела): {error}; журнал ошибок записать не удалось",
    "screen.failed.exit": "сбой экрана, Elysium завершил работу; всё подтверждённое сохранено: {error}; подробности — в {log}",
    "screen.failed.exit_unlogged": "сбой экрана, Elysium завершил работу; всё подтверждённое сохранено: {error}; журнал ошибок записать не удалось",
}
