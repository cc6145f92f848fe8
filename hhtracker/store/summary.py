"""Summary tables: every player's statistics per day, and over all days, kept current by the
import, so that `player`, `players` and `report` read a few rows per player instead of every
hand. Plain tables (any SQLite tool reads them); m003 builds them for older databases.

`player_days`: one row per player and *group*: (player_id, date (the UTC day the hand
started), site, structure, currency, game_type, small_bet, big_bet, big_blind, table_size,
game, position), the columns `hand_facts` filters on, with the sums below over the player's counted
hands of the group (those `hand_facts` holds: status ok or warning, dealt in).
`player_totals`: the same without `date` (every day together).
`player_months`: the same with `month` ("2027-01", the UTC calendar month) instead of `date`:
the day rows summed by month, so a date range reads its whole months from here and only the
days at its ragged ends from player_days (source(): a few rows per player and month instead of
one per day).

Sums, all integers: `hands`; `net`, `net_showdown`, `net_no_showdown`, `rake` (the smallest
unit of `currency`: cents, or chips); `<key>_done` / `<key>_opp` for every STATS.md key;
`cards_drawn_d<k>_<n>` (hands that drew n cards, 0-5, at draw k: 5 in Badacey and Badeucey); `showdown_won_<class>` /
`showdown_lost_<class>` (showdowns with a hand of that class that took money / took none);
`luck_draws`, `luck_completed`, `luck_expected_e9`, `luck_variance_e9` (draw luck: the sums
of outs/unseen and of p(1 - p) in billionths, each draw rounded to the nearest billionth, so
sums and subtractions stay exact); the leaks' counts (LEAK_COLUMNS, read by report/leaks.py,
made from the hand_reads rows): `raise_first_in_six_opp` (his first pre-draw decision with
nobody having called, bet or raised before it, in a hand dealt to exactly six; the seat is the
group's position) and `_done` (of those, a bet or raise); `early_open_opp` (such a decision
that was a call, bet or raise from an early position, his opening cards known) and `_done`
(the cards met the opening rule); `eight_low_break_opp` (draws he held an eight-low badugi or
better at, cards known) and `_done` (of those, the draws he discarded at). Not sums:
`biggest_win` / `biggest_loss`, the largest net won and lost in one hand of the group (never
NULL: a group has a hand), and `biggest_win_hand` / `biggest_loss_hand`, that hand's `hands.id` (ties: the lowest id).
bb/100 and BB/100 are computed when read: sum(net) / big_blind (or big_bet) per group.

`player_periods`: one row per player and half hour (UTC, `period` "2026-11-01T17:30"):
`hands`, `first_start`, `last_start` (the first and last start time, ISO 8601 as in
`hands.start_time`). Two hands of one half hour are less than 30 minutes apart, so the
sessions of any gap of 30 minutes or more are found from these rows alone.
`player_tables`: one row per player, day and table: `hands`.
`heroes`: one row per site and `hero` (hands.hero: the player whose cards the files show):
`hands`, of any status (a hand whose replay found an error still says who the files are for).

Kept current by `HandWriter` (store/writer.py): add_batch() when it writes a batch,
in the same transaction, remove_hand() before it deletes a hand. rebuild() recomputes
everything from hand_players, hands, draw_luck and hand_reads in SQL (m003, the statistics
refresh); a later migration that adds a statistic calls create_tables() (which adds its
columns) and rebuild(), or fills only its columns (m014: fill_leak_counts()). A change made
to hand_players by hand (SQL) is not seen until rebuild().
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import itemgetter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..filters import Filters
from ..games import MOST_CARDS, MOST_DRAWS
from ..model import CHIPS, COUNTING, COUNTING_SQL
from ..rules.badugi import HandClass
from ..stats.facts import STAT_KEYS

if TYPE_CHECKING:
    from sqlite_utils import Database

DAY_GROUP: tuple[str, ...] = (
    "player_id", "date", "site", "structure", "currency", "game_type", "small_bet", "big_bet", "big_blind",
    "table_size", "game", "position",
)
TOTAL_GROUP: tuple[str, ...] = tuple(c for c in DAY_GROUP if c != "date")
MONTH_GROUP: tuple[str, ...] = tuple("month" if c == "date" else c for c in DAY_GROUP)
STAT_COLUMNS: tuple[str, ...] = tuple(f"{key}_{end}" for key in STAT_KEYS for end in ("done", "opp"))
DRAWN_COLUMNS: tuple[str, ...] = tuple(f"cards_drawn_d{k}_{n}" for k in range(1, MOST_DRAWS + 1) for n in range(MOST_CARDS + 1))
"""cards_drawn_d<k>_<n>: hands that drew n cards at draw k, for every draw and count the
games' records allow (games.py: 3 draws, 0-5 cards; a record past them needs a migration)."""
CLASS_VALUES: tuple[str, ...] = tuple(c.value for c in HandClass)
CLASS_COLUMNS: tuple[str, ...] = tuple(f"showdown_{how}_{c}" for c in CLASS_VALUES for how in ("won", "lost"))
LUCK_COLUMNS: tuple[str, ...] = ("luck_draws", "luck_completed", "luck_expected_e9", "luck_variance_e9")
LEAK_COLUMNS: tuple[str, ...] = ("raise_first_in_six_done", "raise_first_in_six_opp", "early_open_done",
                                 "early_open_opp", "eight_low_break_done", "eight_low_break_opp")
