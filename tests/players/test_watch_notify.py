"""How a watching screen hears of a change (``tui/screens/nudged.py``): from the kernel with
the timer put off, from the timer alone with notify switched off (``allowed=False``, as
``ELYSIUM_NOTIFY=0`` does), and a killed writer's half-written temp file, which wakes the
screen and changes nothing it shows. Both sources: the shared view and the chronicle."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest

from elysium.chronicle.follow import ChronicleSource
from elysium.chronicle.players import SharedView
from elysium.chronicle.session import Session
from elysium.cli import main
from elysium.tui.screens.nudged import Nudged
from tests.chronicle_helpers import COTERIE, new_session

GUARD = 30.0  # seconds: a hang guard only
ROLL = "roll Marcus dex+brawl dice 7,3,10,2,8"


def _sources(tmp_path: Path) -> tuple[Path, SharedView, ChronicleSource]:
    root, to = tmp_path / "c", tmp_path / "shared"
    new_session(root, [*COTERIE, "set Marcus player yes"]).close()
    assert main(["share", str(root), "--to", str(to)]) == 0
    shared, chronicle = SharedView(to), ChronicleSource(root)
    shared.read(), chronicle.read()  # what the screens show at start
    assert not shared.changed() and not chronicle.changed()
    return root, shared, chronicle


async def _heard(sources: list, allowed: bool, change, expect: bool = True) -> list[bool]:
    """Whether each source's screen saw a change after ``change()``, waiting until it did
    (``expect``) or until it looked once. With ``allowed`` only the kernel can make it
    look (the timer never ticks); without, only the timer does."""
    seen, looks = [False] * len(sources), [0] * len(sources)

    def looker(i: int):
        def look() -> None:
            looks[i] += 1
            seen[i] = seen[i] or sources[i].changed()

        return look

    nudged = [Nudged(s, looker(i), allowed=allowed) for i, s in enumerate(sources)]
    try:
        assert all(n.notified == allowed for n in nudged)
        change()
        async with asyncio.timeout(GUARD):  # hang guard
            while not all(seen) if expect else not all(looks):
                if not allowed:
                    for n in nudged:
                        n.tick()  # the screen's timer, every POLL seconds
                await asyncio.sleep(0.02)
    finally:
        for n in nudged:
            n.close()
    return seen


@pytest.mark.parametrize("allowed", [True, False], ids=["notified", "polled"])
def test_a_writers_roll_reaches_both_watching_screens(tmp_path: Path, allowed: bool) -> None:
    root, shared, chronicle = _sources(tmp_path)
    writer = Session.open(root)
    try:
        shared.read(), chronicle.read()  # the writer is back: seen
        seen = asyncio.run(_heard([shared, chronicle], allowed, lambda: writer.execute(ROLL)))
    finally:
        writer.close()
    assert seen == [True, True]
    view = shared.read()
    assert view is not None and any("+7 3 *10* 2 +8" in json.dumps(r) for r in view["rolls"])
    assert chronicle.read().events[-1].type == "roll"


def test_a_killed_writers_half_written_file_wakes_the_screen_and_changes_nothing(
    tmp_path: Path,
) -> None:
    _, shared, _ = _sources(tmp_path)
    before = shared.view

    def killed_mid_write() -> None:
        """What a writer killed between its temp file's write and its rename leaves."""
        fd = os.open(shared.path.parent / ".view.json.x7Qz.tmp", os.O_WRONLY | os.O_CREAT)
        os.write(fd, b'{"format": "elysium-players", "chronicle": "half')
        os.close(fd)

    assert asyncio.run(_heard([shared], True, killed_mid_write, expect=False)) == [False]
    assert not shared.changed() and shared.view == before
