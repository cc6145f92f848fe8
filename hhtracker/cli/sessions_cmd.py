"""`hhtracker sessions`: the hero's sessions, newest first."""

from __future__ import annotations

from .. import api
from .common import DbOption, JsonOption, print_json, resolve_db, say, stdout
from .options import GapOption, HeroOption


def sessions_command(db: DbOption = None, json_output: JsonOption = False, hero: HeroOption = None, gap: GapOption = 30) -> None:
    """The hero's sessions, newest first: number, start (UTC), duration, hands, tables, net, BB/100.

    A session is the hero's hands, all tables together, with no gap longer than --gap minutes; session 1 is the oldest. --json prints a list, newest first.
    """
    hero_names, found = api.sessions(resolve_db(db), hero=hero, gap_minutes=gap)
    if json_output:
        print_json([{"hero": hero_names, **api.summary_json(s)} for s in found])
    else:
        api.print_sessions(hero_names, found, stdout)
        choice = api.hero_choice(resolve_db(db), hero)
        if choice is not None:
            say(choice.note)
