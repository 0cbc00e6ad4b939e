"""The dashboard in a real pseudo-terminal: a command is acknowledged, the SSH link drops
(SIGHUP), and the event is on disk; an idle dashboard sends nothing over the link."""

from __future__ import annotations

import signal
import time
from pathlib import Path

from elysium.chronicle.session import Session
from tests.pty_helpers import Terminal, journal_events, terminal_env
from tests.tui_helpers import demo_copy


def test_sighup_after_an_acknowledged_command_loses_nothing(tmp_path: Path) -> None:
    root = demo_copy(tmp_path)
    term = Terminal(root, terminal_env(tmp_path))
    try:
        term.wait_for(b"Vitals")
        time.sleep(0.5)
        term.type("award Lucien 3\r")
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if any(e.type == "xp" for e in journal_events(root)):
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the command never reached the journal")
        term.proc.send_signal(signal.SIGHUP)
        term.proc.wait(15)
    finally:
        term.close()
    s = Session.open(root)  # the lock is free again and nothing needed repair
    assert s.report == []
    assert s.state.characters["lucien marchetti"].xp == 3 + 2  # 2 from the demo
    s.close()


def test_an_idle_dashboard_sends_nothing(tmp_path: Path) -> None:
    root = demo_copy(tmp_path)
    term = Terminal(root, terminal_env(tmp_path))
    try:
        term.wait_for(b"Vitals")
        term.wait_quiet()  # the first paint and the log finished
        before = term.received()
        time.sleep(2.5)
        assert term.received() == before, "the idle dashboard kept writing to the terminal"
        # Switching windows or tmux panes: the terminal reports focus out and in. Nothing
        # on the screen changes, so nothing is sent (Textual would repaint it all).
        term.type("\x1b[O")
        time.sleep(0.5)
        term.type("\x1b[I")
        time.sleep(1.0)
        assert term.received() == before, "a focus change repainted the dashboard"
        term.proc.send_signal(signal.SIGTERM)
        term.proc.wait(15)
    finally:
        term.close()


def test_a_result_is_not_on_screen_before_its_write_returned(tmp_path: Path) -> None:
    """The dashboard composes a roll's result while its event is written, but sends none
    of it before the write has returned: killed just after the record reached the disk
    (``ELYSIUM_CRASH_AT=append:written``, before the acknowledgement), it has shown
    nothing of the roll, and the roll is in the chronicle (nothing lost)."""
    root = demo_copy(tmp_path)
    env = terminal_env(tmp_path)
    env["ELYSIUM_CRASH_AT"] = "append:written"
    term = Terminal(root, env)
    try:
        term.wait_for(b"Vitals")
        term.wait_quiet(0.5)
        term.type('roll "Lucien Marchetti" cha+leadership diff 6 dice 8,3,6,1,9,10,2\r')
        term.proc.wait(30)  # hang guard: the crash hook kills it at the write
        time.sleep(0.2)  # what it wrote before it died, read
        assert term.proc.returncode == -signal.SIGKILL
        shown = term.shown().decode("utf-8", "replace")
    finally:
        term.close()
    assert "Lucien Marchetti: charisma+leadership" not in shown
    s = Session.open(root)
    assert [e.type for e in s.events()[-1:]] == ["roll"]  # on disk: recovery keeps it
    s.close()
