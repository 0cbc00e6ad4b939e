"""A die's face as the command line writes it: ``+8`` a success, ``*10*`` a ten (``**10**``
worth two), ``-1-`` a one, a bare number nothing.

A notation of values, the same in every language (like the health track's marks), so the
chronicle's acknowledgements and every teller of a roll write faces alike, never by colour
alone: a Storyteller on a monochrome SSH session must read a roll as surely as one with
colours.
"""

from __future__ import annotations

from collections.abc import Iterable

from elysium.rules.dice import die_value


def die_mark(face: int, difficulty: int, specialty: bool, one_cancels: bool = True) -> str:
    """``+8`` success, ``*10*`` ten (``**10**`` double), ``-1-`` one, bare number nothing."""
    if face == 1 and one_cancels:
        return "-1-"
    if face == 10:
        return "**10**" if die_value(face, difficulty, specialty) == 2 else "*10*"
    return f"+{face}" if face >= difficulty else str(face)


def marked(dice: Iterable[int], rerolls: Iterable[int], difficulty: int, specialty: bool) -> str:
    """``+8 3 -1- | *10*``: a throw's faces, then ``|`` and the rule of ten's rerolls; ``""``
    for no dice at all (each reader says that in its own words)."""
    shown = [die_mark(f, difficulty, specialty) for f in dice]
    again = [die_mark(f, difficulty, specialty) for f in rerolls]
    if again:
        shown += ["|", *again]
    return " ".join(shown)
