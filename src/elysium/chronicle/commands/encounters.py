"""The ``encounter`` verb: save a group of NPCs under a name, and bring the whole group into
a scene with one command.

``encounter save "Sabbat pack" Ghoul Ghoul Ventrue`` keeps the sheets as they are now (a name
given twice is two of them); ``encounter add "Sabbat pack"`` adds a fresh copy of each, numbered
when its name is taken ("Ghoul 2", "Ghoul 3"); ``encounter list`` tells the groups and
``encounter forget NAME`` drops one. Each change is one event, so one undo takes it back.

A copy comes fresh, as a Storyteller sets out a new group for a new scene: unhurt, Willpower
full, out of frenzy and fear, under no condition, nothing spent or boosted this turn, nothing
carried; a vampire's and a mortal's blood pool full, a ghoul's vitae as it was saved (what its
domitor gave it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from elysium.chronicle.commands.common import ANSWER, Context, Outcome, find
from elysium.chronicle.encounters import MAX_ENCOUNTERS, MAX_NAME, MAX_SHEETS
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args
from elysium.chronicle.state import State
from elysium.chronicle.text import clean_name, name_key
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules.character import Character
from elysium.rules.health import HealthTrack
from elysium.rules.sheet import MAX_NAME as MAX_CHARACTER_NAME
from elysium.rules.traits import Kind

SAVE = ("save", "сохранить")
ADD = ("add", "добавить")
LIST = ("list", "список")
FORGET = ("forget", "забыть")
SUBS = SAVE + ADD + LIST + FORGET
_NUMBERED = re.compile(r"^(.*\S)\s+(\d+)$")  # "Ghoul 2": the name before its number


@runs("encounter")
def cmd_encounter(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("encounter", words)
    sub = args.take("what.encounter_sub").casefold()
    if sub not in SUBS:
        raise args.fail("encounter.bad_sub", sub=sub)
    if sub in LIST:
        args.done()
        return Outcome(ctx.state, ANSWER, {}, listing(ctx.state))
    name = clean_name(args.take("what.encounter"))
    if not name:
        raise args.fail("encounter.empty_name")
    if sub in SAVE:
        return save(ctx.state, args, name)
    args.done()
    key, group = saved(ctx.state, name)
    if sub in ADD:
        return add(ctx.state, group)
    encounters = {k: v for k, v in ctx.state.encounters.items() if k != key}
    say = Msg("ack.encounter.forgotten", name=group["name"])
    data = {"name": group["name"]}
    return Outcome(replace(ctx.state, encounters=encounters), "encounter_forgotten", data, say)


def save(state: State, args: Args, name: str) -> Outcome:
    """The named characters' sheets, as they are now, under ``name`` (a new name only:
    saving over a group would lose it; ``encounter forget`` first)."""
    if len(name) > MAX_NAME:
        raise args.fail("encounter.long_name", most=MAX_NAME)
    key = name_key(name)
    if key in state.encounters:
        raise CommandError("encounter.exists", name=state.encounters[key]["name"])
    if len(state.encounters) >= MAX_ENCOUNTERS:
        raise CommandError("encounter.too_many", most=MAX_ENCOUNTERS)
    if not args.words:
        raise args.fail("args.missing", what=Msg("what.encounter_npcs"))
    if len(args.words) > MAX_SHEETS:
        raise args.fail("encounter.too_big", most=MAX_SHEETS)
    sheets: list[Character] = []
    while args.words:
        _, c = find(state, args.take("what.name"))
        if c.player:
            raise CommandError("encounter.player", who=c.name)
        sheets.append(c)
    group = {"name": name, "sheets": [c.to_dict() for c in sheets]}
    names = [c.name for c in sheets]
    new = replace(state, encounters={**state.encounters, key: group})
    say = Msg("ack.encounter.saved", name=name, names=names)
    return Outcome(new, "encounter_saved", {"name": name, "names": names}, say)


def saved(state: State, name: str) -> tuple[str, Mapping[str, Any]]:
    """The group saved under ``name`` (its whole name, any case), or a one-line refusal
    naming those there are."""
    key = name_key(name)
    group = state.encounters.get(key)
    if group is None:
        there = [g["name"] for g in state.encounters.values()] or Msg("encounter.none")
        raise CommandError("encounter.unknown", name=name, names=there)
    return key, group


def add(state: State, group: Mapping[str, Any]) -> Outcome:
    """A fresh copy of every sheet in the group, each under a name nobody has yet."""
    characters = dict(state.characters)
    names: list[str] = []
    for sheet in group["sheets"]:
        c = fresh(Character.from_dict(sheet))
        name = free_name(c.name, characters)
        characters[name_key(name)] = replace(c, name=name)
        names.append(name)
    new = replace(state, characters=characters)
    data = {"name": group["name"], "names": names}
    say = Msg("ack.encounter.added", name=group["name"], names=names)
    return Outcome(new, "encounter_added", data, say)


def fresh(c: Character) -> Character:
    """The sheet as it starts a scene (see the module's docstring for what that keeps)."""
    blood = c.blood if c.kind is Kind.GHOUL else c.blood_max
    return replace(
        c,
        health=HealthTrack(),
        willpower_points=c.willpower,
        blood=min(blood, c.blood_max),
        blood_spent_turn=0,
        blood_fed_turn=0,
        willpower_spent_turn=False,
        ignore_wounds=False,
        celerity_actions=0,
        load=0,
        boosts={},
        blush_paid=0,
        blush=False,
        frenzy=None,
        fear=None,
        aggravated_rested=False,
        staked=False,
        player=False,
        conditions=(),  # what held the saved NPC (Dominated, a scene's boost) held that scene
    )


def free_name(name: str, taken: Mapping[str, Any]) -> str:
    """``name`` if nobody has it, else the name numbered from 2 ("Ghoul 2", "Гуль 3"); a
    saved "Ghoul 2" counts on from its own first name, never "Ghoul 2 2"."""
    if name_key(name) not in taken:
        return name
    numbered = _NUMBERED.match(name)
    base = numbered.group(1) if numbered else name
    n = 2
    while True:
        suffix = f" {n}"
        candidate = base[: MAX_CHARACTER_NAME - len(suffix)] + suffix
        if name_key(candidate) not in taken:
            return candidate
        n += 1


def listing(state: State) -> Msg:
    if not state.encounters:
        return Msg("encounter.none_saved")
    groups = [
        Msg("encounter.group", name=g["name"], names=[s["name"] for s in g["sheets"]])
        for g in state.encounters.values()
    ]
    return Msg("encounter.listing", groups=groups)
