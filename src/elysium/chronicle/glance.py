"""A glance at an event: its number, type, time and a few fields of its data, read from its
checksummed bytes without building an :class:`~elysium.chronicle.events.Event`.

``stats`` reads four fields of tens of thousands of rolls; parsing every record whole and
validating it as an event costs most of its time. A glance takes only a record laid out as
Elysium writes an event whose data is flat (strings, whole numbers, ``true``/``false``/
``null`` and lists of whole numbers, as a plain roll's is): its bytes are then matched
against that layout whole, which proves they are JSON that
:meth:`Event.from_dict <elysium.chronicle.events.Event.from_dict>` accepts without cleaning
any text, and the fields asked for are the values the full parse would give. Anything else
(nested data, escapes, text that would be cleaned, another layout) is no glance (None): the
reader decodes the record as always, so a malformed record is found and named exactly as
before. Only records whose checksum the stream verified are glanced at.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

from elysium.chronicle.events import MAX_TEXT, SCHEMA_VERSION
from elysium.chronicle.jsonsafe import loads_text
from elysium.chronicle.text import UNCLEAN

# A string with nothing to unescape or clean; a whole number as JSON writes one (bounded,
# so that no conversion can fail); any flat value.
_STR = f'"[^"\\\\{UNCLEAN}]*"'
_INT = r"-?(?:0|[1-9][0-9]{0,17})"
_VALUE = rf"(?:{_STR}|{_INT}|true|false|null|\[(?:{_INT}(?:,{_INT})*)?\])"
_HEAD = '{"changes":'
_DEEPEST = 30  # containers in the changes (their depth can be no more)
_LITERALS: dict[str, Any] = {"true": True, "false": False, "null": None}


@lru_cache(maxsize=8)
def _layout(fields: tuple[str, ...]) -> re.Pattern[str]:
    """The bytes after the changes, as Elysium writes them: the command; the data holding
    each of ``fields`` once, in the order written (sorted), among other flat values (no
    other pair may name one of them); the number (1..MAX_SEQ); the time, its chapter first
    (numbers 0..MAX_TIME); the type, the version and the wall time, to the end."""
    assert list(fields) == sorted(set(fields)), "fields in the order an event writes them"
    other = f'(?!"(?:{"|".join(map(re.escape, fields))})"){_STR}:{_VALUE}'
    data = [f'(?:{other},)*"{re.escape(fields[0])}":({_VALUE})']
    data += [f'(?:,{other})*,"{re.escape(f)}":({_VALUE})' for f in fields[1:]]
    number = "(?:0|[1-9][0-9]{0,8})"
    return re.compile(
        rf',"cmd":({_STR}),"data":\{{{"".join(data)}(?:,{other})*\}},'
        rf'"seq":([1-9][0-9]{{0,11}}),"time":\{{"chapter":({number})(?:,(?!"chapter"){_STR}:{number})*\}},'
        rf'"type":"([a-z_]{{1,40}})","v":([1-9]),"wall":{_STR}\}}\Z'
    )


class Glance(NamedTuple):
    """What a reader asked of an event (duck-typed as one by the readers of these fields)."""

    seq: int
    type: str
    time: dict[str, int]  # only its chapter
    data: dict[str, Any]  # only the fields asked for


def glance(body: bytes, fields: tuple[str, ...]) -> Glance | None:
    """The event in a record's verified bytes, with only ``fields`` of its data (sorted);
    None when the record is not laid out so, or lacks one of them (decode it then)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not text.startswith(_HEAD):
        return None
    cut = text.find(',"cmd":', len(_HEAD))
    m = _layout(fields).match(text, cut) if cut > 0 else None
    if m is None:
        return None
    groups = m.groups()
    n = len(fields)
    cmd, (seq, chapter, kind, version) = groups[0], groups[n + 1 :]
    if int(version) > SCHEMA_VERSION or len(cmd) - 2 > MAX_TEXT:
        return None
    changes = text[len(_HEAD) : cut]
    if changes != "{}":
        # Any JSON object whose parse ends where the command begins (as the whole parse
        # would read it); not too deep to matter.
        if changes.count("{") + changes.count("[") > _DEEPEST:
            return None
        try:
            if not isinstance(loads_text(changes), dict):
                return None
        except ValueError:
            return None
    data = {k: _value(v) for k, v in zip(fields, groups[1 : n + 1], strict=True)}
    return Glance(int(seq), kind, {"chapter": int(chapter)}, data)


def _value(raw: str) -> Any:
    first = raw[0]
    if first == '"':
        return raw[1:-1]
    if first == "[":
        return [int(n) for n in raw[1:-1].split(",")] if len(raw) > 2 else []
    if first in "tfn":
        return _LITERALS[raw]
    return int(raw)
