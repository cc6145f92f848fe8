"""`hhtracker leaks`: the hero's figures against the rules texts' baselines, and the
reads of `hhtracker player NAME --reads` (issue 19)."""

from __future__ import annotations

from pathlib import Path

from .. import api
from .common import DbOption, JsonOption, print_json, resolve_db, say, stdout
from .options import GAME, GAME_TYPE, POSITION, SINCE, SITE, STAKES, STRUCTURE, TABLE_SIZE, UNTIL, HeroOption, filter_options


@filter_options(SITE, STRUCTURE, STAKES, GAME_TYPE, TABLE_SIZE, SINCE, UNTIL, POSITION, GAME)
def leaks_command(
    db: DbOption = None,
    json_output: JsonOption = False,
    hero: HeroOption = None,
    filters: api.Filters = api.Filters(),
) -> None:
    """The hero's leaks: each figure with its sample and 95% interval, beside the baseline of a published rules text (its title and section).

    Verdicts: above or below when the interval lies wholly above or below the baseline; "in line with the baseline" when it holds the baseline and lies within 10 points of it on each side; else "not enough hands". Lines: raise first in by position six-handed (the solver shares of the Limit Badugi handout, a simplified heads-up proxy), opening hands from early position, breaking a made eight-low badugi, calling a pat player with one draw left, snow frequency and result, draw luck.
    """
    choice, found = api.leaks(resolve_db(db), hero=hero, filters=filters)
    if json_output:
        print_json({"hero": choice.names, "hero_note": choice.note, **api.leaks_json(found)})
        return
    api.print_leaks(found, stdout)
    say(choice.note)


def show_reads(db: Path, name: str, filters: api.Filters, json_output: bool) -> None:
    """`player NAME --reads`: the reads of `name` as tables or JSON (a list, one per site)."""
    found = api.player_reads(db, name, filters)
    if json_output:
        print_json(api.reads_json(found))
        return
    if not found:
        say(f"no hand of {name} with his cards known matches")
        return
    api.print_reads(found, stdout)
