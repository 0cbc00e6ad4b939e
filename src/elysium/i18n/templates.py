"""Filling a catalog's text with values, in a language.

Templates are ``str.format`` strings with a few extra field formats:

``{n:n:пункт|пункта|пунктов}``  the number and its noun in the right plural form;
``{n:w:пункт|пункта|пунктов}``  the noun alone;
``{kind:t:kind}``                the value looked up as a catalog key (``kind.vampire``);
``{names:l}``                    a list joined with commas (items may be messages too);
``{parts:j}``                    a list run together (pieces that bring their own "; ");
``{notes:s}``                    a list joined with semicolons;
``{name:q}``                     user text quoted as Python would (``'Bob'``).

A value that is itself a message (or anything with ``render(lang)``) is told in the same
language. No words here: the catalog to look keys up in is passed in.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Renderable(Protocol):
    def render(self, lang: str = "en") -> str: ...


def renders(value: object) -> bool:
    """Whether ``value`` tells itself in a language: what ``isinstance(value, Renderable)``
    answers, without typing's protocol check (tens of microseconds a value, and a log or a
    recap asks it for every value of every line)."""
    return getattr(value, "render", None) is not None


def plural_form(n: int, lang: str) -> int:
    """Which of a word's forms goes with ``n``: English one|other, Russian one|few|many."""
    n = abs(n)
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    return 0 if n == 1 else 1


class _Teller(string.Formatter):
    def __init__(self, lang: str, lookup: Callable[[str, str], str | None]) -> None:
        self.lang = lang
        self.lookup = lookup

    def format_field(self, value: Any, format_spec: str) -> str:
        kind, _, arg = format_spec.partition(":")
        joiner = ", "
        if kind in ("l", "j", "s"):
            joiner = {"l": ", ", "j": "", "s": "; "}[kind]
            format_spec = arg  # the items' own format, if any
            kind, _, arg = arg.partition(":")
            if not isinstance(value, (list, tuple, frozenset, set)):
                value = [value]  # one item where a list may stand
        if isinstance(value, (list, tuple, frozenset, set)):
            items = sorted(value) if isinstance(value, (set, frozenset)) else value
            return joiner.join(self.format_field(v, format_spec) for v in items)
        if renders(value) and not isinstance(value, str):
            value = value.render(self.lang)
        if kind in ("n", "w"):
            forms = arg.split("|")
            try:
                count = int(value)
            except (TypeError, ValueError):
                count = 0
            word = forms[min(plural_form(count, self.lang), len(forms) - 1)]
            return word if kind == "w" else f"{value} {word}"
        if kind == "t":
            found = self.lookup(f"{arg}.{value}", self.lang)
            group, colon, own = str(value).partition(":")
            if found is None and arg == "trait" and colon:  # discipline:NAME, the house's own
                named = self.lookup(f"trait_group.{group}", self.lang)
                found = f"{named}:{own}" if named is not None else None
            return found if found is not None else str(value)
        if kind == "q":
            return repr(str(value))
        return super().format_field(value, format_spec)


_PLAIN_VALUES = (str, int, float, bool, type(None))


@lru_cache(maxsize=8192)
def _plain_fields(template: str) -> bool:
    """Whether no field of ``template`` has a format of its own (``{n}``, not ``{n:n:…}``)."""
    try:
        # (the text after the last field comes with no spec at all, None)
        return all(not spec for _text, _field, spec, _conv in string.Formatter().parse(template))
    except ValueError:
        return False


def tell(template: str, lang: str, values: Mapping[str, Any], lookup) -> str:
    """``template`` filled with ``values`` for ``lang`` (see the module's formats)."""
    if not values:
        return template
    if _plain_fields(template) and all(type(v) in _PLAIN_VALUES for v in values.values()):
        # Plain fields and plain values: str.format says the same, without the Formatter
        # written in Python (a log or a recap tells hundreds of thousands of lines).
        try:
            return template.format_map(values)
        except (KeyError, IndexError, ValueError, AttributeError):
            pass  # told below, as it always was (with the values shown)
    try:
        return _Teller(lang, lookup).vformat(template, (), values)
    except (KeyError, IndexError, ValueError, AttributeError):
        # A catalog slip must never hide what happened: show the values as they are.
        shown = ", ".join(f"{k}={v}" for k, v in values.items())
        return f"{template} ({shown})"
