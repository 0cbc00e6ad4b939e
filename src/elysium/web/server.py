"""The HTTP server under ``elysium serve``, bounded against slow and hostile clients.

``ThreadingHTTPServer`` alone gives every connection a thread for as long as the client
likes: 50 sockets that send ``GET / HT`` and stall hold 50 threads for ever. Here:

- a request's line and headers must arrive within ``header_timeout`` seconds *in all*
  (:class:`Deadline`: a per-read timeout alone lets a client send a byte every few seconds
  for ever); then the connection is closed;
- at most ``max_connections`` connections are served at once. When that many are open, a
  newcomer first closes the oldest one still sending its request (a slow or hostile
  client); only when every one is a real request (a page waiting on ``/board``) is the
  newcomer answered 503 at once, without a thread;
- a request that has arrived reads nothing more, so a ``/board`` legitimately waiting for a
  change is never cut short by the header timeout (only its answer's sending is bounded).

Standard library only. Each connection serves one request (HTTP/1.0: no keep-alive).
"""

from __future__ import annotations

import contextlib
import io
import socket
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

HEADER_TIMEOUT = 5.0  # seconds a client has to send its request line and headers, in all
WRITE_TIMEOUT = 30.0  # seconds an answer may take to send (a page is a few KB)
MAX_CONNECTIONS = 64  # served at once: a table's TVs and phones need a handful


class Deadline(io.RawIOBase):
    """A socket read that gives up ``seconds`` after it began, however slowly the bytes
    trickle in (a per-read timeout alone lets a client send one byte every few seconds
    for ever)."""

    def __init__(self, sock: socket.socket, seconds: float) -> None:
        super().__init__()
        self.sock = sock
        self.deadline = time.monotonic() + seconds

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request took too long to arrive")
        self.sock.settimeout(left)
        return self.sock.recv_into(buffer)


class BoundedHandler(BaseHTTPRequestHandler):
    """A handler whose request must arrive within its server's header timeout."""

    server: Server

    def setup(self) -> None:
        super().setup()
        self.rfile.close()  # the plain socket file: replaced by one with a deadline
        self.rfile = io.BufferedReader(Deadline(self.connection, self.server.header_timeout))

    def parse_request(self) -> bool:
        """The request is in: no more reading, so no timeout but the answer's own (a
        /board waiting for a change is not a stalled client)."""
        self.server.arrived(self.connection)
        self.connection.settimeout(WRITE_TIMEOUT)
        return super().parse_request()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None):
        """A request that cannot be served gets its status and one plain line, never the
        standard library's HTML page (which names Python and echoes the request back)."""
        try:
            phrase = HTTPStatus(code).phrase
        except ValueError:
            phrase = "Error"
        body = f"{code} {phrase}\n".encode()
        self.close_connection = True
        self.request_version = "HTTP/1.0"  # a line that did not parse still gets a status line
        self.send_response(code, phrase)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD" and code >= 200 and code not in (204, 205, 304):
            self.wfile.write(body)


class Server(ThreadingHTTPServer):
    """One thread per connection, at most ``max_connections`` of them (see the module);
    ``busy`` is what a connection refused for want of room is told."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = MAX_CONNECTIONS
    header_timeout = HEADER_TIMEOUT
    max_connections = MAX_CONNECTIONS
    busy = "busy\n"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._guard = threading.Lock()
        # Every connection being served, and whether it is still sending its request
        # (in the order they came: the first still sending is the one to close).
        self._open: dict[socket.socket, bool] = {}

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._guard:
            if len(self._open) >= self.max_connections:
                slow = next((s for s, sending in self._open.items() if sending), None)
                if slow is None:
                    self._busy(request)
                    return
                del self._open[slow]  # its thread ends as soon as its read returns
                with contextlib.suppress(OSError):
                    slow.shutdown(socket.SHUT_RDWR)
            self._open[request] = True
        try:
            super().process_request(request, client_address)
        except Exception:  # no thread to be had: the connection is closed, the server stays
            self._done(request)
            self.shutdown_request(request)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._done(request)

    def arrived(self, request: socket.socket) -> None:
        """The connection's request is in: it is no slow client to make room."""
        with self._guard:
            if request in self._open:
                self._open[request] = False

    def connections(self) -> int:
        with self._guard:
            return len(self._open)

    def _done(self, request: Any) -> None:
        with self._guard:
            self._open.pop(request, None)

    def _busy(self, request: socket.socket) -> None:
        """503 at once, without a thread: a fresh socket's buffer takes these bytes."""
        body = self.busy.encode()
        head = (
            "HTTP/1.0 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\nRetry-After: 2\r\nConnection: close\r\n\r\n"
        )
        with contextlib.suppress(OSError):
            request.setblocking(False)
            request.send(head.encode() + body)
        self.shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A page closed or reloaded mid-answer is not an error; anything else is one line
        on the Storyteller's terminal, not a traceback."""
        exc = sys.exc_info()[1]
        if isinstance(exc, ConnectionError | TimeoutError):
            return
        print(f"elysium serve: {client_address[0]}: {exc!r}", file=sys.stderr)


class Server6(Server):
    address_family = socket.AF_INET6
