"""What an argument's text means: argparse ``type=`` functions whose error says, in the
reader's language, what is allowed (argparse names the argument)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from elysium.chronicle.errors import told
from elysium.cli.words import reader_lang
from elysium.i18n import Msg, t
from elysium.rules import Profile, RulesError, get_profile


def whole(allowed: str, **values: object) -> Callable[[str], int]:
    """An int parser; ``allowed`` is a catalog key (``cli.allowed.…``) told with ``values``."""

    def parse(text: str) -> int:
        try:
            return int(text.strip())
        except ValueError:
            said = Msg("cli.must_be", allowed=Msg(allowed, **values), got=text)
            raise argparse.ArgumentTypeError(said.render(reader_lang())) from None

    return parse


ALL = "all"  # ``--chapter all``: every chapter


def chapter_or_all(text: str) -> int | str:
    """``--chapter N`` or ``--chapter all`` (the whole chronicle, the story so far)."""
    if text.strip().lower() == ALL:
        return ALL
    return whole("cli.allowed.chapter_or_all")(text)


def faces(text: str) -> list[int]:
    """``--dice 10,7,3``: the faces a Storyteller rolled by hand."""
    parts = [p for p in text.replace(" ", "").split(",") if p]
    if not parts:
        raise argparse.ArgumentTypeError(t("cli.needs_faces", reader_lang()))
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.faces_whole", reader_lang(), got=text)) from None


def octal_mode(text: str) -> int:
    """A file mode in octal, ``600`` to ``777``."""
    try:
        mode = int(text, 8)
    except ValueError:
        mode = -1
    if not 0 <= mode <= 0o777:
        raise argparse.ArgumentTypeError(t("cli.octal", reader_lang(), got=text))
    return mode


def profile(text: str) -> Profile:
    """A rules profile by its key (``v20``, ``dark-ages``, ``demon``)."""
    try:
        return get_profile(text)
    except RulesError as exc:
        raise argparse.ArgumentTypeError(told(exc, reader_lang())) from None


def port(text: str) -> int:
    """A TCP port, 0 to 65535 (0: the system picks one)."""
    try:
        number = int(text.strip())
    except ValueError:
        number = -1
    if not 0 <= number <= 65535:
        said = Msg("cli.must_be", allowed=Msg("cli.allowed.port"), got=text)
        raise argparse.ArgumentTypeError(said.render(reader_lang()))
    return number
