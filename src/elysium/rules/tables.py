"""The book's tables as data, each with its printed V20 page (cheat sheet, seed 004).

Only keys live here; the words a Storyteller reads (English and Russian) are in
``elysium.i18n`` so that the rules never hold UI text.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final, NamedTuple

from elysium.rules.errors import RulesError
from elysium.rules.traits import Kind

MIN_DIFFICULTY: Final = 2  # V20 p. 265: the scale runs 2-10
MAX_DIFFICULTY: Final = 10
DEFAULT_DIFFICULTY: Final = 6  # V20 p. 265: an unnamed difficulty is 6
MAX_POOL: Final = 100  # not a book number: a sanity bound so the odds stay instant

# V20 p. 265-266: difficulty names. 2 and 10 have no name in the book.
DIFFICULTY_NAMES: Final[dict[int, str]] = {
    3: "easy",
    4: "routine",
    5: "straightforward",
    6: "standard",
    7: "challenging",
    8: "difficult",
    9: "extremely_difficult",
}

# V20 p. 266: degrees of success by net successes; 5 and more are phenomenal.
DEGREES: Final[tuple[str, ...]] = (
    "marginal",  # 1
    "moderate",  # 2
    "complete",  # 3
    "exceptional",  # 4
    "phenomenal",  # 5+
)


def degree_of(successes: int) -> str | None:
    """The degree key for a number of net successes, or None when there are none."""
    if successes <= 0:
        return None
    return DEGREES[min(successes, len(DEGREES)) - 1]


def difficulty_name(difficulty: int) -> str | None:
    """The book's name key for a difficulty, or None for 2 and 10 (unnamed)."""
    return DIFFICULTY_NAMES.get(difficulty)


# --- Health (V20 p. 128-129, 302-303; cheat sheet "Уровни здоровья") -----------------------


class HealthLevel(NamedTuple):
    key: str
    penalty: int | None  # None: no action possible
    movement: str  # key of the movement limit, see MOVEMENT_LIMITS


HEALTH_LEVELS: Final[tuple[HealthLevel, ...]] = (
    HealthLevel("bruised", 0, "free"),
    HealthLevel("hurt", -1, "free"),
    HealthLevel("injured", -1, "half_run"),
    HealthLevel("wounded", -2, "walk"),
    HealthLevel("mauled", -2, "hobble"),
    HealthLevel("crippled", -5, "crawl"),
    HealthLevel("incapacitated", None, "none"),
)
HEALTH_BOXES: Final = len(HEALTH_LEVELS)  # 7

# Damage marks on the sheet (V20 p. 291-293): English and Russian.
DAMAGE_MARKS: Final[dict[str, tuple[str, str]]] = {
    "bashing": ("/", "/"),
    "lethal": ("X", "Х"),
    "aggravated": ("*", "Ж"),
}
DAMAGE_TYPES: Final[tuple[str, ...]] = ("bashing", "lethal", "aggravated")  # mildest first

# --- Generation (V20 p. 289; cheat sheet "Поколения") --------------------------------------


class GenerationRow(NamedTuple):
    blood_max: int
    blood_per_turn: int
    trait_max: int


GENERATIONS: Final[dict[int, GenerationRow]] = {
    13: GenerationRow(10, 1, 5),  # 13th and later
    12: GenerationRow(11, 1, 5),
    11: GenerationRow(12, 1, 5),
    10: GenerationRow(13, 1, 5),
    9: GenerationRow(14, 2, 5),
    8: GenerationRow(15, 3, 5),
    7: GenerationRow(20, 4, 6),
    6: GenerationRow(30, 6, 7),
    5: GenerationRow(40, 8, 8),
    4: GenerationRow(50, 10, 9),
}
WEAKEST_GENERATION: Final = 13  # 14th, 15th ... use the 13th's row
THIRD_GENERATION: Final = 3  # the book gives no numbers: the ST enters them
MORTAL_TRAIT_MAX: Final = 5
HUMAN_BLOOD: Final = 10  # a human vessel holds 10 (V20 p. 288)
MORTAL_ROW: Final = GenerationRow(HUMAN_BLOOD, 0, MORTAL_TRAIT_MAX)  # a vessel, spends none
GHOUL_ROW: Final = GenerationRow(HUMAN_BLOOD, 1, MORTAL_TRAIT_MAX)  # not in the seeds: a default


def generation_row(
    kind: Kind, generation: int | None, custom: GenerationRow | None = None
) -> GenerationRow:
    """The generation table row (V20 p. 289); the 3rd generation needs the ST's numbers."""
    if kind is Kind.MORTAL:
        return MORTAL_ROW
    if kind is Kind.GHOUL:
        return GHOUL_ROW
    if generation is None:
        raise RulesError("character.needs_generation")
    if generation == THIRD_GENERATION:
        if custom is None:
            raise RulesError("character.third_generation")
        return custom
    if generation < THIRD_GENERATION:
        raise RulesError("character.generation_unplayable", generation=generation)
    return GENERATIONS[min(generation, WEAKEST_GENERATION)]


