"""What ``set`` changes besides trait ratings: a character's named fields (Path, specialty,
armour, clan, Archetypes, notes, flags), each read from the command's words its own way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from elysium.chronicle.parser import Args, VerbWord, as_int
from elysium.chronicle.text import clean_name, clean_text
from elysium.i18n import Msg
from elysium.rules.character import Armour, Character, set_specialty, with_path
from elysium.rules.clans import (
    check_clan,
    in_clan,
    is_caitiff,
    parse_disciplines,
    table_disciplines,
)
from elysium.rules.traits import normalise

YES_NO = {"yes": True, "no": False, "on": True, "off": False, "да": True, "нет": False}

# A field set: the new character, what to say, and the event's data when it is not the
# usual name and field (None: the usual, with the name the field now holds).
Set = tuple[Character, Msg | list[Msg], dict[str, Any] | None]


def set_path(args: Args, c: Character, what: str) -> Set:
    path = clean_name(args.take("what.path_name"))
    rating = (
        as_int(args.take("what.rating"), "what.rating_bare", 0, 10, args) if args.words else None
    )
    args.done()
    new = with_path(c, path, rating)
    return new, Msg("ack.set.path", path=path, rating=new.morality_rating), None


def set_specialty_of(args: Args, c: Character, what: str) -> Set:
    target = args.take("what.trait")
    if not target.strip():
        raise args.fail("args.missing", what=Msg("what.trait"))
    text = clean_name(args.rest("what.specialty_text"))
    new = set_specialty(c, target, text)
    shown = text_shown(c.specialties.get(normalise(target), ""), text)
    return new, Msg("ack.set.specialty", trait=normalise(target), text=shown), None


def set_armour(args: Args, c: Character, what: str) -> Set:
    rating = args.take_int("what.armour_rating", 0, 5)
    penalty = args.keyed_int(("penalty",), "what.armour_penalty", 0, 5) or 0
    label = clean_name(" ".join(args.words)) or "armour"
    args.words.clear()
    new = replace(c, armour=Armour(label, rating, penalty) if rating else None)
    key = "ack.set.armour_penalty" if penalty else "ack.set.armour"
    return new, Msg(key, n=rating, p=penalty), None


def set_clan(args: Args, c: Character, what: str) -> Set:
    refuse_clan_and_more(args, c)
    clan = clean_name(args.rest("what.clan_text"))
    check_clan(clan, c.clan_disciplines)
    new = replace(c, clan=clan)
    return new, clan_note(new) if clan else Msg("ack.set.clan", clan=text_shown(c.clan, "")), None


def refuse_clan_and_more(args: Args, c: Character) -> None:
    """``set Sheriff clan Ventrue generation 9`` would take "Ventrue generation 9" for the
    clan: no clan's name holds a number, so it is refused with the two commands it meant."""
    at = next((i for i, w in enumerate(args.words) if w.strip().isdigit()), None)
    if at is None or at < 2:
        return
    name = f'"{c.name}"' if " " in c.name else c.name
    raise args.fail(
        "set.clan_and_more",
        verb=VerbWord("set"),
        who=name,
        clan=" ".join(args.words[: at - 1]),
        rest=" ".join(args.words[at - 1 :]),
    )


def set_clan_disciplines(args: Args, c: Character, what: str) -> Set:
    """The character's own clan Disciplines (a house, an antitribu); none: the table's."""
    own = parse_disciplines(args.words)
    args.words.clear()
    new = replace(c, clan_disciplines=own)
    told = {"name": c.name, "trait": what, "disciplines": list(own)}
    if own:
        return new, Msg("ack.set.clan_disciplines", disciplines=list(own)), told
    table = list(in_clan(c.clan)) or Msg("ack.set.clan_disciplines.none")
    return new, Msg("ack.set.clan_disciplines.cleared", disciplines=table), told


def set_archetype(args: Args, c: Character, what: str) -> Set:
    """Nature or Demeanour: free text, empty clears it."""
    archetype = clean_name(args.rest(f"what.{what}_text"))
    new = replace(c, nature=archetype) if what == "nature" else replace(c, demeanour=archetype)
    return new, Msg(f"ack.set.{what}", text=text_shown(getattr(c, what), archetype)), None


def set_notes(args: Args, c: Character, what: str) -> Set:
    notes = clean_text(args.rest("what.notes_text"), multiline=True)
    return replace(c, notes=notes), notes_note(c.notes, notes), None


FLAG_REFUSALS = {
    "supernatural": "set.yes_no",
    "player": "set.player_yes_no",
    "hidden": "set.hidden_yes_no",
}


def set_flag(args: Args, c: Character, what: str) -> Set:
    """Supernatural, player or hidden: yes or no, told in the reader's words however typed.
    Only an NPC is kept off the players' view: a player's character is the table's own."""
    flag = args.take("what.yes_no").casefold()
    args.done()
    if flag not in YES_NO:
        raise args.fail(FLAG_REFUSALS[what])
    flagged = YES_NO[flag]
    if what == "hidden" and flagged and c.player:
        raise args.fail("set.hidden_player", who=c.name)
    if what == "player" and flagged and c.hidden:
        raise args.fail("set.player_hidden", who=c.name)
    if what == "player":
        new = replace(c, player=flagged)
    elif what == "hidden":
        new = replace(c, hidden=flagged)
    else:
        new = replace(c, supernatural=flagged)
    said = "yes" if flagged else "no"
    detail = Msg(f"ack.set.{what}", flag=Msg(f"set.flag.{said}"))
    return new, detail, {"name": c.name, "trait": what, "flag": said}


FIELDS: dict[str, Callable[[Args, Character, str], Set]] = {
    "path": set_path,  # (only when a name follows; a rating alone sets the Path's rating)
    "road": set_path,
    "specialty": set_specialty_of,
    "armour": set_armour,
    "armor": set_armour,
    "clan": set_clan,
    "clan-disciplines": set_clan_disciplines,
    "nature": set_archetype,
    "demeanour": set_archetype,
    "notes": set_notes,
    "supernatural": set_flag,
    "player": set_flag,
    "hidden": set_flag,
}


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
