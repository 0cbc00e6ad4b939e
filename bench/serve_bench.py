"""``elysium serve`` benchmark: one change reaching N pages waiting on ``/board``.

Usage::

    python bench/serve_bench.py            # 1 and 50 pages, 30 changes each; 10 s idle
    python bench/serve_bench.py --quick    # 1 and 50 pages, 8 changes each; 2 s idle
    python bench/serve_bench.py --smoke    # 1 and 50 pages, 3 changes each (the tests)

``python -m elysium serve SHARED`` runs as a real process over a shared view (the demo
chronicle's, as ``elysium share`` publishes it); this process publishes the changes and is
every page. For each change, N connections ask ``/board?after=V`` and wait; the clock starts
when the new ``view.json`` is renamed into place (the view published) and stops when the
last of the N answers, each carrying the new roll, has arrived. N=1 and N=50 are
interleaved (1 50, 50 1, ...), so the ratio of their medians holds on a loaded machine;
the server's CPU per change (``/proc``) beside it, then its CPU over an idle period.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import re
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import elysium
from chronicles import demo_copy
from elysium.chronicle import share
from elysium.chronicle.store.files import write_temp
from elysium.cli import main as cli
from ptyterm import private_env

MANY = 50
MODES = ("notified", "polled")  # the kernel tells the server of a change; or its poll alone
LIMIT = 1.5  # N=50 within 1.5x of N=1
SETTLE = 0.3  # seconds for every page's request to be waiting on the board
GUARD = 30.0  # seconds: a page that never hears is a failure, not a hang


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user + system, Linux ``/proc``; 0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Serving:
    """``elysium serve`` on a shared directory, its port read from what it prints;
    ``notify=False``: with ``ELYSIUM_NOTIFY=0``, following the file by its poll alone."""

    def __init__(self, shared: Path, env: dict[str, str], notify: bool) -> None:
        argv = [sys.executable, "-m", "elysium", "serve", str(shared), "--port", "0"]
        self.proc = subprocess.Popen(
            [*argv, "--no-key", "--lang", "en"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env if notify else env | {"ELYSIUM_NOTIFY": "0"},
            text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.search(r"http://[^:/]+:(\d+)/", line)
        if found is None:
            self.proc.kill()
            raise RuntimeError(f"serve did not start: {line!r} {self.proc.communicate()[1]!r}")
        self.port = int(found[1])
        self.writer = Writer(shared)
        sock = ask(self.port, -1)
        self.version = body_of(answers([sock])[1][0])["version"]

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.communicate()


def ask(port: int, after: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=GUARD)
    sock.sendall(f"GET /board?after={after} HTTP/1.0\r\nHost: tv\r\n\r\n".encode())
    sock.setblocking(False)
    return sock


def complete(data: bytearray) -> bool:
    """Whether an answer has all its body (its ``Content-Length``): what a browser waits for."""
    head, found, body = bytes(data).partition(b"\r\n\r\n")
    size = re.search(rb"\r\nContent-Length: (\d+)", head)
    return bool(found and size and len(body) >= int(size[1]))


def answers(socks: list[socket.socket]) -> tuple[float, list[bytes]]:
    """Every answer in full; the moment the last one had all its body."""
    selector = selectors.DefaultSelector()
    got: dict[socket.socket, bytearray] = {}
    for sock in socks:
        selector.register(sock, selectors.EVENT_READ)
        got[sock] = bytearray()
    last, end, left = 0.0, time.monotonic() + GUARD, len(socks)
    while left:
        if time.monotonic() > end:
            raise TimeoutError(f"{left} of {len(socks)} pages never heard of the change")
        for key, _ in selector.select(1.0):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            chunk = sock.recv(1 << 16)
            got[sock] += chunk
            if not chunk or complete(got[sock]):
                last, left = time.monotonic(), left - 1
                selector.unregister(sock)
                sock.close()
    selector.close()
    return last, [bytes(got[s]) for s in socks]


def body_of(answer: bytes) -> dict:
    head, _, body = answer.partition(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.0 200"):
        raise RuntimeError(f"not an answer: {answer[:200]!r}")
    return json.loads(body)


class Writer:
    """Publishes the view with one more public roll at a time, renamed into place at a
    moment this process knows (as ``share.publish`` does: temp file, fsync, rename)."""

    def __init__(self, shared: Path) -> None:
        self.path = shared / share.VIEW
        self.view = json.loads(self.path.read_bytes())
        self.view["writer"] = share.heartbeat()
        self.seq = 10**6

    def publish(self) -> tuple[float, str]:
        self.seq += 1
        line = f"bench roll {self.seq}"
        rolls = self.view["rolls"][-40:]
        rolls = [*rolls, rolls[-1] | {"line": {"en": line, "ru": line}}]
        self.view = self.view | {"rolls": rolls}
        tmp = write_temp(self.path, json.dumps(self.view, ensure_ascii=False).encode())
        published = time.monotonic()
        os.replace(tmp, self.path)
        return published, line


def one_change(serving: Serving, pages: int, rng: random.Random) -> tuple[float, float]:
    """``pages`` requests waiting, one change: seconds from its publishing to the last
    answer, and the server's CPU seconds meanwhile. The change lands anywhere in the
    server's poll period (a random wait), as a Storyteller's Enter does."""
    socks = [ask(serving.port, serving.version) for _ in range(pages)]
    time.sleep(SETTLE + rng.uniform(0, 0.1))
    cpu = cpu_seconds(serving.proc.pid)
    published, line = serving.writer.publish()
    last, got = answers(socks)
    cpu = cpu_seconds(serving.proc.pid) - cpu
    bodies = [body_of(a) for a in got]
    if any(line not in b["html"] for b in bodies):
        raise RuntimeError("a page got an answer without the change")
    serving.version = max(b["version"] for b in bodies)
    return last - published, cpu


Found = dict[tuple[str, int], list[tuple[float, float]]]


def measure(servers: dict[str, Serving], changes: int) -> Found:
    """(latency, server CPU) per change for 1 and ``MANY`` pages on each server,
    interleaved: 1 M M 1 on one change, the reverse on the next."""
    combos = [(mode, pages) for mode in servers for pages in (1, MANY)]
    found: Found = {combo: [] for combo in combos}
    rng = random.Random(26)
    for i in range(changes):
        for mode, pages in combos if i % 2 == 0 else combos[::-1]:
            found[mode, pages].append(one_change(servers[mode], pages, rng))
    return found


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def shared_view(base: Path, env: dict[str, str]) -> Path:
    """The demo chronicle shared to ``base/shared`` once (its view as ``share`` writes it)."""
    base.mkdir()
    root, shared = demo_copy(base / "demo"), base / "shared"
    os.environ["XDG_STATE_HOME"] = env["XDG_STATE_HOME"]  # where the setting is kept
    with contextlib.redirect_stdout(io.StringIO()):
        shared_now = cli(["share", str(root), "--to", str(shared)])
    if shared_now != 0:
        raise RuntimeError("share failed")
    return shared


def report(found: Found, idle_cpu: float, idle: float) -> bool:
    passed = True
    for mode in dict.fromkeys(m for m, _ in found):
        one = [x[0] * 1000 for x in found[mode, 1]]
        many = [x[0] * 1000 for x in found[mode, MANY]]
        for pages, ms in ((1, one), (MANY, many)):
            cpu = statistics.fmean(x[1] * 1000 for x in found[mode, pages])
            print(
                f"change -> last of {pages} waiting pages, {mode}: median "
                f"{statistics.median(ms):.1f} ms, p95 {p95(ms):.1f} ms, worst {max(ms):.1f} ms; "
                f"server CPU {cpu:.1f} ms a change ({len(ms)} changes)"
            )
        ratio = statistics.median(many) / statistics.median(one)
        verdict = "PASS" if ratio <= LIMIT else "FAIL"
        passed = passed and verdict == "PASS"
        print(f"{MANY} pages / 1 page, {mode}, median: {ratio:.2f}x (limit {LIMIT}x) {verdict}")
    print(f"idle server CPU ({idle:.0f} s): {100 * idle_cpu:.2f} %")
    return passed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    parser.add_argument("--smoke", action="store_true", help="smaller still, for the test suite")
    parser.add_argument("--strict", action="store_true", help="exit 1 on a FAIL")
    args = parser.parse_args(argv)
    changes, idle = (8, 2.0) if args.quick else (30, 10.0)
    if args.smoke:
        changes, idle = 3, 0.5
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        pythonpath = str(Path(elysium.__file__).resolve().parents[1])
        env = private_env(base / "home", pythonpath)
        servers: dict[str, Serving] = {}
        try:
            for mode in MODES:
                shared = shared_view(base / mode, env)
                servers[mode] = Serving(shared, env, notify=mode == "notified")
            found = measure(servers, changes)
            pid = servers["notified"].proc.pid
            cpu0, t0 = cpu_seconds(pid), time.monotonic()
            time.sleep(idle)
            idle_cpu = (cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)
        finally:
            for serving in servers.values():
                serving.close()
    passed = report(found, idle_cpu, idle)
    return 1 if args.strict and not passed else 0


if __name__ == "__main__":
    raise SystemExit(main())
