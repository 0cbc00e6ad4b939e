"""Reading a Foundry actor's values safely: a table where a table belongs, text, whole
numbers (Foundry keeps some as digit strings), items with names. A value of the wrong type
stops the import with the field's name, in one line."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from elysium.chronicle.errors import CommandError
from elysium.chronicle.text import clean_name, clean_text

SHOWN = 40  # characters of a value shown in a line
MOST = 1000  # no rating or amount on a sheet comes near; a bigger number is a damaged file
DIGITS = re.compile(r"\s*-?\d{1,6}\s*")


def actor_items(actor: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The actor's items (Disciplines, Backgrounds, Merits, gear): a list of tables."""
    items = actor.get("items", [])
    if not isinstance(items, list) or not all(isinstance(i, Mapping) for i in items):
        raise CommandError("import.foundry_list", field="items")
    return items


def item_type(item: Mapping[str, Any]) -> str:
    """What an item is (``wod.types.discipline``): the system's ``system.type``, or ""."""
    system = item.get("system")
    return str(system.get("type", "")) if isinstance(system, Mapping) else ""


def item_name(item: Mapping[str, Any]) -> str:
    """An item's name, cleaned as any name: it becomes a trait's name or a line's word."""
    name = item.get("name")
    if not isinstance(name, str) or not clean_name(name):
        raise CommandError("import.foundry_item_name")
    return clean_name(name)[:SHOWN]


def table(node: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """``node[key]`` as a table; empty when the actor has none."""
    value = node.get(key, {})
    if not isinstance(value, Mapping):
        raise CommandError("import.foundry_table", field=key)
    return value


def text_at(node: Mapping[str, Any], key: str, *, multiline: bool = False) -> str:
    """``node[key]`` as text, its control characters neutralised; empty when missing."""
    value = node.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise CommandError("import.not_text", field=f"system.{key}")
    return clean_text(value, multiline=True) if multiline else clean_name(value)


def whole(node: Mapping[str, Any], path: str, default: Any, where: str = "") -> Any:
    """A whole number at ``path`` (dotted) in the table found at ``where``, or ``default``;
    Foundry keeps some numbers as digit strings."""
    value: Any = node
    for part in path.split("."):
        value = value.get(part) if isinstance(value, Mapping) else None
    if value is None or value == "":
        return default
    if isinstance(value, str) and DIGITS.fullmatch(value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MOST:
        field = f"{where}.{path}" if where else path
        raise CommandError("import.foundry_number", field=field, value=str(value)[:SHOWN])
    return value
