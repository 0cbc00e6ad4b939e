"""A roll as every reader is told it: each die's face as the command line writes it (``+8``
a success, ``*10*`` a ten, ``**10**`` one worth two, ``-1-`` a one, a bare number nothing)
and the verdict as a message key with its values.

The marks are a notation of values, the same in every language (like the health track's),
so the chronicle's acknowledgements and every teller of a roll write faces alike, never by
colour alone: a Storyteller on a monochrome SSH session must read a roll as surely as one
with colours. The verdict holds no words, only keys the catalogs tell.
"""

from __future__ import annotations

from collections.abc import Iterable

from elysium.i18n.message import Msg
from elysium.rules.dice import Outcome, RollResult, die_value


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


def verdict_of(result: RollResult) -> Msg:
    """Botch, failure, or the net successes and the degree, as keys with values."""
    if result.forgiven:
        return Msg("roll.forgiven_line")
    if result.outcome is Outcome.BOTCH:
        return Msg("roll.botch_line")
    if result.outcome is Outcome.FAILURE:
        return Msg("roll.failure_line")
    return Msg(
        "roll.success_line",
        outcome=Msg("outcome.success"),
        count=result.successes,
        noun=Msg("noun.success" if result.successes == 1 else "noun.successes"),
        degree=Msg(f"degree.{result.degree}"),
    )
