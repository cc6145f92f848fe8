"""Read-only SQL for the session review. Every function reads, none writes; each returns
frozen dataclasses. Money is an int in the smallest unit of its currency (cents; chips when
the currency is "chips"). Hands whose replay found an error are left out (as in the
`hand_facts` view), except where a function says otherwise.

Lists of hand ids reach SQL as one JSON parameter (`json_each`), so a session of any size
is one query.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlite_utils import Database

from ..display import counted
from ..filters import Filters
from ..model import COUNTING_SQL
from ..odds.decisions import DrawDecision
from ..stats.values import Luck, Ratio
from ..store import summary
from ..store.decisions import read_decisions


class _InBets:
    """net in the units of its own stakes, for a hand (HeroHand) or a day's group of hands
    (DayGroup), which have `net`, `big_bet` and `big_blind` (ints, smallest unit)."""

    __slots__ = ()
    net: int
    big_bet: int
    big_blind: int

    @property
    def big_bets(self) -> float:
        """net in big bets (BB)."""
        return self.net / self.big_bet

    @property
    def big_blinds(self) -> float:
        """net in big blinds (bb)."""
        return self.net / self.big_blind


@dataclass(frozen=True, slots=True)
class HeroHand(_InBets):
    """One hand of the hero (one row of `hand_facts` for him).

    hand_id: the database row id; site_hand_id: the site's hand number; start_time: UTC;
    currency: "USD"... or "chips"; small_bet, big_bet, big_blind, net, collected: ints in the
    smallest unit; showdown: he was in at showdown; showdown_class: his hand's class there;
    status: "ok" | "warning"; snows, breaks: his snow_known / break_known counts (0-3);
    game: the stored game name."""

    hand_id: int
    site: str
    site_hand_id: str
    player: str
    start_time: dt.datetime
    table: str
    structure: str
    currency: str
    small_bet: int
    big_bet: int
    big_blind: int
    position: str | None
    net: int
    collected: int
    showdown: bool
    showdown_class: str | None
    status: str
    snows: int
    breaks: int
    players_dealt: int
    game: str = "badugi"  # the stored game name (snow and break are against its made hand)

    @property
    def count(self) -> int:
        """Hands: 1 (a DayGroup holds many)."""
        return 1

    @property
    def net_showdown(self) -> int:
        """net if the hero was at showdown, else 0."""
        return self.net if self.showdown else 0



@dataclass(frozen=True, slots=True)
class DayGroup(_InBets):
    """The hero's hands of one group on one day (a `player_days` row): what a long report
    reads instead of the hands. count: hands; net, net_showdown: sums in the smallest unit
    of `currency`; biggest_win, biggest_loss: the largest net won / lost in one of them;
    position: "" when unknown."""

    date: dt.date
    site: str
    structure: str
    currency: str
    small_bet: int
    big_bet: int
    big_blind: int
    position: str
    count: int
    net: int
    net_showdown: int
    biggest_win: int
    biggest_loss: int
    game: str = "badugi"  # the stored game name (a day's hands of two games are two groups)


@dataclass(frozen=True, slots=True)
class IssueRow:
    """A stored validation issue: code, severity ("error" | "warning"), message, line."""

    code: str
    severity: str
    message: str
    line: int | None


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A stored hand's raw text and what the import recorded about it. status: "ok",
    "warning", "error" or "rejected" (did not parse); path, line: where it was read;
    decisions: the hero's draw decisions stored at import (store.decisions.read_decisions),
    None when the database does not store them."""

    hand_id: int
    site: str
    site_hand_id: str
    status: str
    path: str
    line: int
    text: str
    issues: tuple[IssueRow, ...]
    decisions: tuple[DrawDecision, ...] | None = ()


def _ids(values: Iterable[int]) -> str:
    return json.dumps(list(values))


