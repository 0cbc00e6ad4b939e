"""The open extended actions, kept in the state as plain JSON (RULES.md §1 "Extended"; V20
p. 268; cheat sheet "Продолжительная: одна и та же проверка через равные промежутки").

``State.extended`` maps an action's number (as text, ``"1"``) to what it rolls and how far it
has come. It is stored and diffed like the fight: a table of plain values, so undo and replay
patch it without consulting the rules. A finished or abandoned action leaves the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from elysium.chronicle.errors import Invalid
from elysium.chronicle.text import clean_name

MAX_OPEN = 100  # open actions at once: a sanity bound for a file read from disk
MAX_TARGET = 100  # successes an action may ask for (a long ritual, not a lifetime)
MAX_WHAT = 80  # characters in an action's label

_INTS = {
    "target": (1, MAX_TARGET),
    "difficulty": (2, 10),
    "accumulated": (0, 10**6),
    "rolls": (0, 10**6),
    "botches": (0, 10**6),
}


def extended_out(value: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    return {k: dict(v) for k, v in value.items()}


def extended_in(value: Any) -> dict[str, dict[str, Any]]:
    """The table read from a file, every value checked (ValueError when it is not one)."""
    if value is None:
        return {}
    if not isinstance(value, dict) or len(value) > MAX_OPEN:
        raise Invalid("state.extended")
    return {_number(k): _action(v) for k, v in value.items()}


def _number(key: Any) -> str:
    if not isinstance(key, str) or not key.isdigit() or len(key) > 6:
        raise Invalid("state.extended")
    return key


def _action(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise Invalid("state.extended")
    out: dict[str, Any] = {}
    for name, (low, high) in _INTS.items():
        n = raw.get(name)
        if isinstance(n, bool) or not isinstance(n, int) or not low <= n <= high:
            raise Invalid("state.extended")
        out[name] = n
    what = raw.get("what")
    if not isinstance(what, str) or not what or len(what) > MAX_WHAT:
        raise Invalid("state.extended")
    out["what"] = clean_name(what) or "?"
    for name in ("who", "key", "traits"):
        text = raw.get(name)
        if text is not None and (not isinstance(text, str) or len(text) > 200):
            raise Invalid("state.extended")
        out[name] = clean_name(text) if name == "who" and text else text
    pool = raw.get("pool")
    if pool is not None and (isinstance(pool, bool) or not isinstance(pool, int) or pool < 1):
        raise Invalid("state.extended")
    out["pool"] = pool
    out["spec"] = bool(raw.get("spec", False))
    if (out["key"] is None) == (pool is None):  # a character's traits, or a bare pool
        raise Invalid("state.extended")
    vs = raw.get("vs")
    if vs is not None:  # extended and resisted: the rival and its successes
        opposed = raw.get("opposed")
        if isinstance(opposed, bool) or not isinstance(opposed, int) or opposed < 0:
            raise Invalid("state.extended")
        if not isinstance(vs, dict) or not set(ROLLER) <= set(vs):
            raise Invalid("state.extended")
        rival = _action({**raw, **vs, "vs": None})
        out["vs"] = {k: rival[k] for k in ROLLER}
        out["opposed"] = opposed
    return out


ROLLER = ("who", "key", "traits", "pool", "spec", "difficulty")


def next_number(value: Mapping[str, Any], last: int = 0) -> str:
    """The number for a new action: one past the highest open (or ``last``)."""
    return str(max([last, *(int(k) for k in value)]) + 1)
