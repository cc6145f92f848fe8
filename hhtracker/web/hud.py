"""`/hud`: the live table view in the browser (one panel per active table, updated through
Server-Sent Events at `/hud/events`), and the importer `serve --watch` runs in the same
process. A place kept for it here: `routes(config)` gives the app its routes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

if TYPE_CHECKING:
    from .app import WebConfig


def routes(config: WebConfig) -> list[BaseRoute]:
    """The live view's routes (for now a page that says it is coming)."""
    from .render import page

    async def hud_page(request: Request) -> Response:
        return page(request, "coming.html.j2", {"title": "Live view", "what": "live view: coming"})

    return [Route("/hud", hud_page, name="hud")]
