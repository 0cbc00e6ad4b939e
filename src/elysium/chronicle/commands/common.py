"""Shared by every handler: finding characters, refusing those who cannot act, throwing
or scoring dice, and the result a handler returns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args
from elysium.chronicle.state import State
from elysium.chronicle.text import clean_name, name_key
from elysium.i18n import Msg, t
from elysium.rules import roll as throw
from elysium.rules import roll_faces
from elysium.rules.character import (
    Character,
)
from elysium.rules.dice import DiceSource, RollRequest, RollResult
from elysium.rules.health import (
    Status,
)
from elysium.rules.tables import DEFAULT_DIFFICULTY

MAX_LEVELS = 30  # damage or healing in one command: a sanity bound, not a rule


@dataclass(frozen=True, slots=True)
class Outcome:
    """A command's result: the new state, the event's type and data, and what to say about
    it as a message key with values (told in the reader's language by the catalog)."""

    state: State
    type: str
    data: dict[str, Any] = field(default_factory=dict)
    say: Msg | str = ""

    @property
    def message(self) -> str:
        return str(self.say)


@dataclass
class Context:
    state: State
    rng: DiceSource


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
            raise CommandError(
                f"{clean_name(name)!r} could be {', '.join(several)}; type more of the name"
            )
        names = ", ".join(ch.name for ch in state.characters.values()) or "none yet"
        raise CommandError(f"no character named {clean_name(name)!r}; characters: {names}")
    return key, state.characters[key]


def put(state: State, key: str, c: Character) -> State:
    return replace(state, characters={**state.characters, key: c})


def able(c: Character, reflexive: bool = False) -> None:
    """Refuse actions by those who cannot act (reflexive rolls go on at Incapacitated)."""
    status = c.status()
    if status in (Status.DEAD, Status.FINAL_DEATH):
        raise CommandError(f"{c.name} is {status_word(status)} and cannot act")
    if status is Status.TORPOR:
        raise CommandError(f"{c.name} is in torpor and cannot act")
    if status is Status.INCAPACITATED and not reflexive:
        raise CommandError(f"{c.name} is incapacitated and cannot act")
    if c.staked and not reflexive:
        raise CommandError(f"{c.name} is staked through the heart and cannot move")


def status_word(status: Status) -> str:
    return status.value.replace("_", " ")


def throw_dice(
    ctx: Context,
    request: RollRequest,
    faces: list[int] | None,
    profile=None,
    what: str = "the pool",
) -> RollResult:
    """Roll from the session's dice, or score the faces typed for physical dice."""
    profile = profile or ctx.state.profile
    if faces is not None:
        if not profile.house.rule_of_ten and len(faces) != request.dice:
            raise CommandError(
                f"{what} is {request.dice} {'die' if request.dice == 1 else 'dice'} "
                f"but {len(faces)} {'face was' if len(faces) == 1 else 'faces were'} given; "
                f"give one face per die"
            )
        return roll_faces(request, faces, profile)
    return throw(request, ctx.rng, profile)


def marks(result: RollResult) -> str:
    from elysium.present import die_mark

    req = result.request
    shown = [die_mark(f, req.difficulty, req.specialty) for f in result.dice]
    if result.rerolls:
        shown.append("|")
        shown += [die_mark(f, req.difficulty, req.specialty) for f in result.rerolls]
    return " ".join(shown) if shown else "no dice"


def roll_data(result: RollResult) -> dict[str, Any]:
    return result.to_dict()


def verdict_text(result: RollResult) -> str:
    from elysium.present import verdict

    return verdict(result)


def health_text(c: Character) -> str:
    track = c.health
    level = t(f"health.{track.level.key}" if track.level else "health.unhurt")
    penalty = track.penalty
    pen = "" if not penalty else f", {penalty}"
    status = c.status()
    if status not in (Status.ACTIVE, Status.INCAPACITATED):
        level = t(f"status.{status.value}")
    return f"health {''.join(track.marks())} ({level}{pen})"


def difficulty_of(args: Args, default: int = DEFAULT_DIFFICULTY) -> int:
    value = args.keyed_int(("diff", "difficulty", "сложность", "сл"), "difficulty", 2, 10)
    return default if value is None else value
