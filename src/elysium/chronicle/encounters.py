"""Saved encounters, kept in the state as plain JSON: a group of NPC sheets under a name.

``State.encounters`` maps an encounter's name key (:func:`name_key`) to its name as typed and
the sheets saved in it, each as :meth:`Character.to_dict` gives it. It is diffed and patched
like the open extended actions, so saving, adding and forgetting one undo and replay without
the rules, and another machine reading the journal has the same groups.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from elysium.chronicle.errors import Invalid
from elysium.chronicle.text import clean_name, clean_text, name_key
from elysium.rules.errors import RulesError
from elysium.rules.sheet import Character

MAX_ENCOUNTERS = 100  # saved groups at once: a sanity bound for a file read from disk
MAX_SHEETS = 30  # sheets in one group: a scene's worth, not an army
MAX_NAME = 60  # characters in an encounter's name, as in a character's


def encounters_out(value: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    return {k: {"name": v["name"], "sheets": list(v["sheets"])} for k, v in value.items()}


def encounters_in(value: Any) -> dict[str, dict[str, Any]]:
    """The table read from a file, every sheet rebuilt and checked (ValueError if not one)."""
    if value is None:
        return {}
    if not isinstance(value, dict) or len(value) > MAX_ENCOUNTERS:
        raise Invalid("state.encounters")
    return {_key(k): _group(v) for k, v in value.items()}


def _key(key: Any) -> str:
    if not isinstance(key, str) or not key or len(key) > MAX_NAME or key != name_key(key):
        raise Invalid("state.encounters")
    return key


def _group(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise Invalid("state.encounters")
    name, sheets = raw.get("name"), raw.get("sheets")
    if not isinstance(name, str) or not clean_name(name) or len(name) > MAX_NAME:
        raise Invalid("state.encounters")
    if not isinstance(sheets, list) or not 1 <= len(sheets) <= MAX_SHEETS:
        raise Invalid("state.encounters")
    try:
        checked = [Character.from_dict(s).to_dict() for s in sheets]
    except (RulesError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise Invalid("state.encounters") from exc
    for sheet in checked:  # text from disk is neutralised like typed text
        sheet["name"] = clean_name(sheet["name"]) or "?"
        sheet["notes"] = clean_text(str(sheet.get("notes", "")), multiline=True)
    return {"name": clean_name(name), "sheets": checked}
