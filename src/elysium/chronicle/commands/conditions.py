"""The ``condition`` verb: a labelled condition on a character that runs out (rules.conditions).

``condition Marcus "Dominated" 3 turns`` gives one (rounds, scenes and nights as well; no
duration: until taken off); giving the same label again sets how long it has left;
``condition Marcus "Dominated" off`` takes it off; ``condition Marcus`` tells them. The
clock's verbs count them down through :func:`count_down_all`, and their events name the
conditions that ended (``ended``), so undoing a ``night`` brings them back with the rest.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from elysium.chronicle.commands.common import ANSWER, Context, Outcome, find, find_exact, put
from elysium.chronicle.parser import Args, as_int
from elysium.chronicle.state import State
from elysium.chronicle.text import clean_name
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules.character import Character
from elysium.rules.conditions import MAX_LEFT, Step, Tag, Unit, count_down, give, take_off

OFF = ("off", "снять")
# Each unit's words, any case, in both languages (the forms a number takes before them).
UNIT_WORDS: dict[str, Unit] = {
    **dict.fromkeys(("turn", "turns", "ход", "хода", "ходов"), Unit.TURN),
    **dict.fromkeys(("round", "rounds", "раунд", "раунда", "раундов"), Unit.ROUND),
    **dict.fromkeys(("scene", "scenes", "сцена", "сцену", "сцены", "сцен"), Unit.SCENE),
    **dict.fromkeys(("night", "nights", "ночь", "ночи", "ночей"), Unit.NIGHT),
}


@runs("condition")
def cmd_condition(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("condition", words)
    typed = args.take("what.name")
    if not args.words:
        _, c = find(ctx.state, typed)
        return Outcome(ctx.state, ANSWER, {}, listing(c))
    if args.words[-1].casefold() in OFF:
        args.words.pop()
        label = _label(args)
        key, c = find_exact(ctx.state, typed, "condition")
        kept, gone = take_off(c.conditions, label, c.name)
        new = replace(c, conditions=kept)
        data: dict[str, Any] = {"who": c.name, "label": gone.label}
        say = Msg("ack.condition.off", who=c.name, label=gone.label)
        return Outcome(put(ctx.state, key, new), "condition_off", data, say)
    unit, left = _duration(args)
    label = _label(args)
    key, c = find(ctx.state, typed)
    tag = Tag(label, unit, left)
    new = replace(c, conditions=give(c.conditions, tag, c.name))
    data = {"who": c.name, **tag.to_dict()}
    say = Msg("ack.condition", who=c.name, what=shown(tag))
    return Outcome(put(ctx.state, key, new), "condition", data, say)


def _duration(args: Args) -> tuple[Unit, int]:
    """``3 turns`` or ``scene`` (one of it) at the end of the words; none: until taken off."""
    if not args.words:
        return Unit.UNTIL_REMOVED, 0
    unit = UNIT_WORDS.get(args.words[-1].casefold())
    if unit is None:
        if args.words[-1].lstrip("+-").isdigit():  # a number with no unit: a slip, not a label
            raise args.fail("condition.which_unit", n=args.words[-1])
        return Unit.UNTIL_REMOVED, 0
    args.words.pop()
    if args.words and args.words[-1].lstrip("+-").isdigit():
        return unit, as_int(args.words.pop(), "condition.what.left", 1, MAX_LEFT, args)
    return unit, 1


def _label(args: Args) -> str:
    """The condition's label: the words left, quoted or not (user text, cleaned)."""
    label = clean_name(" ".join(args.words))
    args.words.clear()
    if not label:
        raise args.fail("args.missing", what=Msg("condition.what.label"))
    return label


def shown(tag: Tag) -> Msg:
    """``Dominated 2 turns``, ``Dominated`` (until taken off): as every reader shows one."""
    if not tag.timed:
        return Msg("condition.untimed", label=tag.label)
    left = Msg(f"condition.left.{tag.unit.value}", n=tag.left)
    return Msg("condition.timed", label=tag.label, left=left)


def listing(c: Character) -> Msg:
    items = [shown(tag) for tag in c.conditions] or Msg("condition.none")
    return Msg("condition.listing", who=c.name, items=items)


def count_down_all(state: State, step: Step) -> tuple[State, list[dict[str, Any]]]:
    """Every character's conditions after ``step`` of the clock, and those it ended (who
    and which, in the order of the characters), for the clock event's data."""
    chars = {}
    ended: list[dict[str, Any]] = []
    for key, c in state.characters.items():
        if not c.conditions:
            chars[key] = c
            continue
        kept, gone = count_down(c.conditions, step)
        chars[key] = replace(c, conditions=kept)
        ended.extend({"who": c.name, "label": tag.label} for tag in gone)
    return replace(state, characters=chars), ended


def with_ended(say: Msg, data: dict[str, Any], ended: list[dict[str, Any]]) -> Msg:
    """A clock verb's answer and data, with the conditions it ended (none: unchanged)."""
    if not ended:
        return say
    data["ended"] = ended
    return Msg("conditions.after", line=say, ended=ended_words(ended))


def ended_words(ended: list[dict[str, Any]]) -> list[Msg]:
    return [Msg("condition.ends", who=e["who"], label=e["label"]) for e in ended]
