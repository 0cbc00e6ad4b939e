"""``elysium roll`` and ``elysium odds``: answered at once from a shell, so this module
imports only the rules core and their words, never Textual or the store."""

from __future__ import annotations

import argparse
import sys

from elysium.i18n import t
from elysium.rules import (
    Profile,
    RollKind,
    RollRequest,
    RulesError,
    SeededDice,
    automatic_success,
    odds,
    roll,
    roll_faces,
)
from elysium.tell.marks import format_odds, format_roll


def _request(args: argparse.Namespace) -> tuple[RollRequest, Profile]:
    profile: Profile = args.profile
    if args.rule_of_ten:
        profile = profile.with_house(rule_of_ten=True)
    kind = RollKind(args.kind)
    return (
        RollRequest(args.pool, args.diff, specialty=args.spec, willpower=args.wp, kind=kind),
        profile,
    )


def _warn(args: argparse.Namespace, lang: str) -> None:
    if args.diff == 10:
        print(t("warn.difficulty10", lang), file=sys.stderr)


def cmd_roll(args: argparse.Namespace, lang: str) -> int:
    request, profile = _request(args)
    if args.dice is not None and args.seed is not None:
        raise RulesError("cli.dice_or_seed")
    if args.auto:
        result = automatic_success(request, profile)
    elif args.dice is not None:
        if not profile.house.rule_of_ten and len(args.dice) != request.dice:
            raise RulesError("cli.dice_count", faces=len(args.dice), dice=request.dice)
        try:
            result = roll_faces(request, args.dice, profile)
        except RulesError as exc:
            if not profile.house.rule_of_ten:
                raise
            raise RulesError("cli.rule_of_ten_hint", error=exc) from None
    else:
        result = roll(request, SeededDice(args.seed), profile)
    _warn(args, lang)
    if args.json:
        import json  # only for --json

        data = {"profile": profile.key, **result.to_dict()}
        if args.seed is not None:
            data["seed"] = args.seed
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(format_roll(result, profile, lang))
    return 0


def cmd_odds(args: argparse.Namespace, lang: str) -> int:
    request, profile = _request(args)
    result = odds(request, profile)
    _warn(args, lang)
    if args.json:
        import json  # as cmd_roll

        data = result.to_dict()
        data["profile"] = profile.key
        data["auto_success_allowed"] = profile.auto_success_allowed(
            request.pool, request.difficulty
        )
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(format_odds(result, profile, lang))
    return 0
