"""Words for the fight, told when someone reads them: parts joined in the reader's
language, dice marks, and the combat rules' notes (``dexterity+brawl 7``, ``flank +1``,
``aim head +2 diff``).

``elysium.rules.combat`` spells out every modifier of a pool as a short English note; the
engine shows them as they are in English and, in another language, tells each note it
recognises through the catalog (``fight.note.*``). A note it does not recognise is shown
as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from elysium.chronicle.commands.common import marks
from elysium.chronicle.parser import Args
from elysium.i18n import Msg, Told, t
from elysium.rules.dice import RollResult


def shown(part: object, lang: str) -> str:
    render = getattr(part, "render", None)
    return render(lang) if callable(render) else str(part)


def joined(parts: Iterable[object], sep: str, lead: str = "") -> Told:
    """Parts told in the reader's language and joined: ``lead`` + ``a; b; c`` (or nothing)."""
    items = list(parts)
    return Told(lambda lang: lead + sep.join(shown(p, lang) for p in items) if items else "")


def both(names: Sequence[str]) -> Told:
    """``Bob and Rex`` / ``Bob и Rex``."""
    return Told(lambda lang: t("combat.and", lang).join(names))


def dice_marks(result: RollResult) -> Told:
    """The dice as marks (``+8 3 -1-``), or the words for no dice at all."""
    if result.dice or result.rerolls:
        text = marks(result)
        return Told(lambda lang: text)
    return Told(lambda lang: t("fight.no_dice", lang))


def tail(notes: Sequence[object]) -> Told:
    """The notes that follow an acknowledgement: ``; a; b``."""
    return joined(notes, "; ", "; ")


def as_number(word: str, what: Msg, low: int, high: int, args: Args) -> int:
    """``word`` as a whole number from ``low`` to ``high``; ``what`` names it."""
    try:
        value = int(word)
    except ValueError:
        raise args.fail(Msg("args.not_whole", what=what, got=word)) from None
    if not low <= value <= high:
        raise args.fail(Msg("args.out_of_range", what=what, low=low, high=high, got=value))
    return value


_NUM = r"[+-]?\d+"
# (pattern, catalog key); the groups are the key's values.
NOTES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rf"^{shape}$"), key)
    for shape, key in (
        (rf"(?P<a>[a-z-]+)\+(?P<b>[a-z-]+) (?P<n>{_NUM})", "fight.note.pool"),
        (r"accuracy \+(?P<n>\d+)", "fight.note.accuracy"),
        (r"flank \+(?P<n>\d+)", "fight.note.flank"),
        (r"rear \+(?P<n>\d+)", "fight.note.rear"),
        (r"blinded target \+(?P<n>\d+)", "fight.note.blind_target"),
        (r"held target \+(?P<n>\d+)", "fight.note.held_target"),
        (rf"wounds (?P<n>{_NUM})", "fight.note.wounds"),
        (r"multiple action (?P<i>\d+) of (?P<k>\d+): -(?P<n>\d+)", "fight.note.multiple_cut"),
        (
            r"multiple action (?P<i>\d+) of (?P<k>\d+): (?P<n>\d+) of (?P<pool>\d+) dice",
            "fight.note.multiple_share",
        ),
        (r"aim (?P<at>\w+) \+(?P<n>\d+) diff, \+(?P<dmg>\d+) damage", "fight.note.aim_damage"),
        (r"aim (?P<at>\w+) \+(?P<n>\d+) diff", "fight.note.aim"),
        (r"(?P<k>\d+) opponents \+(?P<n>\d+) diff", "fight.note.outnumbered"),
        (r"cover \((?P<at>\w+)\) \+(?P<n>\d+) diff", "fight.note.cover"),
        (r"blinded \+(?P<n>\d+) diff", "fight.note.blinded"),
        (r"off hand \+(?P<n>\d+) diff", "fight.note.off_hand"),
        (r"stake: diff (?P<n>\d+)", "fight.note.stake"),
        (r"(?P<move>[a-z]+) \+(?P<n>\d+) diff", "fight.note.maneuver"),
        (rf"(?P<n>{_NUM}) diff", "fight.note.difficulty"),
        (r"defence (?P<k>\d+) this turn -(?P<n>\d+)", "fight.note.further_defence"),
        (r"Strength (?P<n>\d+) \+1", "fight.note.strength_plus"),
        (r"Strength (?P<n>\d+)", "fight.note.strength"),
        (r"weapon Str\+(?P<n>\d+)", "fight.note.weapon_str"),
        (r"weapon (?P<n>\d+)", "fight.note.weapon"),
        (r"\+(?P<n>\d+) extra successes", "fight.note.extra_successes"),
        (r"\+(?P<n>\d+) aim", "fight.note.aim_dice"),
        (r"no damage", "fight.note.no_damage"),
        (r"a (?P<move>block|parry) only meets melee attacks", "fight.note.melee_only"),
        (
            r"a block without armour or Fortitude only stops bashing damage",
            "fight.note.block_bashing",
        ),
    )
)


def tell_note(note: str, lang: str) -> str:
    """One note in ``lang`` (English: as the rules wrote it)."""
    if lang == "en":
        return note
    for pattern, key in NOTES:
        match = pattern.match(note)
        if match:
            return t(key, lang, **match.groupdict())
    return note


def notes(items: Sequence[str] | str, sep: str = "; ") -> Told:
    """The rules' notes (a list, or one text joined by ``sep``) in the reader's language."""
    parts = list(items) if not isinstance(items, str) else items.split(sep)
    return Told(lambda lang: sep.join(tell_note(p, lang) for p in parts))
