"""`hhtracker player NAME` and `hhtracker players`: statistics from the database."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer
from rich.table import Table

from .. import api
from ..stats.aggregate import format_money, format_ratio
from ..stats.per_hand import DRAW_KEYS
from ..store.repository import Money, PlayerStats
from .common import DbOption, JsonOption, print_json, resolve_db, stdout, usage_error

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Pre-draw", ("vpip", "pfr", "three_bet", "steal")),
    ("The draws", ("pat_d1", "pat_d2", "pat_d3")),
    ("Showdown", ("wtsd", "wsd", "won_reached_d1")),
)
LABELS = {
    "vpip": "VPIP", "pfr": "PFR", "three_bet": "3-bet pre-draw", "steal": "Steal attempt",
    "pat_d1": "Pat at draw 1", "pat_d2": "Pat at draw 2", "pat_d3": "Pat at draw 3",
    "wtsd": "WTSD (went to showdown)", "wsd": "W$SD (won at showdown)", "won_reached_d1": "Won when reached draw 1",
}


class SortKey(StrEnum):
    hands = "hands"
    net = "net"
    player = "player"
    vpip = "vpip"
    pfr = "pfr"
    pat_d1 = "pat_d1"
    wtsd = "wtsd"
    wsd = "wsd"


def as_json(stats: PlayerStats, *, distributions: bool = True) -> dict[str, object]:
    """The documented JSON shape (README.md, "JSON output")."""
    main = stats.net[0] if stats.net else Money(0, "chips")
    value: dict[str, object] = {
        "player": stats.player,
        "site": stats.site,
        "stats": {key: {"done": r.done, "opportunities": r.opportunities} for key, r in stats.stats.items()},
    }
    if distributions:
        value["distributions"] = stats.distributions
    value["results"] = {
        "hands": stats.hands,
        "net": {"amount": main.amount, "currency": main.currency},
        "net_by_currency": [{"amount": m.amount, "currency": m.currency} for m in stats.net],
        "bb_per_100": stats.bb_per_100,
        "big_bets_per_100": stats.big_bets_per_100,
    }
    return value


def player_command(
    name: Annotated[str, typer.Argument(help="The player's screen name, exactly.", show_default=False)],
    db: DbOption = None,
    json_output: JsonOption = False,
) -> None:
    """One player's statistics, every percentage with its sample size.

    Percentages show (done/opportunities) and, under 100 opportunities, a 95% Wilson interval. bb/100 and BB/100 average each hand in its own big blind / big bet, so in a tournament they can have the opposite sign of the net chips.
    """
    try:
        found = api.player_profile(resolve_db(db), name)
    except api.NoDatabaseError as error:
        raise usage_error(str(error)) from None
    if not found:
        raise usage_error(f"no hands of a player named {name!r} in the database")
    if json_output:
        print_json(as_json(found[0]) if len(found) == 1 else [as_json(s) for s in found])
        return
    for stats in found:
        _print_profile(stats)


def _print_profile(stats: PlayerStats) -> None:
    table = Table(title=f"{stats.player} ({stats.site}, {stats.hands} hands)", show_header=True)
    table.add_column("statistic")
    table.add_column("value (done/opportunities) [95% interval under 100]")
    for section, keys in SECTIONS:
        table.add_row(f"[bold]{section}[/bold]", "")
        for key in keys:
            ratio = stats.stats[key]
            table.add_row(LABELS[key], format_ratio(ratio.done, ratio.opportunities))
        if section == "The draws":
            for key in DRAW_KEYS:
                counts = stats.distributions.get(key, {})
                reached = sum(counts.values())
                mean = sum(int(k) * v for k, v in counts.items()) / reached if reached else None
                spread = " ".join(f"{k}:{v}" for k, v in counts.items())
                table.add_row(
                    f"Cards drawn at draw {key[-1]}",
                    f"mean {mean:.2f} over {reached}  ({spread})" if mean is not None else "- (0 reached)",
                )
    table.add_row("[bold]Results[/bold]", "")
    table.add_row("Hands", str(stats.hands))
    for money in stats.net:
        table.add_row(f"Net ({money.currency})", format_money(money.amount, money.currency))
    table.add_row("bb/100 (big blinds)", _fmt(stats.bb_per_100))
    table.add_row("BB/100 (big bets)", _fmt(stats.big_bets_per_100))
    stdout.print(table)


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:+.2f}"


def players_command(
    db: DbOption = None,
    json_output: JsonOption = False,
    sort: Annotated[SortKey, typer.Option("--sort", help="Column to sort by.")] = SortKey.hands,
    min_hands: Annotated[int, typer.Option("--min-hands", min=0, help="Only players with at least this many hands.")] = 0,
) -> None:
    """All players, one row each: hands, VPIP, PFR, pat at draw 1, WTSD, W$SD, net."""
    try:
        found = api.players(resolve_db(db), min_hands=min_hands, sort=sort.value)
    except api.NoDatabaseError as error:
        raise usage_error(str(error)) from None
    if json_output:
        print_json([as_json(s, distributions=False) for s in found])
        return
    table = Table(title=f"{len(found)} players")
    for column in ("player", "site", "hands", "VPIP", "PFR", "pat d1", "WTSD", "W$SD", "net", "BB/100"):
        table.add_column(column, justify="left" if column in ("player", "site") else "right")
    for s in found:
        def pct(key: str) -> str:
            r = s.stats[key]
            return f"{100 * r.done / r.opportunities:.0f}% ({r.opportunities})" if r.opportunities else "- (0)"

        net = ", ".join(format_money(m.amount, m.currency) for m in s.net)
        table.add_row(s.player, s.site, str(s.hands), pct("vpip"), pct("pfr"), pct("pat_d1"), pct("wtsd"), pct("wsd"), net, _fmt(s.big_bets_per_100))
    stdout.print(table)

