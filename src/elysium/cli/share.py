"""``elysium share DIR [--group GROUP] [--to PATH] [--npcs words|hidden]`` and
``elysium share DIR --stop``: publish the players' view of a chronicle, or withdraw it."""

from __future__ import annotations

import argparse
from pathlib import Path

from elysium.cli.words import h
from elysium.i18n import t

NPC_MODES = ("words", "hidden")  # chronicle.share's; this module is read at every start


def share_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--group", metavar="GROUP", help=h("clihelp.share.arg.group"))
    p.add_argument("--to", metavar="PATH", help=h("clihelp.share.arg.to"))
    p.add_argument("--npcs", choices=NPC_MODES, default="words", help=h("clihelp.share.arg.npcs"))
    p.add_argument("--stop", action="store_true", help=h("clihelp.share.arg.stop"))


def cmd_share(args: argparse.Namespace, lang: str) -> int:
    from elysium.chronicle import share
    from elysium.chronicle.errors import StoreError
    from elysium.chronicle.store.lock import holder_of
    from elysium.chronicle.store.paths import resolve_chronicle
    from elysium.chronicle.store.reading import writer_active
    from elysium.chronicle.store.survey import LOCK
    from elysium.cli.chronicle import open_session

    root = resolve_chronicle(args.dir)
    session = open_session(args, readonly=True, lang=lang)  # never the writer's lock
    try:
        if args.stop:
            found = share.setting(root)
            if found is None:
                print(t("share.not_shared", lang, root=root))
                return 0
            share.remember(root, None)
            share.withdraw(found)
            print(t("share.stopped", lang, to=found.to))
            return 0
        to = Path(args.to).expanduser().absolute() if args.to else share.default_target(root)
        share.check_target(root, to)
        share.check_member(args.group)  # an unknown or foreign group: before anything is written
        chosen = share.Share(to, args.group, args.npcs)
        recent = session.store.tail_events(share.EVENTS_READ)
        # A writer holding the chronicle now is named in the heartbeat: the players see it
        # live, not stopped, until its next event publishes for itself.
        live = holder_of(root / LOCK) if writer_active(root) else None
        try:
            share.publish_state(chosen, session.state, recent, live is None, writer=live)
        except OSError as exc:  # nothing is kept: the setting is saved once the view is out
            raise StoreError("share.cannot_write", to=str(to), why=exc.strerror) from None
        share.remember(root, chosen)
        path = chosen.to / share.VIEW
        key = "share.published_group" if args.group else "share.published"
        print(t(key, lang, to=path, group=args.group or ""))
    finally:
        session.close()
    return 0
