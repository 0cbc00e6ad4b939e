"""The fight in progress as a typed, frozen value, and the steps of a round that move it on
(RULES.md §4; V20 p. 290-292; seed 003).

``State.combat`` stays the plain JSON mapping it always was (diffs, snapshots and the
journal read it); the handlers read it with :meth:`CombatState.from_dict` and write back
:meth:`CombatState.to_dict`, which gives the same keys in the same order as before.

A round: ``init`` rolls initiative → declarations run slowest to fastest (``declare``,
``next`` to pass) → actions resolve fastest to slowest (``attack``, ``delay``, ``next``),
then the extra actions (multiple, Celerity) in initiative order → the next round's ``init``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, cast

from elysium.chronicle.commands.fight_words import tail
from elysium.chronicle.errors import CommandError
from elysium.chronicle.state import State
from elysium.i18n import Msg

Phase = Literal["initiative", "declare", "act"]
PHASES: tuple[Phase, ...] = ("initiative", "declare", "act")
DEFENCES = ("dodge", "block", "parry")


# --- the state ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InitEntry:
    """One character's initiative this round; ``value`` None: they cannot act."""

    die: int | None
    value: int | None
    rating: int
    celerity: int | None = None  # dots spent on extra actions; absent for those who cannot act

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"die": self.die, "value": self.value, "rating": self.rating}
        if self.celerity is not None:
            out["celerity"] = self.celerity
        return out

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> InitEntry:
        return cls(d.get("die"), d.get("value"), d.get("rating", 0), d.get("celerity"))


@dataclass(frozen=True, slots=True)
class Declaration:
    """What a character said they would do this round."""

    text: str | None = None  # None: nothing was declared (a defence replaced no action)
    multiple: int | None = None
    wp: bool | None = None
    defence: str | None = None
    delay: bool = False
    attack: bool = False
    replaced: bool = False  # the declared action was given to a defence
    pool: int | None = None  # the smallest pool of the declared multiple actions, if told
    given: int = 0  # declared multiple actions turned into defences
    words: tuple[str, ...] | None = None  # a declared attack's words after the attacker

    @property
    def actions(self) -> int:
        return self.multiple or 1

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in ("text", "multiple", "wp"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.defence is not None:
            out["defence"] = self.defence
        for name in ("delay", "attack", "replaced"):
            if getattr(self, name):
                out[name] = True
        if self.pool is not None:
            out["pool"] = self.pool
        if self.given:
            out["given"] = self.given
        if self.words is not None:
            out["words"] = list(self.words)
        return out

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Declaration:
        return cls(
            d.get("text"),
            d.get("multiple"),
            d.get("wp"),
            d.get("defence"),
            bool(d.get("delay", False)),
            bool(d.get("attack", False)),
            bool(d.get("replaced", False)),
            d.get("pool"),
            int(d.get("given", 0)),
            None if d.get("words") is None else tuple(d["words"]),
        )


@dataclass(frozen=True, slots=True)
class Slot:
    """A turn to act: a main action (with those acting at the same time) or an extra one."""

    who: str
    kind: str  # main, multiple, celerity
    together: tuple[str, ...] | None = None
    index: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"who": self.who, "kind": self.kind}
        if self.together is not None:
            out["with"] = list(self.together)
        if self.index is not None:
            out["index"] = self.index
        return out

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Slot:
        together = d.get("with")
        together = None if together is None else tuple(together)
        return cls(d["who"], d["kind"], together, d.get("index"))


@dataclass(frozen=True, slots=True)
class Standing:
    """A defence rolled and waiting for the next attack."""

    maneuver: str
    successes: int
    cover: str | None = None  # the defender's cover: added to the attack that meets it
    roll: Mapping[str, Any] | None = None  # the defence's dice, for the attack's line

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"maneuver": self.maneuver, "successes": self.successes}
        if self.cover is not None:
            out["cover"] = self.cover
        if self.roll is not None:
            out["roll"] = dict(self.roll)
        return out


