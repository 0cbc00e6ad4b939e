"""Русские сообщения: бой (ключи со значениями; см. elysium.i18n.message).

Термины — по шпаргалке V20 (seed 004, «Бой», «Защита», «Манёвры», «Модификаторы атаки»)
и главе о бое (seed 003).
"""

STRINGS: dict[str, str] = {
    # Как набирать боевые команды.
    "usage.combat": "бой начать ИМЯ ИМЯ ... | бой вступить ИМЯ | бой выйти ИМЯ | бой конец",
    "usage.init": "инициатива [кости ИМЯ=Г,ИМЯ=Г,...] [стремительность ИМЯ=N,...]",
    "usage.declare": "заявить ИМЯ атака ЦЕЛЬ МАНЁВР [множественные N [пул N]] | заявить ИМЯ "
    'уклонение|блок|парирование | заявить ИМЯ ждать | заявить ИМЯ "что угодно"',
    "usage.next": "далее",
    "usage.delay": "отложить ИМЯ",
    "usage.attack": "атака ИМЯ ЦЕЛЬ МАНЁВР [оружие сила+N|N [лёгкие|тяжёлые|губительные]] "
    "[сл +N] [фланг|тыл] [прицел конечность|кисть|голова|глаз|сердце] [противников N] "
    "[укрытие лёжа|стена|голова] [ослеплён] [цель-ослеплена] [цель-удержана] "
    "[цель-обездвижена] [кол] [неосновная] [движась] [воля] [кости Г,...] [урон Г,...] "
    "[прочность Г,...]",
    "usage.defend": "защита ИМЯ уклонение|блок|парирование [противников N] "
    "[укрытие лёжа|стена|голова] [воля | отмена Г,Г] [кости Г,...]",
    # Чего не хватает боевой команде.
    "what.fight_sub": "начать, вступить, выйти или конец",
    "what.init_number": "число для персонажа {who}",
    "what.action_count": "число действий",
    "what.attacker": "атакующий",
    "what.attack_target": "цель",
    "what.maneuver": "приём, например удар",
    "what.extra_diff": "добавка к сложности",
    "what.opponents": "число противников",
    "what.weapon_dice": "урон оружия",
    "what.defence_move": "блок, парирование или уклонение",
    "what.abort_die": "кость проверки отмены",
    # Отказы.
    "combat.none": "боя нет: начните его командой бой начать ИМЯ ИМЯ",
    "combat.already": "бой уже идёт: сначала бой конец",
    "combat.named_twice": "имя {who} названо дважды",
    "combat.needs_two": "для боя нужны хотя бы два персонажа",
    "combat.bad_sub": "{sub!r} — это не начать, вступить, выйти или конец",
    "combat.already_in": "{who} уже в бою",
    "combat.not_in": "{who} не участвует в бою",
    "combat.target_not_in": "{who} не участвует в бою: сначала бой вступить",
    "combat.not_in_this": "{who} не участвует в этом бою",
    "combat.last_cannot_leave": "последний боец не может выйти: завершите бой (бой конец)",
    "combat.init_pair": "{part!r}: нужно ИМЯ=ЧИСЛО",
    "combat.init_rolled": "инициатива раунда {round} уже брошена; сначала завершите раунд (далее)",
    "combat.fixed_no_dice": "по домашнему правилу постоянной инициативы кости инициативы не "
    "бросают",
    "combat.init_die": "на кости инициативы персонажа {who} должно быть от 1 до 10",
    "combat.not_declare_time": "сейчас не время заявок (раунд в фазе {phase:t:combat.phase})",
    "combat.not_your_declare": "{who} не может заявлять сейчас: заявки идут от медленных, "
    "очередь {now}",
    "combat.say_what": "скажите, что делает персонаж",
    "combat.declare_attack_as": "заявляйте атаку так: заявить ИМЯ атака ЦЕЛЬ МАНЁВР",
    "combat.needs_init": "в раунде {round} сначала бросьте инициативу: инициатива",
    "combat.delay_not_turn": "{who} может отложить действие только в свою очередь",
    "combat.no_delay_extra": "дополнительное действие не откладывают: выполните его или "
    "пропустите (далее)",
    "combat.defence_when": "защиту бросают, когда начались действия (после заявок)",
    "combat.already_acted": "{who}: действие в этом ходу уже сделано, на защиту его не осталось",
    "combat.no_defence_dice": "у персонажа {who} не осталось костей на {move:t:maneuver} ({detail})",
    "combat.self_attack": "{who} не может атаковать себя",
    "combat.no_declared_attack": "у персонажа {who} в этом раунде не заявлена атака: атака {who} "
    "ЦЕЛЬ МАНЁВР",
    "combat.target_gone": "{who} уже {status:t:combat.gone}",
    "fight.unarmed_weapon": "{move:t:maneuver} — приём Драки голыми руками: урон по Силе, оружие к нему не "
    "добавить; с оружием — удар оружием (Фехтование), выстрел или метательное оружие",
    "fight.needs_weapon": "{move:t:maneuver}: нужно оружие — добавьте оружие сила+N или оружие N",
    "combat.no_wp_attacks": "домашние правила Рассказчика запрещают тратить волю на атаки",
    "combat.needs_faces": "после {word} нужны грани, например 6,9",
    "combat.attack_phase": "раунд {round} в фазе {phase:t:combat.phase}; атакуют, когда все "
    "сделали заявки",
    "combat.not_your_turn": "сейчас не ход персонажа {who}: действует {now}",
    "combat.gave_to_defence": "{who}: это действие отдано защите",
    # Слова внутри сообщений.
    "combat.nobody": "никто",
    "combat.nobody_ends": "никто (далее завершит раунд)",
    "combat.and": " и ",
    "fight.no_dice": "нет костей",
    "combat.gone.dead": "мёртв",
    "combat.gone.final_death": "окончательная смерть",
    "combat.phase.initiative": "инициативы",
    "combat.phase.declare": "заявок",
    "combat.phase.act": "действий",
    "combat.slot.multiple": "множественное",
    "combat.slot.celerity": "Стремительность",
    # Раунд.
    "combat.begins": "бой начался: {names:l} — раунд 1, бросьте инициативу (инициатива)",
    "combat.ends": "бой окончен после {n:n:раунда|раундов|раундов}",
    "combat.joins": "{who} вступает в бой (действует со следующей инициативы)",
    "combat.leaves": "{who} выходит из боя{notes}",
    "combat.initiative": "раунд {round}, инициатива: {lines:l}{ties} — заявки от медленных, "
    "начинает {first}",
    "combat.init_value": "{who} {value}",
    "combat.init_rolled_value": "{who} {value} (к10: {die})",
    "combat.cannot_act": "{who} не может действовать",
    "combat.at_once": "; {names} действуют одновременно",
    "combat.declares": "{who} заявляет: {text}{extra}{wp}{notes}",
    "combat.n_actions": ", {n:n:действие|действия|действий}",
    "combat.spends_wp": " (тратит пункт воли)",
    "combat.next_declarer": " — следующая заявка: {who}",
    "combat.actions_begin": " — действия от быстрых{notes}",
    "combat.dazed_loses": "{who} теряет это действие: ошеломление",
    "combat.acts_now": "действует {who}{extra}{together}",
    "combat.extra_action": " (доп. действие {index}: {kind:t:combat.slot})",
    "combat.at_same_time": " (одновременно: {names:l})",
    "combat.still_waiting": "ещё выжидают: {names:l} (сначала тот, у кого выше показатель); "
    "далее завершит раунд",
    "combat.round_over": "раунд {round} окончен; далее начнёт раунд {next}",
    "combat.declares_nothing": "{who} ничего не заявляет{notes}",
    "combat.is_done": "{who}: действия закончены{unresolved}{notes}",
    "combat.unresolved": " (заявленное действие «{text}» не выполнено)",
    "declared.attack": "атака → {target}: {move}{rest}",
    "declared.wait": "ждать",
    "log.round_end": "раунд {round} окончен",
    "combat.round_ends": "раунд {ended} окончен{lost} — раунд {round}: бросьте инициативу "
    "(инициатива)",
    "combat.waited_too_long": "; слишком долго выжидали: {names:l}",
    "combat.waits": "{who} откладывает действие и может вмешаться в любой момент{notes}",
    # Защита.
    "combat.abort_fails": "{who} пытается отменить действие ради защиты "
    "({move:t:maneuver}): воля {marks} — неудача; заявленное действие остаётся",
    "combat.abort_wp": "тратит пункт воли, чтобы отменить заявленное действие",
    "combat.aborts": "отменяет заявленное действие (воля {marks})",
    "combat.defends": "{who} {lead}{move:t:combat.verb} ({detail}): {marks} = "
    "{n:n:успех|успеха|успехов} — встретит следующую атаку",
    # Атака.
    "combat.parts": "{first}{rest}",
    "combat.attack": "{attacker} → {target}: {move:t:maneuver} ({notes}; сл. {diff}): {marks}",
    "combat.botch": "ПРОВАЛ — клин, осечка, сломанный клинок или попадание в своего: что "
    "именно, решает Рассказчик",
    "combat.miss": "промах",
    "combat.defence_cannot": "{who}: {move:t:maneuver} не спасает от этой атаки — {why}",
    "combat.defence_met": "{who} {move:t:combat.verb}: {n:n:успех|успеха|успехов} — {result}",
    "combat.get_through": "успехов проходит: {n}",
    "combat.misses": "атака не проходит",
    "combat.hits": "попадание{extra}",
    "combat.hold_lasts": ": {who} в захвате (захват держится несколько ходов)",
    "combat.hits_special": "попадание: последствия определяет Рассказчик (особый урон)",
    "combat.damage": "урон {pool} ({detail}): {marks} = "
    "{levels:n:повреждение|повреждения|повреждений} ({type:t:damage})",
    "combat.taken": "{levels} ({type:t:damage}), {soak}; проходит {taken}{notes} — {health}",
    "combat.soak": "прочность {pool}: {marks} = {n}",
    "combat.taken_notes": " ({notes})",
    "combat.bashing_halved": "лёгкие уменьшены вдвое",
    "combat.armour_destroyed": "броня разрушена",
    "combat.dazed_next": "ошеломлён: теряет следующее действие",
    "combat.health": "здоровье {marks} ({level}{penalty})",
    "combat.staked": "у персонажа {who} кол в сердце: оцепенение",
    "combat.knocked_down": "{who} оказывается на земле",
    "combat.held": "{who} в захвате",
    "combat.dice_not_needed": "(кости урона и прочности не понадобились)",
    # Приём как глагол («Bob уклоняется»).
    "combat.verb.block": "блокирует",
    "combat.verb.throw": "бросает",
    "combat.verb.grapple": "хватает",
    "combat.verb.clinch": "входит в клинч с",
    "combat.verb.parry": "парирует",
    "combat.verb.sweep": "подсекает",
    "combat.verb.disarm": "обезоруживает",
    "combat.verb.claw": "бьёт когтями",
    "combat.verb.kick": "бьёт ногой",
    "combat.verb.strike": "бьёт оружием",
    "combat.verb.punch": "бьёт рукой",
    "combat.verb.dodge": "уклоняется",
    "combat.verb.bite": "кусает",
    "combat.verb.shoot": "стреляет в",
    "combat.verb.rapid": "ведёт беглый огонь по",
    "combat.verb.auto": "бьёт длинной очередью по",
    "combat.verb.burst": "даёт короткую очередь по",
    "combat.verb.spray": "ведёт обстрел",
    "combat.verb.twoguns": "стреляет по-македонски в",
    "combat.verb.hurl": "метает оружие в",
    # Пояснения правил к пулу.
    "fight.aim.limb": "конечность",
    "fight.aim.hand": "кисть",
    "fight.aim.head": "голова",
    "fight.aim.eye": "глаз",
    "fight.aim.heart": "сердце",
    "fight.cover.prone": "лёжа",
    "fight.cover.wall": "за стеной",
    "fight.cover.head": "видна только голова",
    "what.attack_roll": "атака",
    "what.damage_roll": "урон",
    "what.defence_roll.dodge": "уклонение",
    "what.defence_roll.block": "блок",
    "what.defence_roll.parry": "парирование",
    # Задача 12: множественные действия, защита в толпе и из укрытия, пули.
    "fight12.what.smallest_pool": "самый маленький пул заявленных действий",
    "fight12.pool_needs_multiple": "пул делят только при множественных действиях: "
    "заявить ИМЯ множественные N пул N ...",
    "fight12.n_actions_pool": ", {n:n:действие|действия|действий} делят пул {pool}",
    "fight12.uses_action": "отдаёт защите заявленное действие {i} из {n}",
    "fight12.diff": ", сл. {diff}",
    "fight12.behind_cover": "; в укрытии ({cover:t:combat.cover}): атаке сл. +{n}",
    "fight12.defends": "{who} {lead}{move:t:combat.verb} ({detail}){diff}: {marks} = "
    "{n:n:успех|успеха|успехов} — встретит следующую атаку{cover}{notes}",
    "fight12.log.defend_diff": " (сл. {diff})",
    "fight12.log.defend_cover": " (в укрытии: {cover:t:combat.cover})",
    "fight12.uses_celerity": "отдаёт защите дополнительное действие от Стремительности",
    # Клавиша панели «Инициатива», выполняющая заявку (F12), и почему выполнять нечего.
    "key.act": "По заявке",
    "palette.act": "Выполнить заявку",
    "palette.act.help": "Заявленное действие того, кто действует сейчас (или выбранного "
    "персонажа, который выжидает): атака как заявлена, с вводом граней, если кубы настоящие",
    "act.no_fight": "боя нет: выполнять нечего",
    "act.initiative": "заявок ещё нет: в раунде {round} сначала инициатива (инициатива)",
    "act.declaring": "заявки ещё не сделаны: сейчас заявляет {who}",
    "act.nobody": "сейчас никто не действует: раунд окончен (далее)",
    "act.nothing": "у персонажа {who} в этом раунде нет заявки",
    "act.by_hand": "заявка персонажа {who} — «{text}»: Elysium бросать нечего; разыграйте её, "
    "затем {key} — дальше",
}
