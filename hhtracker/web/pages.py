"""The pages (issue 26, "Build") and their JSON at /api/...: each page reads through the api
(read-only connections; notes and tags are written through the api's writers) and shows the
same objects the CLI's --json prints (the api's *_json functions), so a page and its JSON
never disagree."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from .. import api
from .charts import winnings_chart
from .errors import BadRequest, NotFound
from .query import (
    EVERY_FILTER,
    GAME,
    GAME_TYPE,
    POSITION,
    SINCE,
    SITE,
    STAKES,
    STRUCTURE,
    TABLE_SIZE,
    UNTIL,
    FilterParam,
    check_params,
    filter_names,
    filters_of,
    whole_number,
)
from .render import address_path, note_refused_page, page, path_part, render, segment_text, shortened

if TYPE_CHECKING:
    from .app import WebConfig

PER_PAGE = 50
"""Rows per page of the players and hands lists."""

SESSION_FILTERS = (SITE, STRUCTURE, STAKES, GAME_TYPE, TABLE_SIZE, GAME)
"""The filters `hhtracker sessions` takes."""

LEAK_FILTERS = (SITE, STRUCTURE, STAKES, GAME_TYPE, TABLE_SIZE, SINCE, UNTIL, POSITION, GAME)
"""The filters `hhtracker leaks` takes."""

HAND_FILTERS = (SITE, STRUCTURE, STAKES, GAME_TYPE, TABLE_SIZE, SINCE, UNTIL, POSITION, GAME)
"""The filters of the hand list (min_hands means nothing for hands)."""

PLAYER_COLUMNS: tuple[tuple[str, str], ...] = (
    ("player", "player"), ("", "site"), ("hands", "hands"), ("vpip", "VPIP"), ("pfr", "PFR"), ("three_bet", "3-bet"),
    ("steal", "steal"), ("pat_d1", "pat d1"), ("cbet", "c-bet"), ("af", "AF"), ("wtsd", "WTSD"), ("wsd", "W$SD"),
    ("net", "net"), ("big_bets_per_100", "BB/100"),
)
"""The players table's columns as `hhtracker players` shows them: sort key ("" none), heading."""

FACTOR_KEYS = frozenset({"af", "af_r2", "af_r3", "af_r4"})
"""The statistics that are a factor (bets and raises per call), not a percentage."""


def _db(request: Request) -> Any:
    config: WebConfig = request.app.state.config
    return config.db_path


def _cached(request: Request, key: Any, compute: Callable[[], Any]) -> Any:
    """compute(), or its answer kept while the database is unchanged (cache.DatabaseCache)."""
    return request.app.state.cache.get(_db(request), key, compute)


def _earned_tags(request: Request, found: list[tuple[api.PlayerStats, str | None]], filters: api.Filters) -> list[str]:
    """The automatic tags of his profiles, each against his site's players over the same
    filters, as api.earned_tags gives them (the population read by api.tag_population, and
    kept while the database is unchanged)."""
    def people(site: str, game: str | None) -> api.Population:
        def read() -> api.Population:
            return api.tag_population(_db(request), dataclasses.replace(filters, site=site, game=game))
        return _cached(request, ("population", site, game, filters), read)  # type: ignore[no-any-return]

    return sorted({tag for stats, game in found for tag in api.auto_tags(stats, people(stats.site, game))})


def filter_form(which: tuple[FilterParam, ...] = EVERY_FILTER) -> list[tuple[str, tuple[str, ...] | None]]:
    """The filter form's fields: (parameter, its choices or None for free text)."""
    return [(p.name, p.choices) for p in which]


def _hero(params: Any) -> str | None:
    hero = params.get("hero", "").strip()
    return hero or None


def _gap(params: Any) -> int:
    return whole_number("gap", params.get("gap") or "30", 1, 24 * 60 * 365)


def _money_json(value: api.Money) -> dict[str, object]:
    return {"amount": value.amount, "currency": value.currency}