@dataclass(frozen=True, slots=True)
class CombatState:
    round: int
    participants: tuple[str, ...]
    dazed: tuple[str, ...] = ()
    phase: Phase = "initiative"
    init: Mapping[str, InitEntry] = field(default_factory=dict)
    order: tuple[tuple[str, ...], ...] = ()
    declared: Mapping[str, Declaration] = field(default_factory=dict)
    declare_queue: tuple[str, ...] = ()
    queue: tuple[Slot, ...] = ()
    current: str | None = None
    delayed: tuple[str, ...] = ()
    defences: Mapping[str, int] = field(default_factory=dict)
    standing: Mapping[str, Standing] = field(default_factory=dict)
    attacks: Mapping[str, int] = field(default_factory=dict)
    done: tuple[str, ...] = ()

    @classmethod
    def start(cls, keys: Sequence[str]) -> CombatState:
        return cls(0, tuple(keys)).new_round()

    def new_round(self) -> CombatState:
        """The next round, from its initiative; the fighters and the dazed carry over."""
        return CombatState(self.round + 1, self.participants, self.dazed)

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "participants": list(self.participants),
            "dazed": list(self.dazed),
            "phase": self.phase,
            "init": {k: v.to_dict() for k, v in self.init.items()},
            "order": [list(g) for g in self.order],
            "declared": {k: v.to_dict() for k, v in self.declared.items()},
            "declare_queue": list(self.declare_queue),
            "queue": [s.to_dict() for s in self.queue],
            "current": self.current,
            "delayed": list(self.delayed),
            "defences": dict(self.defences),
            "standing": {k: v.to_dict() for k, v in self.standing.items()},
            "attacks": dict(self.attacks),
            "done": list(self.done),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> CombatState:
        return cls(
            round=d["round"],
            participants=tuple(d["participants"]),
            dazed=tuple(d.get("dazed", ())),
            phase=cast(Phase, d.get("phase", "initiative")),
            init={k: InitEntry.from_dict(v) for k, v in d.get("init", {}).items()},
            order=tuple(tuple(g) for g in d.get("order", ())),
            declared={k: Declaration.from_dict(v) for k, v in d.get("declared", {}).items()},
            declare_queue=tuple(d.get("declare_queue", ())),
            queue=tuple(Slot.from_dict(s) for s in d.get("queue", ())),
            current=d.get("current"),
            delayed=tuple(d.get("delayed", ())),
            defences=dict(d.get("defences", {})),
            standing={
                k: Standing(v["maneuver"], v["successes"], v.get("cover"), v.get("roll"))
                for k, v in d.get("standing", {}).items()
            },
            attacks=dict(d.get("attacks", {})),
            done=tuple(d.get("done", ())),
        )

    # Small reads and updates the handlers share.

    def declaration(self, key: str) -> Declaration | None:
        return self.declared.get(key)

    def declare(self, key: str, decl: Declaration) -> CombatState:
        return replace(self, declared={**self.declared, key: decl})

    def count_defence(self, key: str) -> CombatState:
        return replace(self, defences={**self.defences, key: self.defences.get(key, 0) + 1})

    def count_attack(self, key: str) -> CombatState:
        return replace(self, attacks={**self.attacks, key: self.attacks.get(key, 0) + 1})

    def without_standing(self, key: str) -> CombatState:
        return replace(self, standing={k: v for k, v in self.standing.items() if k != key})

    def drop(self, key: str) -> CombatState:
        """Remove a character from every list of the round."""
        return replace(
            self,
            order=tuple(tuple(k for k in g if k != key) for g in self.order if g != (key,)),
            declare_queue=tuple(k for k in self.declare_queue if k != key),
            queue=tuple(s for s in self.queue if s.who != key),
            delayed=tuple(k for k in self.delayed if k != key),
            dazed=tuple(k for k in self.dazed if k != key),
        )

    def finish_slot(self) -> CombatState:
        if not self.queue:
            return self
        return replace(self, queue=self.queue[1:], done=(*self.done, self.queue[0].who))


def read(state: State) -> CombatState:
    """The fight going on, or the refusal that says there is none."""
    if state.combat is None:
        raise CommandError("combat.none")
    return CombatState.from_dict(state.combat)


def write(state: State, combat: CombatState | None) -> State:
    return replace(state, combat=None if combat is None else combat.to_dict())


# --- words ------------------------------------------------------------------------------------


def name(state: State, key: str) -> str:
    c = state.characters.get(key)
    return c.name if c else key


# --- moving the round on -----------------------------------------------------------------------