SUMS: tuple[str, ...] = (
    "hands", "net", "net_showdown", "net_no_showdown", "rake", *STAT_COLUMNS, *DRAWN_COLUMNS, *CLASS_COLUMNS,
    *LUCK_COLUMNS, *LEAK_COLUMNS,
)
BIGGEST: tuple[str, ...] = ("biggest_win", "biggest_win_hand", "biggest_loss", "biggest_loss_hand")
Group = tuple[Any, ...]
"""A summary row's group: its DAY_GROUP (or TOTAL_GROUP) values in that order, as stored."""
Biggest = list[int]
"""[biggest_win, biggest_win_hand, biggest_loss, biggest_loss_hand] of a group (BIGGEST)."""
E9 = 1_000_000_000
"""luck_expected_e9 / E9 is the expected number of completed draws."""

COUNTED = f"{COUNTING_SQL} and hp.dealt_in = 1"
"""The hands that count (the hand_facts view's too), over `hands h` and `hand_players hp`."""
GAME_TYPE_SQL = "case when h.tournament_id is not null then 'tournament' when h.currency = 'chips' then 'play' else 'cash' end"
"""A hand's game_type (filters.GameType) over `hands h`; _hand_group() in Python."""
TABLE_SIZE_SQL = "case when h.players_dealt <= 2 then 'heads-up' when h.players_dealt <= 6 then '3-6' else '7-8' end"
"""A hand's table_size (filters.TableSize) over `hands h`; _hand_group() in Python."""

# The group of a player's hand, in SQL over `hands h`, `hand_players hp`, `players p`
# (hand_facts computes game_type and table_size with the same SQL).
_GROUP_SQL: dict[str, str] = {
    "player_id": "hp.player_id",
    "date": "substr(h.start_time, 1, 10)",
    "site": "p.site",
    "structure": "h.structure",
    "currency": "h.currency",
    "game_type": GAME_TYPE_SQL,
    "small_bet": "h.small_bet",
    "big_bet": "h.big_bet",
    "big_blind": "h.big_blind",
    "table_size": TABLE_SIZE_SQL,
    "game": "h.game",
    "position": "coalesce(hp.position, '')",
}


def _sum_sql(column: str) -> str:
    """The SQL sum of one SUMS column over hand_players hp (and dl, the player's draw_luck
    rows of the hand summed; NULL when he has none)."""
    if column == "hands":
        return "count(*)"
    if column == "net_showdown":
        return "coalesce(sum(case when hp.showdown = 1 then hp.net else 0 end), 0)"
    if column == "net_no_showdown":
        return "coalesce(sum(case when hp.showdown = 1 then 0 else hp.net end), 0)"
    if column.startswith("cards_drawn_d"):
        draw, count = column.removeprefix("cards_drawn_d").split("_")
        return f"coalesce(sum(hp.cards_drawn_d{draw} = {count}), 0)"
    if column.startswith("showdown_"):
        how, value = column.removeprefix("showdown_").split("_", 1)
        took = "> 0" if how == "won" else "<= 0"
        return f"coalesce(sum(hp.showdown_class = '{value}' and coalesce(hp.collected, 0) {took}), 0)"
    if column in LUCK_COLUMNS:
        return f"coalesce(sum(dl.{column}), 0)"
    if column in LEAK_COLUMNS:
        return f"coalesce(sum({LEAK_SQL[column]}), 0)"
    return f"coalesce(sum(hp.{column}), 0)"


# Draw luck per player and hand, in SQL: the same rounding as _luck_of (integer arithmetic).
_LUCK_SQL = """select hand_id, player_id, count(*) as luck_draws, sum(completed) as luck_completed,
       sum((outs * 2000000000 + unseen) / (2 * unseen)) as luck_expected_e9,
       sum((outs * (unseen - outs) * 2000000000 + unseen * unseen) / (2 * unseen * unseen)) as luck_variance_e9
from draw_luck group by hand_id, player_id"""


_CHANCE = "r.first_decision is not null and r.entered_before = 0"
LEAK_SQL: dict[str, str] = {
    "raise_first_in_six_done": f"{_CHANCE} and r.players_dealt = 6 and r.first_decision in ('raise', 'bet')",
    "raise_first_in_six_opp": f"{_CHANCE} and r.players_dealt = 6",
    "early_open_done": f"case when {_CHANCE} then r.early_open end",
    "early_open_opp": f"{_CHANCE} and r.early_open is not null",
    "eight_low_break_done": "r.eight_low_broken",
    "eight_low_break_opp": "r.eight_low_held",
}
"""The leaks' counts of one hand_reads row (as r), in SQL (_leak_of in Python): the chance of
raise first in and of an early open is a first pre-draw decision nobody had called, bet or
raised before. report/leaks.py counts a session's hands with the same SQL."""
LEAK_READ_COLUMNS: tuple[str, ...] = ("hand_id", "player_id", "players_dealt", "first_decision", "entered_before",
                                      "early_open", "eight_low_held", "eight_low_broken")
"""The hand_reads columns the leaks' counts are made of."""


def _leak_of(players_dealt: int, first_decision: str | None, entered_before: int, early_open: int | None,
             eight_low_held: int | None, eight_low_broken: int | None) -> tuple[int, ...]:
    """The LEAK_COLUMNS of one hand_reads row (LEAK_SQL in Python)."""
    chance = first_decision is not None and entered_before == 0
    six = chance and players_dealt == 6
    return (int(six and first_decision in ("raise", "bet")), int(six), int(chance and early_open == 1),
            int(chance and early_open is not None), int(eight_low_broken or 0), int(eight_low_held or 0))


def _luck_of(outs: int, unseen: int) -> tuple[int, int]:
    """(p, p(1 - p)) of one draw with p = outs/unseen, in billionths, rounded half up."""
    expected = (outs * 2 * E9 + unseen) // (2 * unseen)
    variance = (outs * (unseen - outs) * 2 * E9 + unseen * unseen) // (2 * unseen * unseen)
    return expected, variance


