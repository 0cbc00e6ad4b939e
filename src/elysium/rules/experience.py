"""Experience costs and awards (RULES.md §9; V20 p. 132; cheat sheet "Опыт")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from elysium.i18n.message import Msg
from elysium.rules.character import Character, set_trait
from elysium.rules.clans import in_clan, is_caitiff
from elysium.rules.errors import RulesError
from elysium.rules.profiles import V20, Profile
from elysium.rules.tables import (
    THIRD_GENERATION,
    WEAKEST_GENERATION,
    XP_CHAPTER_AWARDS,
    XP_CHAPTER_RANGE,
    XP_NEW,
    XP_PER_DOT,
    XP_STORY_AWARDS,
)
from elysium.rules.traits import (
    ATTRIBUTES,
    MORALITY_ALIASES,
    V20_BACKGROUNDS,
    V20_DISCIPLINES,
    VIRTUE_NAMES,
    WILLPOWER,
    Kind,
    normalise,
)


class Category(StrEnum):
    ATTRIBUTE = "attribute"
    ABILITY = "ability"
    CLAN_DISCIPLINE = "clan_discipline"
    OTHER_DISCIPLINE = "other_discipline"
    PATH = "path"  # a Necromancy or Thaumaturgy path: new 7, secondary current x 4
    VIRTUE = "virtue"
    MORALITY = "morality"
    WILLPOWER = "willpower"


@dataclass(frozen=True, slots=True)
class Price:
    """What one dot costs and the row of the cost table that priced it (``rule`` names a
    ``XP_NEW`` or ``XP_PER_DOT`` entry: ``new_ability``, ``clan_discipline``, ...)."""

    cost: int
    rule: str
    current: int


def xp_price(category: Category, current: int, caitiff: bool = False) -> Price:
    """Experience to raise a trait one dot from ``current`` (cheat sheet «Стоимость
    развития»; V20 p. 132).

    New traits: Ability 3, Discipline 10, Necromancy / Thaumaturgy path 7. Otherwise current
    rating times: Attribute 4, Ability 2, clan Discipline 5, other Discipline 7 (Caitiff: any
    Discipline 6), secondary path 4, Virtue 2, Humanity / Path 2, Willpower 1.
    """
    if current < 0:
        raise RulesError("xp.negative_rating")
    discipline = category in (Category.CLAN_DISCIPLINE, Category.OTHER_DISCIPLINE)
    if current == 0:
        if category is Category.ABILITY:
            return Price(XP_NEW["ability"], "new_ability", 0)
        if discipline:
            return Price(XP_NEW["discipline"], "new_discipline", 0)
        if category is Category.PATH:
            return Price(XP_NEW["path"], "new_path", 0)
        raise RulesError(
            "xp.not_from_zero", what=category.value.replace("_", " "), category=category.value
        )
    rule = {
        Category.ATTRIBUTE: "attribute",
        Category.ABILITY: "ability",
        Category.CLAN_DISCIPLINE: "clan_discipline",
        Category.OTHER_DISCIPLINE: "other_discipline",
        Category.PATH: "secondary_path",
        Category.VIRTUE: "virtue",
        Category.MORALITY: "morality",
        Category.WILLPOWER: "willpower",
    }[category]
    if discipline and caitiff:
        rule = "caitiff_discipline"
    return Price(current * XP_PER_DOT[rule], rule, current)


def xp_cost(category: Category, current: int, caitiff: bool = False) -> int:
    """:func:`xp_price`'s cost alone."""
    return xp_price(category, current, caitiff).cost


def category_of(c: Character, trait: str) -> Category:
    """Which row of the cost table a character's trait falls under. A Discipline is the
    clan's if it is on the character's own list of clan Disciplines, or (with no such list)
    on the clan's in the table of :mod:`elysium.rules.clans`."""
    key = normalise(trait)
    if key.startswith("path:"):
        return Category.PATH
    if key in ATTRIBUTES:
        return Category.ATTRIBUTE
    if key in VIRTUE_NAMES:
        return Category.VIRTUE
    if key in MORALITY_ALIASES or key == normalise(c.morality):
        return Category.MORALITY
    if key == WILLPOWER:
        return Category.WILLPOWER
    if key in c.disciplines or key in V20_DISCIPLINES or key.startswith("discipline:"):
        name = key.removeprefix("discipline:")
        clan = in_clan(c.clan, c.clan_disciplines)
        return Category.CLAN_DISCIPLINE if name in clan else Category.OTHER_DISCIPLINE
    refuse_unpriced(c, key)
    return Category.ABILITY


