"""User text is data: control characters are neutralised on the way in and on load.

A name like ``"\\x1b]0;pwned\\x07Marcus"`` must never reach a terminal as an escape
sequence, and must not silently vanish either: every C0 and C1 control character (and DEL)
becomes U+FFFD, the visible replacement character. Markup such as ``[red]`` is left as typed;
the front ends render text literally.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

REPLACEMENT = "\ufffd"
# Everything clean_text would change; a string without a match is left as it is (fast).
# Bidirectional overrides and zero-width characters too: a name must look like what it is.
_DECEPTIVE = "\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff"
# The characters clean_text changes, as the inside of a character class.
UNCLEAN = f"\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff{_DECEPTIVE}"
_NEEDS_CLEANING = re.compile(f"[{UNCLEAN}]")


_DECEPTIVE_RE = re.compile(f"[{_DECEPTIVE}]")


def _is_control(ch: str) -> bool:
    code = ord(ch)
    return code < 0x20 or 0x7F <= code <= 0x9F or unicodedata.category(ch) in ("Cs",)


def clean_text(text: str, *, multiline: bool = False) -> str:
    """Replace control characters; tabs become spaces; newlines survive only if allowed."""
    if not _NEEDS_CLEANING.search(text):
        return text  # the common case, decided at C speed
    out = []
    for ch in text:
        if ch == "\t":
            out.append(" ")
        elif ch == "\n" and multiline:
            out.append(ch)
        elif ch in "\r\n":
            out.append(" ")
        elif _is_control(ch) or ch in ("\u2028", "\u2029") or _DECEPTIVE_RE.match(ch):
            out.append(REPLACEMENT)
        else:
            out.append(ch)
    return "".join(out)


def clean_name(text: str) -> str:
    """A name: neutralised and with runs of spaces folded."""
    return " ".join(clean_text(text).split())


def name_key(name: str) -> str:
    """Names are case-insensitive: the key a character is stored and looked up under."""
    return clean_name(name).casefold()


def plain_json(text: str) -> bool:
    """Whether every string in this JSON text is already clean: no escapes (which could
    spell a control character) and nothing :func:`clean_text` would change. Then
    :func:`clean_deep` of the parsed value is the value itself, and can be skipped."""
    return "\\" not in text and not _NEEDS_CLEANING.search(text)


# Bytes that begin, in UTF-8, a character :func:`plain_json` refuses: C0 controls, DEL and
# the backslash themselves; C2 (C1 controls), E2 (separators, zero-width and direction
# marks) and EF (the byte order mark) lead such characters and many harmless ones.
_SUSPECT = bytes([*range(0x20), 0x7F, 0x5C, 0xC2, 0xE2, 0xEF])
_INNOCENT = bytes(b for b in range(256) if b not in _SUSPECT)


def plain_json_bytes(raw: bytes) -> bool:
    """:func:`plain_json` of valid UTF-8 text, answered from its bytes (a record's bytes:
    most hold a dash or a Russian quote, and a character-class search over the text costs
    more than the parse it saves)."""
    rest = raw.translate(None, _INNOCENT)
    if not rest:
        return True
    if rest.strip(b"\xc2\xe2\xef"):
        return False  # a control character or a backslash
    for lead, bad in ((0xC2, _bad_c2), (0xE2, _bad_e2), (0xEF, _bad_ef)):
        if lead in rest:
            i = raw.find(lead)
            while i >= 0:
                if bad(raw[i + 1 : i + 3]):
                    return False
                i = raw.find(lead, i + 1)
    return True


def _bad_c2(tail: bytes) -> bool:
    return 0x80 <= tail[0] <= 0x9F  # U+0080..U+009F


def _bad_e2(tail: bytes) -> bool:
    second, third = tail[0], tail[1]
    if second == 0x80:  # U+200B..U+200F, U+2028..U+202E
        return 0x8B <= third <= 0x8F or 0xA8 <= third <= 0xAE
    return second == 0x81 and 0xA0 <= third <= 0xA9  # U+2060..U+2069


def _bad_ef(tail: bytes) -> bool:
    return tail == b"\xbb\xbf"  # U+FEFF


def clean_deep(value: Any) -> Any:
    """Every string inside a JSON value neutralised (newlines kept): text read from a file
    reaches a terminal only as data."""
    if isinstance(value, str):
        return clean_text(value, multiline=True) if _NEEDS_CLEANING.search(value) else value
    if isinstance(value, dict):
        return {clean_deep(k): clean_deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clean_deep(v) for v in value]
    return value