# --- what a filtered statistic reads ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Source:
    """The summary rows of the hands a Filters matches, for a query `select ... from {rows}
    [join ...] where {where} [and ...]`: rows, the FROM item with its alias (a table, or a
    parenthesized UNION ALL of month and day rows with the filters inside); where, the
    condition on it ("1" when the filters are inside), to be the first of the query's
    conditions; params, the parameters of rows then of where. Its rows have the TOTAL_GROUP
    columns, SUMS and BIGGEST, or the columns asked (no `date` or `month`)."""

    rows: str
    where: str
    params: tuple[object, ...]


def source(filters: Filters, alias: str = "s", *, where: str = "", params: Sequence[object] = (),
           columns: Iterable[str] | None = None) -> Source:
    """Where the statistics over `filters` are read: player_totals without a date; with a
    date range, its whole calendar months from player_months and the days at its ragged ends
    (before its first whole month, after its last) from player_days; player_days alone when
    the range holds no whole month. where, params: more conditions on the summary rows (over
    `alias`, its parameters), put inside each part of a union so SQLite reads only their
    rows (a player's: through the tables' player_id indexes); columns: the summary columns
    the query reads (default: all), so a union's parts read them from the covering indexes
    when they can. raises ValueError for bad stakes (Filters.where)."""
    more = f" and {where}" if where else ""
    if filters.since is None and filters.until is None:
        found, found_params = filters.where(alias)
        return Source(f"player_totals {alias}", found + more, (*found_params, *params))
    since, until = filters.since, filters.until
    first = _month_start(since, following=since.day != 1) if since is not None else None
    last_end = _month_start(until, following=True) if until is not None else None  # after the month of `until`
    if until is not None and last_end is not None and until + dt.timedelta(days=1) != last_end:
        last_end = _month_start(until, following=False)  # `until` is not a month's last day
    if (since is not None and first is None) or (until is not None and last_end is None) or (
            first is not None and last_end is not None and first >= last_end):
        found, found_params = filters.where(alias)  # no whole month (or beyond the calendar): the days
        return Source(f"player_days {alias}", found + more, (*found_params, *params))
    plain, plain_params = dataclasses.replace(filters, since=None, until=None).where(alias)
    months, month_params = [plain + more], [*plain_params, *params]
    if first is not None:
        months.append(f"{alias}.month >= ?")
        month_params.append(first.isoformat()[:7])
    if last_end is not None:
        months.append(f"{alias}.month < ?")
        month_params.append(last_end.isoformat()[:7])
    edges: list[tuple[str, list[object]]] = []
    if since is not None and first is not None and since < first:
        edges.append((f"{alias}.date >= ? and {alias}.date < ?", [since.isoformat(), first.isoformat()]))
    if until is not None and last_end is not None and until >= last_end:
        edges.append((f"{alias}.date >= ? and {alias}.date <= ?", [last_end.isoformat(), until.isoformat()]))
    if not edges:
        return Source(f"player_months {alias}", " and ".join(months), tuple(month_params))
    wanted = tuple(dict.fromkeys(columns)) if columns is not None else (*TOTAL_GROUP, *SUMS, *BIGGEST)
    selected = ", ".join(f"{alias}.{c}" for c in wanted)
    arms = [f"select {selected} from player_months {alias} where {' and '.join(months)}"]
    every_param = month_params
    for dates, date_params in edges:
        arms.append(f"select {selected} from player_days {alias} where {plain}{more} and {dates}")
        every_param += [*plain_params, *params, *date_params]
    return Source(f"({' union all '.join(arms)}) {alias}", "1", tuple(every_param))


def _month_start(day: dt.date, following: bool) -> dt.date | None:
    """The first day of `day`'s month, or of the next month when `following` (None past the
    calendar's end)."""
    if not following:
        return day.replace(day=1)
    if day.month < 12:
        return dt.date(day.year, day.month + 1, 1)
    return dt.date(day.year + 1, 1, 1) if day.year < dt.MAXYEAR else None


# --- schema and rebuild ------------------------------------------------------------------


def create_tables(db: Database) -> None:
    """Create the summary tables and their indexes (m003), adding any missing column."""
    measures: dict[str, type] = {column: int for column in (*SUMS, *BIGGEST)}
    for table, group in (("player_days", DAY_GROUP), ("player_totals", TOTAL_GROUP), ("player_months", MONTH_GROUP)):
        columns: dict[str, type] = {c: (int if c in ("player_id", "small_bet", "big_bet", "big_blind") else str) for c in group}
        if not db.table(table).exists():
            db.table(table).create({**columns, **measures}, foreign_keys=[("player_id", "players", "id")])
            db.table(table).create_index(list(group), unique=True)
        else:
            existing = set(db.table(table).columns_dict)
            for name, kind in measures.items():
                if name not in existing:
                    db.table(table).add_column(name, kind, not_null_default=0)
    db.table("player_days").create_index(["date"], if_not_exists=True)
    if not db.table("player_periods").exists():
        db.table("player_periods").create(
            {"player_id": int, "period": str, "hands": int, "first_start": str, "last_start": str},
            pk=("player_id", "period"), foreign_keys=[("player_id", "players", "id")],
        )
    if not db.table("heroes").exists():
        db.table("heroes").create({"site": str, "hero": str, "hands": int}, pk=("site", "hero"))
    if not db.table("player_tables").exists():
        db.table("player_tables").create(
            {"player_id": int, "date": str, "table_name": str, "hands": int},
            pk=("player_id", "date", "table_name"), foreign_keys=[("player_id", "players", "id")],
        )