# --- Blood (V20 p. 286-289, 303) -----------------------------------------------------------
SUNSET_COST: Final = 1  # every night at sunset, unless in torpor
HEAL_COST: Final = 1  # per bashing or lethal level
AGGRAVATED_HEAL_BLOOD: Final = 5  # per aggravated level, with a day's rest
AGGRAVATED_HEAL_WILLPOWER: Final = 1  # per further aggravated level healed at once
BLUSH_BASE: Final = 8  # blush of life costs 8 - Humanity per scene
BOOST_OVER_MAX: Final = 1  # a boost may reach the generation's trait max + 1 for the scene
BOOST_FADE_TURNS: Final = 3  # what is above that fades by 1 every 3 turns
ABSOLUTE_TRAIT_MAX: Final = 10
FEED_PER_TURN: Final = 3  # an elder's blood may allow more
HUMAN_SAFE_LEFT: Final = 8  # leave 8 of a human's 10 and the vessel is unharmed
STOP_FEEDING_DIFFICULTY: Final = 8
BOND_DRINKS: Final = 3  # three drinks of one Kindred's blood: blood bond

# Vessels (V20 p. 288-289): blood points they hold.
VESSELS: Final[dict[str, Fraction]] = {
    "vampire": Fraction(10),  # 10 and more: the vampire's own pool
    "lupine": Fraction(20),
    "human": Fraction(10),
    "child": Fraction(5),
    "cow": Fraction(5),
    "dog": Fraction(2),
    "cat": Fraction(1),
    "blood_bag": Fraction(1),
    "bird": Fraction(1, 2),
    "bat": Fraction(1, 4),
    "rat": Fraction(1, 4),
}

# --- Day and torpor (V20 p. 282, 303-304) --------------------------------------------------
DAY_NOTICE_DIFFICULTY: Final = 8  # Perception + Auspex to notice a disturbance by day
DAY_WAKE_DIFFICULTY: Final = 8  # Humanity / Path to wake
DAY_WAKE_FULL: Final = 5  # successes to stay up for the rest of the scene

# Torpor from wounds by Humanity / Path: (amount, unit). Voluntary torpor lasts half as long.
TORPOR_LENGTH: Final[dict[int, tuple[int, str]]] = {
    10: (1, "day"),
    9: (3, "day"),
    8: (1, "week"),
    7: (2, "week"),
    6: (1, "month"),
    5: (1, "year"),
    4: (10, "year"),
    3: (50, "year"),
    2: (100, "year"),
    1: (500, "year"),
    0: (1000, "year"),  # a thousand years or more
}

# --- The Beast (V20 p. 322-324) ------------------------------------------------------------
BEAST_SUCCESSES_TO_RESIST: Final = 5
# Frenzy triggers: (key, difficulty, "or more" when hungry makes it worse).
FRENZY_TRIGGERS: Final[tuple[tuple[str, int, bool], ...]] = (
    ("smell_of_blood", 3, True),
    ("sight_of_blood", 4, True),
    ("harassment", 4, False),  # harassment, threat to life, deliberate insult
    ("provocation", 6, False),
    ("taste_of_blood", 6, True),
    ("loved_one_in_danger", 7, False),
    ("public_humiliation", 8, False),
)
FRENZY_CONSCIENCE_BASE: Final = 9  # "9 - Conscience" when the vampire could do something terrible
ROTSCHRECK_TRIGGERS: Final[tuple[tuple[str, int], ...]] = (
    ("lit_cigarette", 3),
    ("torch", 5),
    ("bonfire", 6),
    ("obscured_sunlight", 7),
    ("burned", 7),
    ("direct_sunlight", 8),
    ("engulfed", 9),
)

# --- Morality (V20 p. 331-334) -------------------------------------------------------------
DEGENERATION_DIFFICULTY: Final = 8
URGES_AT_OR_BELOW: Final = 4  # Humanity 4 and less: the Beast urges atrocities
# The hierarchy of sins: Humanity rating -> the sin that calls for a roll at that rating.
SINS: Final[dict[int, str]] = {
    10: "selfish_thoughts",
    9: "selfish_acts",
    8: "injury",
    7: "theft",
    6: "accidental_violation",
    5: "property_destruction",
    4: "impassioned_violation",
    3: "planned_violation",
    2: "casual_violation",
    1: "heinous_acts",
}
# Bearing (V20 p. 332): difficulty modifier to pass as human, by Humanity / Path.
BEARING: Final[tuple[tuple[range, int], ...]] = (
    (range(10, 11), -2),
    (range(8, 10), -1),
    (range(4, 8), 0),
    (range(2, 4), +1),
    (range(1, 2), +2),
)

# --- Experience (V20 p. 132) ---------------------------------------------------------------
# (flat cost for a new trait, or multiplier of the current rating)
XP_NEW: Final[dict[str, int]] = {"ability": 3, "discipline": 10, "path": 7}
XP_PER_DOT: Final[dict[str, int]] = {
    "attribute": 4,
    "ability": 2,
    "clan_discipline": 5,
    "other_discipline": 7,
    "caitiff_discipline": 6,
    "secondary_path": 4,
    "virtue": 2,
    "morality": 2,
    "willpower": 1,
}
XP_CHAPTER_AWARDS: Final[tuple[str, ...]] = ("automatic", "learning", "roleplaying", "heroism")
XP_STORY_AWARDS: Final[tuple[str, ...]] = ("success", "danger", "wisdom")
XP_CHAPTER_RANGE: Final = range(1, 6)  # 1-5 points at the end of a chapter

# --- Willpower (V20 p. 127, 285-286) -------------------------------------------------------
WILLPOWER_REGAIN: Final[dict[str, tuple[int, int]]] = {
    "waking": (1, 1),  # ST's option: +1 on waking each night
    "outstanding_act": (1, 1),
    "nature": (1, 3),  # acting to Nature: 1-3
}
