"""Words for the fight, told when someone reads them: parts joined in the reader's
language, dice marks, and the combat rules' notes (``dexterity+brawl 7``, ``flank +1``,
``aim head +2 diff``), which ``elysium.rules.combat`` gives as messages.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from elysium.chronicle.commands.common import marks
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
        text = str(marks(result))
        return Told(lambda lang: text)
    return Told(lambda lang: t("fight.no_dice", lang))


def tail(notes: Sequence[object]) -> Told:
    """The notes that follow an acknowledgement: ``; a; b``."""
    return joined(notes, "; ", "; ")


def notes(items: Sequence[Msg] | Msg, sep: str = "; ") -> Msg | Told:
    """The rules' notes (``dexterity+brawl 7; flank +1``) in the reader's language: the rules
    give them as messages, a list of them or one already joined."""
    if isinstance(items, Msg):
        return items
    return joined(items, sep)