def hero_names(db: Database | sqlite3.Connection) -> dict[str, str]:
    """site -> the hero remembered for that site: the player whose cards the files show
    (`hands.hero`) in most of the site's hands (ties: the one seen most recently). Hands with
    a replay error are counted too: who the files were written for does not depend on them.
    Counts from the heroes summary table (a tie, rare, reads the hands)."""
    by_site: dict[str, list[tuple[int, str]]] = {}
    for site, hero, hands in db.execute("select site, hero, hands from heroes where hands > 0").fetchall():
        by_site.setdefault(site, []).append((hands, hero))
    found: dict[str, str] = {}
    for site, counts in sorted(by_site.items()):
        most = max(hands for hands, _ in counts)
        tied = [hero for hands, hero in counts if hands == most]
        if len(tied) > 1:
            latest = {hero: db.execute("select max(start_time) from hands where site = ? and hero = ?",
                                       [site, hero]).fetchone()[0] or "" for hero in tied}
            tied = [max(tied, key=lambda hero: latest[hero])]
        found[site] = tied[0]
    return found


@dataclass(frozen=True, slots=True)
class HeroChoice:
    """Who the hero is and why. names: site -> his name there (several accounts on one
    site joined by " + "); ids: their players.id; note: one line saying which names were
    chosen, why, and how to change it (printed by every report)."""

    names: dict[str, str]
    ids: tuple[int, ...]
    note: str


_CHANGE = "change it with `hhtracker hero add NAME [--site SITE]` or --hero NAME"


def choose_hero(db: Database | sqlite3.Connection, hero: str | None) -> HeroChoice | None:
    """The hero: `hero` on every site where he plays (--hero); else, per site, the accounts
    configured there with `hhtracker hero add` that have hands, and on the sites where none
    has hands the name dealt cards in most of its hands (hero_names: different names are
    never merged; configuring one site leaves the others as they were). None when there is
    no hand of any of them."""
    if hero is not None:
        ids = player_ids(db, name=hero)
        sites = {site: hero for (site,) in db.execute("select site from players where name = ? order by site", [hero]).fetchall()}
        return HeroChoice(sites, ids, f"hero: {hero} (--hero)") if ids else None
    from ..store.tournaments import configured_hero_ids

    configured = configured_hero_ids(db)
    most_dealt = {site: name for site, name in hero_names(db).items() if site not in configured}
    if not configured and not most_dealt:
        return None
    names = {site: " + ".join(name for name, _ in pairs) for site, pairs in configured.items()} | most_dealt
    ids = tuple(sorted({pid for pairs in configured.values() for _, pid in pairs} | set(player_ids(db, most_dealt))))
    notes = []
    if configured:
        shown = ", ".join(f"{names[site]} ({site})" for site in sorted(configured))
        notes.append(f"{shown}, as configured (`hhtracker hero list`)" + ("" if most_dealt else "; --hero NAME for someone else"))
    if most_dealt:
        counts = {(site, name): hands for site, name, hands in db.execute("select site, hero, hands from heroes").fetchall()}
        parts = []
        for site, name in sorted(most_dealt.items()):
            total = sum(n for (s, _), n in counts.items() if s == site)
            parts.append(f"{name} on {site}, the name dealt cards in {counts.get((site, name), 0):,} of its "
                         f"{counted(total, 'hand')}")
        notes.append("; ".join(parts) + f" ({_CHANGE})")
    return HeroChoice(dict(sorted(names.items())), ids, "hero: " + "; ".join(notes))


def player_ids(db: Database | sqlite3.Connection, names_by_site: dict[str, str] | None = None, name: str | None = None) -> tuple[int, ...]:
    """The players.id of a hero: one per site from names_by_site, or every site's player
    called `name`."""
    if name is not None:
        rows = db.execute("select id from players where name = ? order by id", [name]).fetchall()
    else:
        rows = [
            row
            for site, hero in sorted((names_by_site or {}).items())
            for row in db.execute("select id from players where site = ? and name = ?", [site, hero]).fetchall()
        ]
    return tuple(r[0] for r in rows)


