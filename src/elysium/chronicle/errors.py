"""Errors the chronicle reports to a Storyteller: one sentence, never a traceback."""

from __future__ import annotations

from typing import Any

from elysium.i18n.message import Msg, Refusal
from elysium.i18n.templates import renders


class ChronicleError(Refusal):
    """Base class: a message key with values, told in the reader's language."""


class StoreError(ChronicleError):
    """A save problem: locked, unreadable, damaged, disk full, a refused file."""


class LockedError(StoreError):
    """Another process has the chronicle open for writing."""


class CommandError(ChronicleError):
    """A command that could not be understood or that the rules refuse."""


class NotRegularError(StoreError):
    """A save file's name holds a symlink, a FIFO, a directory: never read or written
    through, but ``elysium repair`` can set it aside."""


class Invalid(Refusal, ValueError):
    """Content read from a file that is not what it must be: why, in a few words (a
    message key with values; still a ValueError to the code that reads)."""


class Line(str):
    """One line of a report (what opening, ``check`` or ``repair`` found): the English
    sentence as a plain string, for logs, tests and older callers, carrying its message so
    a front end tells it in the reader's language with :meth:`render`. Pass ``line.msg``,
    not the line, as a value of another message (a string is shown as it is)."""

    msg: Msg

    def __new__(cls, key: str | Msg, /, **values: Any) -> Line:
        msg = key if isinstance(key, Msg) else Msg(key, **values)
        self = super().__new__(cls, msg.render("en"))
        self.msg = msg
        return self

    def render(self, lang: str = "en") -> str:
        return self.msg.render(lang)


def told(what: object, lang: str) -> str:
    """A message, a refusal or a report line in ``lang``; anything else as it is."""
    if renders(what):
        return what.render(lang)  # type: ignore[attr-defined]
    return str(what)


def detail(exc: Exception) -> str:
    """Why something failed, kept for a later report: a refusal as a :class:`Line` (told
    in any language), any other error as its English text."""
    return Line(exc.msg) if isinstance(exc, Refusal) else str(exc)


def reason(exc: Exception) -> Msg | str:
    """Why something failed, as a value of another message: a refusal's message (told in
    the reader's language), any other error's English text."""
    return exc.msg if isinstance(exc, Refusal) else str(exc)


def brief(exc: Exception, width: int) -> Msg | str:
    """:func:`reason`, at most ``width`` characters in English (cut, when longer)."""
    text = str(exc)
    return exc.msg if isinstance(exc, Refusal) and len(text) <= width else text[:width]


def value(line: object) -> object:
    """A report line as a value of another message: its message, so it is told in the same
    language (a plain string is shown as it is)."""
    return line.msg if isinstance(line, Line) else line


def repair_hint(root: object) -> Msg:
    """The way out that every message about damage names."""
    return Msg("store.repair_hint", root=root)