def _plain(value: Any) -> Any:
    """A dataclass of the api as JSON (Money as {"amount", "currency"})."""
    if isinstance(value, api.Money):
        return _money_json(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


# ---------------------------------------------------------------- players

def _players_filters(request: Request) -> tuple[api.Filters, str | None]:
    """The filters of /players, and the note saying which game is shown when the database
    holds several and none was chosen (players of different games are never mixed unless
    game=all is asked, as `hhtracker players`)."""
    filters = filters_of(request.query_params)
    if filters.game is not None:
        return filters, None
    games = _cached(request, ("games", filters), lambda: api.games_played(_db(request), filters))
    if len(games) <= 1:
        return filters, None
    names = [api.game_name(g) for g in games]
    note = (f"these hands are of {len(games)} games ({', '.join(names)}): {names[0]} shown; choose a game above "
            "(all games: every game together)")
    return dataclasses.replace(filters, game=games[0]), note


def players_data(request: Request) -> dict[str, Any]:
    """/players: one page of the players the filters and the name search match, sorted."""
    params = request.query_params
    check_params(params, filter_names() | {"sort", "page", "name"})
    filters, note = _players_filters(request)
    sort = params.get("sort") or "hands"
    if sort.removeprefix("-") not in api.SORTS:
        raise BadRequest(f"sort={sort[:40]!r} is not one of {', '.join(api.SORTS)} (-KEY: the other way, sort=-vpip)")
    number = whole_number("page", params.get("page") or "1", 1)
    search = params.get("name") or None
    found = _cached(request, ("players", filters, sort, search, number),
                    lambda: api.player_page(_db(request), filters=filters, sort=sort, search=search,
                                            offset=(number - 1) * PER_PAGE, limit=PER_PAGE))
    return {"players": [{**api.profile_json(s, distributions=False), "game": filters.game} for s in found.players],
            "total": found.total,
            "page": number, "per_page": PER_PAGE, "sort": sort, "game": filters.game, "note": note}


async def players_page(request: Request) -> Response:
    data = players_data(request)
    return page(request, "players.html.j2", {
        "title": "Players", **data, "columns": PLAYER_COLUMNS,
        "stat_columns": [k for k, _ in PLAYER_COLUMNS[3:-2]], "filter_form": filter_form(),
        "keep_params": ("name", "sort"), "factor_keys": FACTOR_KEYS})


async def players_json(request: Request) -> Response:
    return JSONResponse(players_data(request))


def player_in_address(request: Request, suffix: str = "") -> tuple[str, str]:
    """(site, name) of /players/{site}/{name}[suffix] (also under /api), read from the
    address as sent (ASGI raw_path), each segment by render.segment_text (unquoted once):
    a name holding "/" or "%2F" (quoted %2F and %252F by the pages' links) is read as
    written, a name of dots alone from its "%2E%2E!" (render.DOT_NAMES), and a name ending
    in "/notes" is not taken for the notes' address."""
    raw = request.scope.get("raw_path")
    if not raw:
        return request.path_params["site"], request.path_params["name"]
    parts = raw.decode("latin-1").split("/")
    start = parts.index("players") + 1
    segments = parts[start:]
    if suffix:
        segments = segments[:-1]
    return segment_text(segments[0]), "/".join(segment_text(s) for s in segments[1:])


class NoSuchPlayer(NotFound):
    """A name no stored player has (stored_player): a 404; the hand list shows it on its
    own page, its form kept for another try."""


def stored_player(db: Any, name: str, site: str | None, param: str = "") -> str:
    """The stored name `name` means on `site` (None: any site), as the CLI reads a name
    (`hhtracker player hero` finds Hero): itself when stored, else the one stored name equal
    to it ignoring case. raises NotFound (404) naming the closest stored names (several
    equal ignoring case: those) when there is none or it is ambiguous (NoSuchPlayer); param: the query
    parameter that named him, said first ("against=...: no player ...")."""
    stored = api.stored_name(db, name, site)
    if stored is not None:
        return stored
    close = api.names_like(db, name, site) or api.close_names(db, name, site)
    where = f" on {site}" if site else ""
    hint = f": did you mean {' or '.join(api.quoted(n) for n in close)}?" if close else " (see /players, the name search)"
    said = f"{param}={api.quoted(name)}: no such player" if param else f"no player {api.quoted(name)}"
    raise NoSuchPlayer(f"{said}{where} in the database{hint}")


def _player(request: Request, suffix: str = "") -> tuple[str, str]:
    """(site, stored name) of /players/{site}/{name} (the name in any case when only one
    stored name matches it: stored_player): 404 when no hand of his is stored there."""
    site, name = player_in_address(request, suffix)
    if site not in {s.value for s in api.Site}:
        raise NotFound(f"no site {site[:40]!r}: hhtracker reads {', '.join(s.value for s in api.Site)}")
    return site, stored_player(_db(request), name, site)


def _moved(request: Request) -> Response | None:
    """/players/{site}/{name} (or under /api) with the name in another case than the one
    stored name it means: a redirect (307, the query kept) to that name's address; None
    when the address is the stored name's (or names none: the page's 404)."""
    site, name = player_in_address(request)
    if site not in {s.value for s in api.Site}:
        return None
    stored = api.stored_name(_db(request), name, site)
    if stored is None or stored == name:
        return None
    prefix = "/api" if request.url.path.startswith("/api/") else ""
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(f"{prefix}/players/{path_part(site)}/{path_part(stored)}{query}", status_code=307)


PROFILE_READERS = 3
"""The reads of a profile done side by side, beside the request's own thread (each on its own
read-only connection: SQLite lets go of Python's lock while it reads, so they use both cores
of a small computer): his reads, his results (curve, by position, by stakes), his notes and
tags. His statistics and their automatic tags are read in the request's thread meanwhile."""


def profile_data(request: Request) -> dict[str, Any]:
    """/players/{site}/{name}: his profile per game (profile_json), reads, notes and tags,
    results by position and by stakes, and his winnings curve (big bets). The independent
    reads run side by side (PROFILE_READERS threads); an error in any of them is raised here
    as it was raised there (the same one-line page), once every one has ended."""
    check_params(request.query_params, filter_names())
    site, name = _player(request)
    db = _db(request)
    filters = dataclasses.replace(filters_of(request.query_params), site=site)
    with ThreadPoolExecutor(max_workers=PROFILE_READERS, thread_name_prefix="profile") as pool:
        reads = pool.submit(_cached, request, ("reads", name, site, filters),  # (the longest first)
                            lambda: api.reads_json([r for r in api.player_reads(db, name, filters) if r.site == site]))
        results = pool.submit(api.player_results, db, name, site, filters)
        notes = pool.submit(api.note_list, db, name)
        marks = pool.submit(api.player_marks, db, name)
        try:
            games: list[str | None] = \
                [filters.game] if filters.game is not None else [*api.games_played(db, filters)] or [None]
            profiles: list[tuple[str | None, api.PlayerStats]] = []
            for game in games:
                for stats in api.player_profile(db, name, dataclasses.replace(filters, game=game)):
                    profiles.append((game, stats))
            earned = _earned_tags(request, [(s, g) for g, s in profiles], filters)
        except BaseException:  # (the reads not yet started are dropped, the running ones end)
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    found, his_notes, (_, tags), his_reads = results.result(), notes.result(), marks.result(), reads.result()
    return {
        "player": name, "site": site,
        "profiles": [{**api.profile_json(s), "game": g} for g, s in profiles],
        "notes": [{"number": n.number, "text": n.text, "written_at": n.written_at} for n in his_notes],
        "tags": list(tags), "automatic_tags": earned,
        "reads": his_reads,
        "by_position": _plain(found.by_position), "by_stakes": _plain(found.by_stakes),
        "curve": _plain(found.curve),
    }


async def profile_page(request: Request) -> Response:
    if (moved := _moved(request)) is not None:
        return moved
    data = profile_data(request)
    return page(request, "player.html.j2", {
        "title": f"{shortened(data['player'])} ({data['site']})", **data, "labels": api.PROFILE_LABELS,
        "factor_keys": FACTOR_KEYS, "filter_form": filter_form(tuple(p for p in EVERY_FILTER if p is not SITE)),
        "keep_params": (), "chart": winnings_chart(data["curve"], unit="big bets"),
        "hands_link": "/hands?" + urlencode({"player": data["player"], "site": data["site"]})})


async def profile_json(request: Request) -> Response:
    if (moved := _moved(request)) is not None:
        return moved
    return JSONResponse(profile_data(request))


async def _form(request: Request) -> dict[str, str]:
    form = await request.form()
    return {k: v for k, v in form.items() if isinstance(v, str)}


async def notes_post(request: Request) -> Response:
    """POST /players/{site}/{name}/notes: action add (text), edit (number, text), delete
    (number); back to the profile (303)."""
    site, name = _player(request, "notes")
    form = await _form(request)
    action = form.get("action", "add")
    text = form.get("text", "").strip()
    db = _db(request)
    try:
        if action == "add":  # (an empty or too long text: api.MarkError, the form again with the reason)
            api.note_add(db, name, text)
        elif action in ("edit", "delete"):
            number = whole_number("number", form.get("number", ""), 1, 2**62)
            if not api.note_change(db, name, number, text if action == "edit" else None):
                raise NotFound(f"{name[:60]!r} has no note number {number}")
        else:
            raise BadRequest(f"action={action[:20]!r} is not one of add, edit, delete")
    except api.MarkError as error:
        return note_refused_page(address_path(request), request.app.state.config.csrf_token, form, str(error), 400)
    return RedirectResponse(f"/players/{path_part(site)}/{path_part(name)}#notes", status_code=303)


async def tags_post(request: Request) -> Response:
    """POST /players/{site}/{name}/tags: action add or remove, tag; back to the profile."""
    site, name = _player(request, "tags")
    form = await _form(request)
    action = form.get("action", "add")
    tag = form.get("tag", "")  # (an empty or too long tag: api.MarkError, a 400 page)
    if action not in ("add", "remove"):
        raise BadRequest(f"action={action[:20]!r} is not one of add, remove")
    api.tag_set(_db(request), name, tag, remove=action == "remove")
    return RedirectResponse(f"/players/{path_part(site)}/{path_part(name)}#tags", status_code=303)


# ---------------------------------------------------------------- hands

HAND_PARAMS = frozenset({"player", "against", "showdown", "saw_draw", "min_pot", "dominated", "warnings", "page"})


def _flag(params: Any, name: str) -> bool:
    value = params.get(name, "")
    if value not in ("", "0", "1", "on"):
        raise BadRequest(f"{name}={value[:20]!r}: give 1 (or leave it out)")
    return value in ("1", "on")


def hands_data(request: Request) -> dict[str, Any]:
    """/hands: one page of the hands the player (default the hero) played that match."""
    params = request.query_params
    check_params(params, filter_names(HAND_FILTERS) | HAND_PARAMS)
    filters = filters_of(params, HAND_FILTERS)
    saw = params.get("saw_draw") or ""
    pot = params.get("min_pot") or ""
    player = (params.get("player") or "").strip() or None
    against = (params.get("against") or "").strip() or None
    query = api.HandQuery(  # (names as the CLI reads them: in any case when one stored name matches)
        player=stored_player(_db(request), player, filters.site, "player") if player else None, site=filters.site,
        against=stored_player(_db(request), against, filters.site, "against") if against else None,
        showdown=_flag(params, "showdown"),
        saw_draw=whole_number("saw_draw", saw, 1, 3) if saw else None,
        min_pot_big_bets=whole_number("min_pot", pot, 0, 10**6) if pot else None,
        dominated=_flag(params, "dominated"), warnings=_flag(params, "warnings"))
    number = whole_number("page", params.get("page") or "1", 1)
    found = api.hand_list(_db(request), query, filters, offset=(number - 1) * PER_PAGE, limit=PER_PAGE)
    return {"player": query.player, "total": found.total, "at_least": found.at_least, "page": number,
            "per_page": PER_PAGE, "hands": [_plain(r) for r in found.rows]}


async def hands_page(request: Request) -> Response:
    try:
        data, status, missing = hands_data(request), 200, None
    except NoSuchPlayer as error:  # (the list's page with the error's line: its form kept to try another name)
        player = (request.query_params.get("player") or "").strip() or None
        data = {"player": player, "total": 0, "at_least": False, "page": 1, "per_page": PER_PAGE, "hands": []}
        status, missing = 404, error.detail
    return page(request, "hands.html.j2", {
        "title": f"Hands of {shortened(data['player'])}" if data["player"] else "Hands of the hero", **data,
        "missing": missing, "filter_form": filter_form(HAND_FILTERS), "keep_params": ()}, status_code=status)


async def hands_json(request: Request) -> Response:
    return JSONResponse(hands_data(request))


def _replays(request: Request) -> list[api.HandReplay]:
    check_params(request.query_params, frozenset())
    site, number = request.path_params["site"], request.path_params["number"]
    found = api.hand_replays(_db(request), number, site=site) if site in {s.value for s in api.Site} else []
    if not found:
        raise NotFound(f"no hand {number[:40]!r} of {site[:40]!r} in the database")
    return found


REPLAYER_ASSETS = "/hands/"
"""Where the served replayer page links replayer.css and replayer.js from (api.replayer_asset):
the server's Content-Security-Policy allows no inline style or script."""

_BACK_PAGES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"/hands"), "the hand list"),
    (re.compile(r"/sessions/\d+"), "the session report"),
    (re.compile(r"/players/[^/]+/[^/]+"), "the profile"),
)
"""The pages a replayer is opened from (the hand list with its filters, a session report's
hands to review, a profile's biggest win and loss): path, what the link back calls it."""