_HERO_COLUMNS = """h.id, h.site, h.site_hand_id, p.name, h.start_time, h.table_name, h.structure, h.currency,
       h.small_bet, h.big_bet, h.big_blind, hp.position, hp.net, hp.collected, hp.showdown, hp.showdown_class,
       h.status, hp.snow_known_done, hp.break_known_done, h.players_dealt, h.game"""
_HERO_HAND = f"""select {_HERO_COLUMNS}
from hand_players hp join hands h on h.id = hp.hand_id join players p on p.id = hp.player_id"""
COUNTED = summary.COUNTED
"""The hands that count (those of the hand_facts view)."""


def _hero_hand(r: Sequence[Any]) -> HeroHand:
    """A HeroHand from a row of _HERO_COLUMNS."""
    return HeroHand(
        hand_id=r[0], site=r[1], site_hand_id=r[2], player=r[3],
        start_time=dt.datetime.fromisoformat(r[4]), table=r[5] or "",  # stored in UTC
        structure=r[6], currency=r[7], small_bet=r[8], big_bet=r[9], big_blind=r[10],
        position=r[11], net=r[12], collected=r[13] or 0, showdown=bool(r[14]),
        showdown_class=r[15], status=r[16], snows=r[17] or 0, breaks=r[18] or 0,
        players_dealt=r[19], game=r[20],
    )


def _hero_hands(db: Database, where: str, params: list[object]) -> list[HeroHand]:
    rows = db.execute(f"{_HERO_HAND} where {COUNTED} and {where} order by h.start_time, h.id", params).fetchall()
    return [_hero_hand(r) for r in rows]


def _ids_and_times(ids: Sequence[int], start: dt.datetime | None, end: dt.datetime | None) -> tuple[str, list[object]]:
    where = "hp.player_id in (select value from json_each(?))"
    params: list[object] = [_ids(ids)]
    if start is not None:
        where += " and h.start_time >= ?"
        params.append(start.astimezone(dt.UTC).isoformat())  # compared as text, as stored
    if end is not None:
        where += " and h.start_time < ?"
        params.append(end.astimezone(dt.UTC).isoformat())
    return where, params


def hero_hands(db: Database, ids: Sequence[int], start: dt.datetime | None = None,
               end: dt.datetime | None = None, *, big_bets: tuple[int, float] | None = None,
               filters: Filters | None = None) -> list[HeroHand]:
    """Every counted hand (status ok or warning) of the players `ids`, oldest first (ties by
    row id, i.e. import order); only those started from `start` (inclusive) to `end`
    (exclusive) when given (UTC; on the index hands(start_time)); big_bets = (sign, value):
    only those where sign x net in big bets is at least value (sign 1: won, -1: lost)."""
    where, params = _ids_and_times(ids, start, end)
    if big_bets is not None:
        where += " and ? * hp.net * 1.0 / h.big_bet >= ?"
        params += list(big_bets)
    if filters is not None and filters != Filters():  # only the hands the filters match (hand_facts)
        matched, more = filters.where("f")
        where += (" and h.id in (select f.hand_id from hand_facts f where f.player_id in (select value from json_each(?))"
                  f" and {matched})")
        params += [_ids(ids), *more]
    return _hero_hands(db, where, params)


REVIEW_KINDS: tuple[str, ...] = ("snow", "break", "warning")
"""The lists of hands to review that can be long: the hero stood pat without a badugi
(snow_known_done > 0), broke a made badugi (break_known_done > 0), the hand has a validation
warning."""

_REVIEW_SOURCES: dict[str, tuple[str, str]] = {
    # the players' rows with a snow or a break (the partial index hand_players_notable, which
    # covers them), then their hands by row id: never a scan of the session's hands
    "snow": ("hand_players hp indexed by hand_players_notable cross join hands h on h.id = hp.hand_id",
             "(hp.snow_known_done > 0 or hp.break_known_done > 0) and hp.snow_known_done > 0"),
    "break": ("hand_players hp indexed by hand_players_notable cross join hands h on h.id = hp.hand_id",
              "(hp.snow_known_done > 0 or hp.break_known_done > 0) and hp.break_known_done > 0"),
    # the hands with a warning in the time range (index hands(status, start_time)), then the
    # players' row of each by the primary key
    "warning": ("hands h cross join hand_players hp on hp.hand_id = h.id", "h.status = 'warning'"),
}


