"""Russian for the refusals a Storyteller meets most.

The rules and the chronicle explain a refusal in one English sentence built from the values
at hand. Rather than thread a language through every check, the front ends pass the sentence
through :func:`translate`: each known shape is matched and rebuilt in Russian with the same
values. A sentence of an unknown shape is shown as it is (in English), never lost.
"""

from __future__ import annotations

import re

# (English shape, Russian template); named groups carry the values across.
PATTERNS: list[tuple[str, str]] = [
    (
        r"(?P<who>.+) can spend (?P<n>\d+) blood per turn \((?P<left>\d+) left this turn\); "
        r"asked for (?P<k>\d+)",
        "{who} может тратить {n} крови за ход (осталось {left}); запрошено {k}",
    ),
    (
        r"(?P<who>.+) has (?P<n>\d+) blood, not enough to spend (?P<k>\d+)",
        "у {who} {n} крови, не хватает, чтобы потратить {k}",
    ),
    (
        r"(?P<who>.+) can hold only (?P<n>\d+) more blood(?: \(maximum (?P<max>\d+)\))?",
        "{who} может принять ещё только {n} крови",
    ),
    (
        r"a vampire drinks at most (?P<n>\d+) blood per turn \((?P<left>\d+) left this turn\)",
        "вампир выпивает не больше {n} крови за ход (осталось {left})",
    ),
    (
        r"no character named (?P<name>'.*?'); characters: (?P<list>.*)",
        "нет персонажа {name}; персонажи: {list}",
    ),
    (
        r"(?P<name>'.*?') could be (?P<list>.*); type more of the name",
        "{name} — это может быть {list}; введите имя подробнее",
    ),
    (r"there is already a character named (?P<name>'.*')", "персонаж {name} уже есть"),
    (
        r"unknown command (?P<cmd>'.*?'); commands: (?P<list>.*)",
        "неизвестная команда {cmd}; команды: {list}",
    ),
    (r"type a command, for example: (?P<ex>.*)", "введите команду, например: {ex}"),
    (
        r"(?:(?P<who>.+) has no trait|unknown trait) (?P<name>'.*?')(?P<rest>.*)",
        "неизвестный параметр {name}{rest}",
    ),
    (
        r"(?P<what>.+) is (?P<n>\d+) (?:die|dice) but (?P<m>\d+) (?:face was|faces were) given; "
        r"give one face per die",
        "{what}: костей {n}, а граней введено {m}; нужна одна грань на кость",
    ),
    (
        r"difficulty must be from 2 to 10, got (?P<n>.+)",
        "сложность должна быть от 2 до 10, а не {n}",
    ),
    (
        r"(?P<who>.+) is (?P<state>dead|final death) and cannot act",
        "{who} мёртв и не может действовать",
    ),
    (r"(?P<who>.+) is in torpor and cannot act", "{who} в торпоре и не может действовать"),
    (r"(?P<who>.+) is incapacitated and cannot act", "{who} при смерти и не может действовать"),
    (
        r"(?P<who>.+) is incapacitated and may only heal with blood",
        "{who} при смерти: кровь можно тратить только на лечение",
    ),
    (r"nothing to undo", "отменять нечего"),
    (r"nothing to redo", "возвращать нечего"),
    (
        r"this chronicle is open read-only; nothing can be changed",
        "хроника открыта только для чтения; изменить ничего нельзя",
    ),
    (
        r"could not save: (?P<why>.+)\. Nothing was changed; free some space and try again",
        "не удалось сохранить ({why}); ничего не изменилось — освободите место и повторите",
    ),
    (
        r"(?P<who>.+) already spent Willpower for a success this turn",
        "{who} уже тратил волю на успех в этот ход",
    ),
    (r"(?P<who>.+) has no Willpower points left", "у {who} не осталось пунктов воли"),
    (r"it is not (?P<who>.+)'s turn: (?P<now>.+) acts now", "сейчас не ход {who}: действует {now}"),
    (
        r"(?P<who>.+) cannot declare now: declarations go from the slowest, and it is "
        r"(?P<now>.+)'s turn to declare",
        "{who} не может заявлять сейчас: заявки идут от медленных, очередь {now}",
    ),
    (
        r"(?P<name>\S+) (?P<value>\d+) is above the trait maximum (?P<max>\d+) for (?P<who>.+)",
        "{name} {value} выше максимума {max} ({who})",
    ),
    (
        r"(?P<who>.+) has no dice for (?P<what>.+?)(?: after the wound penalty (?P<p>-?\d+))?: "
        r"the action cannot be attempted",
        "у {who} нет костей на {what}: действие невозможно",
    ),
    (
        r"(?P<verb>\w+): missing (?P<what>.+?); usage: (?P<usage>.*)",
        "{verb}: не хватает: {what}; формат: {usage}",
    ),
    (
        r"(?P<verb>\w+): did not understand (?P<words>'.*?'); usage: (?P<usage>.*)",
        "{verb}: непонятно {words}; формат: {usage}",
    ),
    (
        r"(?P<verb>\w+): (?P<what>.+) must be a whole number, got (?P<got>'.*?'); "
        r"usage: (?P<usage>.*)",
        "{verb}: {what} — нужно целое число, а не {got}; формат: {usage}",
    ),
    (
        r"(?P<verb>\w+): (?P<what>.+) must be from (?P<a>-?\d+) to (?P<b>-?\d+), got (?P<got>-?\d+); "
        r"usage: (?P<usage>.*)",
        "{verb}: {what} — от {a} до {b}, а не {got}; формат: {usage}",
    ),
    (
        r"a pool of (?P<n>-?\d+) dice means the action cannot be attempted; a roll needs at "
        r"least 1 die",
        "пул из {n} костей: действие невозможно; нужна хотя бы одна кость",
    ),
    # The store: saving, damage, repair.
    (
        r"(?P<what>.+?): the disk is full\. Nothing was changed; free some space and try again",
        "{what}: диск заполнен. Ничего не изменено; освободите место и повторите",
    ),
    (
        r"(?P<what>.+?): the disk quota is exhausted\. Nothing was changed; free some space and "
        r"try again",
        "{what}: квота диска исчерпана. Ничего не изменено; освободите место и повторите",
    ),
    (
        r"(?P<what>.+?): the file size limit was reached\. Nothing was changed; free some space "
        r"and try again",
        "{what}: достигнут предел размера файла. Ничего не изменено",
    ),
    (
        r"this chronicle is open read-only; nothing can be changed",
        "хроника открыта только для чтения; изменить ничего нельзя",
    ),
    (
        r"this chronicle is already open for writing by another process(?P<who> \(.*\))?; "
        r"open it read-only instead",
        "хронику уже пишет другой процесс{who}; откройте её только для чтения",
    ),
    (
        r"the chronicle at (?P<root>.+) was removed or replaced while it was open; nothing more "
        r"can be saved there \(the last command was not saved\)",
        "хронику {root} удалили или подменили, пока она была открыта; сохранять туда больше "
        "нельзя (последняя команда не сохранена)",
    ),
    (
        r"a command can be at most (?P<n>[\d,]+) characters; this one has (?P<k>[\d,]+)",
        "команда может быть не длиннее {n} знаков; в этой {k}",
    ),
    (
        r"the line is longer than (?P<n>[\d,]+) characters; a command can be at most [\d,]+",
        "строка длиннее {n} знаков; команда не может быть длиннее",
    ),
    (
        r"run `elysium repair (?P<root>.+)` to repair it \(every original is kept\)",
        "восстановите её: `elysium repair {root}` (все исходные файлы сохраняются)",
    ),
    (
        r"damaged: run `elysium repair (?P<root>.+)` to repair it",
        "повреждена: восстановите её командой `elysium repair {root}`",
    ),
    (
        r"sound: (?P<c>\d+) chapter\(s\), (?P<n>\d+) events, every checksum and digest "
        r"verified(?P<rest>.*)",
        "в порядке: глав {c}, событий {n}, все контрольные суммы и дайджесты сходятся{rest}",
    ),
    (r"nothing to repair", "восстанавливать нечего"),
    (r"there is no chronicle at (?P<root>.+)", "хроники {root} нет"),
]
_COMPILED = [(re.compile(rf"^{shape}$"), template) for shape, template in PATTERNS]


PHRASES = [
    (" (did you mean ", " (может быть, "),
    ("the pool:", "пул:"),
    ("the attack:", "атака:"),
    ("the damage roll:", "урон:"),
    ("the soak roll:", "прочность:"),
    ("the Willpower roll to abort:", "проверка воли для отмены:"),
    ("generation ", "поколение "),
    (" (a writer has it open)", " (её сейчас пишут)"),
    ("; for a trait outside the V20 lists write ", "; параметр вне списков V20: "),
]


def translate(message: str, lang: str) -> str:
    """``message`` in ``lang`` when its shape is known; otherwise unchanged."""
    if lang != "ru":
        return message
    for pattern, template in _COMPILED:
        match = pattern.match(message)
        if match:
            values = {k: (v or "") for k, v in match.groupdict().items()}
            text = template.format(**values)
            for english, russian in PHRASES:
                text = text.replace(english, russian)
            return text
    return message
