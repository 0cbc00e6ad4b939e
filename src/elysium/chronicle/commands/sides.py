"""One roller's part of a command: ``NAME TRAIT+TRAIT [diff D] [spec] [wp]`` or a bare pool
``N [diff D] [spec]``. ``roll`` rolls one; ``resist``, ``teamwork`` and ``extended`` roll
several from the same words, so a side is read, checked and thrown the same way everywhere.

Every side is prepared (found, checked, its Willpower spent) before any die is thrown, so a
refused command never draws from the session's dice. Typed faces are shared out in the
order the sides are written (``resist A ... vs B ... dice 8,8,3,7,2``: A's dice first).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from elysium.chronicle.commands.common import (
    Context,
    able,
    find,
    marks,
    mods_text,
    put,
    roll_data,
    throw_dice,
    throw_from,
    verdict_text,
)
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, as_int
from elysium.chronicle.pools import attribute_alone, bearing_of, is_whole, trait_pool
from elysium.chronicle.state import State
from elysium.chronicle.text import clean_name
from elysium.i18n import Msg, Told, trait_label
from elysium.rules import roll as throw
from elysium.rules.beast import with_bearing
from elysium.rules.character import SPECIALTY_MIN, Character
from elysium.rules.dice import RollRequest, RollResult, TypedDice, forgive_botch
from elysium.rules.errors import RulesError
from elysium.rules.merits import FLAW, find_merit
from elysium.rules.modifiers import PoolMod, named_mod, stored, with_difficulty
from elysium.rules.willpower import Use, spend_willpower


@dataclass(frozen=True, slots=True)
class Side:
    """A roller as typed: a character's traits, or a number of dice."""

    first: str  # the name, or the pool as typed
    expr: str | None  # the traits; None for a bare pool
    difficulty: int | None  # None: the command's (or the default)
    spec: bool = False
    wp: bool = False
    bearing: bool = False  # a social roll to pass as human: the vampire's bearing applies


@dataclass(frozen=True, slots=True)
class Ready:
    """A side checked and ready to throw: the character after any Willpower spent."""

    key: str | None
    character: Character | None
    names: tuple[str, ...]  # the traits' codes; () for a bare pool
    penalty: int
    request: RollRequest
    mods: tuple[PoolMod, ...] = ()  # the situation's modifiers, each with its reason
    bearing: int | None = None  # the bearing applied (``bearing`` typed), else None
    asked: int = 0  # with a bearing: the difficulty before it

    @property
    def who(self) -> str | None:
        return self.character.name if self.character else None

    @property
    def traits(self) -> str | None:
        return "+".join(self.names) if self.names else None


@dataclass(frozen=True, slots=True)
class Thrown:
    ready: Ready
    result: RollResult

    def data(self) -> dict[str, Any]:
        """The roll as an event stores it (the ``roll`` event's fields)."""
        r = self.ready
        data = {
            "who": r.who,
            "traits": r.traits,
            "penalty": r.penalty,
            **roll_data(self.result),
            **stored(r.mods),
        }
        return data if r.bearing is None else {**data, "bearing": r.bearing}

    def told(self, what: str = "ack.side") -> Msg:
        """``Marcus: wits+subterfuge = 5, diff 6: +8 3 … — 2 successes``."""
        r = self.ready
        if not r.names and what == "ack.side":
            what = "ack.side.dice"  # "4 dice, diff 6: ..."
        return Msg(
            what,
            who=side_name(r),
            traits=traits_text(r.names) if r.names else Msg("rolls.dice"),
            pool=r.request.pool,
            pen=mods_text(r.mods, r.penalty),
            wp=Msg("ack.roll.wp") if r.request.willpower else "",
            diff=bearing_shown(r),
            faces=marks(self.result),
            verdict=verdict_text(self.result),
        )


def read_side(
    verb: str, words: Sequence[str], diff_allowed: bool = True, bearing_allowed: bool = False
) -> Side:
    """One side's words (without ``dice``): refusals name ``verb`` and its usage; ``bearing``
    only where the verb takes it (``roll``, ``resist``)."""
    args = Args(verb, tuple(words))
    first = args.take("what.name_or_pool")
    expr = None if is_whole(first) else args.take("what.traits")
    difficulty = None
    if diff_allowed:
        difficulty = args.keyed_int(("diff",), "what.difficulty", 2, 10)
    spec = args.option("spec")
    wp = args.option("wp")
    bearing = bearing_allowed and args.option("bearing")
    args.done()
    return Side(first, expr, difficulty, spec, wp, bearing)


