"""`hhtracker serve`: the tracker in the browser (hhtracker/web), on 127.0.0.1 by default."""

from __future__ import annotations

import errno
import socket
from pathlib import Path
from typing import Annotated

import typer

from .. import api
from .common import DbOption, resolve_db, say, usage_error

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to (host, port) and listening, for uvicorn (port 0: a free one, read
    back with getsockname()). Raises OSError (the address in use, not this computer's)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, not left 0: asyncio turns Nagle's algorithm off only on sockets whose
    # proto says TCP (accepted ones inherit it); with it on, each answer after the first on a
    # kept-alive connection waited ~40 ms for the client's delayed ACK (benchmarks/RESULTS.md)
    listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(128)
    except OSError:
        listener.close()
        raise
    return listener


def cannot_listen(address: str, host: str, error: OSError) -> str:
    """Why `serve` cannot listen on `address` (host: --host as given) and what to give
    instead: a host that is no name or address (socket.gaierror), an address this
    computer does not have, a port in use or one that needs administrator rights."""
    said = error.strerror or str(error)
    if isinstance(error, socket.gaierror):
        return (f"--host {api.quoted(host)} is not an address or a name this computer knows ({said}): give one of "
                "its own addresses (127.0.0.1: this computer only; 0.0.0.0: every address it has)")
    if error.errno == errno.EADDRNOTAVAIL:
        return (f"cannot listen on {address}: {api.quoted(host)} is not an address of this computer ({said}); give one "
                "of its own (127.0.0.1: this computer only; 0.0.0.0: every address it has)")
    if error.errno == errno.EACCES:
        return f"cannot listen on {address} ({said}): a port under 1024 needs administrator rights; give --port 1024 or more"
    if error.errno == errno.EADDRINUSE:
        return f"cannot listen on {address} ({said}): give another --port, or stop the program using it"
    return f"cannot listen on {address} ({said}): check --host and --port"


def serve_command(
    db: DbOption = None,
    port: Annotated[int, typer.Option("--port", metavar="PORT", min=1, max=65535, help="The port to listen on.")] = 8765,
    host: Annotated[str, typer.Option("--host", metavar="HOST", help="The address to listen on. Anything but this computer (127.0.0.1, localhost, ::1) needs --token.")] = "127.0.0.1",
    token: Annotated[str | None, typer.Option("--token", metavar="TOKEN", help="A secret every request must carry (open the address printed, which ends in ?token=TOKEN, once).", show_default=False)] = None,
    watch: Annotated[list[Path] | None, typer.Option("--watch", metavar="PATH", help="Also import what the poker client writes into these folders or files, as `hhtracker import --watch` (the live view follows them). Repeat for several.", show_default=False)] = None,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the address in the web browser once the server listens.")] = False,
) -> None:
    """Browse the tracker in a web browser: players, profiles, hands, sessions, tournaments, leaks and the live view.

    Serves http://127.0.0.1:8765 (this computer only) until Ctrl-C. Filters go in the address, so every page can be bookmarked. The pages read the database; the server writes only the notes and tags you change in their forms, and with --watch the hands it imports.
    """
    if host not in LOOPBACK and not token:
        raise usage_error(f"--host {host} lets other computers connect: give --token TOKEN as well (every request must "
                          "then carry it), or leave --host out to serve this computer only")
    if token is not None and (len(token) < 8 or not token.isascii() or not token.isprintable() or " " in token):
        raise usage_error("--token: give at least 8 printable ASCII characters without spaces")
    db_path = resolve_db(db)
    watched = tuple(watch or ())
    for path in watched:
        if not path.exists():
            raise usage_error(f"--watch {path}: no such folder or file")
    if watched and not db_path.exists():
        api.import_paths([], db_path)  # --watch imports into it: a new database, empty until the first look
    api.check_readable(db_path)  # a missing or foreign database: one line, before listening

    import uvicorn

    from ..web import WebConfig, create_app

    config = WebConfig(db_path=db_path, host=host, port=port, token=token, watch=watched)
    try:
        listener = listening_socket(host, port)
    except OSError as error:
        raise usage_error(cannot_listen(config.address, host, error)) from None
    address = config.address + (f"/?token={token}" if token else "")
    from ..web.hud import live_of

    app = create_app(config)  # (its code loaded and its templates compiled: ready to answer)
    live = live_of(app)

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            # said once the server answers (the address listened on before: a request sent
            # earlier waited for the app to be made, so the first page seemed slow)
            await super().startup(sockets)
            if not self.started:
                return
            say(f"Serving on {address}")
            say("(Ctrl-C stops it)")
            if open_browser:
                import threading
                import webbrowser

                threading.Timer(0.5, webbrowser.open, [address]).start()

        def handle_exit(self, sig: int, frame: object) -> None:  # Ctrl-C: the /hud event streams end too
            live.end_streams()
            super().handle_exit(sig, frame)  # type: ignore[arg-type]

    server = Server(uvicorn.Config(app, log_level="warning", access_log=False, server_header=False,
                                   timeout_graceful_shutdown=5))
    server.run(sockets=[listener])
