"""`hhtracker serve`: the tracker in the browser (issue 26).

A Starlette (ASGI) app served by uvicorn on 127.0.0.1: pages made from Jinja2 templates
(autoescaped) over the same api calls and JSON objects as the CLI, charts as SVG drawn here,
the CSS and the little JavaScript in static/ (nothing fetched from the internet).

- app: `WebConfig` (what `serve` was given), `create_app(config)`, `ROUTE_GROUPS`
- security: the middleware (Host check, token, CSRF on POST, CSP and the other headers)
- pages: the pages and their `/api/...` JSON
- query: query-string parameters -> `api.Filters` (a bad value: a 400 page)
- charts: the SVG charts
- hud: `/hud` (the live table view; helper module, see its docstring)

The web layer imports only `hhtracker.api` and its own modules (tests/test_layers.py).
"""

from __future__ import annotations

from .app import WebConfig, create_app

__all__ = ["WebConfig", "create_app"]
