"""Characters and their traits: add, remove, set; experience: award and raise."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from elysium.chronicle.commands.common import (
    ANSWER,
    Context,
    Outcome,
    find,
    find_exact,
    put,
)
from elysium.chronicle.commands.fields import FIELDS, as_typed
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, VerbWord
from elysium.chronicle.pools import is_whole
from elysium.chronicle.state import State
from elysium.chronicle.verbs import runs

if TYPE_CHECKING:
    from elysium.chronicle.commands.fight import CombatState
from elysium.chronicle.text import clean_name, clean_text, name_key
from elysium.i18n import Msg
from elysium.rules.character import (
    TEMPLATES,
    Character,
    from_template,
    new_character,
    set_trait,
)
from elysium.rules.clans import (
    check_clan,
)
from elysium.rules.experience import award, raise_priced, rule_msg, trait_key
from elysium.rules.profiles import Profile
from elysium.rules.traits import Kind, normalise, parse_kind

MAX_REASON = 200  # characters of an award's reason kept: a line, not a chapter

KIND_WORDS = {
    "vampire": "vampire",
    "ghoul": "ghoul",
    "mortal": "mortal",
    "вампир": "vampire",
    "гуль": "ghoul",
    "смертный": "mortal",
}


# The Russian names of the templates (a mortal and a ghoul are templates too).
TEMPLATE_WORDS = {
    "неонат": "neonate",
    "анцилла": "ancilla",
    "старейшина": "elder",
    "смертный": "mortal",
    "гуль": "ghoul",
    "вампир": "vampire",
}


@runs("add")
def cmd_add(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("add", words)
    name = clean_name(args.take("what.name"))
    kind_word = args.take("what.kind").casefold()
    kind_word = TEMPLATE_WORDS.get(kind_word, kind_word)
    gen = args.keyed_int(("gen",), "what.generation", 3, 15)
    clan = args.keyed("clan")
    blank = args.option("blank")
    args.done()
    if not name:
        raise args.fail("add.empty_name")
    key = name_key(name)
    if key in ctx.state.characters:
        raise CommandError("add.exists", name=ctx.state.characters[key].name)
    if gen == 3:
        raise args.fail("add.third_generation")
    # A template fills its traits (a mortal, a ghoul as well); a blank character of a kind,
    # Attributes 1 and the Virtues' creation dots (templates.new_character), is asked for
    # with `blank` (issue 12: `add Rex ghoul`). A vampire's template takes another
    # generation than its own (F4 asks for one).
    if kind_word in TEMPLATES and not blank:
        if gen is not None and kind_word in KIND_WORDS:
            raise args.fail("add.generation_of", kind=kind_word)
        c = from_template(name, kind_word, gen)
    else:
        if kind_word not in KIND_WORDS:
            raise args.fail("add.unknown_kind", word=kind_word, templates=list(TEMPLATES))
        kind = parse_kind(KIND_WORDS[kind_word])
        if gen is not None and kind is not Kind.VAMPIRE:
            raise args.fail("add.generation_of", kind=kind.value)
        c = new_character(name, kind, gen)
    if clan is not None:
        if c.kind is not Kind.VAMPIRE:
            raise args.fail("add.clan_of", kind=c.kind.value)
        check_clan(clean_name(clan))  # a near miss is refused as `set NAME clan` refuses it
        c = replace(c, clan=clean_name(clan))
    state = put(ctx.state, key, c)
    data = {"name": c.name, "kind": c.kind.value, "template": kind_word}
    if c.clan:
        data["clan"] = c.clan
    key_ = "ack.added.gen" if c.generation else "ack.added"
    key_ += ".clan" if c.clan else ""
    say = Msg(
        key_,
        who=c.name,
        kind=c.kind.value,
        gen=c.generation,
        blood=c.blood,
        most=c.blood_max,
        clan=c.clan,
    )
    return Outcome(state, "character_added", data, say)


@runs("remove")
def cmd_remove(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("remove", words)
    args.take("what.name")  # at least one word; the whole name may be several unquoted
    key, c = find_exact(ctx.state, " ".join(words), "remove")
    state = _out_of_the_fight(ctx.state, key, c.name)
    chars = {k: v for k, v in state.characters.items() if k != key}
    say = Msg("ack.removed", who=c.name)
    return Outcome(replace(state, characters=chars), "character_removed", {"name": c.name}, say)


def _out_of_the_fight(state: State, key: str, who: str) -> State:
    """A fallen NPC is often removed mid-fight: they leave it first (the turn passes on as
    with ``combat leave``), then every mention of them goes; the last one ends it."""
    from elysium.chronicle.commands.fight import CombatState, write
    from elysium.chronicle.commands.rounds import leave

    if state.combat is None:
        return state
    combat = CombatState.from_dict(state.combat)
    if key in combat.participants:
        if len(combat.participants) == 1:
            return write(state, None)
        combat = leave(state, combat, key, who)[0]
    return write(state, _forgotten(combat, key))


def _forgotten(combat: CombatState, key: str) -> CombatState:
    """A character removed from the chronicle: no mention of them is left in the fight
    (``CombatState.drop`` keeps what they did this round; a removed character has none)."""

    def without(table: Mapping[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in table.items() if k != key}

    dropped = combat.drop(key)
    slots = tuple(
        replace(s, together=tuple(k for k in s.together if k != key))
        if s.together is not None
        else s
        for s in dropped.queue
    )
    return replace(
        dropped,
        participants=tuple(k for k in combat.participants if k != key),
        init=without(combat.init),
        declared=without(combat.declared),
        defences=without(combat.defences),
        standing=without(combat.standing),
        attacks=without(combat.attacks),
        done=tuple(k for k in combat.done if k != key),
        queue=slots,
        current=None if combat.current == key else combat.current,
    )


# Russian spellings of the things ``set`` can set besides traits.
SET_WORDS = {
    "путь": "path",
    "дорога": "road",
    "специализация": "specialty",
    "броня": "armour",
    "клан": "clan",
    "клановые-дисциплины": "clan-disciplines",
    "дисциплины-клана": "clan-disciplines",
    "in-clan": "clan-disciplines",
    "заметки": "notes",
    "сверхъестественный": "supernatural",
    "игрок": "player",
    "скрыт": "hidden",
    "скрыта": "hidden",
    "скрытый": "hidden",
    "натура": "nature",
    "маска": "demeanour",
    "demeanor": "demeanour",
}


@runs("set")
def cmd_set(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("set", words)
    typed = args.take("what.name")
    key, c = find(ctx.state, typed)
    trait = args.take("what.trait")
    what = SET_WORDS.get(trait.casefold(), normalise(trait))
    if what == "notes":  # the notes are replaced, the old ones gone: the whole name
        key, c = find_exact(ctx.state, typed, "set")
    field = FIELDS.get(what)
    if what in ("path", "road") and not (args.words and not is_whole(args.words[0])):
        field = None  # a rating alone: the Path's rating, as a trait
    if field is None:
        new, pairs, rated = set_ratings(args, c, trait, what, ctx.state.profile)
        return set_outcome(ctx.state, key, c, new, rated, pairs)
    new, detail, told = field(args, c, what)
    if told is not None:
        return set_outcome(ctx.state, key, c, new, told, detail)
    data: dict[str, Any] = {"name": c.name, "trait": what}
    named = {"clan": new.clan, "nature": new.nature, "demeanour": new.demeanour}.get(what)
    if what in ("path", "road"):
        named = new.morality
    if named:  # the log tells it in any language (the stored line is English)
        data["text"] = named
    return set_outcome(ctx.state, key, c, new, data, detail)


def set_ratings(
    args: Args, c: Character, trait: str, what: str, profile: Profile
) -> tuple[Character, list[Msg], dict[str, Any]]:
    """One or more TRAIT VALUE pairs: set Marcus strength 3 dexterity 4 (one event)."""
    new = c
    changed: dict[str, int] = {}
    typed = [trait, *args.words]  # the ratings as typed, for a refusal
    while True:
        value = args.take_int(Msg("what.value_for", trait=trait), -100, 100)
        new = set_trait(new, trait, value, profile)
        changed[normalise(trait)] = value
        if not args.words:
            break
        field_after_ratings(args, c, typed)
        trait = args.take("what.trait")
    pairs = [Msg("ack.set.pair", trait=k, value=v) for k, v in changed.items()]
    return new, pairs, {"name": c.name, "trait": what, "values": changed}


def field_after_ratings(args: Args, c: Character, typed: list[str]) -> None:
    """``set Razor generation 9 clan Gangrel``: ratings take numbers, and a field such as the
    clan takes the rest of the line, so the two are set one after the other."""
    after = args.words[0]
    if SET_WORDS.get(after.casefold(), normalise(after)) not in FIELDS:
        return
    raise args.fail(
        "set.field_after_ratings",
        verb=VerbWord("set"),
        who=as_typed([c.name]),
        first=as_typed(typed[: len(typed) - len(args.words)]),
        rest=as_typed(args.words),
    )


def set_outcome(
    state: State, key: str, c: Character, new: Character, data: dict[str, Any], detail: Any
) -> Outcome:
    """The event of a ``set``. One that would change nothing records nothing and says so: an
    empty event would be passed over by undo, which would undo an older change instead."""
    if new == c:
        return Outcome(state, ANSWER, {}, Msg("set.unchanged", who=c.name, detail=detail))
    return Outcome(
        put(state, key, new), "trait_set", data, Msg("ack.set", who=c.name, detail=detail)
    )


@runs("award")
def cmd_award(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("award", words)
    key, c = find(ctx.state, args.take("what.name"))
    amount = args.take_int("what.experience", 1, 100)
    # Why it was earned (Inconnu's log keeps one): one word, or several in quotes (so that
    # a slip such as ``award Marcus 2 3`` is refused, not kept as a reason); none is fine.
    reason = clean_text(args.words.pop(0))[:MAX_REASON].strip() if args.words else ""
    if args.words:
        raise args.fail("award.reason_quoted", words=" ".join(args.words))
    c = award(c, amount)
    data: dict[str, Any] = {"who": c.name, "amount": amount}
    if reason:
        data["reason"] = reason
        say = Msg("ack.award.reason", who=c.name, n=amount, left=c.xp, reason=reason)
    else:
        say = Msg("ack.award", who=c.name, n=amount, left=c.xp)
    return Outcome(put(ctx.state, key, c), "xp", data, say)


@runs("raise")
def cmd_raise(ctx: Context, words: tuple[str, ...]) -> Outcome:
    """One dot for experience, priced by the cheat sheet's «Стоимость развития»."""
    args = Args("raise", words)
    key, c = find(ctx.state, args.take("what.name"))
    trait = args.take("what.trait")
    args.done()
    new, paid = raise_priced(c, trait, ctx.state.profile)
    name = trait_key(trait)
    told: str | Msg = Msg("xp.path", name=name.removeprefix("path:")) if ":" in name else name
    say = Msg(
        "ack.raise.priced",
        who=c.name,
        trait=told,
        to=new.trait(name),
        cost=paid.cost,
        rule=rule_msg(paid),
        left=new.xp,
    )
    data = {"who": c.name, "trait": name, "cost": paid.cost, "rule": paid.rule}
    return Outcome(put(ctx.state, key, new), "raise", data, say)
