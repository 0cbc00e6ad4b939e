"""How ``elysium serve`` answers a request: read-only manners for any request, then four
paths for the page (the page, its ``/board`` update, its stylesheet and its script).

Whatever a client sends, it gets a status and a short body: any method but ``GET`` and
``HEAD`` is 405; any key but the page's is 403; a view that cannot be shown now is 503; an
unknown path is 404. Every answer carries the same security headers, and nothing is logged
(a TV polling all night would fill the Storyteller's terminal).
"""

from __future__ import annotations

import hmac
import json
import socket
from html import escape
from http import HTTPStatus
from importlib.resources import files
from typing import Any
from urllib.parse import parse_qs, urlsplit

from elysium.i18n import LANGUAGES, t
from elysium.web.board import Board, Page
from elysium.web.page import board as board_html
from elysium.web.page import page as page_html
from elysium.web.server import BoundedHandler

RETRY = 5  # seconds before a page that could not be shown reloads itself
PLAIN = "text/plain; charset=utf-8"
HTML = "text/html; charset=utf-8"
JSON = "application/json; charset=utf-8"
# The page's own files, read once: shipped beside this module as package data.
_STATIC = files("elysium.web") / "static"
STATIC: dict[str, tuple[bytes, str]] = {
    "/board.css": ((_STATIC / "players.css").read_bytes(), "text/css; charset=utf-8"),
    "/board.js": ((_STATIC / "players.js").read_bytes(), "text/javascript; charset=utf-8"),
}
GUARDED = ("/", "/board")  # what shows the view: behind the key, and 503 while it is bad


def key_matches(given: list[str], key: str) -> bool:
    """Whether a request's ``key`` values are the page's key: exactly one, equal (compared
    as UTF-8 bytes in constant time: any text a client sends is a wrong key, not an
    error)."""
    if len(given) != 1:
        return False
    return hmac.compare_digest(given[0].encode("utf-8", "replace"), key.encode("utf-8", "replace"))


class ReadOnlyHandler(BoundedHandler):
    """``GET`` and ``HEAD`` only, every answer with the same headers; nothing logged."""

    def version_string(self) -> str:
        return "Elysium"

    def send_error(self, code: int, message: str | None = None, explain: str | None = None):
        """A method not served (OPTIONS, TRACE, anything else) is refused as POST is."""
        if code == HTTPStatus.NOT_IMPLEMENTED:
            self._refuse()
            return
        super().send_error(code, message, explain)

    def _head(self, status: int, size: int, kind: str) -> bytes:
        """The status line and headers (what ``send_response`` and ``send_header`` would
        write, in that order), as one piece of bytes: an answer is one write."""
        self.log_request(status)
        if self.request_version == "HTTP/0.9":
            return b""
        lines = [
            f"{self.protocol_version} {int(status)} {self.responses[status][0]}",
            f"Server: {self.version_string()}",
            f"Date: {self.date_time_string()}",
            f"Content-Type: {kind}",
            f"Content-Length: {size}",
            "Cache-Control: no-store",
            "X-Content-Type-Options: nosniff",
            "Referrer-Policy: no-referrer",
            "Content-Security-Policy: default-src 'none'; style-src 'self'; "
            "script-src 'self'; connect-src 'self'",
        ]
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")

    def _send(self, status: int, body: bytes, kind: str) -> None:
        head = self._head(status, len(body), kind)
        self.wfile.write(head if self.command == "HEAD" else head + body)

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


