"""`hhtracker report`: the review of one session (or of a date range) of the hero."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Annotated
from urllib.parse import quote

import typer

from .. import api
from .common import DbOption, JsonOption, check_order, print_json, resolve_db, stderr_line, stdout, usage_error
from .options import (
    GAME,
    GAME_TYPE,
    POSITION,
    SITE,
    STAKES,
    STRUCTURE,
    TABLE_SIZE,
    MAX_ROW_ID,
    GapOption,
    HeroOption,
    filter_options,
    filters_said,
)



def parse_day_or_time(text: str | None, *, end: bool) -> dt.datetime | None:
    """YYYY-MM-DD or YYYY-MM-DDTHH:MM (UTC) as an aware datetime; a bare day given as --to
    means the end of that day (the next midnight, exclusive)."""
    if text is None:
        return None
    try:
        if len(text) == 10:
            day = dt.datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=dt.UTC)
            return day + dt.timedelta(days=1) if end else day
        return dt.datetime.fromisoformat(text.replace(" ", "T")).replace(tzinfo=dt.UTC)
    except ValueError:
        raise usage_error(f"{api.quoted(text)} is not a day (YYYY-MM-DD) or a time (YYYY-MM-DDTHH:MM)") from None


@filter_options(SITE, STRUCTURE, STAKES, GAME_TYPE, TABLE_SIZE, POSITION, GAME)
def report_command(
    db: DbOption = None,
    json_output: JsonOption = False,
    session: Annotated[int | None, typer.Option("--session", metavar="N", min=1, max=MAX_ROW_ID, help="Session number (see `hhtracker sessions`); default the latest.", show_default=False)] = None,
    start: Annotated[str | None, typer.Option("--from", metavar="DAY[THH:MM]", help="Instead of a session: hands from this day or time (UTC), YYYY-MM-DD[THH:MM].", show_default=False)] = None,
    end: Annotated[str | None, typer.Option("--to", metavar="DAY[THH:MM]", help="... up to this day (inclusive) or time (exclusive), UTC.", show_default=False)] = None,
    hero: HeroOption = None,
    gap: GapOption = 30,
    html: Annotated[Path | None, typer.Option("--html", metavar="FILE", help="Also write the report as one self-contained HTML page, and beside it a replayer page for each hand it lists (hand-<site>-<number>.html), linked from it.", show_default=False)] = None,
    png: Annotated[Path | None, typer.Option("--png", metavar="FILE", help="Also write the winnings chart as a PNG image.", show_default=False)] = None,
    all_hands: Annotated[bool, typer.Option("--all-hands", help=f"List every hand to review (snows, breaks, warnings, hands left out) in the terminal and the page, not only the {api.REVIEW_LIMIT} with the most big bets won or lost of each list (--json always lists every one).")] = False,
    filters: api.Filters = api.Filters(),
) -> None:
    """Post-session review: hands, duration, tables, stakes, net (money and big bets), BB/100 and bb/100, a winnings chart (total, at showdown, without showdown), results by position, the session's statistics beside lifetime, draw luck, showdowns by hand class, and hands to review.

    A session is the hero's hands, all tables together, with no gap longer than --gap minutes. Times are UTC. With filters (as `players`), only the hands they match, in sessions made of those hands (as `sessions` numbers them); the lifetime column stays every hand's. Each list of hands to review shows how many hands it has and at most the 20 with the most big bets won or lost, unless --all-hands; --json lists every one.
    """
    since = parse_day_or_time(start, end=False)
    until = parse_day_or_time(end, end=True)
    # --to as a bare day is the next midnight: reversed when it is not after --from
    check_order("--from", since, "--to", until - dt.timedelta(microseconds=1) if until else None,
                first_text=start, last_text=end)
    db_path = resolve_db(db)
    for out in (html, png):  # before any work: never the database, nor an SQLite file
        if out is not None:
            api.check_output(out, db_path)
    if filters != api.Filters():  # a filter that matches nothing says which
        names, found = api.sessions(db_path, hero=hero, gap_minutes=gap, filters=filters)
        if not found:
            raise usage_error(f"no hands of {', '.join(sorted(set(names.values())))} match {filters_said(filters)}")
    report = api.session_report(db_path, session=session, start=since, end=until, hero=hero, gap_minutes=gap,
                                review_limit=None if json_output or all_hands else api.REVIEW_LIMIT, filters=filters)
    shown = None if all_hands else api.REVIEW_LIMIT

    def page(path: Path) -> None:  # the report, and beside it a replayer page per hand listed
        links = api.write_hand_pages(db_path, api.hands_listed(report, shown), path.parent, back_link=quote(os.fsencode(path.name)))  # (an address: `#`, `?`, odd bytes)
        api.write_output(path, api.report_html(report, limit=shown, links=links), db_path)

    for out, write in ((html, page),
                       (png, lambda path: api.write_output(path, api.chart_png(report), db_path))):
        if out is None:
            continue
        write(out)
        stderr_line(f"wrote {out}")
    if json_output:
        print_json(api.report_json(report))
    else:
        api.print_report(report, stdout, limit=shown)