def prepare(
    state: State,
    side: Side,
    difficulty: int,
    args: Args,
    moving: bool = False,
    named: Sequence[tuple[str, str]] = (),
) -> tuple[State, Ready]:
    """Check a side and spend its Willpower; nothing is thrown yet. ``moving``: the
    character also moves this turn (a wounded one may lose a die for it); ``named``: the
    Merits and Flaws the roll names, as (``merit`` or ``flaw``, the name typed)."""
    if side.expr is None:
        pool = as_int(side.first, "what.pool", 1, 100, args)
        if side.wp:
            raise args.fail("roll.wp_needs_character")
        if moving:
            raise args.fail("roll.moving_needs_character")
        if side.bearing:
            raise args.fail("bearing.needs_character")
        if named:
            raise args.fail(f"{named[0][0]}.roll_needs_character")
        return state, Ready(None, None, (), 0, RollRequest(pool, difficulty, side.spec))
    key, c = find(state, side.first)
    merits = [merit_modifier(c, kind, name) for kind, name in named]
    try:
        counted = trait_pool(c, side.expr, moving, merits)
    except CommandError as exc:
        raise args.fail(exc.msg) from None
    names = counted.names
    if side.spec and not any(
        name in c.specialties or rating >= SPECIALTY_MIN for name, rating in counted.ratings()
    ):
        raise CommandError("roll.no_specialty", least=SPECIALTY_MIN, traits="+".join(names))
    able(c, reflexive=counted.reflexive)
    if counted.pool < 1:
        key_ = "roll.no_dice.wounds" if counted.penalty else "roll.no_dice"
        raise CommandError(key_, who=c.name, what=side.expr, penalty=counted.penalty)
    applied, asked = None, difficulty
    if side.bearing:
        applied = bearing_of(c, names)
        difficulty = with_bearing(difficulty, c.morality_rating)
    if state.profile.house.no_ability_penalty and attribute_alone(counted):
        difficulty = min(10, difficulty + 1)  # Demon (001): +1 with no Ability in the pool
    difficulty = with_difficulty(counted.mods, difficulty)
    if side.wp:
        c = spend_willpower(c, Use.SUCCESS)
    request = RollRequest(counted.pool, difficulty, specialty=side.spec, willpower=side.wp)
    return put(state, key, c), Ready(
        key, c, names, counted.penalty, request, counted.mods, applied, asked
    )


def merit_modifier(c: Character, kind: str, name: str) -> PoolMod:
    """The modifier of ``c``'s Merit (``kind`` ``merit``) or Flaw called ``name``: refused
    when the character has none by that name or it changes no roll."""
    found = find_merit(c.flaws if kind == FLAW else c.merits, name)
    if found is None:
        have = [m.name for m in (c.flaws if kind == FLAW else c.merits) if m.modifies]
        raise CommandError(f"{kind}.roll_unknown", who=c.name, name=clean_name(name), have=have)
    if not found.modifies:
        raise CommandError(f"{kind}.roll_no_modifier", who=c.name, name=found.name)
    return named_mod(found, kind)


def bearing_shown(ready: Ready) -> int | Msg:
    """The difficulty rolled as an acknowledgement tells it (the modifiers' included: they
    are told with the pool), the bearing spelled out: ``5 (6, bearing -1)``."""
    if ready.bearing is None:
        return ready.request.difficulty
    return Msg(
        "ack.roll.bearing", diff=ready.request.difficulty, was=ready.asked, mod=ready.bearing
    )


def throw_all(
    ctx: Context, state: State, sides: Sequence[Ready], faces: list[int] | None
) -> tuple[State, list[Thrown]]:
    """Throw every side in order (typed faces shared out in that order), then apply the
    house rule's forgiven first botch of the chapter to each character."""
    profile = state.profile
    if faces is None:  # each roll named, for a table asked its faces step by step
        results = [
            throw_from(
                ctx,
                r.request,
                Msg("table.side", who=r.who) if r.who else Msg("table.a_roll"),
                profile,
            )
            for r in sides
        ]
    elif len(sides) == 1:  # one roll: the roll verb's own refusal for a wrong count
        results = [throw_dice(ctx, sides[0].request, faces, profile)]
    else:
        need = sum(r.request.dice for r in sides)
        if not profile.house.rule_of_ten and len(faces) != need:
            raise CommandError("rolls.faces_total", need=need, given=len(faces))
        typed = TypedDice(faces)
        results = [throw(r.request, typed, profile) for r in sides]
        if typed.remaining:
            used = len(faces) - typed.remaining
            raise RulesError("dice.faces_unused", used=used, given=len(faces))
    forgiven = state.forgiven
    out = []
    for ready, result in zip(sides, results, strict=True):
        key = ready.key
        first_botch = key is not None and key not in forgiven and result.botch
        if key is not None and first_botch and profile.house.forgiven_first_botch:
            result = forgive_botch(result)
            forgiven = forgiven | {key}
        out.append(Thrown(ready, result))
    return replace(state, forgiven=forgiven), out


def split_at(words: Sequence[str], separators: frozenset[str]) -> list[list[str]]:
    """Words cut at separator words (and at a trailing comma: ``int+occult, Anna ...``)."""
    parts: list[list[str]] = [[]]
    for word in words:
        if word.casefold() in separators or word == ",":
            parts.append([])
            continue
        if word.endswith(",") and len(word) > 1:
            parts[-1].append(word[:-1])
            parts.append([])
            continue
        parts[-1].append(word)
    return parts


def side_name(ready: Ready) -> str | Msg:
    """The character's name, or ``6 dice`` for a bare pool."""
    return ready.who or Msg("rolls.pool_side", n=ready.request.pool)


def traits_text(names: Sequence[str]) -> Told:
    """``dexterity+brawl``: trait codes in English, their names in Russian."""

    def tell(lang: str) -> str:
        if lang == "en":
            return "+".join(names)
        return "+".join(trait_label(n, lang).lower() if not n.isdigit() else n for n in names)

    return Told(tell)
