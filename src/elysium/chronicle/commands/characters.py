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
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, as_int
from elysium.chronicle.pools import is_whole
from elysium.chronicle.state import State
from elysium.chronicle.verbs import runs

if TYPE_CHECKING:
    from elysium.chronicle.commands.fight import CombatState
from elysium.chronicle.text import clean_name, clean_text, name_key
from elysium.i18n import Msg
from elysium.rules.character import (
    TEMPLATES,
    Armour,
    Character,
    from_template,
    new_character,
    set_specialty,
    set_trait,
    with_path,
)
from elysium.rules.clans import (
    check_clan,
    in_clan,
    is_caitiff,
    parse_disciplines,
    table_disciplines,
)
from elysium.rules.experience import award, raise_priced, rule_msg, trait_key
from elysium.rules.traits import Kind, normalise, parse_kind

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
    "натура": "nature",
    "маска": "demeanour",
    "demeanor": "demeanour",
}

YES_NO = {"yes": True, "no": False, "on": True, "off": False, "да": True, "нет": False}


@runs("set")
def cmd_set(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("set", words)
    typed = args.take("what.name")
    key, c = find(ctx.state, typed)
    trait = args.take("what.trait")
    what = SET_WORDS.get(trait.casefold(), normalise(trait))
    if what == "notes":  # the notes are replaced, the old ones gone: the whole name
        key, c = find_exact(ctx.state, typed, "set")
    profile = ctx.state.profile
    detail: Msg | list[Msg]
    if what in ("path", "road") and args.words and not is_whole(args.words[0]):
        path = clean_name(args.take("what.path_name"))
        rating = (
            as_int(args.take("what.rating"), "what.rating_bare", 0, 10, args)
            if args.words
            else None
        )
        args.done()
        new = with_path(c, path, rating)
        detail = Msg("ack.set.path", path=path, rating=new.morality_rating)
    elif what in ("specialty",):
        target = args.take("what.trait")
        if not target.strip():
            raise args.fail("args.missing", what=Msg("what.trait"))
        text = clean_name(args.rest("what.specialty_text"))
        new = set_specialty(c, target, text)
        shown = text_shown(c.specialties.get(normalise(target), ""), text)
        detail = Msg("ack.set.specialty", trait=normalise(target), text=shown)
    elif what in ("armour", "armor"):
        rating = args.take_int("what.armour_rating", 0, 5)
        penalty = args.keyed_int(("penalty",), "what.armour_penalty", 0, 5) or 0
        label = clean_name(" ".join(args.words)) or "armour"
        args.words.clear()
        new = replace(c, armour=Armour(label, rating, penalty) if rating else None)
        detail = Msg("ack.set.armour_penalty" if penalty else "ack.set.armour", n=rating, p=penalty)
    elif what in ("clan",):
        clan = clean_name(args.rest("what.clan_text"))
        check_clan(clan, c.clan_disciplines)
        new = replace(c, clan=clan)
        detail = clan_note(new) if clan else Msg("ack.set.clan", clan=text_shown(c.clan, ""))
    elif what in ("clan-disciplines",):
        # The character's own clan Disciplines (a house, an antitribu); none: the table's.
        own = parse_disciplines(args.words)
        args.words.clear()
        new = replace(c, clan_disciplines=own)
        told = {"name": c.name, "trait": what, "disciplines": list(own)}
        if own:
            detail = Msg("ack.set.clan_disciplines", disciplines=list(own))
        else:
            table = list(in_clan(c.clan)) or Msg("ack.set.clan_disciplines.none")
            detail = Msg("ack.set.clan_disciplines.cleared", disciplines=table)
        return set_outcome(ctx.state, key, c, new, told, detail)
    elif what in ("nature", "demeanour"):  # an Archetype: free text, empty clears it
        archetype = clean_name(args.rest(f"what.{what}_text"))
        new = replace(c, nature=archetype) if what == "nature" else replace(c, demeanour=archetype)
        detail = Msg(f"ack.set.{what}", text=text_shown(getattr(c, what), archetype))
    elif what in ("notes",):
        notes = clean_text(args.rest("what.notes_text"), multiline=True)
        new = replace(c, notes=notes)
        detail = notes_note(c.notes, notes)
    elif what in ("supernatural", "player"):
        flag = args.take("what.yes_no").casefold()
        args.done()
        if flag not in YES_NO:
            raise args.fail("set.yes_no" if what == "supernatural" else "set.player_yes_no")
        flagged = YES_NO[flag]
        new = replace(c, player=flagged) if what == "player" else replace(c, supernatural=flagged)
        said = "yes" if flagged else "no"  # told in the reader's words, however typed
        detail = Msg(f"ack.set.{what}", flag=Msg(f"set.flag.{said}"))
        data: dict[str, Any] = {"name": c.name, "trait": what, "flag": said}
        return set_outcome(ctx.state, key, c, new, data, detail)
    else:
        # One or more TRAIT VALUE pairs: set Marcus strength 3 dexterity 4 (one event).
        new = c
        changed: dict[str, int] = {}
        while True:
            value = args.take_int(Msg("what.value_for", trait=trait), -100, 100)
            new = set_trait(new, trait, value, profile)
            changed[normalise(trait)] = value
            if not args.words:
                break
            trait = args.take("what.trait")
        pairs = [Msg("ack.set.pair", trait=k, value=v) for k, v in changed.items()]
        data = {"name": c.name, "trait": what, "values": changed}
        return set_outcome(ctx.state, key, c, new, data, pairs)
    data = {"name": c.name, "trait": what}
    named = {"clan": new.clan, "nature": new.nature, "demeanour": new.demeanour}.get(what)
    if what in ("path", "road"):
        named = new.morality
    if named:  # the log tells it in any language (the stored line is English)
        data["text"] = named
    return set_outcome(ctx.state, key, c, new, data, detail)


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


def text_shown(old: str, new: str) -> str | Msg:
    """A text as the acknowledgement tells it: the new one, or which one was cleared."""
    if new:
        return new
    return Msg("ack.set.was_cleared", was=old) if old else Msg("ack.set.none")


NOTES_SHOWN = 40  # characters of cleared notes quoted back, so the Storyteller knows which


def notes_note(old: str, new: str) -> Msg:
    """What ``set NAME notes`` did: replaced them, or cleared them (saying which notes)."""
    if new:
        return Msg("ack.set.notes", n=len(new))
    if not old:
        return Msg("ack.set.notes_none")
    first = " ".join(old.split())
    if len(first) > NOTES_SHOWN:
        first = first[: NOTES_SHOWN - 1].rstrip() + "…"
    return Msg("ack.set.notes_cleared", was=first)


def clan_note(c: Character) -> Msg:
    """What a clan means for experience: its clan Disciplines, Caitiff, or unknown."""
    if c.clan_disciplines:
        return Msg("ack.set.clan.own", clan=c.clan, disciplines=list(c.clan_disciplines))
    if is_caitiff(c.clan):
        return Msg("ack.set.clan.caitiff", clan=c.clan)
    known = table_disciplines(c.clan)
    if known is None:
        return Msg("ack.set.clan.unknown", clan=c.clan)
    return Msg("ack.set.clan.known", clan=c.clan, disciplines=list(known))


@runs("award")
def cmd_award(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("award", words)
    key, c = find(ctx.state, args.take("what.name"))
    amount = args.take_int("what.experience", 1, 100)
    args.done()
    c = award(c, amount)
    say = Msg("ack.award", who=c.name, n=amount, left=c.xp)
    return Outcome(put(ctx.state, key, c), "xp", {"who": c.name, "amount": amount}, say)


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
