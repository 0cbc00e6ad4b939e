"""``elysium help [VERB]``: the command language, told from the verb registry."""

from __future__ import annotations

import argparse

from elysium.rules import RulesError


def cmd_help(args: argparse.Namespace, lang: str) -> int:
    from elysium import helptext
    from elysium.chronicle.parser import VerbWord  # the command language: `help` reads it
    from elysium.chronicle.verbs import VERBS

    if args.verb is None:
        print(helptext.overview(lang))
        return 0
    verb = helptext.find(args.verb)
    if verb is None:
        known = [VerbWord(v.name) for v in VERBS]
        raise RulesError("cli.unknown_verb", word=args.verb, known=known)
    print(helptext.verb_help(verb, lang))
    return 0
