"""Experience costs and awards (RULES.md §9; V20 p. 132; cheat sheet "Опыт")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from enum import StrEnum

from elysium.rules.character import Character, set_trait
from elysium.rules.errors import RulesError
from elysium.rules.profiles import V20, Profile
from elysium.rules.tables import (
    XP_CHAPTER_AWARDS,
    XP_CHAPTER_RANGE,
    XP_NEW,
    XP_PER_DOT,
    XP_STORY_AWARDS,
)
from elysium.rules.traits import (
    ATTRIBUTES,
    MORALITY_ALIASES,
    VIRTUE_NAMES,
    WILLPOWER,
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


def xp_cost(category: Category, current: int, caitiff: bool = False) -> int:
    """Experience to raise a trait one dot from ``current`` (V20 p. 132).

    New traits: Ability 3, Discipline 10, Necromancy / Thaumaturgy path 7. Otherwise current
    rating times: Attribute 4, Ability 2, clan Discipline 5, other Discipline 7 (Caitiff: any
    Discipline 6), secondary path 4, Virtue 2, Humanity / Path 2, Willpower 1.
    """
    if current < 0:
        raise RulesError("xp.negative_rating")
    discipline = category in (Category.CLAN_DISCIPLINE, Category.OTHER_DISCIPLINE)
    if current == 0:
        if category is Category.ABILITY:
            return XP_NEW["ability"]
        if discipline:
            return XP_NEW["discipline"]
        if category is Category.PATH:
            return XP_NEW["path"]
        raise RulesError(
            "xp.not_from_zero", what=category.value.replace("_", " "), category=category.value
        )
    if discipline and caitiff:
        return current * XP_PER_DOT["caitiff_discipline"]
    per = {
        Category.ATTRIBUTE: XP_PER_DOT["attribute"],
        Category.ABILITY: XP_PER_DOT["ability"],
        Category.CLAN_DISCIPLINE: XP_PER_DOT["clan_discipline"],
        Category.OTHER_DISCIPLINE: XP_PER_DOT["other_discipline"],
        Category.PATH: XP_PER_DOT["secondary_path"],
        Category.VIRTUE: XP_PER_DOT["virtue"],
        Category.MORALITY: XP_PER_DOT["morality"],
        Category.WILLPOWER: XP_PER_DOT["willpower"],
    }[category]
    return current * per


def category_of(c: Character, trait: str) -> Category:
    """Which row of the cost table a character's trait falls under."""
    key = normalise(trait)
    if key in ATTRIBUTES:
        return Category.ATTRIBUTE
    if key in VIRTUE_NAMES:
        return Category.VIRTUE
    if key in MORALITY_ALIASES or key == normalise(c.morality):
        return Category.MORALITY
    if key == WILLPOWER:
        return Category.WILLPOWER
    if key in c.disciplines or key.startswith("discipline:"):
        name = key.removeprefix("discipline:")
        clan = {normalise(d) for d in c.clan_disciplines}
        return Category.CLAN_DISCIPLINE if name in clan else Category.OTHER_DISCIPLINE
    return Category.ABILITY


def raise_trait(c: Character, trait: str, profile: Profile = V20) -> tuple[Character, int]:
    """Spend experience for one dot; raising a Virtue does not raise Humanity or Willpower.
    Returns the character and the cost paid."""
    category = category_of(c, trait)
    current = _current(c, trait)
    cost = xp_cost(category, current, caitiff=c.clan.strip().lower() == "caitiff")
    if cost > c.xp:
        raise RulesError(
            "xp.not_enough",
            trait=trait,
            code=normalise(trait).split(":", 1)[-1],
            level=current + 1,
            cost=cost,
            who=c.name,
            have=c.xp,
        )
    raised = set_trait(c, trait, current + 1, profile)
    return replace(raised, xp=c.xp - cost), cost


def _current(c: Character, trait: str) -> int:
    key = normalise(trait).split(":", 1)[-1]
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
