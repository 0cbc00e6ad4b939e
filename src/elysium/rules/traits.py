"""Trait names: the nine Attributes, V20's Abilities, the Disciplines the rules read, Virtues,
and the normalisation that lets a Storyteller type ``Self Control`` or ``self-control``.

V20 p. 84-127. Dark Ages and Demon use other Ability lists, so free-form Ability names are
accepted there; V20 suggests the nearest known name for a typo.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from elysium.i18n.message import Msg
from elysium.rules.errors import RulesError

ATTRIBUTES: Final[tuple[str, ...]] = (
    "strength",
    "dexterity",
    "stamina",
    "charisma",
    "manipulation",
    "appearance",
    "perception",
    "intelligence",
    "wits",
)
PHYSICAL: Final[tuple[str, ...]] = ("strength", "dexterity", "stamina")
SOCIAL: Final[tuple[str, ...]] = ("charisma", "manipulation", "appearance")

# V20 p. 90-100: Talents, Skills, Knowledges.
V20_ABILITIES: Final[tuple[str, ...]] = (
    "alertness",
    "athletics",
    "awareness",
    "brawl",
    "empathy",
    "expression",
    "intimidation",
    "leadership",
    "streetwise",
    "subterfuge",
    "animal-ken",
    "crafts",
    "drive",
    "etiquette",
    "firearms",
    "larceny",
    "melee",
    "performance",
    "stealth",
    "survival",
    "academics",
    "computer",
    "finance",
    "investigation",
    "law",
    "medicine",
    "occult",
    "politics",
    "science",
    "technology",
)

# Disciplines the rules read; any other name is accepted as free-form (V20 p. 136-215).
RULES_DISCIPLINES: Final[tuple[str, ...]] = ("celerity", "fortitude", "potence", "auspex")
V20_DISCIPLINES: Final[tuple[str, ...]] = (
    "abombwe",
    "bardo",
    "daimoinon",
    "flight",
    "melpominee",
    "mytherceria",
    "obeah",
    "sanguinus",
    "spiritus",
    "temporis",
    "thanatosis",
    "valeren",
    "visceratika",
    "animalism",
    "auspex",
    "celerity",
    "chimerstry",
    "dementation",
    "dominate",
    "fortitude",
    "necromancy",
    "obfuscate",
    "obtenebration",
    "potence",
    "presence",
    "protean",
    "quietus",
    "serpentis",
    "thaumaturgy",
    "vicissitude",
)

# Backgrounds (V20 p. 109-117; the cheat sheet's «Дополнения»), rated 0 to 5. Generation is
# kept as the character's generation, not here. Other names are free-form
# (``background:NAME``).
V20_BACKGROUNDS: Final[tuple[str, ...]] = (
    "allies",
    "alternate-identity",
    "black-hand-membership",
    "contacts",
    "domain",
    "fame",
    "herd",
    "influence",
    "mentor",
    "resources",
    "retainers",
    "rituals",
    "status",
)
BACKGROUND_MAX: Final = 5  # V20 p. 109: Backgrounds are rated 1 to 5

# Virtues (V20 p. 120-122): the first two have Path alternatives.
CONSCIENCE, CONVICTION = "conscience", "conviction"
SELF_CONTROL, INSTINCT = "self-control", "instinct"
COURAGE: Final = "courage"
VIRTUE_NAMES: Final[tuple[str, ...]] = (CONSCIENCE, CONVICTION, SELF_CONTROL, INSTINCT, COURAGE)

HUMANITY: Final = "humanity"
WILLPOWER: Final = "willpower"
MORALITY_ALIASES: Final[tuple[str, ...]] = (HUMANITY, "path", "road", "morality")


# The cheat sheet's and the catalog's Russian names of V20's Disciplines (and the common
# transliterations), so ``повысить Марк присутствие`` reads as Presence.
DISCIPLINE_WORDS: Final[dict[str, str]] = {
    "абомбве": "abombwe",
    "бардо": "bardo",
    "даймоинон": "daimoinon",
    "полёт": "flight",
    "полет": "flight",
    "мельпомения": "melpominee",
    "мельпомини": "melpominee",
    "митерцерия": "mytherceria",
    "обеа": "obeah",
    "сангвинус": "sanguinus",
    "спиритус": "spiritus",
    "темпорис": "temporis",
    "танатосис": "thanatosis",
    "валерен": "valeren",
    "висцератика": "visceratika",
    "анимализм": "animalism",
    "прорицание": "auspex",
    "химерия": "chimerstry",
    "помешательство": "dementation",
    "деменция": "dementation",
    "доминирование": "dominate",
    "некромантия": "necromancy",
    "затемнение": "obfuscate",
    "власть-над-тьмой": "obtenebration",
    "обтенебрация": "obtenebration",
    "присутствие": "presence",
    "превращение": "protean",
    "протей": "protean",
    "смерть-души": "quietus",
    "квиетус": "quietus",
    "змеиный-дар": "serpentis",
    "серпентис": "serpentis",
    "тауматургия": "thaumaturgy",
    "изменчивость": "vicissitude",
}

# Short forms and the Russian names of the cheat sheet, so a Storyteller can type either.
ALIASES: Final[dict[str, str]] = {
    **DISCIPLINE_WORDS,
    "str": "strength",
    "dex": "dexterity",
    "sta": "stamina",
    "cha": "charisma",
    "man": "manipulation",
    "app": "appearance",
    "per": "perception",
    "int": "intelligence",
    "wit": "wits",
    "selfcontrol": "self-control",
    "wp": "willpower",
    "gen": "generation",
    "поколение": "generation",
    "сила": "strength",
    "ловкость": "dexterity",
    "выносливость": "stamina",
    "обаяние": "charisma",
    "манипулирование": "manipulation",
    "привлекательность": "appearance",
    "восприятие": "perception",
    "интеллект": "intelligence",
    "смекалка": "wits",
    "драка": "brawl",
    "фехтование": "melee",
    "стрельба": "firearms",
    "огнестрельное-оружие": "firearms",
    "атлетика": "athletics",
    "атлетизм": "athletics",
    "бдительность": "alertness",
    "скрытность": "stealth",
    "запугивание": "intimidation",
    "стойкость": "fortitude",
    "стремительность": "celerity",
    "мощь": "potence",
    "могущество": "potence",
    "ясновидение": "auspex",
    "совесть": "conscience",
    "убеждённость": "conviction",
    "убежденность": "conviction",
    "самоконтроль": "self-control",
    "инстинкты": "instinct",
    "смелость": "courage",
    "человечность": "humanity",
    "путь": "path",
    "воля": "willpower",
    # Backgrounds, as the Russian V20 names them.
    "союзники": "allies",
    "альтернативная-личность": "alternate-identity",
    "членство-в-чёрной-руке": "black-hand-membership",
    "контакты": "contacts",
    "домен": "domain",
    "слава": "fame",
    "стадо": "herd",
    "влияние": "influence",
    "наставник": "mentor",
    "ресурсы": "resources",
    "слуги": "retainers",
    "ритуалы": "rituals",
    "статус": "status",
    # The rest of the Abilities by the names the dashboard shows in Russian.
    "хитрость": "subterfuge",
    "лидерство": "leadership",
    "этикет": "etiquette",
    "оккультизм": "occult",
    "расследование": "investigation",
    "знание-улиц": "streetwise",
    "осведомлённость": "awareness",
    "осведомленность": "awareness",
    "эмпатия": "empathy",
    "экспрессия": "expression",
    "знание-животных": "animal-ken",
    "ремесло": "crafts",
    "вождение": "drive",
    "воровство": "larceny",
    "исполнение": "performance",
    "выживание": "survival",
    "гуманитарные-науки": "academics",
    "компьютер": "computer",
    "финансы": "finance",
    "право": "law",
    "медицина": "medicine",
    "политика": "politics",
    "естественные-науки": "science",
    "технологии": "technology",
}


def normalise(name: str) -> str:
    """``Self Control`` → ``self-control``; ``dex`` → ``dexterity``; ``Сила`` → ``strength``."""
    cleaned = "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
    if not cleaned:
        raise RulesError("traits.empty_name")
    group, colon, rest = cleaned.partition(":")
    if colon and group in GROUP_WORDS:  # дисциплина:NAME is discipline:NAME
        return f"{GROUP_WORDS[group]}:{ALIASES.get(rest, rest)}"
    return ALIASES.get(cleaned, cleaned)


# The Russian words for the free-form trait groups (``дисциплина:NAME``).
GROUP_WORDS: Final[dict[str, str]] = {
    "discipline": "discipline",
    "ability": "ability",
    "дисциплина": "discipline",
    "способность": "ability",
    "background": "background",
    "дополнение": "background",
    "path": "path",  # a Thaumaturgy or Necromancy path: path:NAME (RULES.md §9)
    "путь": "path",
}


SUGGEST_CUTOFF: Final = 0.6  # how alike a typed name and a known one are to be a near miss
SUGGEST_PREFIX: Final = 4  # letters typed that may stand for the start of a known name


def closest(name: str, known: list[str] | tuple[str, ...]) -> str | None:
    """The known trait ``name`` is a near miss of, by its key or by any of its spellings
    (:data:`ALIASES`: the Russian names and short forms): ``dexteriy`` and ``ловксть`` are
    Dexterity, ``огнестрел`` (the beginning of «огнестрельное оружие») is Firearms."""
    keys = set(known)
    spellings = {k: k for k in known} | {a: k for a, k in ALIASES.items() if k in keys}
    typed = name.casefold()
    if len(typed) >= SUGGEST_PREFIX:
        starts = {k for s, k in spellings.items() if s.startswith(typed)}
        if len(starts) == 1:
            return starts.pop()
    import difflib  # only for a name that is not known: `elysium roll` never needs it

    close = difflib.get_close_matches(typed, list(spellings), n=1, cutoff=SUGGEST_CUTOFF)
    return spellings[close[0]] if close else None


def near_misses(name: str, known: list[str] | tuple[str, ...]) -> list[str]:
    """Every known trait ``name`` is a near miss of, nearest first, by the measure of
    :func:`closest`: a file read without anyone to ask takes a typo only when one trait is
    near (``Auspecs`` is Auspex), and two (``Potean``: Protean and Potence) leave it open."""
    keys = set(known)
    spellings = {k: k for k in known} | {a: k for a, k in ALIASES.items() if k in keys}
    typed = name.casefold()
    if len(typed) >= SUGGEST_PREFIX:
        starts = {k for s, k in spellings.items() if s.startswith(typed)}
        if len(starts) == 1:
            return [starts.pop()]
    import difflib  # as closest

    score: dict[str, float] = {}
    for spelling, key in spellings.items():
        ratio = difflib.SequenceMatcher(None, spelling, typed).ratio()
        if ratio >= SUGGEST_CUTOFF:
            score[key] = max(score.get(key, 0.0), ratio)
    return sorted(score, key=lambda k: (-score[k], k))


def did_you_mean(name: str, known: list[str] | tuple[str, ...]) -> Msg | str:
    """`` (did you mean 'dexterity'?)`` for a near miss, as a message told in the reader's
    language (the trait's Russian name in Russian), or an empty string."""
    close = closest(name, known)
    return Msg("traits.did_you_mean", name=close) if close else ""


def suggest(name: str, known: list[str] | tuple[str, ...]) -> str:
    """:func:`did_you_mean` in English."""
    return str(did_you_mean(name, known))


def all_known() -> tuple[str, ...]:
    """Every standard trait name, for suggestions and completion."""
    return (
        ATTRIBUTES
        + V20_ABILITIES
        + V20_DISCIPLINES
        + VIRTUE_NAMES
        + V20_BACKGROUNDS
        + MORALITY_ALIASES
        + (WILLPOWER, "blood", "generation")
    )


class Kind(StrEnum):
    """What a character is; the rules for soak, blood and death differ by kind."""

    VAMPIRE = "vampire"
    GHOUL = "ghoul"
    MORTAL = "mortal"


def parse_kind(text: str) -> Kind:
    """``vampire``, ``ghoul`` or ``mortal`` (a clear error otherwise)."""
    try:
        return Kind(text.strip().lower())
    except ValueError:
        allowed = [k.value for k in Kind]
        raise RulesError("traits.unknown_kind", text=text, allowed=allowed) from None