@dataclasses.dataclass(frozen=True)
class BackLink:
    """The page of this site a replayer was opened from: its address (path and query, as the
    browser sent it) and what it is ("the hand list")."""

    address: str
    label: str


def back_link(request: Request) -> BackLink | None:
    """The page the replayer was opened from, read from the Referer header (sent within the
    site only: security's Referrer-Policy same-origin), or None: no Referer (a bookmark, a
    typed address), another site's, or a page not among _BACK_PAGES."""
    referer = request.headers.get("referer", "")
    parts = urlsplit(referer)
    if parts.scheme not in ("http", "https") or parts.netloc.lower() != request.headers.get("host", "").lower():
        return None
    for path, label in _BACK_PAGES:
        if path.fullmatch(parts.path):
            return BackLink(parts.path + (f"?{parts.query}" if parts.query else ""), label)
    return None


_BODY = re.compile(r"<body>\n?(.*)</body>", re.S)
_TITLE = re.compile(r"<title>(.*?)</title>", re.S)


def served_replayer(request: Request, html: str) -> str:
    """The replayer page (api.replayer_html with assets=REPLAYER_ASSETS) as this server serves
    it: the site's navigation above it and a link back to the page it was opened from, when
    there is one (back_link). raises RuntimeError if the page has no body or title."""
    from markupsafe import Markup

    body, title = _BODY.search(html), _TITLE.search(html)
    if body is None or title is None:
        raise RuntimeError("the replayer page has no <body> or no <title> to serve")
    context = {"title": Markup(title.group(1)), "replayer": Markup(body.group(1)), "back": back_link(request),
               "path": address_path(request), "assets": REPLAYER_ASSETS}
    return render("replayer.html.j2", context)


