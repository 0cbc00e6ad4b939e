"""Messages as keys with values, told in a language only when someone reads them.

A refusal or an acknowledgement is built where the facts are (``Msg("xp.not_enough",
who=…, cost=…, have=…)``) and rendered by the catalog of the reader's language
(:func:`elysium.i18n.catalog.t`, which fills it as :mod:`elysium.i18n.templates` says).
The rules raise these: this module imports nothing of ours at import time, and holds no
words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Msg:
    """A message key and its values; ``render(lang)`` tells it, ``str()`` in English."""

    __slots__ = ("key", "values")

    def __init__(self, key: str, /, **values: Any) -> None:
        self.key = key
        self.values = values

    def render(self, lang: str = "en") -> str:
        from elysium.i18n.catalog import t  # the words, read when someone reads the message

        return t(self.key, lang, **self.values)

    def __str__(self) -> str:
        return self.render("en")

    def __repr__(self) -> str:
        return f"Msg({self.key!r}, {self.values!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.key, self.values) == (other.key, other.values)

    def __hash__(self) -> int:
        return hash(self.key)


class Told:
    """Text that depends on the language but is computed, not a catalog entry (a roll's
    verdict, a health track): ``Told(lambda lang: verdict(result, lang))``."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[str], str]) -> None:
        self.fn = fn

    def render(self, lang: str = "en") -> str:
        return self.fn(lang)

    def __str__(self) -> str:
        return self.fn("en")


class Refusal(Exception):
    """An error a person reads: a message key with values, told in their language.

    ``str(error)`` is the English sentence (logs, tests); ``error.render(lang)`` is what a
    front end shows. Raised as ``SomeError("xp.not_enough", who=…, cost=…)``.
    """

    def __init__(self, key: str | Msg, /, **values: Any) -> None:
        self.msg = key if isinstance(key, Msg) else Msg(key, **values)
        super().__init__(self.msg.key)

    @property
    def key(self) -> str:
        return self.msg.key

    @property
    def values(self) -> dict[str, Any]:
        return self.msg.values

    def render(self, lang: str = "en") -> str:
        return self.msg.render(lang)

    def __str__(self) -> str:
        return self.msg.render("en")
