"""The one place a players' view is accepted: ``view.json`` is hostile input.

``elysium share`` publishes the view to a directory the table's Unix group can write, so
anyone in the group can put anything there. Before the players' screen or ``elysium serve``
uses a view, it is read here, bounded, and checked as a whole:

- at most :data:`MAX_BYTES` are read (a 50 MB file is refused after reading one more byte
  than that, never parsed), from a regular file only (a FIFO would block the reader);
- parsed by :func:`elysium.chronicle.jsonsafe.loads` (bounded nesting, finite numbers);
- every field the front ends read is checked for its type, its range (whole numbers
  bounded, the heartbeat's pid a pid), and its size (text lengths, list lengths), then
  copied into a new view: what is not in the schema is dropped, so nothing unchecked
  reaches a renderer;
- every string is neutralised as the Storyteller's own typed names are
  (:func:`elysium.chronicle.text.clean_text`, :func:`clean_name`): an escape sequence or a
  C1 control becomes a visible U+FFFD, never a byte sent to a player's terminal.

What fails is a :class:`ViewRefused` saying why in the reader's language.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from elysium.chronicle.errors import Invalid, StoreError
from elysium.chronicle.jsonsafe import loads
from elysium.chronicle.text import clean_name, clean_text
from elysium.chronicle.validate import PHASES, ShapeError
from elysium.i18n.message import Msg
from elysium.rules.conditions import MAX_CONDITIONS
from elysium.rules.traits import Kind

FORMAT = "elysium-players"
VERSION = 2  # 2: a player's character carries its sheet (``characters[].sheet``)
READ_VERSIONS = (1, 2)  # a view an older writer published still reads (without sheets)
MAX_BYTES = 1 << 20  # a players' view is a few KB; a chronicle with 1,000 NPCs is ~150 KB
MAX_WHOLE = 10**6  # no count, rating or initiative in a view comes near this
PID_MAX = 1 << 22  # Linux's largest possible pid (PID_MAX_LIMIT); others' are smaller
MAX_NAME = 1_000  # a character's or a chronicle's name (characters are capped at 60)
MAX_LINE = 10_000  # a roll's line (a teamwork roll of many names is the longest)
MAX_WORD = 200  # a phase, an outcome, a time stamp, a host name
MAX_PEOPLE = 1_000  # characters, places in the order, names in the queue
MAX_ROLLS = 100  # the view carries the latest 12
MAX_FACES = 1_000  # a pool is at most 100 dice; tens rerolled add some
MAX_TRAITS = 200  # one group of a sheet's traits (30 printed Abilities, a few more)
LANGS = ("en", "ru")

Shape = Callable[[Any, str], Any]


class ViewRefused(StoreError):
    """A ``view.json`` that is not a players' view this Elysium can show (``why``: a
    message, when there is more to say than the key)."""


def read_view(path: Path) -> dict[str, Any] | None:
    """The view in ``path``, checked and cleaned; None when there is no file (withdrawn,
    or not yet published). ViewRefused when the file is not a good view; StoreError when
    it cannot be read."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreError("players.unreadable", path=path, why=exc.strerror) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ViewRefused("players.bad_view", path=path, why=Msg("players.not_regular"))
        if info.st_size > MAX_BYTES:
            raise ViewRefused("players.bad_view", path=path, why=_too_big())
        data = _read_at_most(fd, MAX_BYTES + 1)
    except OSError as exc:
        raise StoreError("players.unreadable", path=path, why=exc.strerror) from None
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:  # it grew while being read
        raise ViewRefused("players.bad_view", path=path, why=_too_big())
    return accept(data, path)


