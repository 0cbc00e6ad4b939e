"""Keys that arrive together are taken in the order they were typed. Over SSH or tmux a
burst of keys reaches the app in one read; the command bar's editing keys (Backspace, the
arrows, Ctrl+U, Enter) must land where they were typed among the letters around them, not
after them. Typed into a real pseudo-terminal, each burst in one write; what the journal
holds is what was meant."""

from __future__ import annotations

import time
from pathlib import Path

from tests.pty_helpers import Terminal, journal_events, terminal_env
from tests.tui_helpers import demo_copy

LEFT = "\x1b[D"
BURSTS = [
    # (what is typed in one write, the commands the journal must then hold, in order)
    ("rolx\x7fl Lucien dex diff 6\r", ["roll Lucien dex diff 6"]),
    ("roll Lucien dx diff 5" + LEFT * 8 + "e\r", ["roll Lucien dex diff 5"]),
    ("never meant\x15roll Lucien wits diff 4\r", ["roll Lucien wits diff 4"]),
    ("award Lucien 1\raward Lucien 2\r", ["award Lucien 1", "award Lucien 2"]),
]


def _commands(root: Path, before: int) -> list[str]:
    return [e.cmd for e in journal_events(root)[before:]]


def test_a_burst_of_keys_is_taken_in_the_order_typed(tmp_path: Path) -> None:
    root = demo_copy(tmp_path)
    term = Terminal(root, terminal_env(tmp_path))
    try:
        term.wait_for(b"Vitals")
        term.wait_quiet()
        for burst, wanted in BURSTS:
            before = len(journal_events(root))
            term.type(burst)
            deadline = time.monotonic() + 30  # hang guard
            while len(_commands(root, before)) < len(wanted) and time.monotonic() < deadline:
                time.sleep(0.05)
            term.wait_quiet(0.5)
            assert _commands(root, before) == wanted, (repr(burst), term.shown()[-600:])
    finally:
        term.close()
