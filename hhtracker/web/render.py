"""The pages' templates (Jinja2, autoescaped: every text from a hand history is escaped) and
the helpers they use to show values: money, ratios with their sample and interval, links
that keep the query string."""

from __future__ import annotations

import datetime as dt
from typing import Any
from urllib.parse import quote, unquote, urlencode

import jinja2
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse

from .. import api

_ENV = jinja2.Environment(
    loader=jinja2.PackageLoader("hhtracker.web", "templates"),
    autoescape=True,  # every template, whatever its name
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)

NAV: tuple[tuple[str, str], ...] = (
    ("/", "Home"), ("/players", "Players"), ("/hands", "Hands"), ("/sessions", "Sessions"),
    ("/tournaments", "Tournaments"), ("/leaks", "Leaks"), ("/hud", "Live"),
)
"""The navigation bar: address, label."""


def money(value: dict[str, Any] | api.Money | None, signed: bool = True) -> str:
    """A Money, or its JSON ({"amount": cents, "currency": ...}), as "+$1.00" ("" for None)."""
    if value is None:
        return ""
    amount, currency = (value["amount"], value["currency"]) if isinstance(value, dict) else (value.amount, value.currency)
    return api.format_result(amount, currency) if signed else api.format_money(amount, currency)


def moneys(values: list[dict[str, Any]] | tuple[api.Money, ...]) -> Markup:
    """Several currencies' amounts, "+$1.00; +475 chips" (never added together), each in a
    <span class="w amount"> kept on one line: in a table cell each amount is on a line of its
    own (style.css), so two currencies never widen the table. Escaped."""
    if not values:
        return Markup("0")
    amounts = [money(v) for v in values]
    return Markup(" ").join(Markup('<span class="w amount">{}{}</span>').format(amount, ";" if i < len(amounts) - 1 else "")
                            for i, amount in enumerate(amounts))


def ratio(value: dict[str, int] | api.Ratio) -> str:
    """A ratio (or its JSON {"done", "opportunities"}) as "23.6% (17/72) [15-35%]"."""
    done, opportunities = (value["done"], value["opportunities"]) if isinstance(value, dict) else (value.done, value.opportunities)
    return api.format_ratio(done, opportunities)


def percent_only(value: dict[str, int] | api.Ratio) -> str:
    """The percentage alone, "23.6%", "-" without an opportunity."""
    done, opportunities = (value["done"], value["opportunities"]) if isinstance(value, dict) else (value.done, value.opportunities)
    return f"{100.0 * done / opportunities:.1f}%" if opportunities else "-"


def number(value: float | None, digits: int = 2) -> str:
    """A float with its sign, "+15.38"; "-" for None."""
    return "-" if value is None else f"{value:+.{digits}f}"


def words(text: object) -> Markup:
    """A value that may wrap, written word by word ("30.9% (29/94) [22-41%]": three words, each
    a <span class="w"> kept on one line): it wraps at its spaces only, never at the hyphen
    of an interval or a date. Escaped."""
    return Markup(" ").join(Markup('<span class="w">{}</span>').format(word) for word in str(text).split())


SHORT_NAME = 60
"""The most characters of a name a title or heading repeats (as the terminal's messages)."""


def shortened(text: str, width: int = SHORT_NAME) -> str:
    """`text` cut to `width` characters, the last one "…" when cut (a name from the address
    or a hand history in a title: "Hands of aaaa…", not 1,000 characters)."""
    return text if len(text) <= width else text[:width - 1] + "…"


def plain(text: object) -> str:
    """Text from a hand history (a name, a tag, a note, a table or file name) as the terminal
    shows it (display.safe): every control, format (bidi) and separator character written as a
    visible escape ("\\x1b", "\\u202e"), so none reaches the page raw. For attributes (a
    title); autoescaped by the template."""
    return str(api.safe(text))


def hh(text: object) -> Markup:
    """Text from a hand history shown in a page: `plain(text)`, escaped, in a <bdi> (isolated
    for direction: a right-to-left name never reorders the text around it)."""
    return Markup("<bdi>{}</bdi>").format(plain(text))


def name_link(href: str | None, name: str) -> Markup:
    """A link to a player in a table's cell (a <span> without `href`: a table's name): class
    "name" (style.css cuts it with
    "…" at a width), its whole name (`plain`; its first TITLE_NAME characters) in the title,
    and its text (a 100,000-character name is not sent whole), isolated for direction (`hh`)."""
    title, text = plain(shortened(name, TITLE_NAME)), hh(shortened(name, TITLE_NAME))
    if href is None:
        return Markup('<span class="name" title="{}">{}</span>').format(title, text)
    return Markup('<a class="name" href="{}" title="{}">{}</a>').format(href, title, text)


TITLE_NAME = 1000
"""The most characters of a name a list's cell and its title attribute (a tooltip) hold."""


def game_name(game: str | None) -> str:
    """A stored game key as the user reads it, the game record's name ("27_single_draw" ->
    "2-7 Single Draw", as the terminal says); "all" (every game together) as "all games"."""
    if game is None or game == api.ALL_GAMES:
        return "all games"
    return str(api.game_name(game))  # (str: the api facade leaves game_name untyped)


