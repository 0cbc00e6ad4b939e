"""The pure rules core: traits in, results out.

No Textual, no TinyDB, no file or network I/O, no clock, no global random state. Dice come
from a :class:`~elysium.rules.dice.DiceSource` passed in.
"""

from elysium.rules.dice import (
    DiceSource,
    Outcome,
    RollKind,
    RollRequest,
    RollResult,
    SeededDice,
    TypedDice,
    automatic_success,
    forgive_botch,
    roll,
    roll_faces,
    score,
)
from elysium.rules.errors import RulesError
from elysium.rules.odds import Odds, odds
from elysium.rules.profiles import DARK_AGES, DEMON, PROFILES, V20, HouseRules, Profile, get_profile

__all__ = [
    "DARK_AGES",
    "DEMON",
    "PROFILES",
    "V20",
    "DiceSource",
    "HouseRules",
    "Odds",
    "Outcome",
    "Profile",
    "RollKind",
    "RollRequest",
    "RollResult",
    "RulesError",
    "SeededDice",
    "TypedDice",
    "automatic_success",
    "forgive_botch",
    "get_profile",
    "odds",
    "roll",
    "roll_faces",
    "score",
]
