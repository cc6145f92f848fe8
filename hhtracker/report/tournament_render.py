"""The hero's tournaments for the terminal (rich tables): one row per tournament, then the
totals per currency (a currency's money never added to another's)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.table import Table

from ..display import keep_columns
from ..games import game_name
from ..tournaments import TournamentResult, TournamentTotals, format_prize, ordinal

UNKNOWN = "unknown"  # a value no file gives: never guessed


def _money(amount: int | None, currency: str | None) -> str:
    return format_prize(amount, currency)


def _signed(amount: int | None, currency: str | None) -> str:
    """A profit: "+$0.40", "-$1.20" (a "+" on every positive one), "unknown"."""
    text = format_prize(amount, currency)
    return f"+{text}" if amount is not None and currency is not None and amount > 0 else text


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:+.1f}%"


def print_tournaments(results: Sequence[TournamentResult], totals_by_currency: Sequence[TournamentTotals],
                      console: Console) -> None:
    """The table of `results` (date, id, game, buy-in + fee, entrants, hands, finish, prize,
    profit; "unknown" for what no file gives, never a guess), then the totals per currency."""
    table = Table(title="Tournaments, oldest first (times UTC)")
    for column in ("date", "site", "tournament", "player", "game", "buy-in + fee", "entrants", "hands", "finish",
                   "prize", "profit"):
        table.add_column(column, justify="right" if column in ("entrants", "hands", "prize", "profit") else "left")
    keep_columns(table, "tournament", "hands", "finish", "prize", "profit")
    for r in results:
        buy = r.buy
        cost = _money(buy.buy_in, buy.currency) if buy.buy_in is not None else UNKNOWN
        if buy.fee is not None and buy.currency != "freeroll":
            cost += f" + {_money(buy.fee, buy.currency)}"
        if buy.bounty is not None:
            cost += f" + {_money(buy.bounty, buy.currency)} bounty"
        if buy.currency == "freeroll":
            cost = "freeroll"
        table.add_row(
            r.first_hand[:16].replace("T", " "), r.site, r.tournament_id, r.player, f"{game_name(r.game)} {r.structure}", cost,
            f"{r.entrants:,}" if r.entrants is not None else UNKNOWN, f"{r.hands:,}",
            ordinal(r.finish) if r.finish is not None else UNKNOWN,
            _money(r.prize, r.prize_currency), _signed(r.profit, r.prize_currency),
        )
    console.print(table)
    totals = Table(title="Totals per currency (a currency's money is never added to another's)")
    for column in ("currency", "tournaments", "finish known", "in the money", "ROI", "profit", "average finish"):
        totals.add_column(column, justify="left" if column == "currency" else "right")
    keep_columns(totals, "tournaments", "ROI", "profit")
    for t in totals_by_currency:
        itm = "-" if t.itm is None else f"{t.in_the_money} ({t.itm * 100:.1f}%)"
        avg = "-" if t.average_finish is None else f"{t.average_finish:.1f}"
        currency = t.currency or UNKNOWN
        profit_currency = "USD" if currency == "freeroll" else currency
        totals.add_row(currency, f"{t.tournaments:,}", f"{t.known_finishes:,}", itm, _percent(t.roi),
                       _signed(t.profit, profit_currency) if t.with_profit else UNKNOWN, avg)
    console.print(totals)