def duration(seconds: int) -> str:
    """A duration in seconds as the terminal writes it (`hhtracker sessions`): "59 s",
    "1 min 05 s", "34 min", "1 h 05 min"."""
    return api.duration(dt.timedelta(seconds=seconds))


DOT_NAMES: dict[str, str] = {".": "%2E!", "..": "%2E%2E!"}
"""The names made of dots alone, as a segment of an address: written "." or "..", a browser
or curl takes them for "this folder" and "the folder above" and drops them (/players/pokerstars/..
opens /players); quoted "%2E%2E" too (the WHATWG URL standard reads "%2e%2e" as ".."; Chromium
does). With the "!" after them the segment is no dot segment, and no other name is written so:
path_part never writes "%2E" (a dot stays a dot) nor a bare "!"."""

_DOT_SEGMENTS = {spelling.lower(): name for name, spelling in DOT_NAMES.items()}


def path_part(text: str) -> str:
    """One segment of an address: every character but letters, digits and -._~ quoted
    ('/' too: a name with a slash stays one segment); a name of dots alone as DOT_NAMES
    writes it ("%2E%2E!"). segment_text reads it back."""
    return DOT_NAMES.get(text) or quote(text, safe="")


def segment_text(segment: str) -> str:
    """One segment of an address as sent (still quoted) read back: DOT_NAMES' spellings
    ("%2E%2E!", any case) as their dots, anything else unquoted once (invalid UTF-8 replaced)."""
    return _DOT_SEGMENTS.get(segment.lower()) or unquote(segment, errors="replace")


def address_path(request: Request) -> str:
    """The path of the address as the browser sent it (still quoted: a name's "%2F" stays
    one segment when a form or a link is sent to it again)."""
    raw = request.scope.get("raw_path")
    return raw.decode("latin-1") if raw else quote(request.url.path)


def with_query(request: Request, **changes: object) -> str:
    """The current address with some query parameters changed (None or "" removes one)."""
    params = {k: v for k, v in request.query_params.items()}
    for key, value in changes.items():
        if value is None or value == "":
            params.pop(key, None)
        else:
            params[key] = str(value)
    return address_path(request) + ("?" + urlencode(params) if params else "")


_ENV.filters.update(money=money, moneys=moneys, ratio=ratio, percent_only=percent_only, number=number,
                    path_part=path_part, counted=api.counted, words=words, game_name=game_name, duration=duration,
                    shortened=shortened, hh=hh, plain=plain)
_ENV.globals.update(NAV=NAV, with_query=with_query, path_part=path_part, name_link=name_link,
                    interval=api.format_interval, note_characters=api.NOTE_CHARACTERS)


def compile_templates() -> tuple[str, ...]:
    """Compile every template of the package now, once (Jinja2 keeps them compiled in the
    environment's cache, which holds far more than these): create_app calls it, so that no
    request waits for a compilation (the first page of a process waited about 0.1-0.2 s).
    Returns the templates' names. raises jinja2.TemplateError for one that does not compile."""
    names = tuple(_ENV.list_templates())
    for name in names:
        _ENV.get_template(name)
    return names


def render(template: str, context: dict[str, Any]) -> str:
    """The template filled in (autoescaped)."""
    return _ENV.get_template(template).render(context)


def page(request: Request, template: str, context: dict[str, Any], status_code: int = 200) -> HTMLResponse:
    """A page: the template with the request, this process's CSRF token (for the forms)
    and the address's path as sent (the navigation's current page, the filter forms'
    action) added to its context."""
    config = request.app.state.config
    full = {"request": request, "csrf_token": config.csrf_token, "path": address_path(request), **context}
    return HTMLResponse(render(template, full), status_code=status_code)


def note_refused_page(raw_path: str, csrf_token: str, fields: dict[str, str], message: str,
                      status_code: int) -> HTMLResponse:
    """A note refused (too long; the form's token out of date, the server restarted): the
    reason and the form again, the text as typed (`fields`: the form sent, its "action",
    "number", "text") and this process's token, to send to `raw_path` (the notes' address as
    sent, ".../notes"); a link back to the profile. With `status_code`."""
    action = fields.get("action", "add")
    html = render("note_refused.html.j2", {
        "title": "Note not saved", "message": message, "path": "", "csrf_token": csrf_token,
        "action_path": raw_path, "profile_path": raw_path.removesuffix("/notes"),
        "action": action if action in ("add", "edit") else "add", "number": fields.get("number", ""),
        "text": fields.get("text", ""), "max_length": api.NOTE_CHARACTERS})
    return HTMLResponse(html, status_code=status_code)


def error_page(status_code: int, message: str) -> HTMLResponse:
    """The page of a refusal or an error: its status and one line saying what to do."""
    titles = {400: "Bad request", 401: "Token needed", 403: "Refused", 404: "Not found", 405: "Method not allowed",
              413: "Too large", 500: "Internal error", 503: "Database unavailable"}
    html = render("error.html.j2", {"title": titles.get(status_code, "Error"), "message": message,
                                     "status": status_code, "path": ""})
    return HTMLResponse(html, status_code=status_code)
