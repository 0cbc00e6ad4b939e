"""``elysium serve``: the players' view as a web page, for a TV at the table.

Why not a terminal in the browser (textual-serve): the page must be read-only whatever a
visitor sends, and light enough to leave on all night. Here the server answers ``GET`` for
four things (the page, its stylesheet, its script, and ``/board``: the view's newer
version, waited for) and nothing else; no key or click reaches a process, and every visitor
shares one reader of the chronicle. Everything is the standard library.

One thread follows the source (the same ``stat`` poll as ``watch``, every ``POLL``
seconds) and bumps a version when the view or the writer's presence changed; each
``/board?after=N`` waits on a condition until the version passes N (or ``WAIT`` seconds),
so a new event reaches every open page at once and an idle page costs nothing.
"""

from __future__ import annotations

import json
import secrets
import signal
import socket
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.players import PlayersSource
from elysium.i18n import LANGUAGES, t
from elysium.web_page import CSS, SCRIPT, board, page

POLL = 0.1  # seconds between looks at the files
WAIT = 25.0  # seconds a /board request waits for a change before answering "no change"
LOCAL = ("127.0.0.1", "localhost", "::1")


class Board:
    """The view as the source gives it, and a version that grows with each change."""

    def __init__(self, source: PlayersSource) -> None:
        self.source = source
        self.view: dict[str, Any] | None = None
        self.writer = False
        self.version = 0
        self.withdrawn = False  # there was a view, and there is none now
        self.error: str | None = None
        self.changed = threading.Condition()
        self.stopping = threading.Event()

    def look(self) -> bool:
        """Read what changed; True when the page must change."""
        writer = self.source.writing() if self.view is not None else False
        view = self.view
        if self.source.changed():
            try:
                view = self.source.read()
            except ChronicleError as exc:
                self.error = str(exc)
                return False
            writer = self.source.writing() if view is not None else False
        if view == self.view and writer == self.writer and self.version:
            return False
        with self.changed:
            self.withdrawn = view is None and (self.view is not None or self.withdrawn)
            self.view, self.writer = view, writer
            self.version += 1
            self.changed.notify_all()
        return True

    def none(self) -> str:
        """What the page says with no view: withdrawn, or not shared yet."""
        return "players.withdrawn" if self.withdrawn else "players.none_yet"

    def follow(self) -> None:
        while not self.stopping.wait(POLL):
            try:
                self.look()
            except Exception as exc:  # a bad moment in the files; say it, keep following
                self.error = repr(exc)

    def wait(self, after: int) -> tuple[int, dict[str, Any] | None, bool]:
        with self.changed:
            self.changed.wait_for(
                lambda: self.version != after or self.stopping.is_set(), timeout=WAIT
            )
            return self.version, self.view, self.writer