def review_hands(db: Database, ids: Sequence[int], kind: str, start: dt.datetime, end: dt.datetime,
                 limit: int | None = None) -> tuple[int, list[HeroHand]]:
    """(how many, which) of the players' counted hands from start to end (exclusive, UTC)
    are of `kind` (REVIEW_KINDS). Which: every one, or when `limit` is given only the `limit`
    with the biggest net won or lost in big bets (|net| / big bet; ties: the earlier start,
    then the lower row id); oldest first either way. With a limit, the hands are counted in
    SQL and only those returned are read (a count and a top-`limit` sort)."""
    source, condition = _REVIEW_SOURCES[kind]
    where, params = _ids_and_times(ids, start, end)
    where = f"{COUNTED} and {where} and {condition}"
    select = f"select {_HERO_COLUMNS} from {source} join players p on p.id = hp.player_id where {where}"
    if limit is None:
        hands = [_hero_hand(r) for r in db.execute(f"{select} order by h.start_time, h.id", params).fetchall()]
        return len(hands), hands
    count = db.execute(f"select count(*) from {source} where {where}", params).fetchone()[0]
    if count == 0 or limit == 0:
        return count, []
    rows = db.execute(f"{select} order by abs(hp.net) * 1.0 / h.big_bet desc, h.start_time, h.id limit ?",
                      [*params, limit]).fetchall()
    return count, sorted((_hero_hand(r) for r in rows), key=lambda h: (h.start_time, h.hand_id))


def hero_periods(db: Database, ids: Sequence[int]) -> list[tuple[dt.datetime, dt.datetime, int]]:
    """The players' half hours with a counted hand (the player_periods table), oldest first,
    as (first start, last start, hands), UTC."""
    if len(ids) == 1:  # in the order of the primary key: no sorting
        rows = db.execute("select first_start, last_start, hands from player_periods where player_id = ? order by period",
                          list(ids)).fetchall()
    else:
        rows = db.execute(
            """select min(first_start), max(last_start), sum(hands) from player_periods
               where player_id in (select value from json_each(?)) group by period order by period""",
            [_ids(ids)],
        ).fetchall()
    parse = dt.datetime.fromisoformat
    return [(parse(a), parse(b), n) for a, b, n in rows]


def day_hands(db: Database, ids: Sequence[int], first: dt.date, last: dt.date) -> int:
    """How many counted hands the players have from day `first` to `last` (inclusive)."""
    row = db.execute(
        """select coalesce(sum(hands), 0) from player_days
           where player_id in (select value from json_each(?)) and date >= ? and date <= ?""",
        [_ids(ids), first.isoformat(), last.isoformat()],
    ).fetchone()
    hands: int = row[0]
    return hands


def day_groups(db: Database, ids: Sequence[int], first: dt.date, last: dt.date) -> list[DayGroup]:
    """The players' player_days rows from day `first` to `last` (inclusive), by day."""
    rows = db.execute(
        """select date, site, structure, currency, small_bet, big_bet, big_blind, position, hands, net,
                  net_showdown, biggest_win, biggest_loss, game
           from player_days where player_id in (select value from json_each(?)) and date >= ? and date <= ?
           order by date, player_id, position""",
        [_ids(ids), first.isoformat(), last.isoformat()],
    ).fetchall()
    return [DayGroup(dt.date.fromisoformat(r[0]), *r[1:]) for r in rows]


def day_span(db: Database, ids: Sequence[int], first: dt.date, last: dt.date) -> tuple[dt.datetime, dt.datetime] | None:
    """(first start, last start) of the players' counted hands from day `first` to `last`
    (inclusive), UTC, from player_periods; None without a hand."""
    row = db.execute(
        """select min(first_start), max(last_start) from player_periods
           where player_id in (select value from json_each(?)) and period >= ? and period < ?""",
        [_ids(ids), first.isoformat(), (last + dt.timedelta(days=1)).isoformat()],
    ).fetchone()
    if row[0] is None:
        return None
    return dt.datetime.fromisoformat(row[0]).astimezone(dt.UTC), dt.datetime.fromisoformat(row[1]).astimezone(dt.UTC)


