"""What the web pages read besides the commands' reports (`hhtracker serve`, issue 26): a
page of players sorted and searched in SQL, a player's hands as a filtered list, his
cumulative results over his hands, his results by position and by stakes, the hero's
lifetime winnings by day.

Each reads the summary tables (store.summary.source(): player_totals, or a date range's
months and edge days; player_days for what is per day) where it can, so the time grows
with the groups, not with the hands; the hand list reads the hands of one player (or of the
hero) a page at a time."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..filters import Filters, sort_order
from ..model import CHIPS
from ..money import Money
from ..stats.facts import STAT_KEYS
from ..stats.tags import AUTO_TAGS, Population, population
from ..stats.values import PlayerStats, Ratio
from ..store.reading import in_bets_sql, player_stats
from ..store.summary import COUNTED, GAME_TYPE_SQL, TABLE_SIZE_SQL, source

if TYPE_CHECKING:
    import sqlite3

    from sqlite_utils import Database



def name_pattern(search: str) -> str:
    """A name search as an SQL LIKE pattern (escape character '\\'): `*` matches any
    characters; a search without `*` matches names that hold it anywhere. Case is ignored
    for ASCII letters (SQLite's LIKE).

    >>> name_pattern("Hero*"), name_pattern("fish"), name_pattern("50%_x")
    ('Hero%', '%fish%', '%50\\\\%\\\\_x%')
    """
    escaped = search.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return escaped.replace("*", "%") if "*" in search else f"%{escaped}%"


def _order(sort: str) -> str:
    """The ORDER BY of a players page (the same orders as store.reading.sort_players: "-"
    before the key, the other way; a statistic's players without an opportunity last
    either way). raises ValueError for an unknown key."""
    key, reverse = sort_order(sort)
    way = "asc" if reverse else "desc"
    if key == "player":
        return "lower(p.name) desc, p.name desc" if reverse else "lower(p.name), p.name"
    if key == "hands":
        return f"sum(s.hands) {way}"
    if key == "net":
        return f"sum(s.net) {way}"
    if key == "bb_per_100":
        return f"coalesce(sum(s.net * 1.0 / s.big_blind), 0) / sum(s.hands) {way}"
    if key == "big_bets_per_100":
        return f"coalesce(sum(s.net * 1.0 / s.big_bet), 0) / sum(s.hands) {way}"
    assert key in STAT_KEYS, key
    return f"sum(s.{key}_opp) = 0, sum(s.{key}_done) * 1.0 / nullif(sum(s.{key}_opp), 0) {way}"


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """One page of the players the filters (and the name search) match: total, how many
    match in all; players, the page's, in the order asked."""

    total: int
    players: tuple[PlayerStats, ...]


def player_page(db: Database | sqlite3.Connection, *, filters: Filters = Filters(), sort: str = "hands",
                search: str | None = None, offset: int = 0, limit: int = 50) -> PlayerPage:
    """The players with at least filters.min_hands matching hands, sorted by `sort` (SORTS,
    "-" before it the other way: filters.sort_order;
    ties: more hands first, then the order they were first stored in), `limit` of them from
    `offset`, their statistics
    read for that page only (store.reading.player_stats). search: a name search
    (name_pattern). raises ValueError for an unknown sort key or bad stakes."""
    key, _ = sort_order(sort)
    rows_of = source(filters, columns=("player_id", "hands", "net", "big_blind", "big_bet",
                                       *((f"{key}_done", f"{key}_opp") if key in STAT_KEYS else ())))
    where, params = rows_of.where, list(rows_of.params)
    needs_names = bool(search) or key == "player"
    if search:
        where += " and p.name like ? escape '\\'"
        params = [*params, name_pattern(search)]
    # one pass over the summary rows: the page and (a window over the groups) how many match;
    # the players' names joined only when searched or sorted by
    joined = "join players p on p.id = s.player_id" if needs_names else ""
    grouped = f"""from {rows_of.rows} {joined} where {where}
                  group by s.player_id having sum(s.hands) >= ?"""
    params = [*params, max(filters.min_hands, 1)]
    tie = "lower(p.name), p.name, s.player_id" if needs_names else "s.player_id"
    rows = db.execute(
        f"select s.player_id, count(*) over () {grouped} order by {_order(sort)}, sum(s.hands) desc, {tie} limit ? offset ?",
        [*params, limit, offset]).fetchall()
    ids = [row[0] for row in rows]
    total = rows[0][1] if rows else db.execute(f"select count(*) from (select s.player_id {grouped})", params).fetchone()[0]
    if not ids:
        return PlayerPage(total, ())
    by_id = dict(zip(ids, range(len(ids))))
    found = player_stats(db, filters=filters, with_distributions=False, player_ids=ids)
    place = {(row[1], row[2]): by_id[row[0]] for row in db.execute(
        "select id, site, name from players where id in (select value from json_each(?))", [json.dumps(ids)])}
    return PlayerPage(total, tuple(sorted(found, key=lambda s: place[s.site, s.player])))


@dataclass(frozen=True, slots=True)
class HandQuery:
    """Which hands the hand list shows (besides the Filters). player: whose hands (exact
    name; None: the hero's, report.queries.choose_hero); site: his site; against:
    only hands an opponent of this name was dealt in; showdown: only hands he went to
    showdown in; saw_draw: only hands he was still in at this draw (1-3); min_pot_big_bets:
    only pots of at least this many big bets; dominated: only hands where one of his draws
    kept a dominated keep (odds.decisions; known for the hero's draws); warnings: only
    hands the replay checked with a warning."""

    player: str | None = None
    site: str | None = None
    against: str | None = None
    showdown: bool = False
    saw_draw: int | None = None
    min_pot_big_bets: int | None = None
    dominated: bool = False
    warnings: bool = False


@dataclass(frozen=True, slots=True)
class HandRow:
    """One hand of the list, seen from the player's seat: net and pot in the hand's unit
    (cents, or chips), net_big_bets the net in big bets, description: his hand at showdown
    ("" when not shown), warnings and dominated: how many of each."""

    site: str
    site_hand_id: str
    start_time: str
    player: str
    game: str
    structure: str
    stakes: str
    table: str
    position: str
    net: Money
    pot: Money
    net_big_bets: float
    showdown: bool
    description: str
    warnings: int
    dominated: int


@dataclass(frozen=True, slots=True)
class HandList:
    """A page of the hand list, newest first: total, how many hands match; at_least: True
    when the count stopped early (there are at least `total`, perhaps more: see
    HAND_COUNT_LIMIT and HAND_COUNT_WINDOW); rows, the page's."""

    total: int
    at_least: bool
    rows: tuple[HandRow, ...]


HANDS_SORTED_UP_TO = 5_000
"""A player with more hands than this may have his hand list read newest hand first through
the hands' start_time index (see hand_list)."""

HAND_COUNT_LIMIT = 100_000
"""The hand list counts the matching hands up to this many: beyond, it says "at least"."""

HAND_COUNT_WINDOW = 10_000
"""A list with its own conditions (showdown, saw draw, pot...) read newest hand first counts
its hands in the player's newest days that hold this many of his hands the filters match: a
count over all of a million hands takes seconds. When older days are left out, the list
says "at least" (and counts at least its page)."""

_LIST_COLUMNS = f"""h.id as hand_id, hp.player_id as player_id, p.site as site, p.name as player,
    h.site_hand_id as site_hand_id, h.game as game, h.structure as structure, h.currency as currency,
    {GAME_TYPE_SQL} as game_type, h.small_bet as small_bet, h.big_bet as big_bet, {TABLE_SIZE_SQL} as table_size,
    h.start_time as start_time, substr(h.start_time, 1, 10) as date, hp.position as position, hp.net as net,
    hp.showdown as showdown, hp.reached_draw as reached_draw, hp.hand_description as hand_description,
    h.table_name as table_name, h.total_pot as total_pot, h.status as status"""
# The rows the hand list reads: the hand_facts view's (its hands, its columns for the filters;
# store/migrations.py create_views) with the few more the list shows, in two join orders.
# By the player: SQLite picks the way in (his rows through the player_id index, the warning
# hands through hands(status, start_time), an opponent's hands...), then sorts what matches.
_BY_PLAYER = f"""(select {_LIST_COLUMNS} from hand_players hp join hands h on h.id = hp.hand_id
    join players p on p.id = hp.player_id where {COUNTED})"""
# By time: the hands newest first through their start_time index (the '+' keeps SQLite off the
# status index, which would sort), his row in each by its primary key; the scan stops at the
# page's last hand.
assert COUNTED.startswith("h.status in ("), COUNTED
_BY_TIME = f"""(select {_LIST_COLUMNS} from hands h cross join hand_players hp cross join players p
    where hp.hand_id = h.id and p.id = hp.player_id and +{COUNTED})"""


@dataclass(frozen=True, slots=True)
class _Days:
    """Days of a player's hands: start_time from the day `first` to before `end` (the day
    after his newest); whole: they hold all his hands the filters match."""

    first: str
    end: str
    whole: bool

    def where(self) -> tuple[str, list[object]]:
        return " and f.start_time >= ? and f.start_time < ?", [self.first, self.end]


def _days_holding(per_day: Sequence[tuple[str, int]], hands: int) -> _Days:
    """The newest days of `per_day` (date, his hands; newest first) that hold `hands` of his
    hands (all of them when they hold fewer)."""
    end = (dt.date.fromisoformat(per_day[0][0]) + dt.timedelta(days=1)).isoformat()
    seen = 0
    for day, count in per_day:
        seen += count
        if seen >= hands:
            return _Days(day, end, day == per_day[-1][0])
    return _Days(per_day[-1][0], end, True)


def hand_list(db: Database | sqlite3.Connection, query: HandQuery, filters: Filters = Filters(), *, offset: int = 0,
              limit: int = 50) -> HandList:
    """The hands `query` and `filters` match (the player's rows of hand_facts: the filters'
    position is his), newest first, `limit` from `offset`. Without query.player, the
    hero's (report.queries.choose_hero: the configured accounts, else the name dealt cards
    most, per site). raises ValueError for bad stakes.

    How it reads (the rows are the same either way): his hands per day the filters match come
    from the summary table (player_days, exact). A player with more hands than
    HANDS_SORTED_UP_TO, whose newest days holding the page saw fewer hands in all than he
    has, has his page read newest hand first through the hands' start_time index (a
    hero in every hand: 50 hands read for 50 shown); the list without its own conditions is
    counted from the summary, one with conditions in his newest days (HAND_COUNT_WINDOW).
    Else SQLite reads his rows (or the hands with a warning, his dominated draws, the
    opponent's hands: the fewer) and sorts those that match, counted on the way (up to
    HAND_COUNT_LIMIT)."""
    from .queries import choose_hero

    if query.player is not None:
        sql = "select id from players where name = ?" + (" and site = ?" if query.site is not None else "")
        ids = [row[0] for row in db.execute(sql, [query.player, *([query.site] if query.site is not None else [])])]
    else:
        choice = choose_hero(db, None)
        ids = list(choice.ids) if choice is not None else []
    if not ids:
        return HandList(0, False, ())
    has_decisions = db.execute("select 1 from sqlite_master where name = 'draw_decisions'").fetchone() is not None
    if query.dominated and not has_decisions:
        return HandList(0, False, ())
    marks = ", ".join("?" * len(ids))
    # his hands the filters match, per day (the summary table: the same counted hands)
    summary_where, summary_params = filters.where("s")
    per_day: list[tuple[str, int]] = db.execute(
        f"""select s.date, sum(s.hands) from player_days s where {summary_where} and s.player_id in ({marks})
            group by s.date having sum(s.hands) > 0 order by s.date desc""", [*summary_params, *ids]).fetchall()
    if not per_day:
        return HandList(0, False, ())
    counted = sum(hands for _, hands in per_day)
    # his rows whatever the filters: what reading them through the player_id index costs
    rows_of_his = db.execute(f"select coalesce(sum(hands), 0) from player_totals where player_id in ({marks})",
                             ids).fetchone()[0]

    where, params = filters.where("f")
    parts = [f"f.player_id in ({marks})", where]
    params = [*ids, *params]
    if query.site is not None:
        parts.append("f.site = ?")
        params.append(query.site)
    opponent_hands = 0
    if query.against is not None:
        opponent_hands = db.execute(
            "select coalesce(sum(hands), 0) from player_totals where player_id in (select id from players where name = ?)",
            [query.against]).fetchone()[0]
        # (SQLite reads the opponent's hands first with `in`, each of the player's hands' seats with `exists`)
        opponent = "o.dealt_in = 1 and o.player_id in (select id from players where name = ?)"
        parts.append(f"f.hand_id in (select o.hand_id from hand_players o where {opponent}) and f.player != ?"
                     if opponent_hands < counted else
                     f"exists (select 1 from hand_players o where o.hand_id = f.hand_id and {opponent}) and f.player != ?")
        params += [query.against, query.against]
    if query.showdown:
        parts.append("f.showdown = 1")
    if query.saw_draw is not None:
        parts.append("f.reached_draw >= ?")
        params.append(query.saw_draw)
    if query.min_pot_big_bets is not None:
        parts.append("f.total_pot >= ? * f.big_bet")
        params.append(query.min_pot_big_bets)
    if query.dominated:
        # (a set of his dominated draws' hands, read once through the (player_id, dominated) index)
        parts.append(f"""f.hand_id in (select d.hand_id from draw_decisions d where d.dominated = 1
                         and d.player_id in ({marks}))""")
        params += ids
    if query.warnings:
        # (the hands with a warning through hands(status, start_time), not his rows through player_id)
        parts[0] = "+" + parts[0]
        parts.append("f.status = 'warning'")
    condition = " and ".join(parts)
    plain = query == HandQuery(player=query.player, site=query.site)

    def page(source: str, days: _Days | None, rows_wanted: int,
             counting: bool = False) -> tuple[tuple[HandRow, ...], int | None]:
        """`rows_wanted` rows from `offset` and, counting, how many hands match (None when
        the page is past them)."""
        bounds, bound_params = days.where() if days is not None else ("", [])
        # the page's rows first, then the counts of its hands' warnings and dominated draws (a count
        # in the inner select would be worked out for every matching hand before the sort)
        dominated = ("(select count(*) from draw_decisions d where d.hand_id = page.hand_id and "
                     "+d.player_id = page.player_id and +d.dominated = 1)") if has_decisions else "0"
        rows = db.execute(
            f"""select page.site, page.site_hand_id, page.start_time, page.player, page.game, page.structure,
                       page.currency, page.small_bet, page.big_bet, page.table_name, page.position, page.net,
                       page.total_pot, page.showdown, page.hand_description,
                       (select count(*) from validation_issues v where v.hand_id = page.hand_id), {dominated},
                       page.matched
                from (select f.*, {'count(*) over ()' if counting else 'null'} as matched
                      from {source} f where {condition}{bounds}
                      order by f.start_time desc, f.hand_id desc limit ? offset ?) page
                order by page.start_time desc, page.hand_id desc""",
            [*params, *bound_params, rows_wanted, offset]).fetchall()
        return tuple(_hand_row(r[:-1]) for r in rows), rows[0][-1] if rows else None

    def played_fewer(days: _Days) -> bool:
        """Were fewer hands played in these days than he has rows?"""
        return bool(db.execute("select count(*) from (select 1 from hands where start_time >= ? and start_time < ? limit ?)",
                               [days.first, days.end, rows_of_his]).fetchone()[0] < rows_of_his)

    # the hands with a warning, his dominated draws, an opponent with fewer hands: fewer to read
    fewer = query.warnings or query.dominated or (query.against is not None and opponent_hands < counted)
    dated = all(day is not None for day, _ in per_day)  # (a hand without a start time is read through his rows)
    if (rows_of_his > HANDS_SORTED_UP_TO and not fewer and dated
            and played_fewer(_days_holding(per_day, offset + limit))):
        rows, _ = page(_BY_TIME, _days_holding(per_day, counted), limit + 1)
        more = len(rows) > limit
        rows = rows[:limit]
        if plain:
            return HandList(min(counted, HAND_COUNT_LIMIT), counted > HAND_COUNT_LIMIT, rows)
        window = _days_holding(per_day, HAND_COUNT_WINDOW)
        if played_fewer(window):
            found = db.execute(f"select count(*) from {_BY_TIME} f where {condition}{window.where()[0]}",
                               [*params, *window.where()[1]]).fetchone()[0]
            if window.whole:
                return HandList(min(found, HAND_COUNT_LIMIT), found > HAND_COUNT_LIMIT, rows)
            # (older days left out: at least these, and at least the page and the next hand)
            total = max(found, offset + len(rows) + more)
            return HandList(min(total, HAND_COUNT_LIMIT), True, rows)
        total = db.execute(f"select count(*) from (select 1 from {_BY_PLAYER} f where {condition} limit ?)",
                           [*params, HAND_COUNT_LIMIT + 1]).fetchone()[0]
        return HandList(min(total, HAND_COUNT_LIMIT), total > HAND_COUNT_LIMIT, rows)
    # SQLite sorts every hand that matches: they are counted on the way (a page past them: counted apart)
    rows, matched = page(_BY_PLAYER, None, limit, counting=not plain)
    if plain:
        total = counted
    elif matched is not None:
        total = matched
    else:
        total = db.execute(f"select count(*) from (select 1 from {_BY_PLAYER} f where {condition} limit ?)",
                           [*params, HAND_COUNT_LIMIT + 1]).fetchone()[0]
    return HandList(min(total, HAND_COUNT_LIMIT), total > HAND_COUNT_LIMIT, rows)


def stakes_text(currency: str, small_bet: int, big_bet: int) -> str:
    """"$0.25/$0.50" for money, "30/60" for chips (the header's way)."""
    if currency == "chips":
        return f"{small_bet:,}/{big_bet:,}"
    from ..money import format_money

    return f"{format_money(small_bet, currency)}/{format_money(big_bet, currency)}"


def _hand_row(r: Sequence[Any]) -> HandRow:
    (site, number, start, player, game, structure, currency, small_bet, big_bet, table, position, net, pot, showdown,
     description, warnings, dominated) = r
    return HandRow(site, number, start, player, game, structure or "", stakes_text(currency, small_bet or 0, big_bet or 0),
                   table or "", position or "", Money(net or 0, currency), Money(pot or 0, currency),
                   (net or 0) / big_bet if big_bet else 0.0, bool(showdown), description or "", warnings, dominated)


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """After `hand` hands: the cumulative net in big bets, at showdown and without."""

    hand: int
    total: float
    showdown: float
    no_showdown: float


CURVE_BY_HAND_UP_TO = 20_000
"""A player's winnings curve is drawn hand by hand up to this many hands; beyond, day by
day from the summary table (reading every hand of a player of a million hands takes
seconds; his days, milliseconds)."""


def player_curve(db: Database | sqlite3.Connection, name: str, site: str, filters: Filters = Filters(),
                 most_points: int = 600) -> tuple[CurvePoint, ...]:
    """A player's cumulative results over his hands the filters match, oldest first, in big
    bets (each hand in its own stakes: cash and chips are never added as money), with a 0
    first; at most `most_points` points after it (every n-th hand, and the last). Over
    CURVE_BY_HAND_UP_TO hands, one point per day (x: the hands up to that day's end).
    raises ValueError for bad stakes."""
    ids = [row[0] for row in db.execute("select id from players where name = ? and site = ?", [name, site])]
    if not ids:
        return (CurvePoint(0, 0.0, 0.0, 0.0),)
    rows_of = source(filters, where="s.player_id = ?", params=[ids[0]], columns=("hands",))
    hands = db.execute(f"select coalesce(sum(s.hands), 0) from {rows_of.rows} where {rows_of.where}",
                       rows_of.params).fetchone()[0]
    if hands > CURVE_BY_HAND_UP_TO:
        where, params = filters.where("s")
        return _day_curve(db, f"{where} and s.player_id = ?", [*params, ids[0]], most_points)
    where, params = filters.where("f")
    rows = db.execute(
        f"""select f.net * 1.0 / f.big_bet, f.showdown from hand_facts f join hands h on h.id = f.hand_id
            where {where} and f.player_id = ? and f.big_bet > 0 order by h.start_time, h.id""",
        [*params, ids[0]]).fetchall()
    step = max(1, -(-len(rows) // most_points))
    points = [CurvePoint(0, 0.0, 0.0, 0.0)]
    total = showdown = no_showdown = 0.0
    for i, (big_bets, at_showdown) in enumerate(rows, 1):
        total += big_bets
        if at_showdown:
            showdown += big_bets
        else:
            no_showdown += big_bets
        if i % step == 0 or i == len(rows):
            points.append(CurvePoint(i, total, showdown, no_showdown))
    return tuple(points)


def _day_curve(db: Database | sqlite3.Connection, where: str, params: list[object],
               most_points: int) -> tuple[CurvePoint, ...]:
    """The cumulative big bets of the player_days rows (alias s) `where` matches, a point
    after each day (at most most_points, evenly picked, and the last)."""
    rows = db.execute(
        f"""select s.date, sum(s.hands), sum(s.net * 1.0 / s.big_bet), sum(s.net_showdown * 1.0 / s.big_bet)
            from player_days s where {where} and s.big_bet > 0 group by s.date order by s.date""", params).fetchall()
    points = [CurvePoint(0, 0.0, 0.0, 0.0)]
    hands = 0
    total = showdown = 0.0
    step = max(1, -(-len(rows) // most_points))
    for i, (_day, count, big_bets, at_showdown) in enumerate(rows, 1):
        hands += count
        total += big_bets or 0.0
        showdown += at_showdown or 0.0
        if i % step == 0 or i == len(rows):
            points.append(CurvePoint(hands, total, showdown, total - showdown))
    return tuple(points)


@dataclass(frozen=True, slots=True)
class GroupKind:
    """A player's results in one game and game type ("cash", "tournament", "play":
    filters.GameType) of a group: hands; net: one Money per currency; big_bets_per_100:
    cash each hand in its own big bet, chips (tournament, play) at the hands' average big
    bet, as the profile's own results (store.reading.player_stats)."""

    game: str
    game_type: str
    hands: int
    net: tuple[Money, ...]
    big_bets_per_100: float | None


@dataclass(frozen=True, slots=True)
class GroupResult:
    """A player's results in one group of hands (a position, stakes): hands; net: one Money
    per game type and currency (cash first; tournament and play chips apart, never added);
    big_bets_per_100: the group's BB/100 when its hands are of one game and one game type,
    None when they mix (cash and chips, or games, are never averaged together: by_kind
    holds each); by_kind: per game and game type, most hands first."""

    group: str
    hands: int
    net: tuple[Money, ...]
    big_bets_per_100: float | None
    by_kind: tuple[GroupKind, ...] = ()


GROUPINGS = {"position": "s.position", "stakes": "s.currency, s.small_bet, s.big_bet, s.structure"}
"""The groups results_by can give: position, stakes (and structure)."""


def results_by(db: Database | sqlite3.Connection, name: str, site: str, grouping: str,
               filters: Filters = Filters()) -> tuple[GroupResult, ...]:
    """A player's results by position (BTN, SB...) or by stakes ("$0.25/$0.50 FL"), most
    hands first, from the summary tables; within a group, per game and game type
    (GroupResult.by_kind). raises ValueError for bad stakes, KeyError for another grouping."""
    columns = GROUPINGS[grouping]
    rows_of = source(filters, where="s.player_id in (select id from players where name = ? and site = ?)",
                     params=[name, site])
    rows = db.execute(
        f"""select {columns}, s.game, s.game_type, s.currency, sum(s.hands), sum(s.net), {in_bets_sql('big_bet')}
            from {rows_of.rows} where {rows_of.where} group by {columns}, s.game, s.game_type, s.currency
            order by s.currency = 'chips', s.game_type = 'play', s.currency""",
        rows_of.params).fetchall()
    groups: dict[str, dict[tuple[str, str], list[Any]]] = {}
    for row in rows:
        if grouping == "position":
            label = row[0] or "?"
        else:
            label = f"{stakes_text(row[0], row[1] or 0, row[2] or 0)} {row[3] or ''}".strip()
        game, game_type, currency, hands, net, big_bets = row[-6:]
        kind = groups.setdefault(label, {}).setdefault((game or "", game_type), [0, [], 0.0])
        kind[0] += hands
        kind[1].append(Money(net, currency))
        kind[2] += big_bets or 0.0  # (NULL: a big bet of 0)
    result = []
    for label, kinds in groups.items():
        by_kind = tuple(sorted((GroupKind(game, game_type, hands, tuple(net), 100.0 * big_bets / hands if hands else None)
                                for (game, game_type), (hands, net, big_bets) in kinds.items()),
                               key=lambda k: (-k.hands, k.game, k.game_type)))
        nets: dict[tuple[str, str], int] = {}
        for (_game, game_type), (_hands, net, _big_bets) in kinds.items():
            for m in net:
                nets[(game_type, m.currency)] = nets.get((game_type, m.currency), 0) + m.amount
        ordered = sorted(nets.items(), key=lambda n: (n[0][1] == CHIPS, n[0][0] == "play", n[0][1], n[0][0]))
        result.append(GroupResult(label, sum(k.hands for k in by_kind), tuple(Money(a, c) for (_t, c), a in ordered),
                                  by_kind[0].big_bets_per_100 if len(by_kind) == 1 else None, by_kind))
    return tuple(sorted(result, key=lambda g: (-g.hands, g.group)))


def lifetime_curve(db: Database | sqlite3.Connection, ids: Sequence[int], most_points: int = 600) -> tuple[CurvePoint, ...]:
    """The hero's (players.id `ids`) cumulative results over every counted hand, in big
    bets, by day (a point after each day's hands; at most most_points, evenly picked)."""
    return _day_curve(db, "s.player_id in (select value from json_each(?))", [json.dumps(list(ids))], most_points)


def tag_population(db: Database | sqlite3.Connection, filters: Filters = Filters()) -> Population:
    """The population the automatic tags compare with (stats.tags.population) over the hands
    the filters match, read from the summary table with only the tags' statistics: the
    same cut points as population(player_stats(...)) at a fraction of the time (every
    player's whole statistics take seconds over 100,000 players). raises ValueError for bad
    stakes."""
    keys = list(dict.fromkeys(tag.key for tag in AUTO_TAGS))
    rows_of = source(filters)
    sums = ", ".join(f"sum(s.{key}_done), sum(s.{key}_opp)" for key in keys)
    rows = db.execute(
        f"""select s.player_id, sum(s.hands), {sums} from {rows_of.rows} where {rows_of.where}
            group by s.player_id having sum(s.hands) >= ?""", [*rows_of.params, filters.min_hands]).fetchall()
    players = []
    for row in rows:
        values = row[2:]
        players.append(PlayerStats(
            player=str(row[0]), site=filters.site or "", hands=row[1], distributions={}, net=(), bb_per_100=None,
            big_bets_per_100=None,
            stats={key: Ratio(values[2 * i], values[2 * i + 1]) for i, key in enumerate(keys)}))
    return population(players)
