"""Checking the JSON shape of a record against a dataclass's type hints.

A character read back from a save is JSON: before it becomes a :class:`Character`, every
field must have the type its annotation promises (a list where a table belongs, a string
where a rating belongs, an enormous number) or the rules would fail far from the cause.
Each hint is turned once into a small checking function (cached), so checking a chronicle's
characters on every open costs little. Pure: types in, a RulesError out.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from elysium.rules.errors import RulesError

MAX_INT = 10**6  # no rating, count or total in a chronicle comes near this
MAX_STR = 100_000

Checker = Callable[[Any, str], None]


def check(value: Any, hint: Any, where: str) -> None:
    """RulesError naming ``where`` if ``value`` (decoded JSON) does not fit ``hint``."""
    _checker(hint)(value, where)


def check_record(value: Any, cls: type, where: str) -> None:
    """A JSON object holding (some of) a dataclass's fields, each of the right type."""
    _checker(cls)(value, where)


def _fail(key: str, **values: Any) -> typing.NoReturn:
    raise RulesError(key, **values)


def _anything(value: Any, where: str) -> None:
    pass


def _empty(value: Any, where: str) -> None:
    if value is not None:
        _fail("shape.not_empty", where=where)


def _boolean(value: Any, where: str) -> None:
    if not isinstance(value, bool):
        _fail("shape.not_bool", where=where)


def _whole(value: Any, where: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_INT:
        _fail("shape.not_int", where=where, max=MAX_INT)


def _text(value: Any, where: str) -> None:
    if not isinstance(value, str) or len(value) > MAX_STR:
        _fail("shape.not_text", where=where)


# The hints that need no arguments: checked as they are.
PLAIN: dict[Any, Checker] = {
    Any: _anything,
    type(None): _empty,
    bool: _boolean,
    int: _whole,
    str: _text,
}


@functools.cache
def _checker(hint: Any) -> Checker:
    """The checking function for ``hint``: made once, from the checkers of its parts."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return _union([_checker(option) for option in args])
    plain = PLAIN.get(hint)
    if plain is not None:
        return plain
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _member(hint)
    if origin in (Mapping, dict):
        return _table(_checker(args[0]), _checker(args[1]))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence(_checker(args[0]))
        return _fixed([_checker(a) for a in args], [str(i) for i in range(len(args))])
    if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):
        return _named(hint)
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return _record(hint)
    raise RulesError("shape.unknown_hint", hint=hint)  # pragma: no cover


def _union(options: list[Checker]) -> Checker:
    """Any one option will do; the first option's refusal says why none did."""

    def union(value: Any, where: str) -> None:
        first = None
        for option in options:
            try:
                option(value, where)
                return
            except RulesError as exc:
                first = first or exc
        raise first or RulesError("shape.wrong_type", where=where)

    return union


def _member(hint: type[enum.Enum]) -> Checker:
    """An enum member, or one of its values as JSON holds it."""
    allowed = {m.value for m in hint}
    names = ", ".join(str(v) for v in allowed)

    def member(value: Any, where: str) -> None:
        if not isinstance(value, hint) and (
            isinstance(value, (dict, list)) or value not in allowed
        ):
            _fail("shape.not_member", where=where, names=names)

    return member


def _table(key_check: Checker, value_check: Checker) -> Checker:
    def table(value: Any, where: str) -> None:
        if not isinstance(value, dict):
            _fail("shape.not_table", where=where)
        for k, v in value.items():
            key_check(k, f"{where} key")
            value_check(v, f"{where}[{str(k)[:30]}]")

    return table


def _sequence(item: Checker) -> Checker:
    def sequence(value: Any, where: str) -> None:
        if not isinstance(value, (list, tuple)):
            _fail("shape.not_list", where=where)
        for i, v in enumerate(value):
            item(v, f"{where}[{i}]")

    return sequence


def _named(hint: type) -> Checker:
    """A named tuple: built already, or a list with one entry per field."""
    hints = _hints(hint)
    names = list(hint._fields)  # type: ignore[attr-defined]
    fixed = _fixed([_checker(hints[n]) for n in names], names)
    return lambda value, where: None if isinstance(value, hint) else fixed(value, where)


def _record(hint: type) -> Checker:
    """A dataclass: built already, or a JSON object holding some of its fields."""
    fields = {name: _checker(h) for name, h in _hints(hint).items()}

    def record(value: Any, where: str) -> None:
        if isinstance(value, hint):
            return  # an object already built (not read from a file)
        if not isinstance(value, dict):
            _fail("shape.not_table", where=where)
        for key, v in value.items():
            inner = fields.get(key)
            if inner is None:
                _fail("shape.unknown_field", where=where, field=str(key)[:30])
            inner(v, f"{where}.{key}")

    return record


def _fixed(checks: list[Checker], names: list[str]) -> Checker:
    def fixed(value: Any, where: str) -> None:
        if not isinstance(value, (list, tuple)) or len(value) != len(checks):
            _fail("shape.entries", where=where, n=len(checks))
        for v, inner, name in zip(value, checks, names, strict=True):
            inner(v, f"{where}.{name}")

    return fixed


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """A class's resolved type hints (resolving them is slow; they never change)."""
    hints = typing.get_type_hints(cls)
    if dataclasses.is_dataclass(cls):
        names = {f.name for f in dataclasses.fields(cls)}
        return {k: v for k, v in hints.items() if k in names}
    return hints
