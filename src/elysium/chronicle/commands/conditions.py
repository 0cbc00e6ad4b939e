"""The ``condition`` verb: a labelled condition on a character that runs out (rules.conditions).

``condition Marcus "Dominated" 3 turns`` gives one (rounds, scenes and nights as well; no
duration: until taken off); giving the same label again sets how long it has left;
``condition Marcus "Dominated" off`` takes it off; ``condition Marcus`` tells them. The
label is one word or one quoted text, and what follows it must be a duration (or ``off``). The
clock's verbs count them down through :func:`count_down_all`, and their events name the
conditions that ended (``ended``), so undoing a ``night`` brings them back with the rest.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from elysium.chronicle.commands.common import ANSWER, Context, Outcome, find, find_exact, put
from elysium.chronicle.parser import Args, Quoted, as_int
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
    if not isinstance(args.words[-1], Quoted) and args.words[-1].casefold() in OFF:
        args.words.pop()
        label = _label(args, args.words)
        key, c = find_exact(ctx.state, typed, "condition")
        kept, gone = take_off(c.conditions, label, c.name)
        new = replace(c, conditions=kept)
        data: dict[str, Any] = {"who": c.name, "label": gone.label}
        say = Msg("ack.condition.off", who=c.name, label=gone.label)
        return Outcome(put(ctx.state, key, new), "condition_off", data, say)
    label = _labelled(args)
    unit, left = _duration(args)
    key, c = find(ctx.state, typed)
    tag = Tag(label, unit, left)
    new = replace(c, conditions=give(c.conditions, tag, c.name))
    data = {"who": c.name, **tag.to_dict()}
    say = Msg("ack.condition", who=c.name, what=shown(tag))
    return Outcome(put(ctx.state, key, new), "condition", data, say)


def _labelled(args: Args) -> str:
    """The label, leaving in ``args`` the words that must be its duration. A quoted label
    ends where its quotes do. An unquoted one runs to the duration at the end, as typed
    (``Под Доминированием 5 ночей``), but a number in it after its first word is a slip
    in the duration (``Held 2 trns``, ``X 3 weeks``), not a label that never runs out."""
    if isinstance(args.words[0], Quoted):
        return _label(args, [args.words.pop(0)])
    words = args.words
    end = len(words)
    if UNIT_WORDS.get(words[-1].casefold()) is not None:
        end -= 2 if end > 2 and _number(words[-2]) else 1
    elif _number(words[-1]):
        end -= 1  # ``Dominated 3``: refused below, saying what 3 counts
    slip = next((i for i in range(1, end) if any(ch.isdigit() for ch in words[i])), None)
    if slip is not None:
        raise args.fail("condition.not_duration", words=" ".join(words[slip:]))
    label = _label(args, words[:end])
    del words[:end]
    return label


def _duration(args: Args) -> tuple[Unit, int]:
    """The words after the label: ``3 turns``, ``scene`` (one of it) or none (until taken
    off). Anything else is refused, saying what a duration is: a slip (``2 trns``,
    ``3 weeks``) must not become a label that never runs out."""
    words = args.words
    if not words:
        return Unit.UNTIL_REMOVED, 0
    unit = UNIT_WORDS.get(words[-1].casefold())
    if len(words) == 1 and unit is None and _number(words[0]):
        raise args.fail("condition.which_unit", n=words[0])
    if unit is None or len(words) > 2 or (len(words) == 2 and not _number(words[0])):
        raise args.fail("condition.not_duration", words=" ".join(words))
    left = as_int(words[0], "condition.what.left", 1, MAX_LEFT, args) if len(words) == 2 else 1
    words.clear()
    return unit, left


def _number(word: str) -> bool:
    return word.lstrip("+-").isdigit()


def _label(args: Args, words: list[str]) -> str:
    """The condition's label (user text, cleaned). Quoted, it is a label whatever it says
    (``"scene"``); unquoted, a number, a unit or ``off`` in its place means it was left out."""
    first = words[0] if words else ""
    slip = not isinstance(first, Quoted) and (
        _number(first) or first.casefold() in UNIT_WORDS or first.casefold() in OFF
    )
    label = "" if slip else clean_name(" ".join(words))
    words.clear()
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
