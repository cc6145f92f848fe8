"""The app factory: `create_app(WebConfig)` -> the Starlette app `hhtracker serve` runs.

Each module of pages gives its routes as a route group, a function `routes(config) ->
list[BaseRoute]`; ROUTE_GROUPS lists them (the pages, the live view). The static files
(CSS, JavaScript) are served from the package under /static."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
"""The hosts `serve` may bind without --token: this computer only."""

WILDCARD_HOSTS = frozenset({"0.0.0.0", "::"})
"""The hosts that listen on every address of the computer (with --token only): the Host
header cannot be checked (the computer's names are not known), the token guards instead."""

DEFAULT_PORT = 8765


@dataclass(frozen=True)
class WebConfig:
    """What `hhtracker serve` was given. db_path: the database (read-only for the pages;
    notes and tags are written through the api); host, port: the address served (the Host
    header must name it); token: when set, every request needs it (see security); watch:
    the folders and files `--watch` follows (the live view's importer); csrf_token: this
    process's secret for the forms (a new one at each start)."""

    db_path: Path
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    token: str | None = None
    watch: tuple[Path, ...] = ()
    csrf_token: str = field(default_factory=lambda: secrets.token_urlsafe(32), repr=False)

    @property
    def address(self) -> str:
        """The address printed at start: "http://127.0.0.1:8765"."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    def allowed_hosts(self) -> frozenset[str] | None:
        """The Host header values accepted (lower case): the address served, and on a
        loopback address each loopback name (127.0.0.1, localhost, [::1]) with the port;
        None (any) on a wildcard address (WILDCARD_HOSTS: --token required there)."""
        if self.host in WILDCARD_HOSTS:
            return None
        names = {self.host} | (set(LOOPBACK_HOSTS) if self.host in LOOPBACK_HOSTS else set())
        shown = {f"[{n}]" if ":" in n else n for n in names}
        with_port = {f"{n}:{self.port}" for n in shown}
        if self.port == 80:
            with_port |= shown
        return frozenset(h.lower() for h in with_port)


RouteGroup = Callable[[WebConfig], list[BaseRoute]]


def _route_groups() -> list[RouteGroup]:
    from . import hud, pages

    return [pages.routes, hud.routes]


ROUTE_GROUPS: list[RouteGroup] = _route_groups()
"""The route groups the app is made of, in order (a module adds its `routes` here)."""


PAGE_API: tuple[str, ...] = (
    "hand_list", "import_status", "lifetime_results", "player_page", "player_results", "tag_population",
    "games_played", "leaks", "player_reads", "hud_json", "note_list", "player_marks", "query", "hand_replays",
    "session_page", "session_report", "sessions", "player_profile", "hero_choice", "tournaments", "reads_json",
    "leaks_json", "profile_json", "summary_json", "report_json", "duration", "replayer_html", "auto_tags",
)
"""The api functions the pages and the live view call. The api loads a function's module at
its first use (a command starts quicker so); create_app loads these when the app is made
(load_page_code), so that no first view waits for an import (a profile's first view waited
about 0.3 s for the notes' module, which loads the importer)."""


def load_page_code() -> None:
    """Load the modules of PAGE_API now (about 0.5-1 s, once per process)."""
    from .. import api

    for name in PAGE_API:
        getattr(api, name)


def create_app(config: WebConfig, groups: list[RouteGroup] | None = None) -> Starlette:
    """The ASGI app serving `config` (routes: `groups`, default ROUTE_GROUPS, then /static),
    wrapped in the security middleware (security.SecurityMiddleware). Made ready to answer
    at once: the pages' code loaded (load_page_code) and their templates compiled
    (render.compile_templates). The config is at `app.state.config`, the answers kept while
    the database is unchanged at `app.state.cache` (cache.DatabaseCache), filled at start with
    what the first views would wait for (pages.warm_up, in a thread beside the server, each
    answer read while the server is idle: idle.WhenIdle, the requests counted in
    `app.state.activity`)."""
    from .cache import DatabaseCache
    from .errors import exception_handlers
    from .hud import lifespan as live_lifespan
    from .idle import Activity, ActivityMiddleware, WhenIdle
    from .render import compile_templates
    from .security import SecurityMiddleware

    import contextlib
    import threading
    from collections.abc import AsyncIterator

    from .pages import warm_up

    load_page_code()
    compile_templates()
    activity = Activity()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # (beside the server, not before it: the address answers at once; and only while
        # no request is being answered)
        activity.mark()
        threading.Thread(target=warm_up, args=(config, WhenIdle(app.state.cache, activity)), name="warm-up",
                         daemon=True).start()
        async with live_lifespan(app):  # serve --watch's importer, while the server runs
            yield

    routes: list[BaseRoute] = [route for group in (ROUTE_GROUPS if groups is None else groups) for route in group(config)]
    routes.append(Mount("/static", StaticFiles(packages=[("hhtracker.web", "static")]), name="static"))
    app = Starlette(routes=routes, middleware=[Middleware(ActivityMiddleware, activity=activity),
                                               Middleware(SecurityMiddleware, config=config)],
                    exception_handlers=exception_handlers(), lifespan=lifespan)
    app.state.config = config
    app.state.cache = DatabaseCache()
    app.state.activity = activity
    return app