SUMMARY_TABLES = ("player_days", "player_totals", "player_months", "player_periods", "player_tables", "heroes")


def exists(db: Database) -> bool:
    """Whether the summary tables exist (m003 has run)."""
    return db.table("player_days").exists()


def _reads_exist(db: Database) -> bool:
    """Whether hand_reads exists (m012; the migrations before it rebuild without it):
    hand_reads.exists (imported here: hand_reads imports this module)."""
    from .hand_reads import exists

    return exists(db)


def rebuild(db: Database) -> None:
    """Recompute every summary row from hand_players, hands, draw_luck and hand_reads (SQL, one
    GROUP BY per table, then one narrow pass for the biggest win and loss; the leaks' counts
    are 0 before m012 made hand_reads). Time: see README."""
    for table in SUMMARY_TABLES:
        db.execute(f"delete from {table}")
    reads = _reads_exist(db)
    db.execute(
        f"""insert into player_days ({', '.join(DAY_GROUP)}, {', '.join(SUMS)})
            select {', '.join(_GROUP_SQL[c] for c in DAY_GROUP)},
              {', '.join(_sum_sql(c) if reads or c not in LEAK_COLUMNS else '0' for c in SUMS)}
            from hand_players hp join hands h on h.id = hp.hand_id join players p on p.id = hp.player_id
            left join ({_LUCK_SQL}) dl on dl.hand_id = hp.hand_id and dl.player_id = hp.player_id
            {'left join hand_reads r on r.hand_id = hp.hand_id and r.player_id = hp.player_id' if reads else ''}
            where {COUNTED} group by {', '.join(str(i) for i in range(1, len(DAY_GROUP) + 1))}"""
    )
    totals = ", ".join(f"sum({c})" for c in SUMS)
    db.execute(
        f"""insert into player_totals ({', '.join(TOTAL_GROUP)}, {', '.join(SUMS)})
            select {', '.join(TOTAL_GROUP)}, {totals} from player_days group by {', '.join(TOTAL_GROUP)}"""
    )
    best: dict[Group, Biggest] = {}
    for row in db.execute(
        f"""select {', '.join(_GROUP_SQL[c] for c in DAY_GROUP)}, hp.hand_id, hp.net
            from hand_players hp join hands h on h.id = hp.hand_id join players p on p.id = hp.player_id
            where {COUNTED}"""
    ):
        _keep_biggest(best, row[:-2], row[-1], row[-2])
    _write_biggest(db, "player_days", DAY_GROUP, best)
    totals_best: dict[Group, Biggest] = {}
    for key, (win, win_hand, loss, loss_hand) in best.items():
        total_key = key[:1] + key[2:]
        _keep_biggest(totals_best, total_key, win, win_hand)
        _keep_biggest(totals_best, total_key, loss, loss_hand)
    _write_biggest(db, "player_totals", TOTAL_GROUP, totals_best)
    months_from_days(db)
    period = "substr(h.start_time, 1, 14) || case when substr(h.start_time, 15, 2) < '30' then '00' else '30' end"
    db.execute(
        f"""insert into player_periods (player_id, period, hands, first_start, last_start)
            select hp.player_id, {period}, count(*), min(h.start_time), max(h.start_time)
            from hand_players hp join hands h on h.id = hp.hand_id where {COUNTED} group by 1, 2"""
    )
    db.execute("insert into heroes (site, hero, hands) select site, hero, count(*) from hands where hero is not null group by 1, 2")
    db.execute(
        f"""insert into player_tables (player_id, date, table_name, hands)
            select hp.player_id, substr(h.start_time, 1, 10), coalesce(h.table_name, ''), count(*)
            from hand_players hp join hands h on h.id = hp.hand_id where {COUNTED} group by 1, 2, 3"""
    )


def fill_leak_counts(db: Database) -> None:
    """Set the LEAK_COLUMNS of every player_days, player_totals and player_months row from
    hand_reads (m014: the other columns as they are). SQL: the rows with something to count grouped as
    player_days (hands joined for the group columns) into a temporary table, then each
    summary row updated from its group's sums; groups with nothing to count keep 0."""
    group = [_GROUP_SQL[c].replace("hp.", "r.") for c in DAY_GROUP]
    sums = ", ".join(f"coalesce(sum({LEAK_SQL[c]}), 0) as {c}" for c in LEAK_COLUMNS)
    something = f"({_CHANCE} and (r.players_dealt = 6 or r.early_open is not null)) or r.eight_low_held > 0"
    db.execute("drop table if exists temp.leak_days")
    db.execute(
        f"""create temp table leak_days as
            select {', '.join(f'{sql} as {c}' for sql, c in zip(group, DAY_GROUP))}, {sums}
            from hand_reads r join hands h on h.id = r.hand_id join players p on p.id = r.player_id
            where {something} group by {', '.join(str(i) for i in range(1, len(DAY_GROUP) + 1))}"""
    )
    for table, keys in (("player_days", DAY_GROUP), ("player_totals", TOTAL_GROUP), ("player_months", MONTH_GROUP)):
        of_day = ["substr(date, 1, 7)" if c == "month" else c for c in keys]
        source = "temp.leak_days" if table == "player_days" else (
            f"(select {', '.join(f'{by} as {c}' for by, c in zip(of_day, keys))},"
            f" {', '.join(f'sum({c}) as {c}' for c in LEAK_COLUMNS)} from temp.leak_days group by {', '.join(of_day)})")
        db.execute(
            f"""update {table} set {', '.join(f'{c} = t.{c}' for c in LEAK_COLUMNS)} from {source} t
                where {' and '.join(f'{table}.{c} is t.{c}' for c in keys)}"""
        )
    db.execute("drop table temp.leak_days")


