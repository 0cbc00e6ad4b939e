"""The config and state directories found without platformdirs on Linux are the ones
platformdirs gives (every start reads the config directory; platformdirs costs 6 ms)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from platformdirs import user_config_dir, user_state_dir

from elysium.chronicle.store.paths import config_dir, linux_user_dir, state_dir

CASES = [
    {"HOME": "/home/ana"},
    {"HOME": "/home/ana/", "XDG_CONFIG_HOME": "/srv/conf", "XDG_STATE_HOME": "/srv/state/"},
    {"HOME": "/", "XDG_CONFIG_HOME": "relative/conf", "XDG_STATE_HOME": ""},
]


@pytest.mark.skipif(sys.platform != "linux", reason="platformdirs decides elsewhere")
@pytest.mark.parametrize("env", CASES)
def test_the_linux_directories_are_platformdirs_own(
    env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert config_dir() == Path(user_config_dir("elysium", appauthor=False))
    assert state_dir() == Path(user_state_dir("elysium", appauthor=False))


def test_a_home_that_is_not_absolute_is_left_to_platformdirs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HOME", "relative/home")
    assert linux_user_dir("XDG_CONFIG_HOME", ".config") is None
