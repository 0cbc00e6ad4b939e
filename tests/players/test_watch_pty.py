"""``python -m elysium watch DIR`` as a real process in a pseudo-terminal, beside a writer."""

from __future__ import annotations

import signal
import time
from pathlib import Path

from elysium.chronicle.session import Session
from tests.chronicle_helpers import COTERIE, new_session
from tests.pty_helpers import Terminal, terminal_env


def test_a_watcher_shows_the_writers_roll_and_sends_nothing_idle(tmp_path: Path) -> None:
    root = tmp_path / "c"
    writer = new_session(root, COTERIE)
    term = Terminal(Path("watch"), terminal_env(tmp_path), (str(root), "--lang", "en"))
    try:
        term.wait_for(b"WATCHING")
        term.wait_quiet()  # the first paint and the log done
        before = term.received()
        time.sleep(2.0)
        assert term.received() == before, "the idle watcher kept writing to the terminal"
        writer.execute("roll 5 diff 6 by Marcus dice 9,7,7,1,4")
        term.wait_for(b"dice 5d diff 6", timeout=15)
        writer.close()
        term.wait_for(b"WRITER STOPPED", timeout=15)
        term.proc.send_signal(signal.SIGTERM)
        assert term.proc.wait(15) == 0
    finally:
        writer.close()
        term.close()
    again = Session.open(root)  # the watcher left no lock and changed nothing
    assert again.report == [] and again.state.events == len(COTERIE) + 2
    again.close()
