"""Russian messages: bearing on social rolls, the end of a story, clan and trait typos
(keys with values, see elysium.i18n.message)."""

STRINGS: dict[str, str] = {
    # Столп (шпаргалка, «Человечность в игре»): сложность социальных проверок.
    "ack.roll.bearing": "{diff} ({was}, столп {mod:+d})",
    "ack.roll.retry.bearing": "{diff} ({base} + повтор, столп {mod:+d})",
    "ack.roll.retry_off.bearing": "{diff} (надбавка за повтор отключена, столп {mod:+d})",
    "log.bearing": "столп {mod:+d}",
    "bearing.needs_character": "столп зависит от Человечности или Пути персонажа: "
    "укажите, кто бросает (бросок ИМЯ обаяние+эмпатия столп)",
    "bearing.vampires_only": "столп нужен вампиру, который выдаёт себя за человека; "
    "{who} — {kind:t:kind}",
    "bearing.social_only": "столп меняет сложность только социальных проверок, где в пуле "
    "есть одно из: {social:l:t:trait}; {traits} к ним не относится",
    "sheet.bearing": "Столп",
    "sheet.bearing_value": "{mod:+d} к сложности социальных проверок, чтобы сойти за человека",
    "dlg.roll.bearing": "Столп (сойти за человека)",
    "dlg.roll.with_bearing": "; сложность {diff} ({was}, столп {mod:+d})",
    "dlg.roll.with_mods": "; сложность {diff} ({was}; {notes:s})",
    "cli.state_bearing": " (столп {mod:+d})",
    # Конец истории (шпаргалка: воля «весь запас - в конце истории»; опыт «Конец истории,
    # сверх того: за успех, за опасность, за мудрость - по одному»).
    "usage.story": "история [успех] [опасность] [мудрость] [ИМЯ НАГРАДА ...] [, ИМЯ НАГРАДА ...]",
    "help.story": "конец истории: воля у всех восстанавливается полностью, опыт за историю",
    "ack.story": "история завершена: {willpower}{xp}",
    "log.story": "конец истории: {willpower}{xp}",
    "story.refilled": "воля восстановлена полностью: {who:l}",
    "story.refilled_one": "{who} {was}→{now}",
    "story.all_full": "воля у всех и так полна",
    "story.awarded": "; опыт: {who:l}",
    "story.award_one": "{who} +{n} ({awards:l})",
    "story.award.success": "успех",
    "story.award.danger": "опасность",
    "story.award.wisdom": "мудрость",
    "story.twice": "{who}: имя названо дважды; назовите каждого один раз, со всеми наградами",
    "story.no_awards_for": "после имени {who} укажите награды: {allowed:l:t:story.award}",
    # Клан с опечаткой (rules.clans.check_clan).
    "clan.did_you_mean": "клана {clan!r} нет в таблице кланов: может быть, {close!r}? Если это "
    "клан, придуманный для хроники, сначала задайте его Дисциплины (задать ИМЯ "
    "клановые-дисциплины ДИСЦИПЛИНА ...), потом клан",
    "story.no_players": "ни один персонаж не отмечен как персонаж игрока, и награды "
    "({awards:l}) некому отдать; назовите, кто их получает (история ИМЯ успех), "
    "или отметьте персонажа (задать ИМЯ игрок да)",
}
