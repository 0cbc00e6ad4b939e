"""Characters and their traits: add, remove, set; experience: award and raise."""

from __future__ import annotations

from dataclasses import replace

from elysium.chronicle.commands.common import (
    Context,
    Outcome,
    find,
    put,
)
from elysium.chronicle.errors import CommandError
from elysium.chronicle.parser import Args, as_int
from elysium.chronicle.pools import is_whole
from elysium.chronicle.text import clean_name, clean_text, name_key
from elysium.rules.character import (
    TEMPLATES,
    Armour,
    from_template,
    new_character,
    set_specialty,
    set_trait,
    with_path,
)
from elysium.rules.experience import award, raise_trait
from elysium.rules.traits import Kind, normalise, parse_kind

KIND_WORDS = {
    "vampire": "vampire",
    "ghoul": "ghoul",
    "mortal": "mortal",
    "вампир": "vampire",
    "гуль": "ghoul",
    "смертный": "mortal",
}


def cmd_add(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("add", words, 'add "NAME" vampire|ghoul|mortal|neonate|ancilla|elder [gen N]')
    name = clean_name(args.take("a name"))
    kind_word = args.take("a kind").casefold()
    gen = args.keyed_int(("gen", "generation", "поколение"), "generation", 3, 15)
    args.done()
    if not name:
        raise args.fail("the name is empty")
    key = name_key(name)
    if key in ctx.state.characters:
        raise CommandError(f"there is already a character named {ctx.state.characters[key].name!r}")
    if kind_word in TEMPLATES and kind_word not in KIND_WORDS:
        if gen is not None:
            raise args.fail("a template sets its own generation; set it afterwards")
        c = from_template(name, kind_word)
    else:
        if kind_word not in KIND_WORDS:
            raise args.fail(
                f"{kind_word!r} is not a kind or a template; use vampire, ghoul, mortal, "
                f"or one of the templates: {', '.join(TEMPLATES)}"
            )
        kind = parse_kind(KIND_WORDS[kind_word])
        if gen is not None and kind is not Kind.VAMPIRE:
            raise args.fail(f"only vampires have a generation, not a {kind.value}")
        if gen == 3:
            raise args.fail("the 3rd generation has no book numbers; use 4 or later")
        c = new_character(name, kind, gen)
    state = put(ctx.state, key, c)
    gen_text = f", generation {c.generation}" if c.generation else ""
    return Outcome(
        state,
        "character_added",
        {"name": c.name, "kind": c.kind.value, "template": kind_word},
        f"added {c.name} ({c.kind.value}{gen_text}; blood {c.blood}/{c.blood_max})",
    )


def cmd_remove(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("remove", words, 'remove "NAME"')
    key, c = find(ctx.state, args.take("a name"))
    args.done()
    chars = {k: v for k, v in ctx.state.characters.items() if k != key}
    return Outcome(
        replace(ctx.state, characters=chars),
        "character_removed",
        {"name": c.name},
        f"removed {c.name}",
    )


def cmd_set(ctx: Context, words: tuple[str, ...]) -> Outcome:
    usage = (
        'set NAME TRAIT N | set NAME path "PATH" [N] | set NAME specialty TRAIT "TEXT" | '
        'set NAME armour N [penalty N] | set NAME clan "CLAN" | set NAME notes "TEXT"'
    )
    args = Args("set", words, usage)
    key, c = find(ctx.state, args.take("a name"))
    trait = args.take("a trait")
    what = normalise(trait)
    profile = ctx.state.profile
    if what in ("path", "road") and args.words and not is_whole(args.words[0]):
        path = clean_name(args.take("a Path's name"))
        rating = as_int(args.take("a rating"), "rating", 0, 10, args) if args.words else None
        args.done()
        new = with_path(c, path, rating)
        detail = f"{path} {new.morality_rating}"
    elif what in ("specialty", "специализация"):
        target = args.take("a trait")
        text = clean_name(" ".join(args.words))
        args.words.clear()
        new = set_specialty(c, target, text)
        detail = f"specialty {normalise(target)}: {text or '(none)'}"
    elif what in ("armour", "armor", "броня"):
        rating = args.take_int("an armour rating", 0, 5)
        penalty = args.keyed_int(("penalty",), "armour penalty", 0, 5) or 0
        label = clean_name(" ".join(args.words)) or "armour"
        args.words.clear()
        new = replace(c, armour=Armour(label, rating, penalty) if rating else None)
        detail = f"armour {rating}" + (f", penalty {penalty}" if penalty else "")
    elif what in ("clan", "клан"):
        clan = clean_name(" ".join(args.words))
        args.words.clear()
        new = replace(c, clan=clan)
        detail = f"clan {clan or '(none)'}"
    elif what in ("notes", "заметки"):
        notes = clean_text(" ".join(args.words), multiline=True)
        args.words.clear()
        new = replace(c, notes=notes)
        detail = "notes"
    elif what == "supernatural":
        flag = args.take("yes or no").casefold()
        args.done()
        if flag not in ("yes", "no", "да", "нет"):
            raise args.fail("supernatural takes yes or no")
        new = replace(c, supernatural=flag in ("yes", "да"))
        detail = f"supernatural {flag}"
    else:
        # One or more TRAIT VALUE pairs: set Marcus strength 3 dexterity 4 (one event).
        new = c
        changed: dict[str, int] = {}
        while True:
            value = args.take_int(f"a value for {trait}", -100, 100)
            new = set_trait(new, trait, value, profile)
            changed[normalise(trait)] = value
            if not args.words:
                break
            trait = args.take("a trait")
        detail = ", ".join(f"{k} {v}" for k, v in changed.items())
        state = put(ctx.state, key, new)
        data = {"name": c.name, "trait": what, "values": changed}
        return Outcome(state, "trait_set", data, f"{c.name}: {detail}")
    state = put(ctx.state, key, new)
    return Outcome(state, "trait_set", {"name": c.name, "trait": what}, f"{c.name}: {detail}")


def cmd_award(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("award", words, "award NAME N")
    key, c = find(ctx.state, args.take("a name"))
    amount = args.take_int("the experience", 1, 100)
    args.done()
    c = award(c, amount)
    return Outcome(
        put(ctx.state, key, c),
        "xp",
        {"who": c.name, "amount": amount},
        f"{c.name} is awarded {amount} experience — {c.xp} unspent",
    )


def cmd_raise(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("raise", words, "raise NAME TRAIT   (spends experience)")
    key, c = find(ctx.state, args.take("a name"))
    trait = args.take("a trait")
    args.done()
    new, cost = raise_trait(c, trait, ctx.state.profile)
    name = normalise(trait).split(":", 1)[-1]
    msg = f"{c.name} raises {name} to {new.trait(name)} for {cost} XP — {new.xp} left"
    data = {"who": c.name, "trait": name, "cost": cost}
    return Outcome(put(ctx.state, key, new), "raise", data, msg)