def months_from_days(db: Database) -> None:
    """Fill player_months from player_days (emptied first; m015, rebuild()): the day rows'
    SUMS summed by month, the biggest win and loss the month's biggest of its days (ties: the
    lowest hand id). SQL only: seconds on 1,000,000 hands."""
    db.execute("delete from player_months")
    group = ", ".join(MONTH_GROUP)
    of_day = ["substr(date, 1, 7)" if c == "month" else c for c in MONTH_GROUP]
    by_month = ", ".join(of_day)
    db.execute(
        f"""insert into player_months ({group}, {', '.join(SUMS)}, {', '.join(BIGGEST)})
            select {by_month}, {', '.join(f'sum({c})' for c in SUMS)}, 0, 0, 0, 0
            from player_days group by {by_month}"""
    )
    match = " and ".join(f"m.{c} is b.{c}" for c in MONTH_GROUP)
    for net, hand, order in (("biggest_win", "biggest_win_hand", "desc"), ("biggest_loss", "biggest_loss_hand", "asc")):
        db.execute(
            f"""update player_months as m set {net} = b.{net}, {hand} = b.{hand} from (
                  select {', '.join(f'{by} as {c}' for by, c in zip(of_day, MONTH_GROUP))}, {net}, {hand},
                         row_number() over (partition by {by_month} order by {net} {order}, {hand}) as place
                  from player_days) b
                where b.place = 1 and {match}"""
        )


def _keep_biggest(best: dict[Group, Biggest], key: Group, net: int, hand: int) -> None:
    """Fold one hand (or one group's biggest) into best[key] = [win, win_hand, loss,
    loss_hand]: the largest and smallest net, ties to the lowest hand id."""
    found = best.get(key)
    if found is None:
        best[key] = [net, hand, net, hand]
        return
    if net > found[0] or (net == found[0] and hand < found[1]):
        found[0], found[1] = net, hand
    if net < found[2] or (net == found[2] and hand < found[3]):
        found[2], found[3] = net, hand


def _write_biggest(db: Database, table: str, group: tuple[str, ...], best: dict[Group, Biggest]) -> None:
    match = " and ".join(f"{c} = ?" for c in group)
    db.conn.executemany(
        f"update {table} set biggest_win = ?, biggest_win_hand = ?, biggest_loss = ?, biggest_loss_hand = ? where {match}",
        [[*values, *key] for key, values in best.items()],
    )


# --- the write path ----------------------------------------------------------------------

_NARROW = ("hand_id", "player_id", "dealt_in", "position", "showdown", "cards_drawn_d1", "cards_drawn_d2",
           "cards_drawn_d3", "showdown_class", "collected")
_WIDE = ("net", "rake", *STAT_COLUMNS)
PLAYER_COLUMNS: tuple[str, ...] = (*_NARROW, *_WIDE)
"""The hand_players columns the summaries are made of."""
_EXTRA_AT: dict[tuple[object, object], int] = {  # (draw, cards drawn) or (class, won) -> place
    **{(k, n): (MOST_CARDS + 1) * (k - 1) + n for k in range(1, MOST_DRAWS + 1) for n in range(MOST_CARDS + 1)},  # DRAWN_COLUMNS
    **{(c, won): len(DRAWN_COLUMNS) + 2 * i + (0 if won else 1) for i, c in enumerate(CLASS_VALUES) for won in (True, False)},
}
_LUCK_AT = len(DRAWN_COLUMNS) + len(CLASS_COLUMNS)
_LEAK_AT = _LUCK_AT + len(LUCK_COLUMNS)
_EXTRAS = _LEAK_AT + len(LEAK_COLUMNS)
"""Per group: DRAWN_COLUMNS, CLASS_COLUMNS, LUCK_COLUMNS, LEAK_COLUMNS and the showdown net, as one list."""


def game_type_of(hand: Mapping[str, object]) -> str:
    """A hands row's game_type (filters.GameType value), as GAME_TYPE_SQL computes it."""
    return "tournament" if hand["tournament_id"] is not None else "play" if hand["currency"] == CHIPS else "cash"


def _hand_group(hand: Mapping[str, object]) -> Group:
    """The group columns a hand gives every player (DAY_GROUP without player_id and position);
    game_type and table_size as GAME_TYPE_SQL and TABLE_SIZE_SQL compute them."""
    dealt = hand["players_dealt"]
    return (
        str(hand["start_time"])[:10],
        hand["site"],
        hand["structure"],
        hand["currency"],
        game_type_of(hand),
        hand["small_bet"],
        hand["big_bet"],
        hand["big_blind"],
        "heads-up" if dealt <= 2 else "3-6" if dealt <= 6 else "7-8",  # type: ignore[operator]
        hand["game"],
    )