async def hand_page(request: Request) -> Response:
    replay = _replays(request)[0]
    if replay.replayed is None:
        return page(request, "hand_text.html.j2", {"title": f"Hand {replay.hand_id}", "replay": replay.as_json()})
    from starlette.responses import HTMLResponse

    html = api.replayer_html(replay.replayed, replay.draw_odds, assets=REPLAYER_ASSETS)
    return HTMLResponse(served_replayer(request, html))


async def hand_json(request: Request) -> Response:
    return JSONResponse(_replays(request)[0].as_json())


async def replayer_css(request: Request) -> Response:
    return Response(api.replayer_asset("replayer.css"), media_type="text/css")


async def replayer_js(request: Request) -> Response:
    return Response(api.replayer_asset("replayer.js"), media_type="text/javascript")


# ---------------------------------------------------------------- sessions, tournaments, leaks

def sessions_data(request: Request) -> dict[str, Any]:
    """/sessions: one page of the hero's sessions, newest first (only its sessions read)."""
    params = request.query_params
    check_params(params, filter_names(SESSION_FILTERS) | {"hero", "gap", "page"})
    filters = filters_of(params, SESSION_FILTERS)
    number = whole_number("page", params.get("page") or "1", 1)
    found = _cached(request, ("sessions", _hero(params), _gap(params), filters, number),
                    lambda: api.session_page(_db(request), page=number, per_page=PER_PAGE, hero=_hero(params),
                                             gap_minutes=_gap(params), filters=filters))
    choice = api.hero_choice(_db(request), _hero(params))
    return {"hero": found.hero, "hero_note": choice.note if choice else None,
            "sessions": [api.summary_json(s) for s in found.sessions], "total": found.total, "page": number,
            "per_page": PER_PAGE}


