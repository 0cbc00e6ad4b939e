"""``elysium serve``: the players' view as a web page, for a TV at the table.

Why not a terminal in the browser (textual-serve): the page must be read-only whatever a
visitor sends, and light enough to leave on all night. Here the server answers ``GET`` for
four things (the page, its stylesheet, its script, and ``/board``: the view's newer
version, waited for) and nothing else; no key or click reaches a process, and every visitor
shares one reader of the chronicle. Everything is the standard library.

One thread follows the source (:mod:`elysium.web.board`: told of a change by the kernel, as
``watch`` is, with the same ``stat`` poll as its safety net) and each waiting ``/board``
hears of it at once; the board's answer for a version is made once per language. The HTML is
:mod:`elysium.web.page` (the view in, escaped text out); its stylesheet and script are
``static/players.css`` and ``static/players.js``, shipped as package data.

Whatever a client sends, the server stays up and answers (:mod:`elysium.web.server` bounds
how long a request may take to arrive and how many are served at once;
:mod:`elysium.web.handler` answers it); any key but the page's is 403. A view that fails
its check (:mod:`elysium.chronicle.view_check`) is answered 503, with one line on the
Storyteller's terminal, until it is good again.
"""

from __future__ import annotations

import contextlib
import secrets
import signal
import socket
import sys
import threading
from collections.abc import Callable
from urllib.parse import quote

from elysium.chronicle.players import PlayersSource
from elysium.i18n import t
from elysium.i18n.message import Refusal
from elysium.web.board import Board
from elysium.web.handler import handler_for
from elysium.web.server import HEADER_TIMEOUT, MAX_CONNECTIONS, Server, Server6

__all__ = ["Board", "addresses", "new_key", "serve", "start", "stop"]

LOCAL = ("127.0.0.1", "localhost", "::1")


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
    notify: bool | None = None,
) -> tuple[Server, Board]:
    """A running server (its own threads) over ``source``; ``server.server_address`` has the
    port chosen. With ``key``, the page and its board answer only to ``?key=KEY``; ``warn``
    is told each new reason the view cannot be shown; ``notify=False`` follows the files by
    polling only. Stop it with :func:`stop`. A view that cannot be shown now does not keep
    the server from listening: it answers 503."""
    board_ = Board(source, warn, notify)
    with contextlib.suppress(Exception):  # follow() says it, at its first look
        board_.look()
    kind = Server6 if ":" in host else Server
    server = kind((host, port), handler_for(board_, lang, key))
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
    done = threading.Event()  # heard before the address is printed: a stop never comes early
    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, lambda *_: done.set())
    bound_port = int(server.server_address[1])
    ask = f"?key={quote(key, safe='')}" if key else ""  # an address that opens as printed
    urls = [f"http://{a}:{bound_port}/{ask}" for a in addresses(str(server.server_address[0]))]
    print(t("serve.serving", lang, url=" ".join(urls)), flush=True)
    if host not in LOCAL:
        said = t("serve.open_to_network", lang, host=host)
        print(t("cli.warning", lang, prog="elysium serve", line=said), file=sys.stderr, flush=True)
    while not done.wait(1.0):
        pass
    stop(server, board_)
    print(t("serve.stopped", lang), flush=True)
    return 0
