"""`hhtracker tournaments`: one row per tournament of the hero, then totals per currency."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from .. import api
from .common import DbOption, JsonOption, print_json, resolve_db, stdout, usage_error
from .player_cmd import (
    GameOption,
    GameTypeOption,
    MinHandsOption,
    PositionOption,
    SiteOption,
    SinceOption,
    StakesOption,
    StructureOption,
    TableSizeOption,
    UntilOption,
    _filters,
    filters_said,
)
from .report_cmd import HeroOption

UNKNOWN = "unknown"  # a value no file gives: never guessed


def _money(amount: int | None, currency: str | None) -> str:
    return api.format_prize(amount, currency)


def _signed(amount: int | None, currency: str | None) -> str:
    """A profit: "+$0.40", "-$1.20" (a "+" on every positive one), "unknown"."""
    text = api.format_prize(amount, currency)
    return f"+{text}" if amount is not None and currency is not None and amount > 0 else text


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:+.1f}%"


def tournaments_command(
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
    min_hands: MinHandsOption = 0,
    game: GameOption = None,
) -> None:
    """The hero's tournaments: date, id, game, buy-in + fee, entrants, hands, finish, prize, profit; then per currency: tournaments, in the money, ROI, profit, average finish.

    A finish the files do not give shows "unknown" (never a guess). Money is in the tournament's currency (cents, or play chips / points as whole units), never added to cash or to tournament chips. --json: one object per tournament and player.
    """
    filters = _filters(site, structure, stakes, game_type, table_size, since, until, position, min_hands, game)
    try:
        found = api.tournaments(resolve_db(db), hero=hero, filters=filters)
    except (ValueError, api.NoDatabaseError) as error:
        raise usage_error(str(error)) from None
    if json_output:
        print_json([r.as_json() for r in found.results])
        return
    if found.hero is not None:
        stdout.print(api.safe(found.hero.note), markup=False, highlight=False)
    if not found.results:
        said = filters_said(filters)
        stdout.print("no tournament hands of the hero" + ("" if said == "the filters" else f" match {said}"),
                     markup=False, highlight=False)
        return
    table = Table(title="Tournaments, oldest first (times UTC)")
    for column in ("date", "site", "tournament", "player", "game", "buy-in + fee", "entrants", "hands", "finish",
                   "prize", "profit"):
        table.add_column(column, justify="right" if column in ("entrants", "hands", "prize", "profit") else "left")
    api.keep_columns(table, "tournament", "hands", "finish", "prize", "profit")
    for r in found.results:
        buy = r.buy
        cost = _money(buy.buy_in, buy.currency) if buy.buy_in is not None else UNKNOWN
        if buy.fee is not None and buy.currency != "freeroll":
            cost += f" + {_money(buy.fee, buy.currency)}"
        if buy.bounty is not None:
            cost += f" + {_money(buy.bounty, buy.currency)} bounty"
        if buy.currency == "freeroll":
            cost = "freeroll"
        table.add_row(
            r.first_hand[:16].replace("T", " "), r.site, r.tournament_id, r.player, f"{r.game} {r.structure}", cost,
            f"{r.entrants:,}" if r.entrants is not None else UNKNOWN, f"{r.hands:,}",
            api.ordinal(r.finish) if r.finish is not None else UNKNOWN,
            _money(r.prize, r.prize_currency), _signed(r.profit, r.prize_currency),
        )
    stdout.print(table)
    totals = Table(title="Totals per currency (a currency's money is never added to another's)")
    for column in ("currency", "tournaments", "finish known", "in the money", "ROI", "profit", "average finish"):
        totals.add_column(column, justify="left" if column == "currency" else "right")
    api.keep_columns(totals, "tournaments", "ROI", "profit")
    for t in found.totals:
        itm = "-" if t.itm is None else f"{t.in_the_money} ({t.itm * 100:.1f}%)"
        avg = "-" if t.average_finish is None else f"{t.average_finish:.1f}"
        currency = t.currency or UNKNOWN
        profit_currency = "USD" if currency == "freeroll" else currency
        totals.add_row(currency, f"{t.tournaments:,}", f"{t.known_finishes:,}", itm, _percent(t.roi),
                       _signed(t.profit, profit_currency) if t.with_profit else UNKNOWN, avg)
    stdout.print(totals)


HeroSiteOption = Annotated[str | None, typer.Option("--site", help="Only on this site (default: every site).", show_default=False)]
hero_app = typer.Typer(help="The names you play under: reports and sessions are about them.", no_args_is_help=True)


@hero_app.command("add")
def hero_add_command(
    name: Annotated[str, typer.Argument(help="Your screen name, exactly.", show_default=False)],
    site: Annotated[api.Site | None, typer.Option("--site", help="Only on this site (default: every site).", show_default=False)] = None,
    db: DbOption = None,
) -> None:
    """Remember NAME as one of your accounts (on --site, else on every site)."""
    on = site.value if site else None
    added = api.hero_add(resolve_db(db), name, on)
    where = f" on {on}" if on else " on every site"
    stdout.print(f"{name}{where}: " + ("added" if added else "already there"), markup=False, highlight=False)


@hero_app.command("remove")
def hero_remove_command(
    name: Annotated[str, typer.Argument(help="The screen name to forget.", show_default=False)],
    site: HeroSiteOption = None,
    db: DbOption = None,
) -> None:
    """Forget NAME (on --site only, else every entry of that name)."""
    try:
        removed = api.hero_remove(resolve_db(db), name, site)
    except api.NoDatabaseError as error:
        raise usage_error(str(error)) from None
    if not removed:
        raise usage_error(f"{name!r} is not a configured hero" + (f" on {site}" if site else ""))
    stdout.print(f"{name}: removed", markup=False, highlight=False)


@hero_app.command("list")
def hero_list_command(db: DbOption = None, json_output: JsonOption = False) -> None:
    """The configured accounts; without any, who the reports take and why."""
    try:
        accounts = api.hero_list(resolve_db(db))
        choice = api.hero_choice(resolve_db(db))
    except api.NoDatabaseError as error:
        raise usage_error(str(error)) from None
    if json_output:
        print_json({"accounts": [{"site": site or None, "name": name} for site, name in accounts],
                    "hero": choice.names if choice else {}, "note": choice.note if choice else None})
        return
    for site, name in accounts:
        stdout.print(f"{name} ({site or 'every site'})", markup=False, highlight=False)
    if choice is not None:
        stdout.print(api.safe(choice.note), markup=False, highlight=False)
    elif not accounts:
        stdout.print("no hero configured and no hand with cards dealt face up", markup=False, highlight=False)
