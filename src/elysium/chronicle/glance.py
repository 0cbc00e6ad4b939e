"""A glance at an event: its number, type, time and a few fields of its data, read from its
checksummed bytes without building an :class:`~elysium.chronicle.events.Event`.

``stats`` reads four fields of tens of thousands of rolls; parsing every record whole and
validating it as an event costs most of its time. A glance takes only a record laid out as
Elysium writes an event whose data is flat (strings, whole numbers, ``true``/``false``/
``null`` and lists of whole numbers, as a plain roll's is): its bytes are then matched
against that layout whole, which proves they are JSON that
:meth:`Event.from_dict <elysium.chronicle.events.Event.from_dict>` accepts, and the fields
asked for are the values the full parse would give (a field whose text cleaning would
change is no glance; other text may hold such, as it is not given). Anything else (nested
data, escapes, another layout) is no glance (None): the reader decodes the record as
always, so a malformed record is found and named exactly as before. Only records whose
checksum the stream verified are glanced at.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from elysium.chronicle.events import MAX_TEXT, SCHEMA_VERSION
from elysium.chronicle.jsonsafe import loads_text
from elysium.chronicle.text import UNCLEAN

# A JSON string with nothing to unescape (no backslash, no control character, which JSON
# refuses); one that is also clean (what clean_text changes, it need not: a field read);
# a whole number as JSON writes one (bounded, so that no conversion can fail); any flat
# value, the ones that begin with a sign of their own first (one alone can match).
_STR = r'"[^"\\\x00-\x1f]*+"'
_CLEAN = f'"[^"\\\\{UNCLEAN}]*+"'
_INT = r"-?(?:0|[1-9][0-9]{0,17}+)"
_LIST = rf"\[(?:{_INT}(?:,{_INT})*+)?\]"
_VALUE = f"(?:{_STR}|false|true|null|{_LIST}|{_INT})"
_FIELD = f"(?:{_CLEAN}|false|true|null|{_LIST}|{_INT})"  # a value read
_HEAD = '{"changes":'
_BARE = '{"changes":{},"cmd":'  # (no changes: most rolls)
_DEEPEST = 30  # containers in the changes (their depth can be no more)
_LITERALS: dict[str, Any] = {"true": True, "false": False, "null": None}
assert 1 <= SCHEMA_VERSION <= 9


@lru_cache(maxsize=8)
def _layout(fields: tuple[str, ...]) -> re.Pattern[str]:
    """The text after the changes, as Elysium writes it: the command (MAX_TEXT at most);
    the data holding each of ``fields`` once, in the order written (sorted), among other
    flat values (no other pair may name one of them); the number (1..MAX_SEQ); the time,
    its chapter first (numbers 0..MAX_TIME); the type, the version (SCHEMA_VERSION at
    most) and the wall time, to the end. (Possessive repeats: none could give back what
    the rest would take, as no other pair names a field; sre keeps no state for them.)"""
    assert list(fields) == sorted(set(fields)), "fields in the order an event writes them"
    other = f'(?!"(?:{"|".join(map(re.escape, fields))})"){_STR}:{_VALUE}'
    data = [f'(?:{other},)*+"{re.escape(fields[0])}":({_FIELD})']
    data += [f'(?:,{other})*+,"{re.escape(f)}":({_FIELD})' for f in fields[1:]]
    number = "(?:0|[1-9][0-9]{0,8}+)"
    return re.compile(
        rf'"[^"\\\x00-\x1f]{{0,{MAX_TEXT}}}+","data":\{{{"".join(data)}(?:,{other})*+\}},'
        rf'"seq":([1-9][0-9]{{0,11}}+),"time":\{{"chapter":({number})'
        rf'(?:,(?!"chapter"){_STR}:{number})*+\}},'
        rf'"type":"([a-z_]{{1,40}}+)","v":[1-{SCHEMA_VERSION}],"wall":{_STR}\}}\Z'
    )


class Glance(NamedTuple):
    """What a reader asked of an event (duck-typed as one by the readers of these fields)."""

    seq: int
    type: str
    time: dict[str, int]  # only its chapter
    data: dict[str, Any]  # only the fields asked for


class Texts(NamedTuple):
    """A glance with the fields asked for as their JSON texts (each read by :func:`value`):
    for a reader that reads many alike, each distinct text once."""

    seq: int
    type: str
    time: dict[str, int]  # only its chapter
    texts: tuple[str, ...]  # the fields asked for, in their order


def glance(body: bytes, fields: tuple[str, ...]) -> Glance | None:
    """The event in a record's verified bytes, with only ``fields`` of its data (sorted);
    None when the record is not laid out so, or lacks one of them (decode it then)."""
    seen = texts_reader(fields)(body)
    if seen is None:
        return None
    data = {k: value(v) for k, v in zip(fields, seen.texts, strict=True)}
    return Glance(seen.seq, seen.type, seen.time, data)


@lru_cache(maxsize=8)
def texts_reader(fields: tuple[str, ...]) -> Callable[[bytes], Texts | None]:
    """:func:`glance` for these fields, the fields left as their JSON texts: made once, as
    a reader of many records calls it for each (nothing is looked up again)."""
    layout, n = _layout(fields).match, len(fields)
    make = tuple.__new__  # (a Texts made without its Python __new__)

    def read(body: bytes) -> Texts | None:
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            return None
        if text.startswith(_BARE):
            m = layout(text, len(_BARE))
        else:
            cut = _after_changes(text)
            m = layout(text, cut) if cut else None
        if m is None:
            return None
        groups = m.groups()
        seq, chapter, kind = groups[n:]
        return make(Texts, (int(seq), kind, {"chapter": int(chapter)}, groups[:n]))

    return read


def _after_changes(text: str) -> int:
    """Where the command's text begins, when the text begins with changes that are any
    JSON object whose parse ends there (as the whole parse would read it), not too deep to
    matter; else 0."""
    cut = text.find(',"cmd":', len(_HEAD)) if text.startswith(_HEAD) else -1
    changes = text[len(_HEAD) : cut]
    if cut < 0 or changes.count("{") + changes.count("[") > _DEEPEST:
        return 0
    try:
        return cut + 7 if isinstance(loads_text(changes), dict) else 0
    except ValueError:
        return 0


def value(text: str) -> Any:
    """The value of a field's JSON text as a glance matched it (a flat value)."""
    first = text[0]
    if first == '"':
        return text[1:-1]
    if first == "[":
        return [int(n) for n in text[1:-1].split(",")] if len(text) > 2 else []
    if first in "tfn":
        return _LITERALS[text]
    return int(text)