async def sessions_page(request: Request) -> Response:
    data = sessions_data(request)
    return page(request, "sessions.html.j2", {"title": "Sessions", **data, "filter_form": filter_form(SESSION_FILTERS),
                                              "keep_params": ("hero", "gap")})


async def sessions_json(request: Request) -> Response:
    return JSONResponse(sessions_data(request))


def report_data(request: Request) -> dict[str, Any]:
    params = request.query_params
    check_params(params, {"hero", "gap"})
    number = whole_number("session", request.path_params["number"], 1)
    return _cached(request, ("report", number, _hero(params), _gap(params)),  # type: ignore[no-any-return]
                   lambda: api.report_json(api.session_report(_db(request), session=number, hero=_hero(params),
                                                              gap_minutes=_gap(params), review_limit=None)))


async def report_page(request: Request) -> Response:
    data = report_data(request)
    return page(request, "report.html.j2", {
        "title": f"Session {data['session']}", "report": data, "labels": api.PROFILE_LABELS,
        "factor_keys": FACTOR_KEYS,
        "chart": _report_chart(data["chart"])})


def _report_chart(chart: dict[str, Any]) -> Any:
    """The session report's chart: in big bets ("BB"), chips, or a currency's units (the
    points are in cents: shown divided by 100)."""
    unit = chart["unit"]
    if unit == "BB":
        return winnings_chart(chart["points"], unit="big bets")
    if unit == "chips":
        return winnings_chart(chart["points"], unit="chips")
    return winnings_chart(chart["points"], unit=unit, scale=0.01)


