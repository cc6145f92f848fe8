"""`hhtracker tournaments`: one row per tournament of the hero, then totals per currency."""

from __future__ import annotations

from typing import Annotated

import typer

from .. import api
from .common import DbOption, JsonOption, known_name, print_json, resolve_db, say, say_waiting, stdout, usage_error
from .options import EVERY_FILTER, HeroOption, filter_options, filters_said


@filter_options(*EVERY_FILTER)
def tournaments_command(
    db: DbOption = None,
    json_output: JsonOption = False,
    hero: HeroOption = None,
    filters: api.Filters = api.Filters(),
) -> None:
    """The hero's tournaments: date, id, game, buy-in + fee, entrants, hands, finish, prize, profit; then per currency: tournaments, in the money, ROI, profit, average finish.

    A finish the files do not give shows "unknown" (never a guess). Money is in the tournament's currency (cents, or play chips / points as whole units), never added to cash or to tournament chips. --json: one object per tournament and player.
    """
    found = api.tournaments(resolve_db(db), hero=hero, filters=filters)
    if json_output:
        print_json([r.as_json() for r in found.results])
        return
    if found.hero is not None:
        say(found.hero.note)
    if not found.results:
        said = filters_said(filters)
        say("no tournament hands of the hero" + ("" if said == "the filters" else f" match {said}"))
        return
    api.print_tournaments(found.results, found.totals, stdout)


HeroSiteOption = Annotated[str | None, typer.Option("--site", help="Only on this site (default: every site).", show_default=False)]
hero_app = typer.Typer(help="The names you play under: reports and sessions are about them.", no_args_is_help=True)


@hero_app.command("add")
def hero_add_command(
    name: Annotated[str, typer.Argument(help="Your screen name, exactly.", show_default=False)],
    site: Annotated[api.Site | None, typer.Option("--site", help="Only on this site (default: every site).", show_default=False)] = None,
    force: Annotated[bool, typer.Option("--force", help="Add a name no stored hand has (an account not imported yet).")] = False,
    db: DbOption = None,
) -> None:
    """Remember NAME as one of your accounts (on --site, else on every site). A name no stored hand has is refused (the nearest names are offered) unless --force."""
    on = site.value if site else None
    path = resolve_db(db)
    name = known_name(path, api.hero_name(name), force)
    added = api.hero_add(path, name, on, on_wait=say_waiting)
    where = f" on {on}" if on else " on every site"
    say(f"{name}{where}: " + ("added" if added else "already there"))


@hero_app.command("remove")
def hero_remove_command(
    name: Annotated[str, typer.Argument(help="The screen name to forget.", show_default=False)],
    site: HeroSiteOption = None,
    db: DbOption = None,
) -> None:
    """Forget NAME (on --site only, else every entry of that name)."""
    removed = api.hero_remove(resolve_db(db), name, site, on_wait=say_waiting)
    if not removed:
        raise usage_error(f"{api.quoted(name)} is not a configured hero" + (f" on {site}" if site else ""))
    say(f"{name}: removed")


@hero_app.command("list")
def hero_list_command(db: DbOption = None, json_output: JsonOption = False) -> None:
    """The configured accounts; without any, who the reports take and why."""
    accounts = api.hero_list(resolve_db(db))
    choice = api.hero_choice(resolve_db(db))
    if json_output:
        print_json({"accounts": [{"site": site or None, "name": name} for site, name in accounts],
                    "hero": choice.names if choice else {}, "note": choice.note if choice else None})
        return
    for site, name in accounts:
        say(f"{name} ({site or 'every site'})")
    if choice is not None:
        say(choice.note)
    elif not accounts:
        say("no hero configured and no hand with cards dealt face up")
