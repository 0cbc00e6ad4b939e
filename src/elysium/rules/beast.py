"""The Beast and morality: frenzy, Rötschreck, degeneration, urges and bearing (RULES.md §7;
V20 p. 322-334; cheat sheet "Зверь и мораль").

Frenzy and Rötschreck checks run over several turns: the vampire rolls each turn, each
success before the fifth buys a turn, five resist, a failure gives in, a botch gives in for
as long as the Storyteller says.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from elysium.rules.beast_state import BeastCheck, BeastKind, BeastState
from elysium.rules.character import Character
from elysium.rules.dice import RollRequest, RollResult, check_difficulty
from elysium.rules.errors import RulesError
from elysium.rules.health import Status
from elysium.rules.tables import (
    BEARING,
    BEAST_SUCCESSES_TO_RESIST,
    DEGENERATION_DIFFICULTY,
    FRENZY_CONSCIENCE_BASE,
    FRENZY_TRIGGERS,
    MAX_DIFFICULTY,
    MIN_DIFFICULTY,
    ROTSCHRECK_TRIGGERS,
    SINS,
    URGES_AT_OR_BELOW,
)
from elysium.rules.traits import CONSCIENCE, CONVICTION, Kind

# What the dashboard reminds the Storyteller of while the Beast rules (keys for i18n).
FRENZY_REMINDERS = (
    "frenzy.ignores_wound_penalties",
    "frenzy.mind_powers_plus_two",
    "frenzy.resists_minus_two",
    "frenzy.immune_to_rotschreck",
    "frenzy.willpower_holds_one_act",
    "frenzy.lasts_the_scene",
)
ROTSCHRECK_REMINDERS = ("rotschreck.flees", "rotschreck.willpower_steadies")


def virtue_pool(c: Character, virtue: int) -> int:
    """A Virtue roll's pool never exceeds Humanity / Path (V20 p. 333)."""
    return max(0, min(virtue, c.morality_rating))


def frenzy_pool(c: Character) -> int:
    """Self-Control, capped by Humanity / Path and by current blood (V20 p. 288, 322)."""
    return max(0, min(c.self_control, c.morality_rating, c.blood))


def rotschreck_pool(c: Character) -> int:
    """Courage, capped by Humanity / Path."""
    return virtue_pool(c, c.courage)


def conscience_difficulty(c: Character) -> int:
    """9 − Conscience, when the vampire could do something terrible and knows it."""
    return max(MIN_DIFFICULTY, FRENZY_CONSCIENCE_BASE - c.conscience)


def frenzy_triggers() -> tuple[tuple[str, int, bool], ...]:
    """(trigger key, difficulty, rises when hungry) from V20 p. 323."""
    return FRENZY_TRIGGERS


def rotschreck_triggers() -> tuple[tuple[str, int], ...]:
    return ROTSCHRECK_TRIGGERS


def start_frenzy(c: Character, difficulty: int) -> Character:
    """Begin a frenzy check. With Instinct the vampire frenzies at once, no roll."""
    check_difficulty(difficulty)
    _can_face_the_beast(c)
    if c.frenzied:
        raise RulesError("beast.already_frenzied", who=c.name)
    if c.instinct:
        check = BeastCheck(BeastKind.FRENZY, difficulty, state=BeastState.SUCCUMBED, automatic=True)
    else:
        check = BeastCheck(BeastKind.FRENZY, difficulty)
    return replace(c, frenzy=check)


def start_rotschreck(c: Character, difficulty: int) -> Character:
    """Begin a Rötschreck check; a frenzied vampire is immune (V20 p. 323)."""
    check_difficulty(difficulty)
    _can_face_the_beast(c)
    if c.frenzied:
        raise RulesError("beast.frenzy_immune", who=c.name)
    if c.in_rotschreck:
        raise RulesError("beast.already_fleeing", who=c.name)
    return replace(c, fear=BeastCheck(BeastKind.ROTSCHRECK, difficulty))


def _can_face_the_beast(c: Character) -> None:
    if c.status() in (Status.TORPOR, Status.FINAL_DEATH, Status.DEAD):
        raise RulesError("beast.no_state", who=c.name, status=c.status().value)


def beast_request(c: Character, kind: BeastKind) -> RollRequest:
    """This turn's roll for the check in progress. Reflexive: no wound penalty, and no
    Willpower success (a point holds back one act instead)."""
    check = c.frenzy if kind is BeastKind.FRENZY else c.fear
    if check is None or check.state is not BeastState.RESISTING:
        raise RulesError("beast.no_check", who=c.name, kind=kind.value)
    pool = frenzy_pool(c) if kind is BeastKind.FRENZY else rotschreck_pool(c)
    if pool < 1:
        raise RulesError("beast.no_dice", who=c.name)
    return RollRequest(pool, check.difficulty)


