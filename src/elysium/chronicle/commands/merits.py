"""The ``merit`` and ``flaw`` verbs: a character's Merits and Flaws, each worth points.

``merit Marcus "Eat Food" 1`` gives one (again: its points and modifier replaced);
``merit Marcus "Lightning Reflexes" 3 dice +1`` one that adds a die to a roll naming it
(``roll Marcus dex+brawl merit "Lightning Reflexes"``), ``diff -1`` one that eases it;
``merit Marcus "Eat Food" 0`` takes it away, as ``set NAME discipline:x 0`` takes a
Discipline (the whole name: it discards data); ``merit Marcus`` lists them. ``flaw`` is
the same for Flaws. Each change is one event, named for its verb.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from elysium.chronicle.commands.common import (
    ANSWER,
    Context,
    Outcome,
    find,
    find_exact,
    put,
    verb_word,
)
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, as_int
from elysium.chronicle.text import clean_name
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg, Told
from elysium.rules.character import Character
from elysium.rules.merits import (
    FLAW,
    MAX_DICE,
    MAX_DIFFICULTY_STEP,
    MERIT,
    POINTS_MAX,
    Merit,
    find_merit,
    with_merit,
    without_merit,
)


@runs("merit")
def cmd_merit(ctx: Context, words: tuple[str, ...]) -> Outcome:
    return _change(ctx, words, MERIT)


@runs("flaw")
def cmd_flaw(ctx: Context, words: tuple[str, ...]) -> Outcome:
    return _change(ctx, words, FLAW)


def owned(c: Character, kind: str) -> tuple[Merit, ...]:
    """The character's Merits (``kind`` ``merit``) or Flaws."""
    return c.flaws if kind == FLAW else c.merits


def given(c: Character, kind: str, listed: tuple[Merit, ...]) -> Character:
    """``c`` with these Merits (``kind`` ``merit``) or Flaws instead of its own."""
    return replace(c, flaws=listed) if kind == FLAW else replace(c, merits=listed)


def _change(ctx: Context, words: tuple[str, ...], kind: str) -> Outcome:
    args = Args(kind, words)
    typed = args.take("what.name")
    if not args.words:
        _, c = find(ctx.state, typed)
        return Outcome(ctx.state, ANSWER, {}, listing(c, kind))
    dice = _signed(args, "dice", "what.merit_dice", MAX_DICE)
    difficulty = _signed(args, "diff", "what.merit_difficulty", MAX_DIFFICULTY_STEP)
    if dice and difficulty:
        raise args.fail("merit.one_modifier_typed")
    if len(args.words) < 2:
        raise args.fail("args.missing", what=Msg("what.merit_points"))
    points = as_int(args.words.pop(), "what.merit_points", 0, POINTS_MAX, args)
    name = clean_name(" ".join(args.words))  # quoted or not, the words before the points
    args.words.clear()
    if not name:
        raise args.fail("args.missing", what=Msg(f"what.{kind}_name"))
    if points == 0:
        if dice or difficulty:
            raise args.fail("merit.remove_no_modifier")
        return _remove(ctx, typed, name, kind)
    key, c = find(ctx.state, typed)
    had = next((m for m in owned(c, kind) if m.name.casefold() == name.casefold()), None)
    merit = Merit(name if had is None else had.name, points, dice or 0, difficulty or 0)
    if merit == had:
        return Outcome(
            ctx.state, ANSWER, {}, Msg(f"{kind}.unchanged", who=c.name, line=line(merit))
        )
    new = given(c, kind, with_merit(owned(c, kind), merit, kind))
    data: dict[str, Any] = {"who": c.name, **merit.to_dict()}
    if had is not None:
        data["was"] = had.points
    told = "changed" if had else "added"
    say = Msg(f"ack.{kind}.{told}", who=c.name, line=line(merit), was=had.points if had else 0)
    return Outcome(put(ctx.state, key, new), kind, data, say)


def _signed(args: Args, keyword: str, what: str, most: int) -> int | None:
    """``dice +1`` / ``diff -1``: the modifier's number, never 0."""
    word = args.keyed(keyword)
    if word is None:
        return None
    value = as_int(word, what, -most, most, args)
    if value == 0:
        raise args.fail("merit.zero_modifier", word=word)
    return value


def _remove(ctx: Context, typed: str, name: str, kind: str) -> Outcome:
    key, c = find_exact(ctx.state, typed, kind)
    found = named(c, name, kind, exact=True)
    new = given(c, kind, without_merit(owned(c, kind), found.name))
    data = {"who": c.name, "name": found.name, "points": 0, "was": found.points}
    say = Msg(f"ack.{kind}.removed", who=c.name, name=found.name)
    return Outcome(put(ctx.state, key, new), kind, data, say)


def named(c: Character, word: str, kind: str, exact: bool = False) -> Merit:
    """The Merit or Flaw ``word`` names; ``exact`` (taking one away): its whole name."""
    found = find_merit(owned(c, kind), word)
    if exact and found is not None and found.name.casefold() != word.strip().casefold():
        close = [m.name for m in owned(c, kind) if word.strip().casefold() in m.name.casefold()]
        raise CommandError(
            f"exact.{kind}", verb=verb_word(kind), name=clean_name(word), close=close
        )
    if found is None:
        have = [m.name for m in owned(c, kind)] or Msg(f"{kind}.none")
        raise CommandError(f"{kind}.unknown", who=c.name, name=clean_name(word), have=have)
    return found


def modifier(m: Merit) -> Msg | str:
    """``; +1 die`` / ``; difficulty -1`` when a roll naming it changes, else nothing."""
    if m.dice:
        return Msg("merit.mod.dice", n=f"{m.dice:+d}")
    if m.difficulty:
        return Msg("merit.mod.difficulty", n=f"{m.difficulty:+d}")
    return ""


def line(m: Merit) -> Msg:
    """``Lightning Reflexes (3 pts; dice +1 …)`` in the reader's language."""
    return Msg("merit.line", name=m.name, points=m.points, mod=modifier(m))


def worth(m: Merit) -> Msg:
    """``3 pts, dice +1``: what the sheet shows beside the name, short enough for a column
    of the dashboard's sheet."""
    mod: Msg | str = ""
    if m.dice or m.difficulty:
        part = "dice" if m.dice else "difficulty"
        mod = Msg(f"merit.short.{part}", n=f"{m.dice or m.difficulty:+d}")
    return Msg("merit.worth", points=m.points, mod=mod)


def listing(c: Character, kind: str) -> Msg:
    have = owned(c, kind)
    if not have:
        return Msg(f"{kind}.list_empty", who=c.name)

    def lines(lang: str) -> str:
        return "\n".join("  " + line(m).render(lang) for m in have)

    total = sum(m.points for m in have)
    return Msg(f"{kind}.list", who=c.name, total=total, lines=Told(lines))