def next_declarer(state: State, combat: CombatState) -> tuple[CombatState, list[Msg]]:
    queue = combat.declare_queue[1:]
    combat = replace(combat, declare_queue=queue)
    if queue:
        return replace(combat, current=queue[0]), [
            Msg("combat.next_declarer", who=name(state, queue[0]))
        ]
    return start_actions(state, combat)


def start_actions(state: State, combat: CombatState) -> tuple[CombatState, list[Msg]]:
    """All have declared: build the acting queue, fastest first, extra actions at the end."""
    slots = [
        Slot(key, "main", tuple(k for k in group if k != key))
        for group in combat.order
        for key in group
    ]
    extras: list[Slot] = []
    for group in combat.order:
        for key in group:
            decl = combat.declared.get(key)
            more = (decl.actions if decl else 1) - 1
            entry = combat.init.get(key)
            celerity = (entry.celerity or 0) if entry else 0
            extras += [Slot(key, "multiple", index=i + 1) for i in range(more)]
            extras += [Slot(key, "celerity", index=i + 1) for i in range(celerity)]
    combat = replace(combat, phase="act", queue=(*slots, *extras), current=None)
    combat, notes = advance(state, combat)
    return combat, [Msg("combat.actions_begin", notes=tail(notes))]


def advance(state: State, combat: CombatState) -> tuple[CombatState, list[Msg]]:
    """Move to the next slot that can be taken, skipping (and saying so) those who cannot
    act, who are dazed, or whose declared action was a defence already spent."""
    notes: list[Msg] = []
    queue = list(combat.queue)
    dazed = list(combat.dazed)
    while queue:
        slot = queue[0]
        c = state.characters.get(slot.who)
        decl = combat.declared.get(slot.who)
        if c is None or not c.can_act():
            notes.append(Msg("combat.cannot_act", who=name(state, slot.who)))
        elif slot.kind == "main" and decl is not None and decl.replaced:
            notes.append(Msg("combat.gave_to_defence", who=c.name))
        elif slot.kind == "main" and slot.who in dazed:
            notes.append(Msg("combat.dazed_loses", who=c.name))
            dazed.remove(slot.who)
        else:
            break
        queue.pop(0)
    combat = replace(combat, queue=tuple(queue), dazed=tuple(dazed))
    if queue:
        slot = queue[0]
        combat = replace(combat, current=slot.who)
        extra = (
            Msg("combat.extra_action", kind=slot.kind, index=slot.index)
            if slot.kind != "main"
            else ""
        )
        together = (
            Msg("combat.at_same_time", names=[name(state, k) for k in slot.together])
            if slot.together
            else ""
        )
        notes.append(
            Msg("combat.acts_now", who=name(state, slot.who), extra=extra, together=together)
        )
        return combat, notes
    combat = replace(combat, current=None)
    if combat.delayed:
        ranked = sorted(combat.delayed, key=lambda k: -_rating(combat, k))
        notes.append(Msg("combat.still_waiting", names=[name(state, k) for k in ranked]))
    else:
        notes.append(Msg("combat.round_over", round=combat.round, next=combat.round + 1))
    return combat, notes


def _rating(combat: CombatState, key: str) -> int:
    entry = combat.init.get(key)
    return entry.rating if entry else 0


def combat_json(state: State) -> dict[str, Any] | None:
    """The ``state --json`` view of the fight: round, phase, acting order, who acts now."""
    if state.combat is None:
        return None
    combat = CombatState.from_dict(state.combat)
    order = []
    for group in combat.order:
        for key in group:
            entry = combat.init.get(key)
            order.append(
                {
                    "name": name(state, key),
                    "initiative": entry.value if entry else None,
                    "simultaneous": len(group) > 1,
                }
            )
    cannot = [
        name(state, k)
        for k in combat.participants
        if k in state.characters and not state.characters[k].can_act()
    ]
    return {
        "round": combat.round,
        "phase": combat.phase,
        "order": order,
        "current": name(state, combat.current) if combat.current else None,
        "participants": [name(state, k) for k in combat.participants],
        "declared": {name(state, k): v.text for k, v in combat.declared.items()},
        "actions": {name(state, k): v.actions for k, v in combat.declared.items() if v.actions > 1},
        "delayed": [name(state, k) for k in combat.delayed],
        "dazed": [name(state, k) for k in combat.dazed],
        "cannot_act": cannot,
        "queue": [{"name": name(state, s.who), "kind": s.kind} for s in combat.queue],
    }