def day_tables(db: Database, ids: Sequence[int], first: dt.date, last: dt.date) -> set[str]:
    """The tables where the players have counted hands from day `first` to `last` (inclusive)."""
    rows = db.execute(
        """select distinct table_name from player_tables
           where player_id in (select value from json_each(?)) and date >= ? and date <= ?""",
        [_ids(ids), first.isoformat(), last.isoformat()],
    ).fetchall()
    return {r[0] for r in rows}


def summary_sums(db: Database, ids: Sequence[int], columns: Sequence[str],
                 days: tuple[dt.date, dt.date] | None = None, game: str | None = None) -> dict[str, int]:
    """column -> its sum over the players' summary rows: every day (player_totals), or the
    days from days[0] to days[1] inclusive (their whole months and edge days: summary.source); only the rows of `game` (a stored
    game name) when given. columns: summary columns (store/summary.py)."""
    sums = ", ".join(f"coalesce(sum({c}), 0)" for c in columns)
    if days is None:
        sql = f"select {sums} from player_totals where player_id in (select value from json_each(?))"
        params: list[object] = [_ids(ids)]
        if game is not None:
            sql += " and game = ?"
            params.append(game)
    else:
        rows = summary.source(Filters(since=days[0], until=days[1], game=game),
                              where="s.player_id in (select value from json_each(?))", params=[_ids(ids)], columns=columns)
        sql = f"select {sums} from {rows.rows} where {rows.where}"
        params = list(rows.params)
    return dict(zip(columns, db.execute(sql, params).fetchone()))


def stat_totals(db: Database, ids: Sequence[int], keys: Sequence[str], hand_ids: Sequence[int] | None = None,
                game: str | None = None) -> dict[str, Ratio]:
    """key -> Ratio(sum of <key>_done, sum of <key>_opp) over the players' counted hands, all
    of them (lifetime, from player_totals; only those of `game`, a stored game name, when
    given) or only `hand_ids`. keys must be STATS.md keys."""
    if hand_ids is None:
        sums = summary_sums(db, ids, [f"{k}_{end}" for k in keys for end in ("done", "opp")], game=game)
        return {key: Ratio(sums[f"{key}_done"], sums[f"{key}_opp"]) for key in keys}
    columns = ", ".join(f"coalesce(sum(hp.{k}_done), 0), coalesce(sum(hp.{k}_opp), 0)" for k in keys)
    row = db.execute(  # hand by hand on the primary key (cross join: json_each first)
        f"""select {columns} from json_each(?) j cross join hand_players hp on hp.hand_id = j.value
            join hands h on h.id = hp.hand_id
            where {COUNTED} and hp.player_id in (select value from json_each(?))""",
        [_ids(hand_ids), _ids(ids)],
    ).fetchone()
    return {key: Ratio(row[2 * i], row[2 * i + 1]) for i, key in enumerate(keys)}


def luck_totals(db: Database, ids: Sequence[int], hand_ids: Sequence[int] | None = None,
                game: str | None = None) -> Luck:
    """Draw luck (STATS.md): one-card draws to a three-card hand of the players in their
    counted hands (all, from player_totals, only those of `game` when given; or only
    `hand_ids`): draws, completed, expected = sum of outs/unseen, variance = sum of p(1 - p)."""
    if hand_ids is None:
        return luck_of(summary_sums(db, ids, summary.LUCK_COLUMNS, game=game))
    row = db.execute(
        f"""select count(*), coalesce(sum(dl.completed), 0), coalesce(sum(dl.outs * 1.0 / dl.unseen), 0.0),
                  coalesce(sum((dl.outs * 1.0 / dl.unseen) * (1 - dl.outs * 1.0 / dl.unseen)), 0.0)
           from json_each(?) j cross join draw_luck dl on dl.hand_id = j.value join hands h on h.id = dl.hand_id
           where {COUNTING_SQL} and dl.player_id in (select value from json_each(?))""",
        [_ids(hand_ids), _ids(ids)],
    ).fetchone()
    return Luck(row[0], row[1], row[2], row[3])


