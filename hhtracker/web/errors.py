"""What the pages answer when something goes wrong: one line saying what to do, never a
traceback (the same errors as the CLI's, cli/errors.py: a missing database, no such player,
bad filters). Under /api/ the same line as JSON, {"error": "..."}, with the same status: a
program reading the JSON never gets a page."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .. import api
from .render import error_page, shortened


class BadRequest(HTTPException):
    """A query parameter or form field that cannot be read: a 400 page with its message."""

    def __init__(self, message: str) -> None:
        super().__init__(400, message)


class NotFound(HTTPException):
    """No such player, hand or session: a 404 page with its message."""

    def __init__(self, message: str) -> None:
        super().__init__(404, message)


Handler = Callable[[Request, Any], Awaitable[Response] | Response]

API_PREFIX = "/api/"
"""The addresses whose answers are JSON (the pages' twins, /api/hud), errors included."""


def answers_json(path: str) -> bool:
    """Whether the address `path` (the request's path, decoded) is one of the JSON ones."""
    return path.startswith(API_PREFIX) or path == API_PREFIX.rstrip("/")


def error_answer(path: str, status_code: int, message: str) -> Response:
    """The answer to a request for `path` that fails: {"error": message} under /api/, else
    the error page (render.error_page); both with `status_code`."""
    if answers_json(path):
        return JSONResponse({"error": message}, status_code=status_code)
    return error_page(status_code, message)


def _http(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    detail = error.detail if error.status_code != 404 or error.detail != "Not Found" else \
        f"no page at {shortened(request.url.path)} (see the links at the top)"
    return error_answer(request.url.path, error.status_code, str(detail))


def _message(error: BaseException) -> str:
    """The api error's message (the api quotes what it repeats short itself: display.quoted)."""
    return str(error.args[0]) if len(error.args) == 1 else str(error)


def _unavailable(request: Request, error: Exception) -> Response:
    return error_answer(request.url.path, 503, _message(error))


def _missing(request: Request, error: Exception) -> Response:
    return error_answer(request.url.path, 404, _message(error))


def _refused(request: Request, error: Exception) -> Response:
    return error_answer(request.url.path, 400, _message(error))


def exception_handlers() -> Mapping[Any, Handler]:
    """The app's exception handlers: HTTP errors as pages; the api's errors as the CLI maps
    them (database: 503; nothing to report, no hero, no such player: 404; a note or tag
    refused: 400). A value the pages cannot read is refused before the api is called
    (BadRequest: 400)."""
    return {
        HTTPException: _http,
        api.NoDatabaseError: _unavailable, api.DatabaseOpenError: _unavailable, api.DatabaseBusyError: _unavailable,
        api.ReportError: _missing, api.NoHeroError: _missing, api.UnknownPlayerError: _missing,
        api.MarkError: _refused,  # a note or tag the api refuses (empty, too long): as the CLI does
    }


def internal_error_page(error: BaseException, path: str = "") -> Response:
    """A bug of ours, met answering `path`: one line on the server's stderr and a 500 page
    (JSON under /api/), no traceback."""
    said = str(error)
    said = said if len(said) <= 300 else said[:300] + "..."
    line = f"internal error ({type(error).__name__}: {said}): a bug of hhtracker; please report it"
    print(api.safe(f"Error: {line}"), file=sys.stderr, flush=True)
    return error_answer(path, 500, line)
