"""Русский: импорт персонажа из Foundry VTT и чтение вывода ``state --json``."""

from __future__ import annotations

STRINGS: dict[str, str] = {
    "import.done_but": "{done}{skipped}",
    "import.skipped": "  {who}, не перенесено: {what}",
    "import.taken_as": "  {who}, перенесено с поправкой: {what}",
    "import.foundry_merit": "достоинство {name!r} ({points:n:очко|очка|очков})",
    "import.foundry_flaw": "недостаток {name!r} ({points:n:очко|очка|очков})",
    "import.foundry_group.discipline": "Дисциплина",
    "import.foundry_group.background": "дополнение",
    "import.foundry_near": (
        "{group} {name!r} {value} как {first:t:trait} (других похожих названий нет)"
    ),
    "import.foundry_near_doubt": (
        "{group} {name!r} {value} (похоже и на {first:t:trait}, и на {second:t:trait}: задайте "
        "нужное вручную)"
    ),
    "import.foundry_twice": (
        "{group} {name!r} {value} ({trait:t:trait} встречается дважды: оставлено большее "
        "значение, {kept})"
    ),
    "import.foundry_xp": "опыт 0 (в Foundry получено {gained}, а потрачено {spent})",
    "import.foundry_clan": (
        "клан {clan!r}, которого Elysium не знает: клановых Дисциплин у него нет, и все "
        "Дисциплины стоят как внеклановые (назначить клановые: «задать ИМЯ клановые-дисциплины …»)"
    ),
    "import.foundry_trait": "атрибут {name!r} {value} (такого нет в V20)",
    "import.foundry_ability": (
        "способность {name!r} {value} (такой нет в V20; добавить её можно командой "
        "«задать ИМЯ способность:{name} {value}»)"
    ),
    "import.foundry_specialty": (
        "специализация {text!r}: у параметра {trait:t:trait} {rating}, "
        "а специализация бывает только с четырёх точек"
    ),
    "import.foundry_generation_background": (
        "дополнение «Поколение» {value} (поколение персонажа уже его учитывает)"
    ),
    "import.foundry_field": "{field}: {text!r}",
    "import.foundry_bio.concept": "концепция",
    "import.foundry_bio.sire": "сир",
    "import.foundry_bio.sect": "секта",
    "import.foundry_bio.player": "игрок",
    "import.foundry_bio.appearance": "внешность",
    "import.foundry_bio.background": "предыстория",
    "import.foundry_bio.clan": "клан",
    "import.foundry_powers": "силы Дисциплин {names:l} (уровни самих Дисциплин перенесены)",
    "import.foundry_items": "предметы типа {type}: {names:l}",
    "import.state_boosts": (
        "усиление кровью: {names:l} (оно действует до конца сцены: потратьте кровь снова)"
    ),
    "import.state_table": "{field} должно быть таблицей, как его пишет elysium state --json",
    "import.foundry_where": "{name}: {error}",
    "import.foundry_type": "персонаж Foundry типа {type!r}; Elysium импортирует {types:l}",
    "import.foundry_table": "{field} должно быть таблицей",
    "import.foundry_list": "{field} должно быть списком",
    "import.not_text": "{field} должно быть текстом",
    "import.foundry_number": "{field} должно быть целым числом, а не {value!r}",
    "import.foundry_item_name": "у каждого предмета должно быть название",
    "import.health_table": (
        "здоровье должно быть таблицей лёгких, тяжёлых и губительных повреждений"
    ),
    "import.backgrounds_table": "дополнения должны быть таблицей «параметр = значение»",
}