class BoardHandler(ReadOnlyHandler):
    """The page's paths over one shared :class:`Board`; :func:`handler_for` fills in the
    board, the server's language and the page's key."""

    board: Board
    default_lang: str
    page_key: str | None

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        lang = (query.get("lang") or [self.default_lang])[0]
        if lang not in LANGUAGES:
            lang = self.default_lang
        given = query.get("key") or [""]
        if url.path in STATIC:
            self._send(HTTPStatus.OK, *STATIC[url.path])
        elif url.path not in GUARDED:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", PLAIN)
        elif self.page_key and not key_matches(given, self.page_key):
            body = t("serve.key_needed", lang).encode() + b"\n"
            self._send(HTTPStatus.FORBIDDEN, body, PLAIN)
        elif self.board.now()[3] is not None:
            self._unavailable(lang, whole_page=url.path == "/")
        elif url.path == "/":
            self._page(lang, given[0])
        else:
            self._update(lang, query)

    def do_HEAD(self) -> None:
        self.do_GET()

    def _page(self, lang: str, key: str) -> None:
        """The whole page, its board filled in: it shows without script."""
        version, view, writer, _ = self.board.now()
        html = page_html(view, lang, writer, version, key, self.board.none())
        self._send(HTTPStatus.OK, html.encode(), HTML)

    def _update(self, lang: str, query: dict[str, list[str]]) -> None:
        """``/board?after=N``: the board once its version is not N, as JSON for the script
        (sent by the board's follower the moment the version grows, or from here)."""
        try:
            after = int((query.get("after") or ["0"])[0])
        except ValueError:
            after = 0
        page = None
        if self.command == "HEAD":  # the headers only: nothing to wait for
            after = -1
        else:
            page = Page(after, lambda *board: self._deliver(lang, *board))
        version, view, writer, error = self.board.wait(after, page)
        if page is not None and page.taken:
            if page.left:  # what the socket did not take at once
                self.wfile.write(page.left)
            return
        if error is not None:  # it failed its check while this one waited
            self._unavailable(lang, whole_page=False)
            return
        body = self._board_json(lang, version, view, writer, self.board.none())
        self._send(HTTPStatus.OK, body, JSON)

    def _board_json(self, lang: str, version: int, view: Any, writer: bool, none: str) -> bytes:
        """The board's JSON for a version, made once per language (:meth:`Board.answer`)."""

        def make() -> bytes:
            title = f"{view.get('chronicle', '')} · Elysium" if view else "Elysium"
            html = board_html(view, lang, writer, none)
            data = {"version": version, "html": html, "title": title}
            return json.dumps(data, ensure_ascii=False).encode()

        return self.board.answer(version, lang, make)

    def _deliver(self, lang: str, version: int, view: Any, writer: bool, none: str) -> bytes:
        """From the follower's thread: the whole answer given to the socket without waiting
        (a fresh connection's buffer takes a board at once); what it did not take."""
        body = self._board_json(lang, version, view, writer, none)
        whole = self._head(HTTPStatus.OK, len(body), JSON) + body
        try:
            sent = self.connection.send(whole, socket.MSG_DONTWAIT)
        except BlockingIOError:
            sent = 0
        except OSError:  # the page went away: nothing to finish
            return b""
        return whole[sent:]

    def _unavailable(self, lang: str, whole_page: bool) -> None:
        """503 while the view cannot be shown: the page's script asks again by itself;
        the page itself reloads every few seconds (no script needed)."""
        said = t("serve.view_refused", lang)
        if not whole_page:
            self._send(HTTPStatus.SERVICE_UNAVAILABLE, said.encode() + b"\n", PLAIN)
            return
        html = (
            f'<!DOCTYPE html>\n<html lang="{escape(lang)}"><head><meta charset="utf-8">'
            f'<meta http-equiv="refresh" content="{RETRY}"><title>Elysium</title></head>'
            f"<body><p>{escape(said)}</p></body></html>\n"
        )
        self._send(HTTPStatus.SERVICE_UNAVAILABLE, html.encode(), HTML)


def handler_for(shown: Board, lang: str, key: str | None) -> type[BoardHandler]:
    """A handler class over ``shown`` (the server makes one handler per request)."""

    class Handler(BoardHandler):
        board, default_lang, page_key = shown, lang, key

    return Handler