class Deltas:
    """What a set of hands adds to the summary tables: per player_days group its SUMS and
    biggest [win, win_hand, loss, loss_hand]; per player_periods key [hands, first, last];
    per player_tables key its hands."""

    def __init__(self) -> None:
        self.days: dict[Group, list[int]] = {}
        self.biggest: dict[Group, Biggest] = {}
        self.periods: dict[tuple[int, str], list[Any]] = {}  # [hands, first_start, last_start]
        self.tables: dict[tuple[int, str, str], int] = {}

    @classmethod
    def of(cls, hands: Iterable[Mapping[str, object]], columns: Sequence[str], players: Iterable[Sequence[object]],
           luck: Iterable[Mapping[str, object]], read_columns: Sequence[str] = LEAK_READ_COLUMNS,
           reads: Iterable[Sequence[object]] = ()) -> Deltas:
        """The deltas of hands rows (dicts with "id"), their hand_players rows (tuples of
        `columns`, which include PLAYER_COLUMNS; sums not NULL), draw_luck rows (dicts) and
        hand_reads rows (tuples of `read_columns`, which include LEAK_READ_COLUMNS).
        Written for speed (the import calls it for every batch): per row one C-level tuple of
        the wide columns, a few counters for the rest, and one zip-sum per group."""
        deltas = cls()
        by_id = {h["id"]: h for h in hands if h["status"] in COUNTING}
        luck_of: dict[tuple[object, object], list[int]] = {}
        for draw in luck:
            expected, variance = _luck_of(draw["outs"], draw["unseen"])  # type: ignore[arg-type]
            found = luck_of.setdefault((draw["hand_id"], draw["player_id"]), [0, 0, 0, 0])
            found[0] += 1
            found[1] += draw["completed"] or 0  # type: ignore[operator]
            found[2] += expected
            found[3] += variance
        read_at = {c: i for i, c in enumerate(read_columns)}
        read_key = itemgetter(read_at["hand_id"], read_at["player_id"])
        read_facts = itemgetter(*(read_at[c] for c in LEAK_READ_COLUMNS[2:]))
        leaks_of = {read_key(row): _leak_of(*read_facts(row)) for row in reads}
        at = {c: i for i, c in enumerate(columns)}
        narrow = itemgetter(*(at[c] for c in _NARROW))
        wide_values = itemgetter(*(at[c] for c in _WIDE))
        wide: dict[Group, list[tuple[int, ...]]] = {}
        extras: dict[Group, list[int]] = {}
        by_hand: dict[object, tuple[Group, str, str, str, str]] = {}  # hand id -> (group, start, half hour, day, table)
        ids: dict[Group, list[int]] = {}
        periods, tables = deltas.periods, deltas.tables
        for row in players:
            hand_id, player_id, dealt_in, position, showdown, drawn_1, drawn_2, drawn_3, hand_class, collected = narrow(row)
            found_hand = by_hand.get(hand_id)
            if found_hand is None:
                hand = by_id.get(hand_id)
                if hand is None:
                    continue
                start = str(hand["start_time"])
                found_hand = by_hand[hand_id] = (_hand_group(hand), start, start[:14] + ("00" if start[14:16] < "30" else "30"),
                                                 start[:10], str(hand["table_name"] or ""))
            if dealt_in != 1:
                continue
            group, start, half_hour, day, table_name = found_hand
            key = (player_id, *group, position or "")
            values = wide_values(row)
            grouped = wide.get(key)
            if grouped is None:
                wide[key] = [values]
                ids[key] = [hand_id]
                extra = extras[key] = [0] * (_EXTRAS + 1)
            else:
                grouped.append(values)
                ids[key].append(hand_id)
                extra = extras[key]
            if showdown == 1:
                extra[_EXTRAS] += values[0]
            for place in (_EXTRA_AT.get((1, drawn_1)), _EXTRA_AT.get((2, drawn_2)), _EXTRA_AT.get((3, drawn_3))):
                if place is not None:
                    extra[place] += 1
            if hand_class is not None:
                place = _EXTRA_AT.get((hand_class, (collected or 0) > 0))
                if place is not None:
                    extra[place] += 1
            draws = luck_of.get((hand_id, player_id))
            if draws is not None:
                for i, value in enumerate(draws):
                    extra[_LUCK_AT + i] += value
            counts = leaks_of.get((hand_id, player_id))
            if counts is not None:
                for i, value in enumerate(counts):
                    extra[_LEAK_AT + i] += value
            span = periods.get((player_id, half_hour))
            if span is None:
                periods[(player_id, half_hour)] = [1, start, start]
            else:
                span[0] += 1
                if start < span[1]:
                    span[1] = start
                elif start > span[2]:
                    span[2] = start
            table = (player_id, day, table_name)
            tables[table] = tables.get(table, 0) + 1
        for key, rows in wide.items():
            net, rake, *stats = map(sum, zip(*rows))
            extra = extras[key]
            showdown_net = extra[_EXTRAS]
            deltas.days[key] = [len(rows), net, showdown_net, net - showdown_net, rake, *stats, *extra[:_EXTRAS]]
            nets = [values[0] for values in rows]
            win, loss = max(nets), min(nets)
            deltas.biggest[key] = [win, min(h for n, h in zip(nets, ids[key]) if n == win),
                                   loss, min(h for n, h in zip(nets, ids[key]) if n == loss)]
        return deltas

    def totals(self) -> tuple[dict[Group, list[int]], dict[Group, Biggest]]:
        """The player_totals deltas: the day groups summed over the days."""
        return self._summed(_total_key)

    def months(self) -> tuple[dict[Group, list[int]], dict[Group, Biggest]]:
        """The player_months deltas: the day groups summed by month."""
        return self._summed(_month_key)

    def _summed(self, key_of: Callable[[Group], Group]) -> tuple[dict[Group, list[int]], dict[Group, Biggest]]:
        sums: dict[Group, list[int]] = {}
        biggest: dict[Group, Biggest] = {}
        for key, values in self.days.items():
            total_key = key_of(key)
            found = sums.get(total_key)
            sums[total_key] = values if found is None else list(map(int.__add__, found, values))
            win, win_hand, loss, loss_hand = self.biggest[key]
            _keep_biggest(biggest, total_key, win, win_hand)
            _keep_biggest(biggest, total_key, loss, loss_hand)
        return sums, biggest


