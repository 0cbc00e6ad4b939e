"""Checking the JSON shape of a record against a dataclass's type hints.

A character read back from a save is JSON: before it becomes a :class:`Character`, every
field must have the type its annotation promises (a list where a table belongs, a string
where a rating belongs, an enormous number) or the rules would fail far from the cause.
Pure: types in, a RulesError out.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Mapping
from typing import Any

from elysium.rules.errors import RulesError

MAX_INT = 10**6  # no rating, count or total in a chronicle comes near this
MAX_STR = 100_000


def check(value: Any, hint: Any, where: str) -> None:
    """RulesError naming ``where`` if ``value`` (decoded JSON) does not fit ``hint``."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return
    if origin in (typing.Union, types.UnionType):
        errors = []
        for option in args:
            try:
                check(value, option, where)
                return
            except RulesError as exc:
                errors.append(str(exc))
        raise RulesError(errors[0] if errors else f"{where} has the wrong type")
    if hint is type(None):
        if value is not None:
            raise RulesError(f"{where} must be empty")
        return
    if hint is bool:
        if not isinstance(value, bool):
            raise RulesError(f"{where} must be true or false")
        return
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_INT:
            raise RulesError(f"{where} must be a whole number up to {MAX_INT:,}")
        return
    if hint is str:
        if not isinstance(value, str) or len(value) > MAX_STR:
            raise RulesError(f"{where} must be text")
        return
    built = isinstance(hint, type) and hint not in (int, str, bool)
    if built and not isinstance(value, (dict, list)) and isinstance(value, hint):
        return  # an object already built (not read from a file)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        if value not in {m.value for m in hint}:
            raise RulesError(f"{where} must be one of {', '.join(str(m.value) for m in hint)}")
        return
    if origin in (Mapping, dict):
        if not isinstance(value, dict):
            raise RulesError(f"{where} must be a table")
        for k, v in value.items():
            check(k, args[0], f"{where} key")
            check(v, args[1], f"{where}[{str(k)[:30]}]")
        return
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise RulesError(f"{where} must be a list")
        if len(args) == 2 and args[1] is Ellipsis:
            for i, v in enumerate(value):
                check(v, args[0], f"{where}[{i}]")
        elif len(value) != len(args):
            raise RulesError(f"{where} must have {len(args)} entries")
        else:
            for i, (v, h) in enumerate(zip(value, args, strict=True)):
                check(v, h, f"{where}[{i}]")
        return
    if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):
        hints = _hints(hint)
        if not isinstance(value, (list, tuple)) or len(value) != len(hint._fields):
            raise RulesError(f"{where} must have {len(hint._fields)} entries")
        for v, name in zip(value, hint._fields, strict=True):
            check(v, hints[name], f"{where}.{name}")
        return
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        check_record(value, hint, where)
        return
    raise RulesError(f"{where} has a type this version cannot check")  # pragma: no cover


def check_record(value: Any, cls: type, where: str) -> None:
    """A JSON object holding (some of) a dataclass's fields, each of the right type."""
    if not isinstance(value, dict):
        raise RulesError(f"{where} must be a table")
    hints = _hints(cls)
    for key, v in value.items():
        if key not in hints:
            raise RulesError(f"{where} has an unknown field {str(key)[:30]!r}")
        check(v, hints[key], f"{where}.{key}")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """A class's resolved type hints (resolving them is slow; they never change)."""
    hints = typing.get_type_hints(cls)
    if dataclasses.is_dataclass(cls):
        names = {f.name for f in dataclasses.fields(cls)}
        return {k: v for k, v in hints.items() if k in names}
    return hints
