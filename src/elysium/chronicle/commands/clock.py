"""Time: nights, scenes, turns and chapters, and what each one ends."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from elysium.chronicle.commands.common import (
    Context,
    Outcome,
)
from elysium.chronicle.commands.conditions import count_down_all, with_ended
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, VerbWord
from elysium.chronicle.state import State
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules import blood as bl
from elysium.rules.beast import (
    calm,
)
from elysium.rules.beast_state import BeastKind
from elysium.rules.character import (
    Character,
)
from elysium.rules.conditions import Step
from elysium.rules.health import (
    Status,
)
from elysium.rules.traits import Kind


def _each(state: State, fn: Callable[[Character], Character]) -> dict[str, Character]:
    return {k: fn(c) for k, c in state.characters.items()}


def _scene_end(c: Character) -> Character:
    c = bl.end_scene(c)
    # Frenzy and flight usually last the scene; a botched one lasts until the ST calms it.
    # A check still being resisted ends with the scene too: its successes build up over the
    # scene's turns (004: «успехи копятся по ходам»), not from one night to the next.
    if c.frenzy and not c.frenzy.botched:
        c = calm(c, BeastKind.FRENZY)
    if c.fear and not c.fear.botched:
        c = calm(c, BeastKind.ROTSCHRECK)
    return c


def _no_fight(state: State, verb: str) -> None:
    if state.combat is not None:
        raise CommandError("time.in_fight", verb=VerbWord(verb))


@runs("night")
def cmd_night(ctx: Context, words: tuple[str, ...]) -> Outcome:
    Args("night", words).done()
    _no_fight(ctx.state, "night")
    state = ctx.state
    chars = {}
    notes = []
    for k, c in state.characters.items():
        after, damage = bl.sunset(c, state.profile)
        after = _scene_end(after)
        if c.kind is Kind.VAMPIRE and c.status() not in (Status.TORPOR, Status.FINAL_DEATH):
            key = "ack.night.starving" if damage else "ack.night.blood"
            notes.append(Msg(key, who=c.name, blood=after.blood, n=damage))
        chars[k] = after
    new = replace(state, characters=chars, night=state.night + 1, scene=state.scene + 1, turn=1)
    new, ended = count_down_all(new, Step.NIGHT)
    say = Msg("ack.night.sunset" if notes else "ack.night", n=new.night, notes=notes)
    data = {"night": new.night}
    return Outcome(new, "night", data, with_ended(say, data, ended))


@runs("scene")
def cmd_scene(ctx: Context, words: tuple[str, ...]) -> Outcome:
    Args("scene", words).done()
    _no_fight(ctx.state, "scene")
    s = ctx.state
    new = replace(s, characters=_each(s, _scene_end), scene=s.scene + 1, turn=1)
    new, ended = count_down_all(new, Step.SCENE)
    data = {"scene": new.scene}
    return Outcome(new, "scene", data, with_ended(Msg("ack.scene", n=new.scene), data, ended))


@runs("turn")
def cmd_turn(ctx: Context, words: tuple[str, ...]) -> Outcome:
    """A turn outside a fight. In one, the round is the turn (V20: one and the same, seed
    003 «Ходы в сражениях») and ``next`` ends it: a ``turn`` typed as well would count the
    conditions and the per-turn blood and Willpower limits a second time, so it is refused."""
    Args("turn", words).done()
    if ctx.state.combat is not None:
        raise CommandError("time.turn_in_fight", verb=VerbWord("next"))
    s = ctx.state
    new = replace(s, characters=_each(s, bl.new_turn), turn=s.turn + 1)
    new, ended = count_down_all(new, Step.TURN)
    data = {"turn": new.turn}
    return Outcome(new, "turn", data, with_ended(Msg("ack.turn", n=new.turn), data, ended))


@runs("chapter")
def cmd_chapter(ctx: Context, words: tuple[str, ...]) -> Outcome:
    Args("chapter", words).done()
    _no_fight(ctx.state, "chapter")
    s = ctx.state
    new = replace(
        s,
        characters=_each(s, _scene_end),
        chapter=s.chapter + 1,
        scene=1,
        turn=1,
        forgiven=frozenset(),
    )
    new, ended = count_down_all(new, Step.SCENE)  # a new chapter is a new scene
    data = {"chapter": new.chapter}
    say = with_ended(Msg("ack.chapter", n=new.chapter), data, ended)
    return Outcome(new, "chapter", data, say)