def _total_key(day: Group) -> Group:
    """A player_days group's player_totals group (without the date)."""
    return day[:1] + day[2:]


def _month_key(day: Group) -> Group:
    """A player_days group's player_months group (the date's "YYYY-MM"; None stays None)."""
    date = day[1]
    return (day[0], date[:7] if date is not None else None, *day[2:])


def _upsert_sql(table: str, group: tuple[str, ...]) -> str:
    """Add a row's sums to its group's row (created when new); the biggest win and loss
    replace the stored ones only when strictly bigger (the stored hand has the lower id)."""
    columns = (*group, *SUMS, *BIGGEST)
    sets = [f"{c} = {c} + excluded.{c}" for c in SUMS]
    for net, hand, better in (("biggest_win", "biggest_win_hand", ">"), ("biggest_loss", "biggest_loss_hand", "<")):
        sets.append(f"{hand} = case when excluded.{net} {better} {net} then excluded.{hand} else {hand} end")
        sets.append(f"{net} = case when excluded.{net} {better} {net} then excluded.{net} else {net} end")
    return (
        f"insert into {table} ({', '.join(columns)}) values ({', '.join('?' for _ in columns)})"
        f" on conflict ({', '.join(group)}) do update set {', '.join(sets)}"
    )


_UPSERT_DAYS = _upsert_sql("player_days", DAY_GROUP)
_UPSERT_TOTALS = _upsert_sql("player_totals", TOTAL_GROUP)
_UPSERT_MONTHS = _upsert_sql("player_months", MONTH_GROUP)
_UPSERT_PERIODS = """insert into player_periods (player_id, period, hands, first_start, last_start) values (?, ?, ?, ?, ?)
    on conflict (player_id, period) do update set hands = hands + excluded.hands,
    first_start = min(first_start, excluded.first_start), last_start = max(last_start, excluded.last_start)"""
_UPSERT_HEROES = """insert into heroes (site, hero, hands) values (?, ?, ?)
    on conflict (site, hero) do update set hands = hands + excluded.hands"""
_UPSERT_TABLES = """insert into player_tables (player_id, date, table_name, hands) values (?, ?, ?, ?)
    on conflict (player_id, date, table_name) do update set hands = hands + excluded.hands"""


def add_batch(db: Database, hands: Iterable[Mapping[str, object]], columns: Sequence[str],
              players: Iterable[Sequence[object]], luck: Iterable[Mapping[str, object]],
              read_columns: Sequence[str] = LEAK_READ_COLUMNS, reads: Iterable[Sequence[object]] = ()) -> None:
    """Add just-written hands to the summary tables: hands and draw_luck rows as HandWriter
    queued them (dicts, with their ids), hand_players and hand_reads rows as it wrote them
    (tuples of `columns`, of `read_columns`). The hands must have higher ids than every stored
    hand (the biggest win's tie rule)."""
    hands = list(hands)
    heroes = Counter((h["site"], h["hero"]) for h in hands if h.get("hero") is not None)
    conn = db.conn
    conn.executemany(_UPSERT_HEROES, [[*key, count] for key, count in heroes.items()])
    deltas = Deltas.of(hands, columns, players, luck, read_columns, reads)
    if not deltas.days:
        return
    conn.executemany(_UPSERT_DAYS, [[*key, *values, *deltas.biggest[key]] for key, values in deltas.days.items()])
    sums, biggest = deltas.totals()
    conn.executemany(_UPSERT_TOTALS, [[*key, *values, *biggest[key]] for key, values in sums.items()])
    sums, biggest = deltas.months()
    conn.executemany(_UPSERT_MONTHS, [[*key, *values, *biggest[key]] for key, values in sums.items()])
    conn.executemany(_UPSERT_PERIODS, [[*key, *values] for key, values in deltas.periods.items()])
    conn.executemany(_UPSERT_TABLES, [[*key, count] for key, count in deltas.tables.items()])


# --- deleting a hand -----------------------------------------------------------------------


