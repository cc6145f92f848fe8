"""`hhtracker sessions`: the hero's sessions, newest first."""

from __future__ import annotations

from typing import Annotated

import typer

from .. import api
from .common import DbOption, JsonOption, print_json, resolve_db, say, stdout, usage_error
from .options import (
    MAX_ROW_ID,
    GAME,
    GAME_TYPE,
    POSITION,
    SINCE,
    SITE,
    STAKES,
    STRUCTURE,
    TABLE_SIZE,
    UNTIL,
    GapOption,
    HeroOption,
    filter_options,
    filters_said,
)


PageOption = Annotated[int, typer.Option("--page", min=1, max=MAX_ROW_ID, metavar="N", help="Which page of 50 sessions, newest first: 1 = the newest 50.")]
AllOption = Annotated[bool, typer.Option("--all", help="Every session on one page (reads every hand of the hero: slow on a large database).")]


@filter_options(SITE, STRUCTURE, STAKES, GAME_TYPE, TABLE_SIZE, SINCE, UNTIL, POSITION, GAME)
def sessions_command(
    db: DbOption = None,
    json_output: JsonOption = False,
    hero: HeroOption = None,
    gap: GapOption = 30,
    page: PageOption = 1,
    every: AllOption = False,
    filters: api.Filters = api.Filters(),
) -> None:
    """The hero's sessions, newest first, 50 a page: number, start (UTC), duration, hands, tables, net, BB/100.

    A session is the hero's hands, all tables together, with no gap longer than --gap minutes; session 1 is the oldest. With filters (as `players`), sessions are made of the matching hands only. --page 2 lists the 50 before the newest 50, --all every one. --json prints the page's sessions as a list, newest first.
    """
    if every and page != 1:
        raise usage_error("give --page N or --all, not both")
    if every:
        hero_names, found = api.sessions(resolve_db(db), hero=hero, gap_minutes=gap, filters=filters)
        total, first, pages = len(found), 1, 1
    else:
        listed = api.session_page(resolve_db(db), page=page, hero=hero, gap_minutes=gap, filters=filters)
        hero_names, found, total, pages = listed.hero, list(listed.sessions), listed.total, listed.pages
        first = (page - 1) * listed.per_page + 1
    if json_output:
        print_json([{"hero": hero_names, **api.summary_json(s)} for s in found])
    elif not total:  # no table of headers only
        say(f"no hands of the hero match {filters_said(filters)}")
    elif not found:
        say(f"no page {page}: the {total:,} sessions make {pages} (--page N)")
    else:
        api.print_sessions(hero_names, found, stdout)
        if len(found) < total:
            older = f"; --page {page + 1} for older ones" if first + len(found) - 1 < total else ""
            say(f"sessions {first:,}-{first + len(found) - 1:,} of the {total:,}, newest first (--all for every one{older})")
        choice = api.hero_choice(resolve_db(db), hero)
        if choice is not None:
            say(choice.note)