def _handler(board_: Board, default_lang: str, key: str | None) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def version_string(self) -> str:
            return "Elysium"

        def send_error(self, code: int, message: str | None = None, explain: str | None = None):
            """A method not served (OPTIONS, TRACE, anything else) is refused as POST is."""
            if code == HTTPStatus.NOT_IMPLEMENTED:
                self._refuse()
                return
            super().send_error(code, message, explain)

        def _send(self, status: int, body: bytes, kind: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Referrer-Policy", "no-referrer")
            self.send_header(
                "Content-Security-Policy",
                "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'",
            )
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def do_GET(self) -> None:
            url = urlsplit(self.path)
            query = parse_qs(url.query)
            lang = (query.get("lang") or [default_lang])[0]
            if lang not in LANGUAGES:
                lang = default_lang
            given = (query.get("key") or [""])[0]
            if key and url.path in ("/", "/board") and not secrets.compare_digest(given, key):
                body = t("serve.key_needed", lang).encode() + b"\n"
                self._send(HTTPStatus.FORBIDDEN, body, "text/plain; charset=utf-8")
                return
            if url.path == "/":
                with board_.changed:
                    version, view, writer = board_.version, board_.view, board_.writer
                html = page(view, lang, writer, version, given, board_.none())
                self._send(HTTPStatus.OK, html.encode(), "text/html; charset=utf-8")
            elif url.path == "/board":
                try:
                    after = int((query.get("after") or ["0"])[0])
                except ValueError:
                    after = 0
                if self.command == "HEAD":  # the headers only: nothing to wait for
                    after = -1
                version, view, writer = board_.wait(after)
                title = f"{view.get('chronicle', '')} · Elysium" if view else "Elysium"
                html = board(view, lang, writer, board_.none())
                data = {"version": version, "html": html, "title": title}
                body = json.dumps(data, ensure_ascii=False).encode()
                self._send(HTTPStatus.OK, body, "application/json; charset=utf-8")
            elif url.path == "/board.css":
                self._send(HTTPStatus.OK, CSS.encode(), "text/css; charset=utf-8")
            elif url.path == "/board.js":
                self._send(HTTPStatus.OK, SCRIPT.encode(), "text/javascript; charset=utf-8")
            else:
                self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")

        def do_HEAD(self) -> None:
            self.do_GET()

        def _refuse(self) -> None:
            body = b"read-only: only GET is served\n"
            self.send_response(HTTPStatus.METHOD_NOT_ALLOWED)
            self.send_header("Allow", "GET, HEAD")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _refuse

        def log_message(self, format: str, *args: Any) -> None:
            pass  # a TV polling all night would fill the terminal

    return Handler


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A page closed or reloaded mid-answer is not an error; anything else is one line
        on the Storyteller's terminal, not a traceback."""
        exc = sys.exc_info()[1]
        if isinstance(exc, ConnectionError | TimeoutError):
            return
        print(f"elysium serve: {client_address[0]}: {exc!r}", file=sys.stderr)


class Server6(Server):
    address_family = socket.AF_INET6


def start(
    source: PlayersSource, host: str, port: int, lang: str, key: str | None = None
) -> tuple[Server, Board]:
    """A running server (its own threads) over ``source``; ``server.server_address`` has the
    port chosen. With ``key``, the page and its board answer only to ``?key=KEY``. Stop it
    with :func:`stop`."""
    board_ = Board(source)
    board_.look()
    kind = Server6 if ":" in host else Server
    server = kind((host, port), _handler(board_, lang, key))
    threading.Thread(target=board_.follow, name="board", daemon=True).start()
    threading.Thread(target=server.serve_forever, name="serve", daemon=True).start()
    return server, board_


def stop(server: Server, board_: Board) -> None:
    board_.stopping.set()
    with board_.changed:
        board_.changed.notify_all()
    server.shutdown()
    server.server_close()


def addresses(host: str) -> list[str]:
    """Where a browser can reach a server bound to ``host``: for every address (0.0.0.0,
    ::), this machine's name and its own addresses, not the wildcard itself."""
    if host not in ("0.0.0.0", "::", ""):
        return [f"[{host}]" if ":" in host else host]
    name = socket.gethostname()
    found: list[str] = [name]
    try:
        infos = socket.getaddrinfo(name, None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if address not in found and not address.startswith("127."):
            found.append(address)
    return found


def new_key() -> str:
    """A key for the page's address: 72 random bits, short enough to type on a TV."""
    return secrets.token_urlsafe(9)


def serve(source: PlayersSource, host: str, port: int, lang: str, key: str | None) -> int:
    """``elysium serve``: until Ctrl+C, SIGTERM or SIGHUP. ``key``: what the address must
    carry (None: an open page, ``--no-key``)."""
    try:
        server, board_ = start(source, host, port, lang, key)
    except OSError as exc:
        why = t("serve.cannot_listen", lang, host=host, port=port, why=exc.strerror or str(exc))
        print(t("cli.error", lang, prog="elysium serve", error=why), file=sys.stderr)
        return 2
    bound_port = int(server.server_address[1])
    ask = f"?key={key}" if key else ""
    urls = [f"http://{a}:{bound_port}/{ask}" for a in addresses(str(server.server_address[0]))]
    print(t("serve.serving", lang, url=" ".join(urls)), flush=True)
    if host not in LOCAL:
        said = t("serve.open_to_network", lang, host=host)
        print(t("cli.warning", lang, prog="elysium serve", line=said), file=sys.stderr, flush=True)
    done = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, lambda *_: done.set())
    while not done.wait(1.0):
        pass
    stop(server, board_)
    print(t("serve.stopped", lang), flush=True)
    return 0