async def report_json(request: Request) -> Response:
    return JSONResponse(report_data(request))


def tournaments_data(request: Request) -> dict[str, Any]:
    params = request.query_params
    check_params(params, filter_names() | {"hero"})
    found = api.tournaments(_db(request), hero=_hero(params), filters=filters_of(params))
    return {"hero_note": found.hero.note if found.hero else None, "tournaments": [r.as_json() for r in found.results],
            "totals": [{"currency": t.currency, "tournaments": t.tournaments, "known_finishes": t.known_finishes,
                        "in_the_money": t.in_the_money, "profit": t.profit, "cost": t.cost, "roi": t.roi,
                        "itm": t.itm, "average_finish": t.average_finish} for t in found.totals]}


async def tournaments_page(request: Request) -> Response:
    data = tournaments_data(request)
    return page(request, "tournaments.html.j2", {"title": "Tournaments", **data, "filter_form": filter_form(),
                                                 "keep_params": ("hero",)})


async def tournaments_json(request: Request) -> Response:
    return JSONResponse(tournaments_data(request))


def leaks_data(request: Request) -> dict[str, Any]:
    params = request.query_params
    check_params(params, filter_names(LEAK_FILTERS) | {"hero"})
    filters = filters_of(params, LEAK_FILTERS)
    choice, found = _cached(request, ("leaks", _hero(params), filters),
                            lambda: api.leaks(_db(request), hero=_hero(params), filters=filters))
    return {"hero": choice.names, "hero_note": choice.note, **api.leaks_json(found)}


