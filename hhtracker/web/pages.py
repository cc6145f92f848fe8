"""The pages (issue 26, "Build") and their JSON at /api/...: each page reads through the api
(read-only connections) and shows the same objects the CLI's --json prints."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from .. import api
from .query import EVERY_FILTER, check_params, filter_names, filters_of, whole_number
from .render import page

if TYPE_CHECKING:
    from .app import WebConfig

PLAYERS_PER_PAGE = 50


def _config(request: Request) -> WebConfig:
    config: WebConfig = request.app.state.config
    return config


def players_data(request: Request) -> dict[str, Any]:
    """/players: the players the filters match, one page of them, sorted."""
    params = request.query_params
    check_params(params, filter_names() | {"sort", "page", "name"})
    filters = filters_of(params)
    sort = params.get("sort") or "hands"
    if sort not in api.SORTS:
        from .errors import BadRequest

        raise BadRequest(f"sort={sort[:40]!r} is not one of {', '.join(api.SORTS)}")
    number = whole_number("page", params.get("page") or "1", 1)
    found = api.players(_config(request).db_path, min_hands=filters.min_hands, sort=sort, filters=filters)
    rows = found[(number - 1) * PLAYERS_PER_PAGE: number * PLAYERS_PER_PAGE]
    return {"players": [api.profile_json(s, distributions=False) for s in rows], "total": len(found),
            "page": number, "per_page": PLAYERS_PER_PAGE, "sort": sort}


PLAYER_COLUMNS: tuple[tuple[str, str], ...] = (
    ("player", "player"), ("", "site"), ("hands", "hands"), ("vpip", "VPIP"), ("pfr", "PFR"), ("three_bet", "3-bet"),
    ("steal", "steal"), ("pat_d1", "pat d1"), ("cbet", "c-bet"), ("wtsd", "WTSD"), ("wsd", "W$SD"), ("net", "net"),
    ("big_bets_per_100", "BB/100"),
)
"""The players table's columns as `hhtracker players` shows them: sort key ("" none), heading."""


def filter_form(which: tuple[Any, ...] = EVERY_FILTER) -> list[tuple[str, tuple[str, ...] | None]]:
    """The filter form's fields: (parameter, its choices or None for free text)."""
    return [(p.name, p.choices) for p in which]


async def players_page(request: Request) -> Response:
    data = players_data(request)
    return page(request, "players.html.j2", {
        "title": "Players", **data, "columns": PLAYER_COLUMNS,
        "stat_columns": [k for k, _ in PLAYER_COLUMNS[3:-2]], "filter_form": filter_form(),
        "keep_params": ("name", "sort")})


async def players_json(request: Request) -> Response:
    return JSONResponse(players_data(request))


async def home_page(request: Request) -> Response:
    return page(request, "home.html.j2", {"title": "hhtracker"})


def routes(config: WebConfig) -> list[BaseRoute]:
    """The pages' routes and their /api/ twins."""
    return [
        Route("/", home_page, name="home"),
        Route("/players", players_page, name="players"),
        Route("/api/players", players_json, name="players_json"),
    ]
