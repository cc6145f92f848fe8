"""Reading player statistics back from the summary tables (`player`, `players`): a few rows
per player, whatever the number of hands."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..filters import Filters, sort_order
from ..games import FEWEST_CARDS, MOST_CARDS
from ..money import Money
from ..model import CHIPS
from ..stats.facts import DRAW_KEYS, STAT_KEYS
from ..stats.values import (
    HAND_CLASSES,
    BiggestPot,
    GameTypeResult,
    Luck,
    PlayerStats,
    Ratio,
)
from . import summary

if TYPE_CHECKING:
    import sqlite3

    from sqlite_utils import Database


@dataclass
class _Sums:
    """One player's summary sums while player_stats() reads them: per currency (cash
    first) and together; in_bb, in_big_bets: the net in big blinds / big bets."""

    site: str
    player: str
    hands: int = 0
    in_bb: float = 0.0
    in_big_bets: float = 0.0
    total: dict[str, int] = field(default_factory=dict)
    by_currency: list[tuple[str, dict[str, int]]] = field(default_factory=list)
    by_type: dict[str, list[Any]] = field(default_factory=dict)  # game type -> [hands, in_bb, in_big_bets, [Money]]

    def money(self, column: str) -> tuple[Money, ...]:
        return tuple(Money(sums[column], currency) for currency, sums in self.by_currency)


def in_bets_sql(bet: str) -> str:
    """SQL (over summary rows s, grouped by currency) of the net in big bets or big blinds
    (bet: the column): cash hand by hand, each in its own stakes; chips (tournaments, play
    money) as the chips won over the hands' average bet, so the figure has the chips' sign
    (report/session.py in_bets, the same rule)."""
    return (f"case when s.currency = '{CHIPS}' then sum(s.net) * 1.0 * sum(s.hands) / nullif(sum(s.hands * s.{bet}), 0) "
            f"else sum(s.net * 1.0 / s.{bet}) end")


def player_stats(
    db: Database | sqlite3.Connection,
    name: str | None = None,
    *,
    min_hands: int = 0,
    with_distributions: bool = True,
    filters: Filters = Filters(),
    player_ids: Sequence[int] | None = None,
) -> list[PlayerStats]:
    """Statistics for one player (exact name; one entry per site) or, with name None, for
    every player, over the hands the filters match; most hands first. Read from the summary
    tables (store/summary.py source(): player_totals, or with a date range its whole months
    and its edge days), so the time grows with a player's groups (months x positions x
    stakes...), not his hands. raises
    ValueError for bad stakes. player_ids: only these players (players.id; a page of them:
    report.browse.player_page)."""
    chosen_players: list[str] = []
    chosen_params: list[object] = []
    if name is not None:
        chosen_players.append("s.player_id in (select id from players where name = ?)")
        chosen_params.append(name)
    if player_ids is not None:
        chosen_players.append("s.player_id in (select value from json_each(?))")
        chosen_params.append(json.dumps(list(player_ids)))
    columns = ["net", "net_showdown", "net_no_showdown", "rake", *summary.STAT_COLUMNS, *summary.LUCK_COLUMNS]
    if with_distributions:
        columns += [*summary.DRAWN_COLUMNS, *summary.CLASS_COLUMNS]
    rows = summary.source(filters, where=" and ".join(chosen_players), params=chosen_params, columns=(
        "player_id", "game_type", "currency", "hands", "big_blind", "big_bet", *columns, *summary.BIGGEST))
    where, params = rows.where, list(rows.params)
    players: dict[int, _Sums] = {}
    sites_of: dict[str, set[str]] = {}
    for player_id, site, player, game_type, currency, hands, in_bb, in_big_bets, *values in db.execute(
        f"""select s.player_id, p.site, p.name, s.game_type, s.currency, sum(s.hands), {in_bets_sql('big_blind')},
                   {in_bets_sql('big_bet')}, {', '.join(f'sum(s.{c})' for c in columns)}
            from {rows.rows} join players p on p.id = s.player_id where {where}
            group by s.player_id, s.game_type, s.currency
            order by s.currency = 'chips', s.game_type = 'play', s.currency""",
        params,
    ).fetchall():
        sites_of.setdefault(player, set()).add(site)
        sums = dict(zip(columns, values))
        found = players.setdefault(player_id, _Sums(site, player))
        found.hands += hands
        found.in_bb += in_bb or 0.0  # NULL: a big blind of 0
        found.in_big_bets += in_big_bets or 0.0
        found.total = {c: found.total[c] + v for c, v in sums.items()} if found.total else sums
        found.by_currency.append((currency, sums))
        kind = found.by_type.setdefault(game_type, [0, 0.0, 0.0, []])
        kind[0] += hands
        kind[1] += in_bb or 0.0
        kind[2] += in_big_bets or 0.0
        kind[3].append(Money(sums["net"], currency))
    minimum = max(min_hands, filters.min_hands)
    chosen = sorted((k for k, v in players.items() if v.hands >= minimum),
                    key=lambda k: (-players[k].hands, players[k].player, k))
    biggest = _biggest(db, rows.rows, where, params) if chosen else {}
    result = []
    for player_id in chosen:
        found = players[player_id]
        total = found.total
        distributions = {}
        if with_distributions:
            distributions = _empty_distributions()
            for key in DRAW_KEYS:
                # every count up to the fewest cards dealt (Badugi's four); more only when drawn
                distributions[key] = {str(n): total[f"{key}_{n}"] for n in range(MOST_CARDS + 1)
                                      if n <= FEWEST_CARDS or total.get(f"{key}_{n}")}
            distributions["showdown_classes"] = {
                c: total[f"showdown_won_{c}"] + total[f"showdown_lost_{c}"] for c in summary.CLASS_VALUES
            }
        win, loss = biggest.get((player_id, found.by_currency[0][0]), (None, None))
        result.append(
            PlayerStats(
                player=found.player,
                site=found.site,
                hands=found.hands,
                stats={key: Ratio(total[f"{key}_done"], total[f"{key}_opp"]) for key in STAT_KEYS},
                distributions=distributions,
                net=found.money("net"),
                bb_per_100=100.0 * found.in_bb / found.hands if found.hands else None,
                big_bets_per_100=100.0 * found.in_big_bets / found.hands if found.hands else None,
                net_showdown=found.money("net_showdown"),
                net_no_showdown=found.money("net_no_showdown"),
                rake=found.money("rake"),
                biggest_win=win,
                biggest_loss=loss,
                luck=Luck(total["luck_draws"], total["luck_completed"], total["luck_expected_e9"] / summary.E9,
                          total["luck_variance_e9"] / summary.E9),
                sites=tuple(sorted(sites_of[found.player])),
                by_game_type=tuple(
                    GameTypeResult(kind, hands, tuple(net), 100.0 * in_bb / hands, 100.0 * in_big_bets / hands)
                    for kind, (hands, in_bb, in_big_bets, net) in found.by_type.items()
                ),
            )
        )
    return result


def _biggest(db: Database | sqlite3.Connection, rows: str, where: str, params: list[object]) -> dict[tuple[int, str], tuple[BiggestPot | None, BiggestPot | None]]:
    """(player_id, currency) -> (biggest win if above 0, biggest loss if below 0) over the
    summary rows `where` matches (rows: summary.Source.rows, alias s; ties: the hand stored first)."""
    found: dict[tuple[int, str], list[BiggestPot | None]] = {}
    for slot, (net, hand, order) in enumerate((("biggest_win", "biggest_win_hand", "desc"),
                                               ("biggest_loss", "biggest_loss_hand", "asc"))):
        for player_id, currency, amount, site_hand_id in db.execute(
            f"""select b.player_id, b.currency, b.amount, h.site_hand_id from (
                  select s.player_id, s.currency, s.{net} as amount, s.{hand} as hand, row_number() over (
                    partition by s.player_id, s.currency order by s.{net} {order}, s.{hand}) as place
                  from {rows} where {where}) b
                join hands h on h.id = b.hand where b.place = 1""",
            params,
        ).fetchall():
            pots = found.setdefault((player_id, currency), [None, None])
            if (amount > 0) if slot == 0 else (amount < 0):
                pots[slot] = BiggestPot(site_hand_id, Money(amount, currency))
    return {key: (pots[0], pots[1]) for key, pots in found.items()}


def _empty_distributions() -> dict[str, dict[str, int]]:
    value: dict[str, dict[str, int]] = {key: {str(n): 0 for n in range(FEWEST_CARDS + 1)} for key in DRAW_KEYS}
    value["showdown_classes"] = dict.fromkeys(HAND_CLASSES, 0)
    return value


def sort_players(players: list[PlayerStats], key: str) -> list[PlayerStats]:
    """Players sorted by a column (SORTS): "hands", "net", "player", bb/100, BB/100 or a stat
    key (by percentage, players without an opportunity last either way); "player" A to Z,
    the others largest first, and the other way with "-" before the key ("-vpip":
    filters.sort_order). Ties keep the order given. raises ValueError for another key."""
    key, reverse = sort_order(key)
    sign = 1 if reverse else -1  # (largest first: the value's negative)
    if key == "player":
        return sorted(players, key=lambda p: p.player.lower(), reverse=reverse)
    if key == "hands":
        return sorted(players, key=lambda p: sign * p.hands)
    if key == "net":
        return sorted(players, key=lambda p: sign * sum(m.amount for m in p.net))
    if key in ("bb_per_100", "big_bets_per_100"):
        return sorted(players, key=lambda p: sign * float(getattr(p, key) or 0.0))

    def percent(p: PlayerStats) -> tuple[bool, float]:
        value = p.stats[key].percent
        return (value is None, sign * value if value is not None else 0.0)

    return sorted(players, key=percent)
