"""Headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``:
JSON messages, each ended by a NUL, on the child's fds 3 and 4). The standard library is
enough: no WebSocket client, no driver download.

Also a script: ``python -m tests.web.browser docs/players-tv.png`` serves a sample table and
saves the page at a table-TV size (1920x1080), as shown in the README.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

FLAGS = (
    "--headless=new",
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",  # the machine's network is closed: no retries
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--remote-debugging-pipe",
)


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """One headless Chromium, one page."""

    def __init__(self, width: int = 1280, height: int = 800) -> None:
        exe = chromium()
        if exe is None:
            raise FileNotFoundError("chromium")
        self.profile = tempfile.TemporaryDirectory(prefix="elysium-chromium-")
        to_child, self._out = os.pipe()  # we write, Chromium reads fd 3
        self._in, from_child = os.pipe()  # Chromium writes fd 4, we read

        def fds() -> None:
            a, b = os.dup(to_child), os.dup(from_child)  # out of the way of 3 and 4 first
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [
                exe,
                *FLAGS,
                f"--user-data-dir={self.profile.name}",
                f"--window-size={width},{height}",
            ],
            preexec_fn=fds,  # the fds must be 3 and 4 in the child
            close_fds=False,  # it would close 3 and 4 after ``fds``; ours are non-inheritable
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._id = 0
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
            session=True,
        )

    def call(self, method: str, *, session: bool = False, timeout: float = 30, **params: Any):
        """Send one command and wait for its answer (events in between are dropped)."""
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            while b"\0" not in self._buffer:
                chunk = os.read(self._in, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the pipe")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self._id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
        raise TimeoutError(method)

    def open(self, url: str) -> None:
        self.call("Page.navigate", url=url, session=True)

    def evaluate(self, expression: str) -> Any:
        result = self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, session=True
        )
        return result.get("result", {}).get("value")

    def text(self) -> str:
        """What the page shows, as a reader would copy it."""
        return str(self.evaluate("document.body ? document.body.innerText : ''") or "")

    def wait_for(self, needle: str, timeout: float = 20) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            shown = self.text()
            if needle in shown:
                return shown
            time.sleep(0.05)
        raise AssertionError(f"{needle!r} never appeared on the page:\n{self.text()}")

    def wait_until(self, expression: str, timeout: float = 20) -> None:
        """Poll until the page's ``expression`` is true; the deadline is a hang guard."""
        end = time.monotonic() + timeout
        while not self.evaluate(expression):
            if time.monotonic() > end:
                raise AssertionError(f"never true on the page: {expression}")
            time.sleep(0.05)

    def screenshot(self, path: Path) -> None:
        import base64

        data = self.call("Page.captureScreenshot", format="png", session=True)["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        try:
            os.close(self._out)  # Chromium leaves when its pipe closes
            self.proc.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait(10)
        finally:
            os.close(self._in)
            self.profile.cleanup()


def _sample(path: Path) -> None:
    """A table mid-fight, served and photographed at 1920x1080."""
    import sys

    from elysium.chronicle.players import ProjectedView
    from elysium.chronicle.session import Session
    from elysium.rules import V20, SeededDice
    from elysium.web import start, stop

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "c"
        s = Session.create(root, "Chicago by Night", V20, SeededDice(7))
        for command in (
            'add "Ilse Varga" neonate',
            'add "Marcus Vell" vampire gen 12',
            'add "Sheriff Kowalski" ancilla',
            'add "Ghoul Driver" ghoul',
            'set "Ilse Varga" player yes',
            'set "Marcus Vell" player yes',
            "scene",
            'roll "Ilse Varga" 6 diff 7 dice 10,8,7,3,1,9',
            'combat start "Ilse Varga" "Marcus Vell" "Sheriff Kowalski" "Ghoul Driver"',
            "init",
            'damage "Marcus Vell" 2 lethal',
            'damage "Sheriff Kowalski" 3 lethal',
            'spend "Ilse Varga" blood 1',
            'roll "Sheriff Kowalski" 7 diff 6 hidden',
        ):
            s.execute(command)
        server, board = start(ProjectedView(root), "127.0.0.1", 0, "en")
        browser = Browser(1920, 1080)
        try:
            browser.open(f"http://127.0.0.1:{server.server_address[1]}/")
            browser.wait_for("Sheriff Kowalski")
            time.sleep(0.5)
            browser.screenshot(path)
        finally:
            browser.close()
            stop(server, board)
            s.close()
    print(f"saved {path}", file=sys.stderr)


if __name__ == "__main__":
    import sys

    _sample(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/players-tv.png"))
