"""JSON read from disk is untrusted: bounded nesting, finite numbers, one clear error.

``json.loads`` alone turns a crafted file into a RecursionError (deep nesting), an
OverflowError later (``1e999`` becomes infinity) or NaN in the rules. Everything the
chronicle reads from a file comes through :func:`loads`, which raises ``ValueError`` with a
short reason instead, and :func:`canonical` is the one byte form that checksums and digests
are computed over.
"""

from __future__ import annotations

import json
import math
from typing import Any

from elysium.chronicle.errors import Invalid

MAX_DEPTH = 40  # our files nest about 8 deep; a snapshot's combat block is the deepest


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Invalid("json.number_range", number=text[:20])
    return value


MAX_DIGITS = 40  # no number of ours is longer; Python refuses 4,300 digits in its own words


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise Invalid("json.long_number", digits=len(text.lstrip("-")))
    return int(text)


def _constant(text: str) -> Any:
    raise Invalid("json.constant", text=text)


_DECODER = json.JSONDecoder(parse_float=_float, parse_int=_int, parse_constant=_constant)
# The same decoder with Python's own int: the C scanner then makes every whole number
# itself instead of calling _int for each (a third of a record's parse). It reads exactly
# what _DECODER reads wherever no number is longer than MAX_DIGITS, which
# :func:`short_numbers` answers for the text's bytes.
_SHORT = json.JSONDecoder(parse_float=_float, parse_constant=_constant)
# Every digit made "0" and every other byte " ": a number too long is a run of zeros.
_DIGITS = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
_TOO_LONG = b"0" * (MAX_DIGITS + 1)


def short_numbers(raw: bytes) -> bool:
    """Whether no run of digits in ``raw`` (a JSON text's UTF-8 bytes) is longer than
    :data:`MAX_DIGITS`, so no number in it is (digits inside a string count too: such a
    text is merely parsed the slower way)."""
    return _TOO_LONG not in raw.translate(_DIGITS)


def loads(raw: bytes | str) -> Any:
    """Parse JSON from disk; ValueError (never RecursionError or OverflowError) if it is
    not JSON, nests deeper than :data:`MAX_DEPTH`, or holds a non-finite number."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise Invalid("json.not_utf8") from None
    return loads_text(text)


def loads_text(text: str, short: bool = False) -> Any:
    """:func:`loads` for text already decoded (``short``: :func:`short_numbers` of its
    bytes holds, so the faster decoder reads the same)."""
    try:
        if text.startswith("\ufeff"):  # as json.loads says it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        value = _decoded(_SHORT if short else _DECODER, text)
    except json.JSONDecodeError as exc:
        raise Invalid("json.invalid", why=exc.msg, pos=exc.pos) from None
    except RecursionError:
        raise Invalid("json.nested", most=MAX_DEPTH) from None
    except Invalid:
        raise
    except ValueError:  # anything else Python refuses to read as a number
        raise Invalid("json.number_unreadable") from None
    if text.count("{") + text.count("[") > MAX_DEPTH:  # else it cannot nest that deep
        check_depth(value)
    return value


def _decoded(decoder: json.JSONDecoder, text: str) -> Any:
    """``decoder.decode(text)``, by its scanner alone when the text is one value with no
    whitespace around it (as every record is); anything else, an error included, is left
    to ``decode``, which says it in its own words."""
    if text and text[0] not in " \t\n\r":
        try:
            value, end = decoder.scan_once(text, 0)  # type: ignore[attr-defined]
        except StopIteration:
            pass
        else:
            if end == len(text):
                return value
    return decoder.decode(text)


def check_depth(value: Any, limit: int = MAX_DEPTH) -> None:
    """ValueError if containers nest deeper than ``limit`` (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            raise Invalid("json.nested", most=limit)
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node if isinstance(v, (dict, list)))


def loads_toml(text: str, limit: int = MAX_DEPTH) -> dict[str, Any]:
    """``tomllib.loads`` with its nesting bounded (``Invalid`` past ``limit``): tomllib
    parses nesting by recursion, and thousands of ``[`` would exhaust the stack."""
    import tomllib  # a config file or an import is read: not at every start

    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise Invalid("json.nested", most=limit) from None
    check_depth(data, limit)
    return data


def canonical(obj: Any) -> bytes:
    """The one byte form of a value: sorted keys, no spaces, UTF-8."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()


def digest(data: bytes) -> str:
    import hashlib  # OpenSSL's, loaded when something is first digested, not at import

    return hashlib.sha256(data).hexdigest()