async def leaks_page(request: Request) -> Response:
    data = leaks_data(request)
    return page(request, "leaks.html.j2", {"title": "Leaks", **data, "filter_form": filter_form(LEAK_FILTERS),
                                           "keep_params": ("hero",)})


async def leaks_json(request: Request) -> Response:
    return JSONResponse(leaks_data(request))


# ---------------------------------------------------------------- home

def home_data(request: Request) -> dict[str, Any]:
    check_params(request.query_params, {"hero"})
    db = _db(request)
    status = api.import_status(db)
    choice, curve = api.lifetime_results(db, _hero(request.query_params))
    latest = None
    if choice is not None:
        hero = _hero(request.query_params)
        _, found = _cached(request, ("latest session", hero), lambda: api.sessions(db, hero=hero, newest=1))
        latest = api.summary_json(found[0]) if found else None
    return {"hero": choice.names if choice else {}, "hero_note": choice.note if choice else None,
            "latest_session": latest, "lifetime": _plain(curve),
            "import": _plain(status), "watching": [str(p) for p in request.app.state.config.watch]}


async def home_page(request: Request) -> Response:
    data = home_data(request)
    return page(request, "home.html.j2", {"title": "Home", **data,
                                          "chart": winnings_chart(data["lifetime"], unit="big bets")})


async def home_json(request: Request) -> Response:
    return JSONResponse(home_data(request))


def warm_up(config: WebConfig, cache: Any) -> None:
    """Read, once at start, what the first views would otherwise wait for on a large
    database (the home page's latest session and the session list, each site and game's population for the
    automatic tags of a profile), into `cache` under the keys the pages use. Any error is
    left for the page to meet (and say)."""
    db = config.db_path
    try:
        cache.get(db, ("latest session", None), lambda: api.sessions(db, newest=1))  # (home: one session read)
        cache.get(db, ("sessions", None, 30, api.Filters(), 1), lambda: api.session_page(db, per_page=PER_PAGE))
        _, rows = api.query(db, "select distinct site, game from player_totals", limit=None)
        for site, game in rows:
            filters = api.Filters(site=str(site))
            cache.get(db, ("population", str(site), str(game), filters),
                      lambda: api.tag_population(db, dataclasses.replace(filters, game=str(game))))
    except Exception:  # (a page that needs it reads it again, and says what is wrong)
        return


async def no_icon(request: Request) -> Response:
    """/favicon.ico, which browsers ask for: none (204), rather than a 404 in their console."""
    return Response(status_code=204)


Endpoint = Callable[[Request], Any]


def routes(config: WebConfig) -> list[BaseRoute]:
    """The pages' routes and their /api/ twins."""
    pages: list[tuple[str, Endpoint, Endpoint | None]] = [
        ("/", home_page, home_json),
        ("/players", players_page, players_json),
        ("/players/{site}/{name:path}", profile_page, profile_json),
        ("/hands", hands_page, hands_json),
        ("/hands/{site}/{number}", hand_page, hand_json),
        ("/sessions", sessions_page, sessions_json),
        ("/sessions/{number}", report_page, report_json),
        ("/tournaments", tournaments_page, tournaments_json),
        ("/leaks", leaks_page, leaks_json),
    ]
    found: list[BaseRoute] = [
        Route("/favicon.ico", no_icon),
        Route("/hands/replayer.css", replayer_css),
        Route("/hands/replayer.js", replayer_js),
        Route("/players/{site}/{name:path}/notes", notes_post, methods=["POST"]),
        Route("/players/{site}/{name:path}/tags", tags_post, methods=["POST"]),
    ]
    for address, html, json in pages:
        found.append(Route(address, html, methods=["GET", "HEAD"]))
        if json is not None:
            found.append(Route("/api" + (address if address != "/" else "/home"), json, methods=["GET", "HEAD"]))
    return found