def beast_step(check: BeastCheck, result: RollResult) -> BeastCheck:
    """Add one turn's roll: five accumulated successes resist; each success before that buys
    a turn; a failure gives in; a botch gives in for as long as the ST says."""
    if check.state is not BeastState.RESISTING:
        raise RulesError("beast.check_over", kind=check.kind.value, state=check.state.value)
    rolls = check.rolls + 1
    if result.botch:
        return replace(check, rolls=rolls, state=BeastState.SUCCUMBED, botched=True)
    if result.successes == 0:
        return replace(check, rolls=rolls, state=BeastState.SUCCUMBED)
    total = check.accumulated + result.successes
    state = BeastState.RESISTED if total >= BEAST_SUCCESSES_TO_RESIST else BeastState.RESISTING
    return replace(check, accumulated=total, rolls=rolls, state=state)


def resist(c: Character, kind: BeastKind, result: RollResult) -> Character:
    """Apply a turn's roll to the character's check in progress."""
    if kind is BeastKind.FRENZY:
        if c.frenzy is None:
            raise RulesError("beast.no_frenzy_check", who=c.name)
        return replace(c, frenzy=beast_step(c.frenzy, result))
    if c.fear is None:
        raise RulesError("beast.no_rotschreck_check", who=c.name)
    return replace(c, fear=beast_step(c.fear, result))


def lose_to_beast(c: Character, kind: BeastKind) -> Character:
    """The check in progress is lost without a roll (no dice left to resist with)."""
    check = c.frenzy if kind is BeastKind.FRENZY else c.fear
    if check is None:
        raise RulesError("beast.no_check", who=c.name, kind=kind.value)
    lost = replace(check, state=BeastState.SUCCUMBED)
    return replace(c, frenzy=lost) if kind is BeastKind.FRENZY else replace(c, fear=lost)


def calm(c: Character, kind: BeastKind | None = None) -> Character:
    """The frenzy or flight ends (usually with the scene; after a botch, when the ST says)."""
    if kind is BeastKind.FRENZY:
        return replace(c, frenzy=None)
    if kind is BeastKind.ROTSCHRECK:
        return replace(c, fear=None)
    return replace(c, frenzy=None, fear=None)


# --- Degeneration ----------------------------------------------------------------------


def sin_at(level: int) -> str:
    """The sin key at a Humanity level of the hierarchy (V20 p. 334)."""
    if level not in SINS:
        raise RulesError("beast.sin_range", level=level)
    return SINS[level]


def needs_degeneration_roll(c: Character, sin_level: int) -> bool:
    """A sin at a level at or below current Humanity calls for a Conscience roll."""
    sin_at(sin_level)
    return sin_level <= c.morality_rating


def degeneration_request(c: Character, difficulty: int = DEGENERATION_DIFFICULTY) -> RollRequest:
    """Conscience (or Conviction), capped by Humanity / Path; Willpower does not help."""
    pool = virtue_pool(c, c.conscience)
    if pool < 1:
        raise RulesError("beast.no_conscience", who=c.name)
    return RollRequest(pool, difficulty)


@dataclass(frozen=True, slots=True)
class Degeneration:
    character: Character
    morality_lost: int
    conscience_lost: int
    derangement: bool


def degenerate(c: Character, result: RollResult | None) -> Degeneration:
    """Apply a degeneration roll (V20 p. 331-333). Success: Humanity holds. Failure: −1.
    Botch: −1 Humanity, −1 Conscience and a derangement, which the Storyteller chooses: it
    is recorded as due (``derangements_due``) until named (rules.derangements), never as a
    placeholder name. ``None``: no dice to roll, a failure. At 0 the character passes to
    the Storyteller."""
    if result is not None and result.request.willpower:
        raise RulesError("beast.no_willpower")
    if result is not None and result.successes > 0 and not result.botch:
        return Degeneration(c, 0, 0, False)
    botch = result is not None and result.botch
    rating = max(0, c.morality_rating - 1)
    virtues = dict(c.virtues)
    conscience_lost = 0
    due = c.derangements_due
    if botch:
        key = CONSCIENCE if CONSCIENCE in virtues else CONVICTION
        if virtues.get(key, 0) > 0:
            virtues[key] -= 1
            conscience_lost = 1
        due += 1
    new = replace(
        c,
        morality_rating=rating,
        virtues=virtues,
        derangements_due=due,
        lost=rating == 0,
    )
    return Degeneration(new, c.morality_rating - rating, conscience_lost, botch)


def beast_urges(c: Character) -> bool:
    """Humanity 4 or less: the Beast urges atrocities (resist with Conscience or Willpower)."""
    return c.has_humanity and c.morality_rating <= URGES_AT_OR_BELOW


def bearing(rating: int) -> int:
    """Difficulty modifier to pass as human or win mortal sympathy (V20 p. 332)."""
    for span, modifier in BEARING:
        if rating in span:
            return modifier
    return BEARING[-1][1]  # Humanity 0 is at least as bad as 1


def vampire_bearing(c: Character) -> int | None:
    """A vampire's bearing; None for a ghoul or a mortal, who need not pass as human (seed
    004: «где вампир сходит за человека»). Humanity or a Path alike: the table is by both."""
    return bearing(c.morality_rating) if c.kind is Kind.VAMPIRE else None


def with_bearing(difficulty: int, rating: int) -> int:
    """A social roll's difficulty after bearing (seed 004 «Столп»: by Humanity or Path),
    kept on the 2-10 scale."""
    return max(MIN_DIFFICULTY, min(MAX_DIFFICULTY, difficulty + bearing(rating)))
