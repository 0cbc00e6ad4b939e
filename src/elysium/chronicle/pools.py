"""A character's dice pool for ``roll NAME TRAIT+TRAIT``: one function for the command and
for the roll dialog's preview, so the odds shown before a roll are the odds of that roll
(wound penalties, frenzy, a Willpower point spent to ignore wounds this turn, and the
situation's modifiers: Celerity's dice, moving while Wounded, a heavy load)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from elysium.chronicle.errors import CommandError
from elysium.i18n import Told, trait_label
from elysium.rules.beast import vampire_bearing
from elysium.rules.character import Character
from elysium.rules.health import Status, wounded_pool
from elysium.rules.modifiers import PoolMod, dice_of, situation
from elysium.rules.traits import ATTRIBUTES, HUMANITY, SOCIAL, VIRTUE_NAMES, WILLPOWER, normalise

# Traits rated to 10: a pool of one of them stands alone (seed 004: «Если в пуле параметр
# со шкалой до 10 (Человечность, Путь, воля), к нему ничего не прибавляют»).
TEN_SCALE = frozenset({WILLPOWER, HUMANITY, "path", "road", "morality"})
MAX_TRAITS = 2  # seed 000: «нельзя складывать значения более чем двух характеристик»


@dataclass(frozen=True, slots=True)
class TraitPool:
    """The parts of a pool and the dice it comes to."""

    names: tuple[str, ...]  # normalised trait names, or numbers of dice as typed
    values: tuple[int, ...]  # each part's rating (or its number)
    total: int  # the parts added up (a Virtue capped by Humanity)
    pool: int  # after wound penalties
    reflexive: bool  # a Virtue alone: wounds do not count
    penalty: int = 0  # the wound penalty applied (0 when waived), even if the pool hit 0
    mods: tuple[PoolMod, ...] = field(default=())  # the situation's, each with its reason

    def ratings(self) -> list[tuple[str, int]]:
        """The traits (not the plain numbers) with their ratings."""
        return [(n, v) for n, v in zip(self.names, self.values, strict=True) if not is_whole(n)]


def trait_pool(
    c: Character, expr: str, moving: bool = False, named: Sequence[PoolMod] = ()
) -> TraitPool:
    """The pool of ``dex+brawl`` (or ``willpower``, or ``dex+2``) for ``c`` as it stands.

    Seed 004: no more than two traits; a trait rated to 10 stands alone; a Virtue roll is
    never more dice than Humanity («Пул проверок добродетелей не выше Человечности»); wound
    penalties apply except to reflexive rolls (most Virtue rolls) and a pool at 0 is an
    action that cannot be attempted. ``moving``: the character also moves this turn;
    ``named``: the modifiers of the Merits and Flaws the roll names (a Virtue's roll too).
    """
    parts = [p for p in expr.replace(" ", "").split("+") if p]
    if not parts:
        raise CommandError("roll.name_traits")
    names: list[str] = []
    values: list[int] = []
    for part in parts:
        if is_whole(part):
            names.append(part)
            values.append(int(part))
        else:
            values.append(c.trait(part))
            names.append(normalise(part))
    traits = [n for n in names if not is_whole(n)]
    if len(traits) > MAX_TRAITS:
        raise CommandError("roll.too_many_traits", most=MAX_TRAITS, traits="+".join(traits))
    ten = [n for n in traits if n in TEN_SCALE or n == normalise(c.morality)]
    if ten and len(names) > 1:
        raise CommandError("roll.ten_alone", trait=ten[0], expr="+".join(names))
    virtue = len(names) == 1 and names[0] in VIRTUE_NAMES
    total = sum(values)
    if any(n in VIRTUE_NAMES for n in names) and total > c.morality_rating:
        total = c.morality_rating  # a Virtue's roll: no more dice than Humanity (or the Path)
    pool = wounded_pool(
        total, c.health, reflexive=virtue, frenzied=c.frenzied, willpower=c.ignore_wounds
    )
    waived = virtue or c.frenzied or c.ignore_wounds
    penalty = 0 if waived else (c.health.penalty or 0)
    mods = (() if virtue else situation(c, traits, moving=moving)) + tuple(named)
    if c.health.status() is Status.ACTIVE:  # no dice at all otherwise
        pool = max(0, pool + dice_of(mods))
    return TraitPool(tuple(names), tuple(values), total, pool, virtue, penalty, mods)


def bearing_of(c: Character, names: Sequence[str]) -> int:
    """The bearing a social roll of ``c`` takes (seed 004 «Столп»: a vampire passing as
    human or seeking mortals' sympathy), for the command and the roll dialog alike;
    refused for another pool or another kind."""
    mod = vampire_bearing(c)
    if mod is None:
        raise CommandError("bearing.vampires_only", who=c.name, kind=c.kind.value)
    if not any(n in SOCIAL for n in names):
        raise CommandError("bearing.social_only", traits=_joined(names), social=list(SOCIAL))
    return mod


def _joined(names: Sequence[str]) -> Told:
    """``wits+empathy``: the codes in English, the trait names in Russian."""
    return Told(
        lambda lang: "+".join(
            n if lang == "en" or is_whole(n) else trait_label(n, lang).lower() for n in names
        )
    )


def attribute_alone(counted: TraitPool) -> bool:
    """An Attribute with nothing rated beside it: no Ability (or Discipline) in the pool
    (Demon, seed 001: the Storyteller may add +1 difficulty to such a roll)."""
    ratings = counted.ratings()
    return any(name in ATTRIBUTES for name, _ in ratings) and not any(
        rating > 0 for name, rating in ratings if name not in ATTRIBUTES
    )


def is_whole(word: str) -> bool:
    """A plain number of dice (``2``), not a trait name."""
    try:
        int(word)
    except ValueError:
        return False
    return True
