"""Import characters from JSON or TOML: all of them or none.

A file holds ``characters``: a list of tables, each with ``name`` and ``kind`` and any of
``generation``, ``clan``, ``template``, ``attributes``, ``abilities``, ``disciplines``,
``backgrounds``, ``virtues``, ``humanity`` or ``path`` (with ``path_rating``),
``willpower`` and ``blood`` (a rating, or ``{"rating", "current"}`` and ``{"current"}``),
``health`` (``{"bashing", "lethal", "aggravated"}``), ``nature``, ``demeanour``, ``xp``,
``specialties``, ``notes``, ``clan_disciplines`` (a list: the character's own clan
Disciplines, for experience costs) and the rest of what ``state --json`` writes. Every value
goes through the same validation as ``set``. Two other shapes are read: what
``elysium state --json`` writes (:mod:`elysium.chronicle.readback`) and a Foundry VTT actor
(:mod:`elysium.chronicle.foundry`); what they hold that the sheet cannot is said, a line each.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from elysium.chronicle.commands.merits import given
from elysium.chronicle.errors import CommandError
from elysium.chronicle.foundry import TAKEN_AS, actor_entry, is_actor
from elysium.chronicle.jsonsafe import loads, loads_toml
from elysium.chronicle.readback import SAME, is_state_character, state_entry
from elysium.chronicle.text import clean_name, clean_text, name_key
from elysium.i18n.message import Msg
from elysium.rules.character import (
    Character,
    from_template,
    new_character,
    set_specialty,
    set_trait,
    with_path,
)
from elysium.rules.clans import check_clan, parse_disciplines
from elysium.rules.errors import RulesError
from elysium.rules.health import HealthTrack
from elysium.rules.merits import FLAW, MERIT, check_list, merit_from
from elysium.rules.profiles import Profile
from elysium.rules.traits import parse_kind

MAX_FILE = 2 * 1024 * 1024
# Every field of the sheet that ``state --json`` writes as it is, and the import format's own
# (ratings by group, a Path by name, pools as ``{rating, current}``, a template to start from).
KNOWN = {
    *SAME,
    "abilities",
    "blood",
    "clan_disciplines",
    "disciplines",
    "health",
    "humanity",
    "path",
    "path_rating",
    "template",
    "willpower",
}
HEALTH_FIELDS = {"bashing", "lethal", "aggravated", "condition"}
# The rest of the sheet as its stored form names it (``rested`` is ``aggravated_rested``):
# read through :meth:`Character.from_dict`, which checks every value's shape.
STORED = {
    "xp": "xp",
    "derangements": "derangements",
    "derangements_due": "derangements_due",
    "rested": "aggravated_rested",
    "load": "load",
    "armour": "armour",
    "powers": "powers",
    "player": "player",
    "hidden": "hidden",
    "bonds": "bonds",
    "staked": "staked",
    "frenzy": "frenzy",
    "rotschreck": "fear",
    "conditions": "conditions",
}


@dataclass(frozen=True, slots=True)
class Imported:
    """A file's entries in the import format, and what of it they leave out (a line each,
    said after the import)."""

    entries: list[dict[str, Any]]
    skipped: list[Msg]


def read_import(path: Path) -> Imported:
    """A JSON or TOML file's entries (by its ending, else by content), whichever of the
    three shapes it holds: Elysium's import format, ``state --json`` (one character or the
    whole state), or a Foundry actor (one, or a list)."""
    data = _parse(path)
    if is_actor(data) or (isinstance(data, list) and data and all(map(is_actor, data))):
        actors = data if isinstance(data, list) else [data]
        try:
            converted = [actor_entry(a) for a in actors]
        except CommandError as exc:
            raise CommandError("import.foundry_where", name=path.name, error=exc) from None
    else:
        if isinstance(data, dict) and "characters" not in data and is_state_character(data):
            data = [data]  # one character of ``state --json``
        if isinstance(data, dict):
            data = data.get("characters")
        if not isinstance(data, list) or not data:
            raise CommandError("import.no_characters", name=path.name)
        if not all(isinstance(e, dict) for e in data):
            raise CommandError("import.not_tables", name=path.name)
        converted = [_entry(i, e) for i, e in enumerate(data, start=1)]
    skipped = []
    for entry, lines in converted:
        who = clean_name(entry["name"]) if isinstance(entry.get("name"), str) else "?"
        for line in lines:  # a value changed on its way in, or a thing left out
            said = "import.taken_as" if line.key in TAKEN_AS else "import.skipped"
            skipped.append(Msg(said, who=who, what=line))
    return Imported([entry for entry, _ in converted], skipped)


def _entry(n: int, e: dict[str, Any]) -> tuple[dict[str, Any], list[Msg]]:
    """One entry in the import format: as it is, or read from ``state --json``'s shape."""
    if not is_state_character(e):
        return e, []
    try:
        return state_entry(e)
    except CommandError as exc:
        label = e.get("name") if isinstance(e.get("name"), str) else None
        where = Msg("import.character_named", n=n, name=clean_name(label)) if label else None
        raise CommandError(
            "import.where", where=where or Msg("import.character", n=n), error=exc
        ) from None