def remove_hand(db: Database, hand_id: int) -> None:
    """Take a stored hand out of the summary tables (call it before deleting its rows):
    its sums are subtracted, emptied rows deleted, and a biggest win or loss, first or last
    start that was this hand's is found again among the group's other hands."""
    hand = _rows(db, "select * from hands where id = ?", [hand_id])
    if hand and hand[0]["hero"] is not None:
        db.conn.execute("update heroes set hands = hands - 1 where site = ? and hero = ?", [hand[0]["site"], hand[0]["hero"]])
        db.conn.execute("delete from heroes where site = ? and hero = ? and hands <= 0", [hand[0]["site"], hand[0]["hero"]])
    if not hand or hand[0]["status"] not in COUNTING:
        return
    players = db.conn.execute(
        f"""select {', '.join(c if c in _NARROW else f'coalesce({c}, 0)' for c in PLAYER_COLUMNS)}
            from hand_players where hand_id = ?""",  # sums stored NULL (before a statistic existed) count 0
        [hand_id],
    ).fetchall()
    luck = _rows(db, "select * from draw_luck where hand_id = ?", [hand_id])
    reads = db.conn.execute(f"select {', '.join(LEAK_READ_COLUMNS)} from hand_reads where hand_id = ?",
                            [hand_id]).fetchall() if _reads_exist(db) else []
    deltas = Deltas.of(hand, PLAYER_COLUMNS, players, luck, LEAK_READ_COLUMNS, reads)
    conn = db.conn
    no_biggest = [None] * len(BIGGEST)
    conn.executemany(_UPSERT_DAYS, [[*key, *(-v for v in values), *no_biggest] for key, values in deltas.days.items()])
    sums, _ = deltas.totals()
    conn.executemany(_UPSERT_TOTALS, [[*key, *(-v for v in values), *no_biggest] for key, values in sums.items()])
    for key in deltas.days:
        _refresh_group(db, "player_days", DAY_GROUP, key, hand_id, lambda: _day_biggest(db, key, hand_id))
    months, _ = deltas.months()
    conn.executemany(_UPSERT_MONTHS, [[*key, *(-v for v in values), *no_biggest] for key, values in months.items()])
    for key in sums:
        _refresh_group(db, "player_totals", TOTAL_GROUP, key, hand_id, lambda: _totals_biggest(db, key))
    for key in months:
        _refresh_group(db, "player_months", MONTH_GROUP, key, hand_id, lambda: _months_biggest(db, key))
    for (player_id, period), (count, start, _) in deltas.periods.items():
        conn.execute("update player_periods set hands = hands - ? where player_id = ? and period = ?", [count, player_id, period])
        conn.execute("delete from player_periods where player_id = ? and period = ? and hands <= 0", [player_id, period])
        first_last = conn.execute(
            "select first_start, last_start from player_periods where player_id = ? and period = ?", [player_id, period]
        ).fetchone()
        if first_last is not None and start in first_last:
            low = period + ":00+00:00"
            high = (dt.datetime.fromisoformat(low) + dt.timedelta(minutes=30)).isoformat()
            conn.execute(
                f"""update player_periods set (first_start, last_start) = (
                      select min(h.start_time), max(h.start_time) from hands h join hand_players hp on hp.hand_id = h.id
                      where h.start_time >= ? and h.start_time < ? and hp.player_id = ? and h.id != ? and {COUNTED})
                    where player_id = ? and period = ?""",
                [low, high, player_id, hand_id, player_id, period],
            )
    for (player_id, date, table_name), count in deltas.tables.items():
        conn.execute("update player_tables set hands = hands - ? where player_id = ? and date = ? and table_name = ?",
                     [count, player_id, date, table_name])
        conn.execute("delete from player_tables where player_id = ? and date = ? and table_name = ? and hands <= 0",
                     [player_id, date, table_name])


def _rows(db: Database, sql: str, params: list[object]) -> list[dict[str, object]]:
    cursor = db.conn.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


def _refresh_group(db: Database, table: str, group: tuple[str, ...], key: Group, hand_id: int,
                   biggest: Callable[[], Biggest]) -> None:
    """After a subtraction: delete the group's row if no hand is left, else find its biggest
    win and loss again if they were the removed hand's."""
    match = " and ".join(f"{c} = ?" for c in group)
    row = db.conn.execute(f"select hands, biggest_win_hand, biggest_loss_hand from {table} where {match}", list(key)).fetchone()
    if row is None:
        return
    if row[0] <= 0:
        db.conn.execute(f"delete from {table} where {match}", list(key))
    elif hand_id in (row[1], row[2]):
        db.conn.execute(
            f"update {table} set biggest_win = ?, biggest_win_hand = ?, biggest_loss = ?, biggest_loss_hand = ? where {match}",
            [*biggest(), *key],
        )


def _day_biggest(db: Database, key: Group, without: int) -> Biggest:
    """[win, win_hand, loss, loss_hand] of one player_days group, the hand `without` left out."""
    player_id, date = key[0], key[1]
    following = (dt.date.fromisoformat(date) + dt.timedelta(days=1)).isoformat()
    best: dict[Group, Biggest] = {}
    for row in db.conn.execute(
        f"""select {', '.join(_GROUP_SQL[c] for c in DAY_GROUP)}, hp.hand_id, hp.net
            from hands h join hand_players hp on hp.hand_id = h.id join players p on p.id = hp.player_id
            where h.start_time >= ? and h.start_time < ? and hp.player_id = ? and h.id != ? and {COUNTED}""",
        [date, following, player_id, without],
    ):
        if tuple(row[:-2]) == key:
            _keep_biggest(best, key, row[-1], row[-2])
    return best[key]


def _totals_biggest(db: Database, key: Group) -> Biggest:
    """[win, win_hand, loss, loss_hand] of one player_totals group, from its player_days rows."""
    match = " and ".join(f"{c} = ?" for c in TOTAL_GROUP)
    best: dict[Group, Biggest] = {}
    for win, win_hand, loss, loss_hand in db.conn.execute(
        f"select biggest_win, biggest_win_hand, biggest_loss, biggest_loss_hand from player_days where {match}", list(key)
    ):
        _keep_biggest(best, key, win, win_hand)
        _keep_biggest(best, key, loss, loss_hand)
    return best[key]


def _months_biggest(db: Database, key: Group) -> Biggest:
    """[win, win_hand, loss, loss_hand] of one player_months group, from its player_days rows."""
    player_id, month, rest = key[0], key[1], key[2:]
    match = " and ".join(f"{c} = ?" for c in TOTAL_GROUP[1:])
    dates, days = ("date is null", []) if month is None else ("date >= ? and date < ?", [f"{month}-01", f"{month}-32"])
    best: dict[Group, Biggest] = {}
    for win, win_hand, loss, loss_hand in db.conn.execute(
        f"""select biggest_win, biggest_win_hand, biggest_loss, biggest_loss_hand from player_days
            where player_id = ? and {dates} and {match}""", [player_id, *days, *rest]
    ):
        _keep_biggest(best, key, win, win_hand)
        _keep_biggest(best, key, loss, loss_hand)
    return best[key]
