"""Import characters from JSON or TOML: all of them or none.

A file holds ``characters``: a list of tables, each with ``name`` and ``kind`` and any of
``generation``, ``clan``, ``template``, ``attributes``, ``abilities``, ``disciplines``,
``virtues``, ``humanity`` or ``path`` (with ``path_rating``), ``willpower``, ``blood``,
``specialties``, ``notes``. Every value goes through the same validation as ``set``.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from elysium.chronicle.errors import CommandError
from elysium.chronicle.text import clean_name, clean_text, name_key
from elysium.rules.character import (
    Character,
    from_template,
    new_character,
    set_specialty,
    set_trait,
    with_path,
)
from elysium.rules.errors import RulesError
from elysium.rules.profiles import Profile
from elysium.rules.traits import parse_kind

MAX_FILE = 2 * 1024 * 1024
KNOWN = {
    "name",
    "kind",
    "generation",
    "clan",
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
}


def read_file(path: Path) -> list[dict[str, Any]]:
    """The character entries of a JSON or TOML file (by its ending, else by content)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CommandError(f"cannot read {path.name}: {exc.strerror}") from None
    if len(raw) > MAX_FILE:
        raise CommandError(f"{path.name} is larger than {MAX_FILE // 1024} KiB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CommandError(f"{path.name} is not UTF-8 text") from None
    data: Any
    if path.suffix.lower() == ".toml":
        data = _toml(text, path)
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            if path.suffix.lower() == ".json":
                raise CommandError(
                    f"{path.name} is not valid JSON: {exc.msg} at line {exc.lineno}"
                ) from None
            data = _toml(text, path)
    if isinstance(data, dict):
        data = data.get("characters")
    if not isinstance(data, list) or not data:
        raise CommandError(f"{path.name} has no characters: give a list under 'characters'")
    if not all(isinstance(e, dict) for e in data):
        raise CommandError(f"{path.name}: every character must be a table of fields")
    return data


def _toml(text: str, path: Path) -> Any:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CommandError(f"{path.name} is neither valid JSON nor TOML: {exc}") from None


def build(entries: list[dict[str, Any]], profile: Profile, existing: set[str]) -> list[Character]:
    """Characters from entries; the first problem stops the import with its position."""
    out: list[Character] = []
    seen = set(existing)
    for i, entry in enumerate(entries, start=1):
        where = f"character {i}"
        try:
            c = _one(entry, profile)
        except (RulesError, CommandError) as exc:
            label = entry.get("name") if isinstance(entry.get("name"), str) else None
            if label:
                where += f" ({clean_name(label)})"
            raise CommandError(f"{where}: {exc}") from None
        key = name_key(c.name)
        if key in seen:
            raise CommandError(f"{where}: there is already a character named {c.name!r}")
        seen.add(key)
        out.append(c)
    return out


def _one(e: dict[str, Any], profile: Profile) -> Character:
    unknown = sorted(set(e) - KNOWN)
    if unknown:
        raise CommandError(f"unknown field {unknown[0]!r}; fields: {', '.join(sorted(KNOWN))}")
    name = e.get("name")
    if not isinstance(name, str) or not clean_name(name):
        raise CommandError("needs a name")
    name = clean_name(name)
    template = e.get("template")
    if template is not None:
        c = from_template(name, str(template))
    else:
        kind = parse_kind(str(e.get("kind", "mortal")))
        gen = e.get("generation")
        if gen is not None and (isinstance(gen, bool) or not isinstance(gen, int)):
            raise CommandError("generation must be a whole number")
        c = new_character(name, kind, gen)
    for group in ("attributes", "abilities", "disciplines", "virtues"):
        table = e.get(group) or {}
        if not isinstance(table, dict):
            raise CommandError(f"{group} must be a table of trait = rating")
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
    if "notes" in e:
        c = replace(c, notes=clean_text(str(e["notes"]), multiline=True))
    if "supernatural" in e:
        c = replace(c, supernatural=bool(e["supernatural"]))
    for trait, text in dict(e.get("specialties") or {}).items():
        c = set_specialty(c, trait, str(text))
    return c
