"""Shared by every handler: finding characters, refusing those who cannot act, throwing
or scoring dice, and the result a handler returns."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from elysium.chronicle.errors import CommandError
from elysium.chronicle.events import Event
from elysium.chronicle.parser import Args
from elysium.chronicle.state import State
from elysium.chronicle.text import clean_name, name_key
from elysium.i18n import Msg, Told
from elysium.rules import roll as throw
from elysium.rules import roll_faces
from elysium.rules.character import (
    Character,
)
from elysium.rules.dice import DiceSource, RollRequest, RollResult
from elysium.rules.health import (
    Status,
)
from elysium.rules.marks import marked, verdict_of
from elysium.rules.modifiers import PoolMod, notes
from elysium.rules.table_dice import TableDice
from elysium.rules.tables import DEFAULT_DIFFICULTY

ANSWER = ""  # the event type of an outcome that only answers a question: nothing is written
MAX_LEVELS = 30  # damage or healing in one command: a sanity bound, not a rule


@dataclass(frozen=True, slots=True)
class Outcome:
    """A command's result: the new state, the event's type and data, and what to say about
    it as a message key with values (told in the reader's language by the catalog)."""

    state: State
    type: str
    data: dict[str, Any]
    say: Msg

    @property
    def message(self) -> str:
        return str(self.say)


# The chronicle's events of these types, oldest first: what a verb that reads the history
# (``xp NAME``, ``omit N``) is handed by the session.
Journal = Callable[[frozenset[str]], Iterable[Event]]


@dataclass
class Context:
    state: State
    rng: DiceSource
    journal: Journal | None = None  # None: a state in memory, with no history to read


Handler = Callable[[Context, tuple[str, ...]], Outcome]


def resolve(state: State, name: str) -> str | None:
    """The key for a name: exact (any case), or the one character whose name starts with
    it (``Lucien`` for ``Lucien Marchetti``). None when nobody or several match."""
    key = name_key(name)
    if key in state.characters:
        return key
    if not key:
        return None
    matches = [k for k in state.characters if k.startswith(key)]
    if not matches:  # any word of the name: "Anselm" for "Brother Anselm"
        matches = [k for k in state.characters if any(w.startswith(key) for w in k.split())]
    return matches[0] if len(matches) == 1 else None


def find(state: State, name: str) -> tuple[str, Character]:
    key = resolve(state, name)
    if key is None:
        wanted = name_key(name)
        several = [
            c.name
            for k, c in state.characters.items()
            if wanted and (k.startswith(wanted) or any(w.startswith(wanted) for w in k.split()))
        ]
        if len(several) > 1:
            raise CommandError("name.ambiguous", name=clean_name(name), several=several)
        names = [ch.name for ch in state.characters.values()] or Msg("name.none_yet")
        raise CommandError("name.unknown", name=clean_name(name), names=names)
    return key, state.characters[key]


def close_names(state: State, name: str) -> list[str]:
    """The characters a name could be short for: its beginning, a word's beginning, or
    anywhere in the name (``Jack`` for ``Jack Kowalski``)."""
    wanted = name_key(name)
    if not wanted:
        return []
    return [c.name for k, c in state.characters.items() if wanted in k]


def find_exact(state: State, name: str, verb: str) -> tuple[str, Character]:
    """The character whose whole name (any case) is ``name``, for verbs that discard data
    (``remove``): a beginning that :func:`find` would accept is refused, naming those it
    could be, so ``remove Jack`` never removes "Jack Kowalski"."""
    key = name_key(name)
    if key in state.characters:
        return key, state.characters[key]
    close = close_names(state, name)
    if close:
        raise CommandError("exact.name", verb=verb_word(verb), name=clean_name(name), close=close)
    return find(state, name)  # nobody close: the usual refusal, listing everyone


def verb_word(verb: str) -> Told:
    """A verb as the reader's language spells it (``remove`` / ``убрать``)."""
    from elysium.chronicle.verbs import spelling

    return Told(lambda lang: spelling(verb, lang))


def put(state: State, key: str, c: Character) -> State:
    return replace(state, characters={**state.characters, key: c})


def able(c: Character, reflexive: bool = False) -> None:
    """Refuse actions by those who cannot act (reflexive rolls go on at Incapacitated)."""
    status = c.status()
    if status in (Status.DEAD, Status.FINAL_DEATH):
        raise CommandError(f"able.{status.value}", who=c.name)
    if status is Status.TORPOR:
        raise CommandError("able.torpor", who=c.name)
    if status is Status.INCAPACITATED and not reflexive:
        raise CommandError("able.incapacitated", who=c.name)
    if c.staked and not reflexive:
        raise CommandError("able.staked", who=c.name)


def status_word(status: Status) -> str:
    return status.value.replace("_", " ")


def throw_dice(
    ctx: Context,
    request: RollRequest,
    faces: list[int] | None,
    profile=None,
    what: str = "what.pool",
    who: str | None = None,
) -> RollResult:
    """Roll from the session's dice, or score the faces typed for physical dice (``what``
    is the catalog key naming the roll, for the refusal when the count is wrong; ``who``
    rolls it, named when a table is asked for the faces)."""
    profile = profile or ctx.state.profile
    label = Msg(what)
    if who is not None:
        label = (
            Msg("table.side", who=who)
            if what == "what.pool"
            else Msg("table.whose", who=who, what=label)
        )
    if faces is not None:
        if not profile.house.rule_of_ten and len(faces) != request.dice:
            raise CommandError(
                "roll.faces_mismatch", what=Msg(what), dice=request.dice, faces=len(faces)
            )
        result = roll_faces(request, faces, profile)
        if isinstance(ctx.rng, TableDice):  # typed with the command: shown with the rest
            ctx.rng.about(label, request)
            ctx.rng.finished(result)
        return result
    return throw_from(ctx, request, label, profile)


def throw_from(ctx: Context, request: RollRequest, what: Msg, profile=None) -> RollResult:
    """Roll from the session's dice; at a real table (:class:`TableDice`) the roll is named
    first, so the Storyteller is told what the dice are for, and shown once scored."""
    profile = profile or ctx.state.profile
    table = ctx.rng if isinstance(ctx.rng, TableDice) else None
    if table is not None:
        table.about(what, request)
    result = throw(request, ctx.rng, profile)
    if table is not None:
        table.finished(result)
    return result


def marks(result: RollResult) -> str | Msg:
    req = result.request
    shown = marked(result.dice, result.rerolls, req.difficulty, req.specialty)
    return shown or Msg("roll.no_dice_faces")


def roll_data(result: RollResult) -> dict[str, Any]:
    return result.to_dict()


def verdict_text(result: RollResult) -> Msg:
    """The roll's verdict (botch, failure, successes and degree), told in the reader's
    language when it is read."""
    return verdict_of(result)


def health_text(c: Character) -> Msg:
    """``health /X (Hurt, -1)``: the track, its level and the wound penalty."""
    track = c.health
    level = f"health.{track.level.key}" if track.level else "health.unhurt"
    status = c.status()
    if status not in (Status.ACTIVE, Status.INCAPACITATED):
        level = f"status.{status.value}"
    pen = "" if not track.penalty else f", {track.penalty}"
    return Msg("ack.health", marks=track_marks(c), level=Msg(level), pen=pen)


def track_marks(c: Character) -> Told:
    """The seven health marks in the reader's letters (``XX/....``, ``ХХ/....``)."""
    track = c.health
    return Told(lambda lang: "".join(track.marks(lang)))


def mods_text(mods: Sequence[PoolMod], penalty: int = 0) -> Msg | str:
    """`` (Celerity +2; load: difficulty +1)``: a pool's modifiers after its dice, with the
    wound penalty when there is one (told apart as before when it stands alone)."""
    if not mods:
        return Msg("ack.roll.wounds", n=penalty) if penalty else ""
    if penalty:
        return Msg("mods.with_wounds", n=penalty, notes=notes(mods))
    return Msg("mods.list", notes=notes(mods))


def difficulty_of(args: Args, default: int = DEFAULT_DIFFICULTY) -> int:
    value = args.keyed_int(("diff",), "what.difficulty", 2, 10)
    return default if value is None else value
