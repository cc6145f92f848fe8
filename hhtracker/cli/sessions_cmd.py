"""`hhtracker sessions`: the hero's sessions, newest first."""

from __future__ import annotations

from .. import api
from .common import DbOption, JsonOption, print_json, resolve_db, stdout, usage_error
from .player_cmd import (
    GameOption,
    GameTypeOption,
    SiteOption,
    StakesOption,
    StructureOption,
    TableSizeOption,
    _filters,
    filters_said,
)
from .report_cmd import GapOption, HeroOption


def sessions_command(
    db: DbOption = None,
    json_output: JsonOption = False,
    hero: HeroOption = None,
    gap: GapOption = 30,
    site: SiteOption = None,
    structure: StructureOption = None,
    stakes: StakesOption = None,
    game_type: GameTypeOption = None,
    table_size: TableSizeOption = None,
    game: GameOption = None,
) -> None:
    """The hero's sessions, newest first: number, start (UTC), duration, hands, tables, net, BB/100.

    A session is the hero's hands, all tables together, with no gap longer than --gap minutes; session 1 is the oldest. With filters (as `players`), sessions are made of the matching hands only. --json prints a list, newest first.
    """
    filters = _filters(site, structure, stakes, game_type, table_size, None, None, None, 0, game)
    try:
        hero_names, found = api.sessions(resolve_db(db), hero=hero, gap_minutes=gap, filters=filters)
    except (api.NoDatabaseError, api.ReportError, ValueError) as error:
        raise usage_error(str(error.args[0] if error.args else error)) from None
    if json_output:
        print_json([{"hero": hero_names, **api.summary_json(s)} for s in found])
    elif not found:  # no table of headers only
        stdout.print(f"no hands of the hero match {filters_said(filters)}", markup=False, highlight=False)
    else:
        api.print_sessions(hero_names, found, stdout)
        choice = api.hero_choice(resolve_db(db), hero)
        if choice is not None:
            stdout.print(api.safe(choice.note), markup=False, highlight=False)
