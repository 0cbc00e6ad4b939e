"""Russian messages: house (issue 12; keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # Глагол правила: профиль и домашние правила.
    "usage.rules": "правила [НАСТРОЙКА вкл|выкл] | правила единицы-переброса отменяют|не-отменяют",
    "help.rules": "профиль и все домашние правила: показать или переключить одно",
    "help.group.chronicle": "Хроника",
    "what.house_setting": "название домашнего правила, например правило-десяток",
    "what.house_value": "вкл или выкл",
    "house.table": "Профиль: {profile}\nДомашние правила (правила НАСТРОЙКА вкл|выкл):\n{rows}",
    "house.row": "  {name:<22} {value:<11} {meaning}",
    "house.profile.v20": "Вампиры: Маскарад, юбилейное издание",
    "house.profile.dark-ages": "Вампиры: Тёмные века",
    "house.profile.demon": "Демон: Падшие",
    "house.value.on": "вкл",
    "house.value.off": "выкл",
    "house.value.cancel": "отменяют",
    "house.value.ignore": "не-отменяют",
    "house.name.rule_of_ten": "правило-десяток",
    "house.name.rule_of_ten_ones": "единицы-переброса",
    "house.name.forgiven_first_botch": "первый-провал",
    "house.name.retry_penalty": "штраф-повтора",
    "house.name.fixed_initiative": "постоянная-инициатива",
    "house.name.willpower_on_attacks": "воля-на-атаку",
    "house.name.ones_cancel_on_damage": "единицы-урона",
    "house.name.no_ability_penalty": "без-способности",
    "house.name.teamwork_botch_spoils": "провал-команды",
    "house.name.physical_dice": "кубы-на-столе",
    "house.meaning.rule_of_ten": (
        "каждая «10» перебрасывается ради новых успехов (вариант «Тёмных веков»)"
    ),
    "house.meaning.rule_of_ten_ones": "«1» на перебросе отменяет успех или не считается",
    "house.meaning.forgiven_first_botch": (
        "первый провал персонажа за главу считается простой неудачей"
    ),
    "house.meaning.retry_penalty": "+1 к сложности за каждую прежнюю неудачу в том же деле",
    "house.meaning.fixed_initiative": "инициатива равна 6 + ловкость + смекалка, без броска",
    "house.meaning.willpower_on_attacks": "пункт воли может дать успех в атаке",
    "house.meaning.ones_cancel_on_damage": (
        "«1» отменяют успехи в бросках урона и прочности (провала там не бывает)"
    ),
    "house.meaning.no_ability_penalty": (
        "+1 к сложности, если в пуле нет способности (вариант «Демона»)"
    ),
    "house.meaning.teamwork_botch_spoils": "провал одного участника портит всю командную попытку",
    "house.meaning.physical_dice": "бросаем настоящие кубы: панель спрашивает грани каждого броска, шаг за шагом",
    "house.unknown": "нет домашнего правила {word!r}; домашние правила: {names:l}",
    "house.bad_value": "{word!r} — не вкл и не выкл (вкл, выкл, да, нет)",
    "house.bad_ones": "{word!r}: единицы переброса либо «отменяют», либо «не-отменяют»",
    "house.already": "{name} уже {value}",
    "ack.house_rule": "домашнее правило {name} теперь {value} ({meaning})",
    "recap.house": "Переключённые домашние правила",
    "log.house_rule": "домашнее правило {name}: {was} → {value}",
    # Глагол умение: именованные броски персонажа.
    "usage.power": (
        "умение добавить ИМЯ УМЕНИЕ [запас] ПАРАМЕТР+ПАРАМЕТР [сл С] [цена кровь Ч | цена воля Ч] | "
        "умение ИМЯ УМЕНИЕ [спец] [воля] [кости Г,Г,...] | умение убрать ИМЯ УМЕНИЕ | умение ИМЯ"
    ),
    "help.power": "именованные броски персонажа: сохранить, бросить по имени с оплатой, показать",
    "what.power_name": "название умения, например Величие",
    "power.bad_name": "название умения — от 1 до {most} знаков",
    "power.bad_pool": "пул умения — от 1 до {most} знаков",
    "power.bad_difficulty": "сложность умения — от 2 до 10, а не {value}",
    "power.bad_cost": "цена умения — от 0 до {most} пунктов, а не {value}",
    "power.one_cost": "умение стоит крови или воли, но не того и другого сразу",
    "power.too_many": "у персонажа не больше {most} умений",
    "power.cost_needs": "цене нужны ресурс и количество: цена кровь 1 или цена воля 1",
    "power.cost_what": "{word!r} — не кровь и не воля",
    "power.none_yet": "пока нет",
    "power.unknown": "у персонажа {who} нет умения {name!r}; умения: {names:l}",
    "power.cost.blood": ", кровь {n}",
    "power.cost.wp": ", воля {n}",
    "power.diff": ", сл {n}",
    "power.line": "{name}: {traits}{diff}{cost}",
    "power.list": "умения персонажа {who}:\n{lines}",
    "power.list_empty": (
        "у персонажа {who} пока нет умений (умение добавить ИМЯ УМЕНИЕ ПАРАМЕТР+ПАРАМЕТР)"
    ),
    "ack.power.added": "{who}: сохранено умение {power}",
    "ack.power.removed": "{who}: умение {name} убрано",
    "ack.power": "{who} — {power}: {traits} = {pool}{pen}{wp}{cost}, сл {diff}: {faces} — {verdict}",
    "log.power": "{who} — {power}: {what} {pool}к сл. {diff}{tail}{cost}: {faces} → {verdict}",
    "log.power_added": "{who}: новое умение {power}",
    "log.power_removed": "{who}: умение {name} убрано",
}
