"""The server's guards, one ASGI middleware around every route (issue 26, "Security"):

- the Host header must name the address served (127.0.0.1:PORT, localhost:PORT, [::1]:PORT;
  with --host, that host): a page of another site that resolves its own name to 127.0.0.1
  (DNS rebinding) is refused (400); on 0.0.0.0 or :: (every address, --token required)
  any Host is taken, and the token guards;
- with --token, every request must carry it: `?token=T` once (answered by a redirect that
  sets a cookie), then the cookie; or the header `Authorization: Bearer T` (else 401);
- a change is a POST only (other methods: 405), with this process's CSRF token in the form
  field `csrf` (or the header X-CSRF-Token), and an Origin header, when sent, naming the
  address served (else 403);
- every answer carries the Content-Security-Policy (no inline script or style, nothing from
  another origin), X-Content-Type-Options: nosniff, the referrer only within the site (under
  no-referrer a browser sends "Origin: null" with the page's own forms), no framing;
- an exception no handler took (a bug) answers a 500 page of one line, never a traceback.
"""

from __future__ import annotations

import hmac
from http.cookies import SimpleCookie
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlencode, urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import api
from .errors import answers_json, error_answer, internal_error_page
from .render import note_refused_page

if TYPE_CHECKING:
    from .app import WebConfig

CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; "
                           "base-uri 'none'; frame-ancestors 'none'")
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "same-origin"),  # (no-referrer would make a browser send "Origin: null" with our own forms)
    ("x-frame-options", "DENY"),
)
TOKEN_COOKIE = "hhtracker_token"
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"
MAX_FORM_BYTES = 256 * 1024
"""The largest form accepted (a note is a few lines)."""

SAFE_METHODS = frozenset({"GET", "HEAD"})


def _same(given: str | None, expected: str) -> bool:
    return given is not None and hmac.compare_digest(given.encode("utf-8", "surrogateescape"), expected.encode())


class SecurityMiddleware:
    """The guards above, around `app`, for the address and token of `config`."""

    def __init__(self, app: ASGIApp, config: WebConfig) -> None:
        self.app = app
        self.config = config
        self.hosts = config.allowed_hosts()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS:
                    headers[name] = value
            await send(message)

        try:
            refusal, receive = await self._check(scope, receive)
            if refusal is not None:
                await refusal(scope, receive, send_with_headers)
                return
            await self.app(scope, receive, send_with_headers)
        except Exception as error:  # a bug: one line, no traceback (nor the server's log of one)
            if started:
                return
            await internal_error_page(error, scope.get("path", ""))(scope, receive, send_with_headers)

    async def _check(self, scope: Scope, receive: Receive) -> tuple[Response | None, Receive]:
        """(the refusal, or None; the receive to read the body from: replayed when a form
        was read here)."""
        headers = Headers(scope=scope)
        path = scope.get("path", "")
        host = headers.get("host", "").lower()
        if self.hosts is not None and host not in self.hosts:
            # (the header as sent, its bytes read as UTF-8, not as Latin-1 nor lowered: "é.com", not "ã©.com")
            said = headers.get("host", "").encode("latin-1").decode("utf-8", "replace")
            return error_answer(path, 400, f"this server answers only to {self.config.address} (the Host header "
                                           f"said {api.quoted(said)}): open that address"), receive
        if scope["type"] != "http":
            return error_answer(path, 403, "no WebSocket here"), receive
        if self.config.token is not None:
            refusal = self._token_refusal(scope, headers)
            if refusal is not None:
                return refusal, receive
        method = scope["method"]
        if method in SAFE_METHODS:
            return None, receive
        if method != "POST":
            return error_answer(path, 405, f"{method} is not used here: changes are made through the page's forms"), receive
        origin = headers.get("origin")
        if origin is not None and origin != "null" and urlsplit(origin).netloc.lower() not in (self.hosts or {host}):
            return error_answer(path, 403, f"a form sent from another site ({origin[:60]!r}) is refused"), receive
        if origin == "null":
            return error_answer(path, 403, "a form sent from an unknown origin is refused"), receive
        body = b""
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return error_answer(path, 400, "the form was not sent whole"), receive
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > MAX_FORM_BYTES:
                return error_answer(path, 413, f"the form is larger than {MAX_FORM_BYTES // 1024} KB"), receive
        token = headers.get(CSRF_HEADER)
        if token is None and headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
            token = parse_qs(body.decode("utf-8", "replace")).get(CSRF_FIELD, [None])[-1]
        if not _same(token, self.config.csrf_token):
            said = "the form's token is missing or out of date (the server was restarted?): reload the page and send it again"
            if path.endswith("/notes") and not answers_json(path):  # a note: the form again, the text kept
                raw = scope.get("raw_path")
                fields = {k: v[-1] for k, v in parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True).items()}
                said = "the note was not saved: the form's token was out of date (the server was restarted); send it again"
                return note_refused_page(raw.decode("latin-1") if raw else path, self.config.csrf_token, fields,
                                         said, 403), receive
            return error_answer(path, 403, said), receive
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return None, replay

    def _token_refusal(self, scope: Scope, headers: Headers) -> Response | None:
        """None when the request carries the token; a redirect that sets the cookie when it
        came as ?token=; else the 401 page."""
        expected = self.config.token
        assert expected is not None
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # (a cookie header that cannot be read: no token from it)
            cookie = SimpleCookie()
        if TOKEN_COOKIE in cookie and _same(cookie[TOKEN_COOKIE].value, expected):
            return None
        authorization = headers.get("authorization", "")
        if authorization.startswith("Bearer ") and _same(authorization[7:], expected):
            return None
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        if scope["method"] in SAFE_METHODS and _same(query.get("token", [None])[-1], expected):
            rest = urlencode([(k, v) for k, vs in query.items() if k != "token" for v in vs])
            response = RedirectResponse(scope["path"] + ("?" + rest if rest else ""), status_code=303)
            response.set_cookie(TOKEN_COOKIE, expected, httponly=True, samesite="strict", path="/")
            return response
        return error_answer(scope.get("path", ""), 401, "this server needs its token: open the address "
                                                        "`hhtracker serve` printed (with ?token=...)")
