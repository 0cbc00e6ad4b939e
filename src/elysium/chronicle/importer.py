"""Import characters from JSON or TOML: all of them or none.

A file holds ``characters``: a list of tables, each with ``name`` and ``kind`` and any of
``generation``, ``clan``, ``template``, ``attributes``, ``abilities``, ``disciplines``,
``virtues``, ``humanity`` or ``path`` (with ``path_rating``), ``willpower``, ``blood``,
``specialties``, ``notes``, ``clan_disciplines`` (a list: the character's own clan
Disciplines, for experience costs). Every value goes through the same validation as ``set``.
"""

from __future__ import annotations

import os
import stat
from dataclasses import replace
from pathlib import Path
from typing import Any

from elysium.chronicle.commands.merits import given
from elysium.chronicle.errors import CommandError
from elysium.chronicle.jsonsafe import loads, loads_toml
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
from elysium.rules.merits import FLAW, MERIT, check_list, merit_from
from elysium.rules.profiles import Profile
from elysium.rules.traits import parse_kind

MAX_FILE = 2 * 1024 * 1024
KNOWN = {
    "name",
    "kind",
    "generation",
    "clan",
    "clan_disciplines",
    "template",
    "attributes",
    "abilities",
    "disciplines",
    "virtues",
    "humanity",
    "path",
    "path_rating",
    "willpower",
    "blood",
    "specialties",
    "notes",
    "supernatural",
    "merits",
    "flaws",
}


def read_file(path: Path) -> list[dict[str, Any]]:
    """The character entries of a JSON or TOML file (by its ending, else by content)."""
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
    if isinstance(data, dict):
        data = data.get("characters")
    if not isinstance(data, list) or not data:
        raise CommandError("import.no_characters", name=path.name)
    if not all(isinstance(e, dict) for e in data):
        raise CommandError("import.not_tables", name=path.name)
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
    for group in ("attributes", "abilities", "disciplines", "virtues"):
        table = e.get(group) or {}
        if not isinstance(table, dict):
            raise CommandError(f"import.{group}_table")
        for trait, value in table.items():
            # Known names are checked (a typo gets a suggestion); write discipline:NAME or
            # ability:NAME for a trait outside the lists.
            prefix = "ability:" if group == "abilities" and profile.key != "v20" else ""
            name = trait if ":" in trait else f"{prefix}{trait}"
            c = set_trait(c, name, value, profile)
    if "path" in e:
        c = with_path(c, str(e["path"]), e.get("path_rating"))
    if "humanity" in e:
        c = set_trait(c, "humanity", e["humanity"], profile)
    if "willpower" in e:
        c = set_trait(c, "willpower", e["willpower"], profile)
    if "blood" in e:
        c = set_trait(c, "blood", e["blood"], profile)
    if "clan" in e:
        c = replace(c, clan=clean_name(str(e["clan"])))
    if "clan_disciplines" in e:
        own = e["clan_disciplines"]
        if not isinstance(own, list) or not all(isinstance(d, str) for d in own):
            raise CommandError("import.clan_disciplines_list")
        c = replace(c, clan_disciplines=parse_disciplines(own))
    check_clan(c.clan, c.clan_disciplines)
    if "notes" in e:
        c = replace(c, notes=clean_text(str(e["notes"]), multiline=True))
    if "supernatural" in e:
        c = replace(c, supernatural=bool(e["supernatural"]))
    specialties = e.get("specialties") or {}
    if not isinstance(specialties, dict) or not all(
        isinstance(v, str) for v in specialties.values()
    ):
        raise CommandError("import.specialties_table")
    for trait, text in specialties.items():
        c = set_specialty(c, trait, text)
    for group, sort in (("merits", MERIT), ("flaws", FLAW)):  # lists of {"name", "points"}
        if group in e:
            if not isinstance(e[group], list):
                raise CommandError("import.merits_list", field=group, fields=["name", "points"])
            listed = [merit_from(m, sort) for m in e[group]]
            cleaned = tuple(replace(m, name=clean_name(m.name)) for m in listed)
            c = given(c, sort, check_list(cleaned, sort))
    return c