def _parse(path: Path) -> Any:
    """The file's value, as JSON or TOML."""
    raw = _read(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CommandError("import.not_utf8", name=path.name) from None
    data: Any
    if path.suffix.lower() == ".toml":
        data = _toml(text, path)
    else:
        try:
            data = loads(text)
        except ValueError as exc:
            if path.suffix.lower() == ".json" or "nested" in str(exc):
                raise CommandError("import.not_json", name=path.name, why=exc) from None
            data = _toml(text, path)
    return data


def _read(path: Path) -> bytes:
    """The file's bytes: a regular file only (a FIFO or a device would hang or never
    end), at most :data:`MAX_FILE`."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise CommandError("import.cannot_read", name=path.name, why=exc.strerror) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise CommandError("import.not_regular", name=path.name)
        if info.st_size > MAX_FILE:
            raise CommandError("import.too_large", name=path.name, most=MAX_FILE // 1024)
        with os.fdopen(os.dup(fd), "rb") as f:
            raw = f.read(MAX_FILE + 1)
    except OSError as exc:
        raise CommandError("import.cannot_read", name=path.name, why=exc.strerror) from None
    finally:
        os.close(fd)
    if len(raw) > MAX_FILE:
        raise CommandError("import.too_large", name=path.name, most=MAX_FILE // 1024)
    return raw


def _toml(text: str, path: Path) -> Any:
    try:
        return loads_toml(text)
    except ValueError as exc:
        raise CommandError("import.neither", name=path.name, why=exc) from None


def build(entries: list[dict[str, Any]], profile: Profile, existing: set[str]) -> list[Character]:
    """Characters from entries; the first problem stops the import with its position."""
    out: list[Character] = []
    seen = set(existing)
    for i, entry in enumerate(entries, start=1):
        where = Msg("import.character", n=i)
        try:
            c = _one(entry, profile)
        except (RulesError, CommandError) as exc:
            label = entry.get("name") if isinstance(entry.get("name"), str) else None
            if label:
                where = Msg("import.character_named", n=i, name=clean_name(label))
            raise CommandError("import.where", where=where, error=exc) from None
        key = name_key(c.name)
        if key in seen:
            raise CommandError("import.where", where=where, error=Msg("import.taken", name=c.name))
        seen.add(key)
        out.append(c)
    return out


def _one(e: dict[str, Any], profile: Profile) -> Character:
    unknown = sorted(set(e) - KNOWN)
    if unknown:
        raise CommandError("import.unknown_field", field=unknown[0], fields=sorted(KNOWN))
    name = e.get("name")
    if not isinstance(name, str) or not clean_name(name):
        raise CommandError("import.needs_name")
    name = clean_name(name)
    template = e.get("template")
    if template is not None:
        c = from_template(name, str(template))
    else:
        kind = parse_kind(str(e.get("kind", "mortal")))
        gen = e.get("generation")
        if gen is not None and (isinstance(gen, bool) or not isinstance(gen, int)):
            raise CommandError("import.generation")
        c = new_character(name, kind, gen)
    c = _traits(c, e, profile)
    if "path" in e:
        c = with_path(c, str(e["path"]), e.get("path_rating"))
    if "humanity" in e:
        c = set_trait(c, "humanity", e["humanity"], profile)
    c = _pools(c, e, profile)
    c = _words(c, e)
    c = _stored(c, e)
    if c.player and c.hidden:  # as ``set NAME hidden yes`` refuses it
        raise CommandError("set.hidden_player", who=c.name)
    return c


def _traits(c: Character, e: dict[str, Any], profile: Profile) -> Character:
    """Attributes, Abilities, Disciplines, Backgrounds and Virtues, each as ``set`` takes it."""
    for group in ("attributes", "abilities", "disciplines", "backgrounds", "virtues"):
        table = e.get(group) or {}
        if not isinstance(table, dict):
            raise CommandError(f"import.{group}_table")
        for trait, value in table.items():
            # Known names are checked (a typo gets a suggestion); write discipline:NAME or
            # ability:NAME for a trait outside the lists.
            prefix = "ability:" if group == "abilities" and profile.key != "v20" else ""
            prefix = "background:" if group == "backgrounds" else prefix
            name = trait if ":" in trait else f"{prefix}{trait}"
            c = set_trait(c, name, value, profile)
    return c


def _pools(c: Character, e: dict[str, Any], profile: Profile) -> Character:
    """Willpower and blood, as a rating or as ``{"rating", "current"}``; the damage taken."""
    willpower = e.get("willpower")
    if isinstance(willpower, dict):
        c = set_trait(c, "willpower", willpower.get("rating", c.willpower), profile)
        c = set_trait(c, "willpower-points", willpower.get("current", c.willpower), profile)
    elif willpower is not None:
        c = set_trait(c, "willpower", willpower, profile)
    blood = e.get("blood")
    if isinstance(blood, dict):
        blood = blood.get("current", c.blood)
    if blood is not None:
        c = set_trait(c, "blood", blood, profile)
    health = e.get("health")
    if health is not None:
        if not isinstance(health, dict) or not set(health) <= HEALTH_FIELDS:
            raise CommandError("import.health_table")
        for key, value in health.items():
            if key != "condition" and (isinstance(value, bool) or not isinstance(value, int)):
                raise CommandError("import.health_table")
        try:
            track = HealthTrack(**health)
        except TypeError:
            raise CommandError("import.health_table") from None
        c = replace(c, health=track)
    return c


def _words(c: Character, e: dict[str, Any]) -> Character:
    """Clan, Nature, Demeanour, notes and specialties: the sheet's text."""
    if "clan" in e:
        c = replace(c, clan=clean_name(str(e["clan"])))
    if "clan_disciplines" in e:
        own = e["clan_disciplines"]
        if not isinstance(own, list) or not all(isinstance(d, str) for d in own):
            raise CommandError("import.clan_disciplines_list")
        c = replace(c, clan_disciplines=parse_disciplines(own))
    check_clan(c.clan, c.clan_disciplines)
    if "nature" in e:
        c = replace(c, nature=clean_name(_text(e, "nature")))
    if "demeanour" in e:
        c = replace(c, demeanour=clean_name(_text(e, "demeanour")))
    if "notes" in e:
        c = replace(c, notes=clean_text(_text(e, "notes"), multiline=True))
    if "supernatural" in e:
        c = replace(c, supernatural=bool(e["supernatural"]))
    specialties = e.get("specialties") or {}
    if not isinstance(specialties, dict) or not all(
        isinstance(v, str) for v in specialties.values()
    ):
        raise CommandError("import.specialties_table")
    for trait, text in specialties.items():
        c = set_specialty(c, trait, clean_text(text))
    for group, sort in (("merits", MERIT), ("flaws", FLAW)):  # lists of {"name", "points"}
        if group in e:
            if not isinstance(e[group], list):
                raise CommandError("import.merits_list", field=group, fields=["name", "points"])
            listed = [merit_from(m, sort) for m in e[group]]
            cleaned = tuple(replace(m, name=clean_name(m.name)) for m in listed)
            c = given(c, sort, check_list(cleaned, sort))
    return c


def _text(e: dict[str, Any], key: str) -> str:
    """A text field; a number is taken as its digits, as the import always took it."""
    value = e[key]
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise CommandError("import.not_text", field=key)
    return str(value)


def _stored(c: Character, e: dict[str, Any]) -> Character:
    """Experience, derangements, armour, powers and the Beast's checks, read as a save is."""
    extra = {STORED[k]: v for k, v in e.items() if k in STORED and v is not None}
    if not extra:
        return c
    if isinstance(extra.get("derangements"), list):
        extra["derangements"] = [
            clean_name(d) if isinstance(d, str) else d for d in extra["derangements"]
        ]
    return Character.from_dict({**c.to_dict(), **extra})
