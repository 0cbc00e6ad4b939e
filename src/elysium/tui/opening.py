"""Opening another chronicle from inside the app: the start screen and the palette's "New
chronicle…" and "Open recent…". The new session is opened (or created) first, off the
screen's thread; only when it is open does the dashboard over it replace the old one, whose
session is closed after (as Ctrl+R's reopen does): a failure keeps the old one open and shown.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from elysium.chronicle.errors import ChronicleError, StoreError
from elysium.chronicle.session import Session
from elysium.chronicle.store.paths import data_dir, ensure_private_dir
from elysium.config import Config

if TYPE_CHECKING:
    from textual.screen import Screen

    from elysium.tui.screens.dashboard import DashboardScreen
    from elysium.tui.screens.start import Choice


class Host(Protocol):
    """What opening uses of the app: it is handed the app, and never imports it (the app
    imports this module)."""

    dashboard: DashboardScreen | None
    config: Config | None
    lang: str

    @property
    def screen_stack(self) -> list[Screen]: ...

    def pop_screen(self) -> Awaitable[Any]: ...

    def switch_screen(self, screen: Screen) -> Awaitable[Any]: ...


def fresh_demo(name: str | None = None) -> Path:
    """A private copy of the shipped demo chronicle in the data directory."""
    from elysium.demo import fresh_copy

    ensure_private_dir(data_dir())
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = data_dir() / (name or f"demo-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = data_dir() / f"{name or 'demo-' + stamp}-{n}"
    return fresh_copy(target)


def open_choice(choice: Choice, config: Config | None) -> Session:
    """Open (or create, then open) the chosen chronicle; blocking (disk, fsync). Raises
    :class:`ChronicleError` saying what is wrong (not there, busy, a name that leaves the
    data directory, one that already holds a chronicle)."""
    from elysium.chronicle.store.paths import resolve_chronicle
    from elysium.rules import PROFILES, get_profile
    from elysium.tui.userstate import remember

    if choice.demo:
        session = Session.open(fresh_demo())
    elif choice.new is not None:
        root = resolve_chronicle(choice.new)
        if root.parent == data_dir().absolute():
            ensure_private_dir(root.parent)  # the data directory itself is private too
        profile = get_profile(config.profile) if config is not None else PROFILES["v20"]
        session = Session.create(root, root.name, profile)
    elif choice.path is not None:
        session = Session.open(choice.path)
    else:
        raise StoreError("store.name_a_chronicle")
    with contextlib.suppress(StoreError, OSError):  # a convenience; a full disk is fine
        remember(session.store.root)
    return session


async def switch_to(app: Host, choice: Choice, told: Callable[[str], object]) -> None:
    """Open ``choice`` and show it; ``told(text)`` says why not (the start screen's line)."""
    from elysium.tui import views
    from elysium.tui.screens.dashboard import DashboardScreen

    old = app.dashboard
    if old is not None:
        await old.runner.settled()  # every command asked for is saved first
    try:
        session = await asyncio.to_thread(open_choice, choice, app.config)
    except ChronicleError as exc:
        told(exc.render(app.lang))
        return
    if old is not None:
        views.save(old.session.store.root, views.capture(old))
    view = await asyncio.to_thread(views.load, session.store.root)
    screen = DashboardScreen(session, app.lang, report=session.report, view=view)
    while len(app.screen_stack) > 1:  # the start screen (or a dialog) over the old one
        await app.pop_screen()
    app.dashboard = screen
    base = app.screen_stack[0]
    # The first screen (get_default_screen) was never pushed, so it has no result callback
    # for switch_screen to pop; it gets the one a pushed screen has.
    if not base._result_callbacks:
        base._push_result_callback(base, None)
    await app.switch_screen(screen)
    if old is not None:
        await asyncio.to_thread(old.session.close)
