"""The handlers of the commands that open a chronicle, each importing its module when it
runs: the parser names them all, and ``elysium roll`` never loads the store or TinyDB."""

from __future__ import annotations

import argparse


def new(args: argparse.Namespace, lang: str) -> int:
    from elysium.cli.chronicle import cmd_new

    return cmd_new(args, lang)


def run(args: argparse.Namespace, lang: str) -> int:
    from elysium.cli.chronicle import cmd_run

    return cmd_run(args, lang)


def state(args: argparse.Namespace, lang: str) -> int:
    from elysium.cli.state import cmd_state

    return cmd_state(args, lang)


def log(args: argparse.Namespace, lang: str) -> int:
    from elysium.cli.chronicle import cmd_log

    return cmd_log(args, lang)


def import_(args: argparse.Namespace, lang: str) -> int:
    from elysium.cli.chronicle import cmd_import

    return cmd_import(args, lang)


def check(args: argparse.Namespace, lang: str) -> int:
    from elysium.cli.chronicle import cmd_check

    return cmd_check(args, lang)


def repair(args: argparse.Namespace, lang: str) -> int:
    from elysium.cli.chronicle import cmd_repair

    return cmd_repair(args, lang)


def export(args: argparse.Namespace, lang: str) -> int:
    from elysium.cli.export import cmd_export

    return cmd_export(args, lang)


def stats(args: argparse.Namespace, lang: str) -> int:
    from elysium.cli.export import cmd_stats

    return cmd_stats(args, lang)


def replay(args: argparse.Namespace, lang: str) -> int:
    from elysium.cli.export import cmd_replay

    return cmd_replay(args, lang)


def sheet(args: argparse.Namespace, lang: str) -> int:
    from elysium.cli.export import cmd_sheet

    return cmd_sheet(args, lang)


def xp(args: argparse.Namespace, lang: str) -> int:
    from elysium.cli.xp import cmd_xp_view

    return cmd_xp_view(args, lang)
