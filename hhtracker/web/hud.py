"""`/hud`: the live table view in the browser (issue 26), and the importer `serve --watch`
runs in the same process.

- `LiveView`: a background thread follows the `--watch` paths with api.Hud (the importer
  writes; the tables are read back with read-only connections, as the pages read) and keeps
  the latest state as JSON (api.hud_json), with a version number that goes up when it
  changes. Looks every LOOK_SECONDS; the players' notes and tags are read again every
  REREAD_SECONDS even when no file changed.
- `/hud`: the page (a grid of panels drawn by /static/hud.js from the events, with
  textContent only); `/hud/events`: Server-Sent Events, one `hud` event with the whole
  state at once and at each change, a comment every KEEPALIVE_SECONDS; `/api/hud`: the
  same JSON once.
- `lifespan`: the app's start and stop: the thread runs while the server does.

`?stats=vpip,pfr,wtsd` chooses the columns, as `hhtracker hud --stats`."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from .. import api

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from .app import WebConfig

LOOK_SECONDS = 0.2
"""Seconds between two looks at the watched files (a new hand reaches the page within this
and the look's own time)."""

REREAD_SECONDS = 5.0
"""The tables are read again at least this often (notes and tags changed on the pages)."""

KEEPALIVE_SECONDS = 15.0
"""An idle event stream gets a comment this often (proxies and browsers keep it open)."""

STOP_SECONDS = 5.0
"""How long stopping waits for a look under way (a backlog's import) before leaving it."""


class LiveView:
    """The live view of one server: the importer thread (when `config.watch` names paths)
    and the latest state, as JSON text (`payload`) with its `version` (1 up from 0 at each
    change). `subscribe()` gives an asyncio.Event set (in the subscriber's loop) at each
    change."""

    def __init__(self, config: WebConfig, *, look_seconds: float = LOOK_SECONDS,
                 reread_seconds: float = REREAD_SECONDS) -> None:
        self.config = config
        self.look_seconds = look_seconds
        self.reread_seconds = reread_seconds
        self.watching = tuple(str(p) for p in config.watch)
        self.hud = api.Hud(config.watch, config.db_path) if config.watch else None
        self._lock = threading.Lock()
        self.version = 0
        self.payload = self._encode(api.hud_json(api.HudState(), watching=self.watching))
        self._listeners: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()
        self._stop = threading.Event()
        self.closing = False  # the server is stopping: every event stream ends
        self._thread: threading.Thread | None = None
        self.failure: str | None = None  # the last look's error, one line (the thread goes on)

    @staticmethod
    def _encode(state: dict[str, object]) -> str:
        return json.dumps(state, separators=(",", ":"))  # (ASCII: a lone surrogate in a name cannot break the stream)

    def start(self) -> None:
        """Start following the watched paths (nothing to do without any)."""
        if self.hud is None or self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="hhtracker-live", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread (waits up to STOP_SECONDS for a look under way)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(STOP_SECONDS)
            self._thread = None

    def end_streams(self) -> None:
        """End every event stream now (the server is stopping: it waits for open responses,
        and an event stream never ends by itself). Safe from a signal handler."""
        self.closing = True
        with self._lock:
            listeners = list(self._listeners)
        for loop, event in listeners:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(event.set)

    def _run(self) -> None:
        assert self.hud is not None
        hud = self.hud
        hud.on_progress = self._progress
        try:  # the database checked now, not when the first hand is written (a copy, or after `hud`: ~30 s at 1,000,000 hands)
            hud.watcher.prepare()
        except Exception as error:  # noqa: BLE001 (shown on the page; the looks say it again or get on)
            self.failure = _one_line(error)
            self.publish(hud.state)
        last_read = 0.0
        while not self._stop.is_set():
            now = time.monotonic()
            reread = now - last_read >= self.reread_seconds
            try:
                state = hud.look(reread=reread)
                self.failure = None
            except Exception as error:  # noqa: BLE001 (one line shown on the page; the thread goes on)
                self.failure = _one_line(error)
                state = hud.state
            if reread:
                last_read = now
            self.publish(state)
            self._stop.wait(self.look_seconds)

    _shown_progress = 0.0

    def _progress(self, state: api.HudState) -> None:  # a backlog being imported: the page sees it 4 times a second
        if time.monotonic() - self._shown_progress >= 0.25:
            self._shown_progress = time.monotonic()
            self.publish(state)

    def publish(self, state: api.HudState) -> None:
        """The state as the pages' JSON; the listeners woken when it changed."""
        found = api.hud_json(state, watching=self.watching)
        if self.failure is not None:
            found["notices"] = [*state.notices, f"the importer failed: {self.failure}"]
        payload = self._encode(found)
        with self._lock:
            if payload == self.payload:
                return
            self.payload = payload
            self.version += 1
            listeners = list(self._listeners)
        for loop, event in listeners:
            with contextlib.suppress(RuntimeError):  # (its loop closed: the stream ended)
                loop.call_soon_threadsafe(event.set)

    def current(self) -> tuple[int, str]:
        """(version, payload) now."""
        with self._lock:
            return self.version, self.payload

    @contextlib.contextmanager
    def subscribe(self) -> Iterator[asyncio.Event]:
        """An asyncio.Event set at each change while the `with` lasts (call from the loop)."""
        entry = (asyncio.get_running_loop(), asyncio.Event())
        with self._lock:
            self._listeners.add(entry)
        try:
            yield entry[1]
        finally:
            with self._lock:
                self._listeners.discard(entry)


def _one_line(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text[:200]


def live_of(app: Starlette) -> LiveView:
    """The app's LiveView (made, not started, when the app was not started through its
    lifespan: a test client without `with`)."""
    live = getattr(app.state, "live", None)
    if live is None:
        live = app.state.live = LiveView(app.state.config)
    return live


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """The server's start and stop: the importer thread follows `--watch` while it serves."""
    live = live_of(app)
    live.start()
    try:
        yield
    finally:
        await asyncio.to_thread(live.stop)


def _keys(request: Request) -> tuple[str, ...] | None:
    """?stats=vpip,pfr -> the keys, each once in the order first given (vpip,vpip: one VPIP
    column); raises ValueError naming an unknown one, or for stats= given twice."""
    if len(request.query_params.getlist("stats")) > 1:
        raise ValueError("stats= is given more than once: give it once, its keys comma-separated (stats=vpip,pfr)")
    text = request.query_params.get("stats", "")
    if not text.strip():
        return None
    keys = tuple(dict.fromkeys(k.strip() for k in text.split(",") if k.strip()))
    for key in keys:
        try:
            api.hud_column(key)
        except KeyError:
            raise ValueError(f"unknown statistic {key[:40]!r} in stats=; choose from "
                             + ", ".join(api.HUD_COLUMNS) + " or any key of `player --json`") from None
    return keys


def _with_columns(payload: str, keys: tuple[str, ...] | None, live: LiveView) -> str:
    """The state's JSON with other columns than the default (read again from the state)."""
    if keys is None:
        return payload
    state = live.hud.state if live.hud is not None else api.HudState()
    return LiveView._encode(api.hud_json(state, keys, watching=live.watching))


def routes(config: WebConfig) -> list[BaseRoute]:
    """The live view's routes: /hud, /hud/events, /api/hud."""
    from .render import error_page, page

    async def hud_page(request: Request) -> Response:
        try:
            keys = _keys(request)
        except ValueError as error:
            return error_page(400, str(error))
        live = live_of(request.app)
        stats = ",".join(keys) if keys else ""
        events = "/hud/events" + (f"?stats={stats}" if stats else "")
        return page(request, "hud.html.j2", {"title": "Live tables", "events": events,
                                             "watching": live.watching})

    async def hud_json(request: Request) -> Response:
        try:
            keys = _keys(request)
        except ValueError as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        live = live_of(request.app)
        _, payload = live.current()
        return Response(_with_columns(payload, keys, live), media_type="application/json")

    async def hud_events(request: Request) -> Response:
        try:
            keys = _keys(request)
        except ValueError as error:
            return error_page(400, str(error))
        live = live_of(request.app)
        return StreamingResponse(_events(live, keys), media_type="text/event-stream",
                                 headers={"cache-control": "no-store", "x-accel-buffering": "no"})

    return [Route("/hud", hud_page, name="hud"), Route("/hud/events", hud_events, name="hud_events"),
            Route("/api/hud", hud_json, name="api_hud")]


async def _events(live: LiveView, keys: tuple[str, ...] | None) -> AsyncIterator[str]:
    """The event stream: the state at once, then at each change; a comment when idle."""
    with live.subscribe() as changed:
        sent = -1
        yield "retry: 1000\n\n"
        while not live.closing:
            version, payload = live.current()
            if version != sent:
                sent = version
                yield f"event: hud\nid: {version}\ndata: {_with_columns(payload, keys, live)}\n\n"
            try:
                await asyncio.wait_for(changed.wait(), KEEPALIVE_SECONDS)
            except TimeoutError:
                yield ": keepalive\n\n"
            changed.clear()
        yield "event: closing\ndata: {}\n\n"  # (the page retries: the server may be back)

