"""Errors the chronicle reports to a Storyteller: one sentence, never a traceback."""

from elysium.i18n.message import Refusal


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


def repair_hint(root: object) -> str:
    """The way out that every message about damage names."""
    return f"run `elysium repair {root}` to repair it (every original is kept)"
