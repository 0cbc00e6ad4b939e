"""A real chronicle for TUI tests: a private copy of the shipped demo in a temp dir."""

from __future__ import annotations

import asyncio
import functools
import shutil
import time
from collections.abc import Callable
from pathlib import Path

from elysium.chronicle.session import Session
from elysium.resources import demo_chronicle
from elysium.rules import SeededDice
from elysium.tui.app import ElysiumApp, make_app


def demo_copy(tmp: Path) -> Path:
    target = tmp / "demo"
    shutil.copytree(demo_chronicle(), target)
    for path in [target, *target.rglob("*")]:
        path.chmod(0o700 if path.is_dir() else 0o600)
    return target


def demo_app(tmp: Path, lang: str = "en", seed: int = 1) -> ElysiumApp:
    """The dashboard on a demo copy; dice that no test typed come from a seeded generator,
    so a roll (initiative, an attack's soak) is the same in every run."""
    session = Session.open(demo_copy(tmp), rng=SeededDice(seed))
    return make_app(session, lang)


def run_async(fn):
    """Run an async test on its own event loop (no async plugin needed)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return asyncio.run(fn(*args, **kwargs))

    return wrapper


async def settle(pilot) -> None:
    """Let the screen finish: commands run in the dashboard's runner thread, and their
    results reach the screen a moment later."""
    app = pilot.app
    for _ in range(3):
        await pilot.pause()
        await app.workers.wait_for_complete()
        dashboard = getattr(app, "dashboard", None)
        if dashboard is not None:
            await dashboard.runner.settled()
    await pilot.pause()


async def until(pilot, check: Callable[[], object], what: str = "", timeout: float = 30.0) -> None:
    """Let the app's loop run until ``check()`` holds, looking every 20 ms. The deadline is
    there only so that a hang fails instead of waiting for ever: it measures nothing (speed
    is measured in bench/). Without a pilot (the app has left) the loop just sleeps."""
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, f"never came true: {what or check}"
        if pilot is None:
            await asyncio.sleep(0.02)
        else:
            await pilot.pause(0.02)


def status(app) -> str:
    """The dashboard's status line (also while a dialog is open over it)."""
    return app.dashboard.query_one("#status").plain


def screen_text(app) -> str:
    """The screen as plain text, row by row, as the terminal would show it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def check(name: str, run) -> None:
    """One check of a shared dashboard session: a failure says which check it was."""
    try:
        await run
    except AssertionError as error:
        raise AssertionError(f"{name}: {error}") from error