def luck_of(sums: dict[str, int]) -> Luck:
    """A Luck from the summary columns luck_draws, luck_completed, luck_expected_e9,
    luck_variance_e9."""
    return Luck(sums["luck_draws"], sums["luck_completed"], sums["luck_expected_e9"] / summary.E9,
                sums["luck_variance_e9"] / summary.E9)


def issues_of(db: Database, hand_ids: Sequence[int]) -> dict[int, tuple[IssueRow, ...]]:
    """hand row id -> its stored validation issues, in line order (hands without any are absent)."""
    found: dict[int, list[IssueRow]] = {}
    for hand_id, code, severity, message, line in db.execute(
        """select hand_id, code, severity, message, line from validation_issues
           where hand_id in (select value from json_each(?)) order by hand_id, line, id""",
        [_ids(hand_ids)],
    ).fetchall():
        found.setdefault(hand_id, []).append(IssueRow(code, severity, message, line))
    return {k: tuple(v) for k, v in found.items()}


def error_hands(db: Database, ids: Sequence[int], start: dt.datetime, end: dt.datetime,
                limit: int | None = None) -> tuple[int, tuple[str, ...]]:
    """(how many, which): the site hand numbers of the players' hands between start and end
    (UTC, inclusive) that are left out of every figure because their replay found an error
    (on the index hands(status, start_time)), oldest first (a number stored on two sites
    once, at its first hand); only the first `limit` when given."""
    rows = db.execute(
        """select site_hand_id, count(*) over () from (
             select h.site_hand_id, h.start_time, h.id,
                    row_number() over (partition by h.site_hand_id order by h.start_time, h.id) as place
             from hands h
             where h.status = 'error' and h.start_time >= ? and h.start_time <= ?
               and exists (select 1 from hand_players hp where hp.hand_id = h.id
                           and hp.player_id in (select value from json_each(?))))
           where place = 1 order by start_time, id limit ?""",
        [start.isoformat(), end.isoformat(), _ids(ids), -1 if limit is None else max(limit, 1)],
    ).fetchall()
    count = rows[0][1] if rows else 0
    return count, tuple(r[0] for r in (rows if limit is None else rows[:limit]))


def stored_hands(db: Database, site_hand_id: str, site: str | None = None) -> list[StoredHand]:
    """Every stored hand with this site hand number (one per site; only `site`'s if given),
    with its raw text, issues and stored draw decisions; rejected hands included."""
    params: list[object] = [site_hand_id]
    where = "h.site_hand_id = ?"
    if site is not None:
        where += " and h.site = ?"
        params.append(site)
    rows = db.execute(
        f"""select h.id, h.site, h.site_hand_id, h.status, r.path, r.line, r.text
            from hands h join raw_hands r on r.hand_id = h.id where {where} order by h.site""",
        params,
    ).fetchall()
    issues = issues_of(db, [r[0] for r in rows])
    return [StoredHand(r[0], r[1], r[2], r[3], r[4] or "", r[5] or 0, r[6], issues.get(r[0], ()), read_decisions(db, r[0]))
            for r in rows]


@dataclass(frozen=True, slots=True)
class DominatedDraw:
    """A hero draw whose keep was dominated (draw_decisions, odds.decisions): the hand, the
    draw (1-3), his four cards, what he kept, the dominating keep, and the exact odds of
    both per target (badugi, eight_high, seven_high) as fractions."""

    site: str
    site_hand_id: str
    table: str
    start_time: dt.datetime
    draw: int
    cards_before: str
    kept: str
    dominated_by: str
    kept_odds: tuple[Fraction, Fraction, Fraction]
    dominating_odds: tuple[Fraction, Fraction, Fraction]


