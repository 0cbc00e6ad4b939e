"""Русские сообщения: экран 80x24 (задача 14)."""

STRINGS: dict[str, str] = {
    "screen.log.time": "Ночь {night} · сцена {scene} · ход {turn}",
    "screen.side.hint": "{key}: {other}",
    "key.side": "Инициатива / Мораль",
    "key.said": "Последнее сообщение целиком",
    "screen.said.title": "Последнее сообщение",
    "screen.said.none": "Пока ничего не сказано.",
    "screen.more": "… ({key}: целиком)",
    "screen.init.declare_next": "заявляет: {who}, от медленных к быстрым",
    "screen.init.act_next": "действует: {who}",
    "screen.init.multiple": "действий: {n}",
    "screen.init.boosts": "усилено: {boosts}",
    "screen.next.declares": "заявляет {who}",
    "screen.next.acts": "действует {who}",
    "screen.boost": "{trait} +{n}",
}
