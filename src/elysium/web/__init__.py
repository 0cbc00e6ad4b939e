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

Whatever a client sends, the server stays up and answers (:mod:`elysium.web_server` bounds
how long a request may take to arrive and how many are served at once); any key but the
page's is 403. A view that fails its check (:mod:`elysium.chronicle.view_check`) is
answered 503, with one line on the Storyteller's terminal, until it is good again.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import secrets
import signal
import socket
import sys
import threading
from collections.abc import Callable
from html import escape
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from elysium.chronicle.errors import ChronicleError
from elysium.chronicle.players import PlayersSource
from elysium.chronicle.text import clean_text
from elysium.i18n import LANGUAGES, t
from elysium.i18n.message import Refusal
from elysium.web_page import CSS, SCRIPT, board, page
from elysium.web_server import (
    HEADER_TIMEOUT,
    MAX_CONNECTIONS,
    BoundedHandler,
    Server,
    Server6,
)

POLL = 0.1  # seconds between looks at the files
WAIT = 25.0  # seconds a /board request waits for a change before answering "no change"
LOCAL = ("127.0.0.1", "localhost", "::1")
RETRY = 5  # seconds before a page that could not be shown reloads itself


class Board:
    """The view as the source gives it, and a version that grows with each change (the
    view, the writer's presence, or the view failing its check or passing it again)."""

    def __init__(self, source: PlayersSource, warn: Callable[[Refusal], None] | None = None):
        self.source = source
        self.view: dict[str, Any] | None = None
        self.writer = False
        self.version = 0
        self.withdrawn = False  # there was a view, and there is none now
        self.error: Refusal | None = None  # why the view cannot be shown now (a 503)
        self.waiting = 0  # /board requests waiting for a change now
        self.warn = warn  # told each new error once (the Storyteller's terminal)
        self.changed = threading.Condition()
        self.stopping = threading.Event()

    def look(self) -> bool:
        """Read what changed; True when the page must change."""
        writer = self.source.writing() if self.view is not None else False
        view, error = self.view, self.error
        if self.source.changed():
            try:
                view, error = self.source.read(), None
            except ChronicleError as exc:
                error = exc
            writer = self.source.writing() if view is not None else False
        same_error = str(error) == str(self.error)
        if view == self.view and writer == self.writer and same_error and self.version:
            return False
        if error is not None and not same_error and self.warn is not None:
            self.warn(error)
        with self.changed:
            self.withdrawn = view is None and (self.view is not None or self.withdrawn)
            self.view, self.writer, self.error = view, writer, error
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
                error = Refusal("players.cannot_read", error=clean_text(repr(exc)[:200]))
                with self.changed:
                    new = str(error) != str(self.error)
                    self.error = error
                    if new:
                        self.version += 1
                        self.changed.notify_all()
                if new and self.warn is not None:
                    self.warn(error)

    def now(self) -> tuple[int, dict[str, Any] | None, bool, Refusal | None]:
        with self.changed:
            return self.version, self.view, self.writer, self.error

    def wait(self, after: int) -> tuple[int, dict[str, Any] | None, bool, Refusal | None]:
        """The board once its version is not ``after`` (or after ``WAIT`` seconds); at once
        while the view cannot be shown: the page asks again by itself."""
        with self.changed:
            self.waiting += 1
            try:
                self.changed.wait_for(
                    lambda: (
                        self.version != after or self.error is not None or self.stopping.is_set()
                    ),
                    timeout=WAIT,
                )
            finally:
                self.waiting -= 1
            return self.version, self.view, self.writer, self.error


def key_matches(given: list[str], key: str) -> bool:
    """Whether a request's ``key`` values are the page's key: exactly one, equal (compared
    as UTF-8 bytes in constant time: any text a client sends is a wrong key, not an
    error)."""
    if len(given) != 1:
        return False
    return hmac.compare_digest(given[0].encode("utf-8", "replace"), key.encode("utf-8", "replace"))


def _handler(board_: Board, default_lang: str, key: str | None) -> type[BaseHTTPRequestHandler]:
    class Handler(BoundedHandler):
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
            given = query.get("key") or [""]
            if key and url.path in ("/", "/board") and not key_matches(given, key):
                body = t("serve.key_needed", lang).encode() + b"\n"
                self._send(HTTPStatus.FORBIDDEN, body, "text/plain; charset=utf-8")
                return
            if url.path in ("/", "/board") and board_.now()[3] is not None:
                self._unavailable(lang, page=url.path == "/")
                return
            if url.path == "/":
                version, view, writer, _ = board_.now()
                html = page(view, lang, writer, version, given[0], board_.none())
                self._send(HTTPStatus.OK, html.encode(), "text/html; charset=utf-8")
            elif url.path == "/board":
                try:
                    after = int((query.get("after") or ["0"])[0])
                except ValueError:
                    after = 0
                if self.command == "HEAD":  # the headers only: nothing to wait for
                    after = -1
                version, view, writer, error = board_.wait(after)
                if error is not None:  # it failed its check while this one waited
                    self._unavailable(lang, page=False)
                    return
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

        def _unavailable(self, lang: str, page: bool) -> None:
            """503 while the view cannot be shown: the page's script asks again by itself;
            the page itself reloads every few seconds (no script needed)."""
            said = t("serve.view_refused", lang)
            if not page:
                body = said.encode() + b"\n"
                self._send(HTTPStatus.SERVICE_UNAVAILABLE, body, "text/plain; charset=utf-8")
                return
            html = (
                f'<!DOCTYPE html>\n<html lang="{escape(lang)}"><head><meta charset="utf-8">'
                f'<meta http-equiv="refresh" content="{RETRY}"><title>Elysium</title></head>'
                f"<body><p>{escape(said)}</p></body></html>\n"
            )
            self._send(HTTPStatus.SERVICE_UNAVAILABLE, html.encode(), "text/html; charset=utf-8")

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


def start(
    source: PlayersSource,
    host: str,
    port: int,
    lang: str,
    key: str | None = None,
    *,
    warn: Callable[[Refusal], None] | None = None,
    header_timeout: float = HEADER_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS,
) -> tuple[Server, Board]:
    """A running server (its own threads) over ``source``; ``server.server_address`` has the
    port chosen. With ``key``, the page and its board answer only to ``?key=KEY``; ``warn``
    is told each new reason the view cannot be shown. Stop it with :func:`stop`. A view
    that cannot be shown now does not keep the server from listening: it answers 503."""
    board_ = Board(source, warn)
    with contextlib.suppress(Exception):  # follow() says it, at its first look
        board_.look()
    kind = Server6 if ":" in host else Server
    server = kind((host, port), _handler(board_, lang, key))
    server.header_timeout, server.max_connections = header_timeout, max_connections
    server.busy = t("serve.busy", lang) + "\n"
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

    def warn(error: Refusal) -> None:
        said = t("serve.view_refused_log", lang, error=error.render(lang))
        print(t("cli.warning", lang, prog="elysium serve", line=said), file=sys.stderr, flush=True)

    try:
        server, board_ = start(source, host, port, lang, key, warn=warn)
    except OSError as exc:
        why = t("serve.cannot_listen", lang, host=host, port=port, why=exc.strerror or str(exc))
        print(t("cli.error", lang, prog="elysium serve", error=why), file=sys.stderr)
        return 2
    bound_port = int(server.server_address[1])
    ask = f"?key={quote(key, safe='')}" if key else ""  # an address that opens as printed
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
