"""Signals around a write: SIGTERM, SIGHUP and SIGINT wait until a record is on disk, and
``ulimit -f`` becomes an error the store reports instead of a silent death."""

from __future__ import annotations

import contextlib
import signal
import threading


@contextlib.contextmanager
def deferred_signals():
    """Let SIGTERM / SIGHUP wait until the record is on disk (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    sigs = [signal.SIGTERM, signal.SIGHUP, signal.SIGINT]
    old = signal.pthread_sigmask(signal.SIG_BLOCK, sigs)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def ignore_file_size_signal() -> None:
    """With ``ulimit -f`` a too-large write sends SIGXFSZ, which kills by default; ignoring
    it turns the write into an EFBIG error the store reports."""
    with contextlib.suppress(ValueError, AttributeError):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