def draw_decisions(db: Database, ids: Sequence[int], start: dt.datetime, end: dt.datetime,
                   limit: int | None = None) -> tuple[int, int, tuple[DominatedDraw, ...]]:
    """(hero draws with known cards, of them dominated, the dominated ones oldest first:
    only the first `limit` when given) of the players' counted hands between start and end
    (UTC, inclusive)."""
    if "draw_decisions" not in db.table_names():
        return 0, 0, ()
    where = f"""from draw_decisions d join hands h on h.id = d.hand_id
               where d.player_id in (select value from json_each(?)) and {COUNTING_SQL}
                 and h.start_time >= ? and h.start_time <= ?"""
    params = [_ids(ids), start.isoformat(), end.isoformat()]
    draws, dominated = db.execute(f"select count(*), coalesce(sum(d.dominated), 0) {where}", params).fetchone()
    targets = ("badugi", "eight_high", "seven_high")
    rows = db.execute(
        f"""select h.site, h.site_hand_id, h.table_name, h.start_time, d.draw, d.cards_before, d.kept, d.dominated_by,
                   {', '.join(f'd.{t}' for t in targets)}, {', '.join(f'd.dominated_by_{t}' for t in targets)}
            {where} and d.dominated = 1 order by h.start_time, h.id, d.draw limit ?""",
        [*params, -1 if limit is None else limit],
    ).fetchall()
    listed = tuple(
        DominatedDraw(r[0], r[1], r[2], dt.datetime.fromisoformat(r[3]), r[4], r[5], r[6], r[7],
                      tuple(Fraction(v) for v in r[8:11]), tuple(Fraction(v) for v in r[11:14]))  # type: ignore[arg-type]
        for r in rows
    )
    return draws, dominated, listed


@dataclass(frozen=True, slots=True)
class ShownHand:
    """The hero's cards at one showdown, as stored (hand_players.final_cards): game, the
    stored game name; cards, the cards' text ("7h 5d 4c 3s 2h"); won: he took money."""

    game: str
    cards: str
    won: bool


def shown_hands(db: Database, ids: Sequence[int], games: Sequence[str], hand_ids: Sequence[int] | None = None,
                start: dt.datetime | None = None, end: dt.datetime | None = None) -> list[ShownHand]:
    """The players' showdowns with known cards in their counted hands of `games` (stored
    names): those of `hand_ids`, or those started from start (inclusive) to end (exclusive,
    UTC); for the showdown classes that are worked out from the cards (the low and high
    classes, not stored)."""
    if not games:
        return []
    marks = ", ".join("?" for _ in games)
    where = f"{COUNTED} and hp.showdown = 1 and hp.final_cards is not null and h.game in ({marks})"
    if hand_ids is not None:
        source = "json_each(?) j cross join hand_players hp on hp.hand_id = j.value join hands h on h.id = hp.hand_id"
        params: list[object] = [_ids(hand_ids), *games]
        where += " and hp.player_id in (select value from json_each(?))"
        params.append(_ids(ids))
    else:
        source = "hand_players hp join hands h on h.id = hp.hand_id"
        condition, more = _ids_and_times(ids, start, end)
        where += f" and {condition}"
        params = [*games, *more]
    rows = db.execute(f"select h.game, hp.final_cards, coalesce(hp.collected, 0) > 0 from {source} where {where}",
                      params).fetchall()
    return [ShownHand(r[0], r[1], bool(r[2])) for r in rows]


def review_counts_by_game(db: Database, ids: Sequence[int], kind: str, start: dt.datetime,
                          end: dt.datetime) -> dict[str, int]:
    """Stored game name -> how many of the players' counted hands from start to end
    (exclusive, UTC) are of `kind` (REVIEW_KINDS), counted in SQL as review_hands counts."""
    source, condition = _REVIEW_SOURCES[kind]
    where, params = _ids_and_times(ids, start, end)
    rows = db.execute(f"select h.game, count(*) from {source} where {COUNTED} and {where} and {condition} group by h.game",
                      params).fetchall()
    return {game: count for game, count in rows}
