"""`hhtracker leaks`: the hero's figures against the rules texts' baselines, and the
reads of `hhtracker player NAME --reads` (issue 19)."""

from __future__ import annotations

from pathlib import Path

from .. import api
from .common import DbOption, JsonOption, print_json, resolve_db, stdout, usage_error
from .player_cmd import (
    GameOption,
    GameTypeOption,
    PositionOption,
    SinceOption,
    SiteOption,
    StakesOption,
    StructureOption,
    TableSizeOption,
    UntilOption,
    _filters,
)
from .report_cmd import HeroOption


def leaks_command(
    db: DbOption = None,
    json_output: JsonOption = False,
    hero: HeroOption = None,
    site: SiteOption = None,
    structure: StructureOption = None,
    stakes: StakesOption = None,
    game_type: GameTypeOption = None,
    table_size: TableSizeOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    position: PositionOption = None,
    game: GameOption = None,
) -> None:
    """The hero's leaks: each figure with its sample and 95% interval, beside the baseline of a published rules text (its title and section).

    Verdicts: above or below when the interval lies wholly above or below the baseline; "in line with the baseline" when it holds the baseline and lies within 10 points of it on each side; else "not enough hands". Lines: raise first in by position six-handed (the solver shares of the Limit Badugi handout, a simplified heads-up proxy), opening hands from early position, breaking a made eight-low badugi, calling a pat player with one draw left, snow frequency and result, draw luck.
    """
    filters = _filters(site, structure, stakes, game_type, table_size, since, until, position, 0, game)
    try:
        choice, found = api.leaks(resolve_db(db), hero=hero, filters=filters)
    except (api.NoDatabaseError, api.NoHeroError, ValueError) as error:
        raise usage_error(str(error.args[0] if error.args else error)) from None
    if json_output:
        print_json({"hero": choice.names, "hero_note": choice.note, **api.leaks_json(found)})
        return
    api.print_leaks(found, stdout)
    stdout.print(api.safe(choice.note), markup=False, highlight=False)


def show_reads(db: Path, name: str, filters: api.Filters, json_output: bool) -> None:
    """`player NAME --reads`: the reads of `name` as tables or JSON (a list, one per site)."""
    try:
        found = api.player_reads(db, name, filters)
    except (api.NoDatabaseError, ValueError) as error:
        raise usage_error(str(error)) from None
    if json_output:
        print_json(api.reads_json(found))
        return
    if not found:
        stdout.print(f"no hand of {api.safe(name)} with his cards known matches", markup=False, highlight=False)
        return
    api.print_reads(found, stdout)