def _read_at_most(fd: int, most: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < most and (chunk := os.read(fd, min(1 << 16, most - size))):
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _too_big() -> Msg:
    return Msg("players.too_big", most=MAX_BYTES)


def accept(raw: bytes | Any, path: Path | str = "view.json") -> dict[str, Any]:
    """``raw`` (the file's bytes, or a value already parsed) as a checked, cleaned view,
    or ViewRefused saying what is wrong with it."""
    if isinstance(raw, bytes | str):
        try:
            data = loads(raw)
        except Invalid as exc:
            raise ViewRefused("players.bad_view", path=path, why=exc.msg) from None
    else:
        data = raw
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ViewRefused("players.not_a_view", path=path)
    version = data.get("version")
    if version not in READ_VERSIONS or isinstance(version, bool):
        shown = version if isinstance(version, int) else clean_text(str(version)[:20])
        raise ViewRefused("players.view_version", path=path, version=shown, known=VERSION)
    try:
        view: dict[str, Any] = _VIEW(data, "")  # a field's place from the top: characters[0]
    except ShapeError as exc:
        raise ViewRefused("players.bad_view", path=path, why=exc.msg) from None
    for row in view.get("characters") or []:
        if not row.get("player"):  # an NPC's sheet is never the table's, whoever wrote it
            row.pop("sheet", None)
    return view


# Shapes: each checks a value and returns it clean (a new container: only known fields).


def whole(low: int = 0, high: int = MAX_WHOLE) -> Shape:
    def shape(value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ShapeError("shape.whole", where=where, low=low, high=high)
        return value

    return shape


def text(most: int = MAX_WORD, tidy: Callable[[str], str] = clean_text) -> Shape:
    def shape(value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise ShapeError("shape.text", where=where)
        if len(value) > most:
            raise ShapeError("shape.text_long", where=where, most=most)
        return tidy(value)

    return shape


def flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ShapeError("shape.flag", where=where)
    return value


def optional(inner: Shape) -> Shape:
    def shape(value: Any, where: str) -> Any:
        return None if value is None else inner(value, where)

    return shape


def one_of(allowed: tuple[str, ...]) -> Shape:
    def shape(value: Any, where: str) -> str:
        if value not in allowed:
            raise ShapeError("shape.one_of", where=where, allowed=list(allowed))
        return str(value)

    return shape


def list_of(inner: Shape, most: int) -> Shape:
    def shape(value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise ShapeError("shape.list", where=where)
        if len(value) > most:
            raise ShapeError("shape.list_long", where=where, most=most)
        return [inner(item, f"{where}[{i}]") for i, item in enumerate(value)]

    return shape


def table_of(inner: Shape, most: int) -> Shape:
    """An object of names to values (a sheet's traits): every name a name, at most ``most``."""

    def shape(value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise ShapeError("shape.table", where=where)
        if len(value) > most:
            raise ShapeError("shape.table_long", where=where, most=most)
        return {NAME(k, where): inner(v, f"{where}.{k}"[:MAX_WORD]) for k, v in value.items()}

    return shape


def record(fields: dict[str, Shape], required: tuple[str, ...] = ()) -> Shape:
    """An object: the known fields checked and kept, the required ones there, any other
    dropped (a newer writer may add some; nothing here would read them)."""

    def shape(value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise ShapeError("shape.table", where=where)
        for key in required:
            if key not in value:
                raise ShapeError("shape.lacks", where=where, field=key)
        inside = f"{where}." if where else ""
        return {k: inner(value[k], inside + k) for k, inner in fields.items() if k in value}

    return shape


NAME = text(MAX_NAME, clean_name)
WORDS = record({lang: text(MAX_LINE) for lang in LANGS})  # {"en": ..., "ru": ...}
TIME = record({part: whole() for part in ("night", "chapter", "scene", "turn")})
POINTS = whole(-MAX_WHOLE)

_FIGHT = record(
    {
        "round": whole(),
        "phase": optional(one_of(PHASES)),
        "order": list_of(
            record(
                {
                    "name": optional(NAME),
                    "initiative": optional(whole(-MAX_WHOLE)),
                    "together": flag,
                    "declared": flag,
                    "declaration": optional(text(MAX_LINE)),
                }
            ),
            MAX_PEOPLE,
        ),
        "acting": optional(NAME),
        "declaring": optional(NAME),
        "next": list_of(NAME, MAX_PEOPLE),
    }
)

RATINGS = table_of(whole(), MAX_TRAITS)

_SHEET = record(
    {
        "kind": one_of(tuple(k.value for k in Kind)),
        "clan": NAME,
        "generation": optional(whole(1, 20)),
        "nature": NAME,
        "demeanour": NAME,
        "attributes": RATINGS,
        "abilities": RATINGS,
        "disciplines": RATINGS,
        "backgrounds": RATINGS,
        "virtues": RATINGS,
        "morality": record({"name": NAME, "rating": whole()}, required=("name", "rating")),
        "specialties": table_of(text(MAX_NAME, clean_name), MAX_TRAITS),
        "xp": whole(),
    }
)

_CHARACTER = record(
    {
        "name": NAME,
        "player": flag,
        "wounds": WORDS,
        "health": record(
            {
                "bashing": whole(),
                "lethal": whole(),
                "aggravated": whole(),
                "marks": record({lang: text(MAX_WORD) for lang in LANGS}),
                "penalty": whole(-MAX_WHOLE),
            }
        ),
        "willpower": record({"points": POINTS, "rating": POINTS}),
        "blood": record({"points": POINTS, "max": POINTS}),
        "conditions": list_of(WORDS, MAX_CONDITIONS),
        "sheet": _SHEET,
    },
    required=("name",),
)

_ROLL = record(
    {
        "type": text(),
        "who": NAME,
        "time": optional(TIME),
        "line": WORDS,
        "faces": list_of(whole(-MAX_WHOLE), MAX_FACES),
        "outcome": optional(text()),
        "successes": optional(whole(-MAX_WHOLE)),
    },
    required=("line",),
)

_WRITER = record(
    {
        "pid": whole(1, PID_MAX),
        "host": text(255),
        "updated": text(),
        "stopped": flag,
    }
)

_VIEW = record(
    {
        "format": one_of((FORMAT,)),
        "version": whole(READ_VERSIONS[0], VERSION),
        "chronicle": NAME,
        "time": TIME,
        "fight": optional(_FIGHT),
        "characters": list_of(_CHARACTER, MAX_PEOPLE),
        "rolls": list_of(_ROLL, MAX_ROLLS),
        "writer": _WRITER,
    },
    required=("format", "version"),
)