def refuse_unpriced(c: Character, key: str) -> None:
    """Refuse what the cost chart has no row for (cheat sheet «Стоимость развития»: no
    Background, no generation, no blood): the Storyteller sets it, and the refusal says how,
    one step up. No house rule prices them; anything else is an Ability (a free-form one, in
    Dark Ages and Demon, is one)."""
    if key.startswith("background:") or key in V20_BACKGROUNDS or key in c.backgrounds:
        code = key.removeprefix("background:")
        level = c.backgrounds.get(code, 0) + 1
        raise RulesError("xp.no_price.background", who=c.name, trait=code, code=code, level=level)
    if key == "generation" and c.kind is Kind.VAMPIRE:  # others: set tells them they have none
        level = max(THIRD_GENERATION, (c.generation or WEAKEST_GENERATION + 1) - 1)
    elif key == "blood":
        level = min(c.blood_max, c.blood + 1)
    elif key == "willpower-points":
        level = min(c.willpower, c.willpower_points + 1)
    else:
        return
    raise RulesError(f"xp.no_price.{key}", who=c.name, code=key, level=level)


def price(c: Character, trait: str) -> Price:
    """The price of the next dot of ``trait`` for this character."""
    return xp_price(category_of(c, trait), current_rating(c, trait), caitiff=is_caitiff(c.clan))


def raise_priced(c: Character, trait: str, profile: Profile = V20) -> tuple[Character, Price]:
    """Spend experience for one dot and say how it was priced. Only the trait rises: a
    Virtue raises neither Humanity / Path nor Willpower (cheat sheet ‡). The trait is
    checked (name, maximum) before the experience."""
    paid = price(c, trait)
    raised = set_trait(c, trait, paid.current + 1, profile)
    if paid.cost > c.xp:
        raise RulesError(
            "xp.too_dear",
            trait=trait,
            code=trait_key(trait),
            level=paid.current + 1,
            cost=paid.cost,
            rule=rule_msg(paid),
            who=c.name,
            have=c.xp,
        )
    return replace(raised, xp=c.xp - paid.cost), paid


def raise_trait(c: Character, trait: str, profile: Profile = V20) -> tuple[Character, int]:
    """:func:`raise_priced` with the cost alone."""
    raised, paid = raise_priced(c, trait, profile)
    return raised, paid.cost


def rule_msg(paid: Price) -> Msg:
    """The priced row told: ``clan Discipline, 1 × 5``."""
    return Msg(f"xp.rule.{paid.rule}", current=paid.current, cost=paid.cost)


def trait_key(trait: str) -> str:
    """The name a raised trait is stored and told by: ``potence``, ``path:lure-of-flames``
    (a ``discipline:`` or ``ability:`` prefix drops)."""
    key = normalise(trait)
    return key if key.startswith("path:") else key.split(":", 1)[-1]


def current_rating(c: Character, trait: str) -> int:
    """The unboosted rating a dot is bought from (0 for a trait not on the sheet)."""
    key = trait_key(trait)
    if key in c.attributes:
        return c.attributes[key]  # blood boosts are not bought
    if key.startswith("path:"):
        return c.disciplines.get(key, 0)
    try:
        return c.trait(key)
    except RulesError:
        return 0


def chapter_award(earned: Iterable[str], extra: int = 0) -> int:
    """XP at the end of a chapter: one each for the awards named (automatic, learning,
    roleplaying, heroism), plus the ST's extra; always 1-5."""
    names = set(earned) | {"automatic"}
    unknown = sorted(names - set(XP_CHAPTER_AWARDS))
    if unknown:
        raise RulesError(
            "xp.unknown_chapter_award", award=unknown[0], allowed=list(XP_CHAPTER_AWARDS)
        )
    total = len(names) + extra
    if total not in XP_CHAPTER_RANGE:
        raise RulesError("xp.chapter_range", total=total)
    return total


def story_award(earned: Iterable[str]) -> int:
    """Extra XP at the end of a story: one each for success, danger, wisdom."""
    names = set(earned)
    unknown = sorted(names - set(XP_STORY_AWARDS))
    if unknown:
        raise RulesError("xp.unknown_story_award", award=unknown[0], allowed=list(XP_STORY_AWARDS))
    return len(names)


def award(c: Character, points: int) -> Character:
    if points < 0:
        raise RulesError("xp.negative_award")
    return replace(c, xp=c.xp + points)
