"""`hhtracker sessions`: the hero's sessions, newest first."""

from __future__ import annotations

from .. import api
from .common import DbOption, JsonOption, print_json, resolve_db, say, stdout
from .options import (
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


@filter_options(SITE, STRUCTURE, STAKES, GAME_TYPE, TABLE_SIZE, SINCE, UNTIL, POSITION, GAME)
def sessions_command(
    db: DbOption = None,
    json_output: JsonOption = False,
    hero: HeroOption = None,
    gap: GapOption = 30,
    filters: api.Filters = api.Filters(),
) -> None:
    """The hero's sessions, newest first: number, start (UTC), duration, hands, tables, net, BB/100.

    A session is the hero's hands, all tables together, with no gap longer than --gap minutes; session 1 is the oldest. With filters (as `players`), sessions are made of the matching hands only. --json prints a list, newest first.
    """
    hero_names, found = api.sessions(resolve_db(db), hero=hero, gap_minutes=gap, filters=filters)
    if json_output:
        print_json([{"hero": hero_names, **api.summary_json(s)} for s in found])
    elif not found:  # no table of headers only
        say(f"no hands of the hero match {filters_said(filters)}")
    else:
        api.print_sessions(hero_names, found, stdout)
        choice = api.hero_choice(resolve_db(db), hero)
        if choice is not None:
            say(choice.note)
