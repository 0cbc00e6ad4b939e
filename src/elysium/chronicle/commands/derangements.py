"""The ``derangement`` verb: name, add and remove a character's derangements (issue 14).

``derangement Marcus add "Paranoia"`` names one (settling one a botched degeneration left
due); ``derangement Marcus remove "Paranoia"`` takes one away (the whole names: it discards
data); ``derangement Marcus`` tells them and how many are due. Each change is one event.
"""

from __future__ import annotations

from elysium.chronicle.commands.common import ANSWER, Context, Outcome, find, find_exact, put
from elysium.chronicle.parser import Args
from elysium.chronicle.text import clean_name
from elysium.chronicle.verbs import runs
from elysium.i18n import Msg
from elysium.rules.character import Character
from elysium.rules.derangements import add_derangement, remove_derangement

ADD = ("add", "добавить")
REMOVE = ("remove", "убрать")


@runs("derangement")
def cmd_derangement(ctx: Context, words: tuple[str, ...]) -> Outcome:
    args = Args("derangement", words)
    typed = args.take("what.name")
    if not args.words:
        _, c = find(ctx.state, typed)
        return Outcome(ctx.state, ANSWER, {}, listing(c))
    sub = args.take("what.derangement_sub").casefold()
    if sub not in ADD + REMOVE:
        raise args.fail("derangement.bad_sub", sub=sub)
    name = clean_name(" ".join(args.words))  # the name may be several words, quoted or not
    args.words.clear()
    if not name:
        raise args.fail("args.missing", what=Msg("what.derangement"))
    if sub in ADD:
        key, c = find(ctx.state, typed)
        new = add_derangement(c, name)
        data = {"who": c.name, "name": name, "due": new.derangements_due}
        say = Msg("ack.derangement.added", who=c.name, name=name, due=due_note(new))
        return Outcome(put(ctx.state, key, new), "derangement_added", data, say)
    key, c = find_exact(ctx.state, typed, "derangement")
    new, gone = remove_derangement(c, name)
    say = Msg("ack.derangement.removed", who=c.name, name=gone)
    return Outcome(
        put(ctx.state, key, new), "derangement_removed", {"who": c.name, "name": gone}, say
    )


def due_note(c: Character) -> Msg | str:
    """``; 1 more is due`` while a botched degeneration's derangement is still unnamed."""
    return Msg("derangement.still_due", n=c.derangements_due) if c.derangements_due else ""


def listing(c: Character) -> Msg:
    names = list(c.derangements) or Msg("derangement.none")
    return Msg("derangement.listing", who=c.name, names=names, due=due_note(c))
