"""Writing hands to the database and reading player statistics back.

One transaction per file (`HandWriter` is used inside `db.atomic()` by the importer), so a
file is stored whole or not at all; UNIQUE (site, site_hand_id) makes a re-import add
nothing. Every value from a file reaches SQL as a parameter.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import math
import re
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from operator import attrgetter, itemgetter
from pathlib import Path

from sqlite_utils import Database

from ..cards import format_cards
from ..parse.read import RawHand
from ..rules.badugi import HandClass
from ..rules.issues import ValidationIssue
from ..rules.replay import ReplayedHand
from ..stats.per_hand import DRAW_KEYS, STAT_KEYS, PlayerHandStats
from . import summary
from .migrations import migrate, migrations


class DatabaseOpenError(OSError):
    """The database file cannot be opened or created (a folder that cannot be made, no
    permission, not an SQLite file)."""


def open_database(path: Path | str) -> Database:
    """Open (creating if needed) a tracker database: WAL mode, a busy timeout, the schema
    brought up to date. raises DatabaseOpenError."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), timeout=30, isolation_level=None)
        db = Database(conn)
        db.execute("PRAGMA journal_mode=WAL")
    except (OSError, sqlite3.DatabaseError) as error:
        raise DatabaseOpenError(f"cannot open the database {path}: {getattr(error, 'strerror', None) or error}") from None
    db.execute("PRAGMA foreign_keys=ON")
    refuse_newer(db, path)
    if migrations.pending(db):
        # Two processes opening a new database at once: one migrates, the other waits for
        # the write lock and then finds nothing left to do.
        with immediate(db):
            migrate(db)
    return db


class NewerDatabaseError(DatabaseOpenError):
    """The database holds a migration this version does not know: a newer hhtracker wrote it,
    and this one would misread it or write rows the newer one does not expect."""


def refuse_newer(db: Database, path: Path) -> None:
    """raises NewerDatabaseError (and closes db) when db records a migration of ours that
    this version does not have."""
    known = {migration.name for migration in migrations.pending(Database(memory=True))}  # every one we have
    unknown = [m.name for m in migrations.applied(db) if m.name not in known]
    if unknown:
        db.close()
        raise NewerDatabaseError(
            f"the database {path} was written by a newer hhtracker (it has the schema change "
            f"{unknown[0]!r}, unknown to this version): upgrade hhtracker to read or import into it")


@contextmanager
def immediate(db: Database) -> Iterator[Database]:
    """A write transaction that takes the write lock at once (BEGIN IMMEDIATE), so a second
    importer waits (busy timeout) instead of failing when it upgrades a read to a write.
    Nested use (inside another transaction) becomes a savepoint."""
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.execute("ROLLBACK")
        raise
    else:
        db.execute("COMMIT")


def file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


_HAND_NUMBER = re.compile(r"#(\d+)")


def raw_hand_key(raw: RawHand) -> str:
    """A hand number for a hand that did not parse: the first `#digits` of its first line,
    else a digest of its text (so a re-import of the same text is still a duplicate)."""
    match = _HAND_NUMBER.search(raw.text.split("\n", 1)[0])
    if match:
        return match.group(1)
    return "sha1:" + hashlib.sha1(raw.text.encode()).hexdigest()[:20]


@dataclass(frozen=True, slots=True)
class TableRows:
    """Rows of one table: the column names, and each row's values in that order (lists, so
    the writer can fill in ids; far cheaper to send between processes than dicts)."""

    columns: tuple[str, ...]
    rows: list[list[object]]


@dataclass(frozen=True, slots=True)
class PreparedHand:
    """One hand's rows, ready to store: rows maps a table to its TableRows. The first
    column is the hand's row id ("id" in hands, then "file_id"; "hand_id" elsewhere), left
    None, and "player_id" holds the player's name: the writer puts the ids in."""

    site: str
    site_hand_id: str
    status: str
    rows: dict[str, TableRows]


class HandWriter:
    """Adds hands to an open transaction. Not thread-safe."""

    def __init__(self, db: Database, file_id: int) -> None:
        self.db = db
        self.file_id = file_id
        self._players: dict[tuple[str, str], int] = {}
        # Rows wait here and go to SQLite in batches (executemany): far faster than a
        # statement per row. Hand ids are given here, so the writer must hold the write lock
        # (the importer's BEGIN IMMEDIATE transaction) from the first add to the last flush.
        self._rows: dict[tuple[str, tuple[str, ...]], list[Sequence[object]]] = {}
        self._queued_hands = 0
        self._pending: dict[tuple[str, str], tuple[int, str]] = {}
        self._next_id: int | None = None

    def _new_hand_id(self) -> int:
        if self._next_id is None:
            self._next_id = (self.db.execute("select max(id) from hands").fetchone()[0] or 0) + 1
        value = self._next_id
        self._next_id += 1
        return value

    def _queue(self, table: str, columns: tuple[str, ...], rows: Iterable[Sequence[object]]) -> None:
        self._rows.setdefault((table, columns), []).extend(rows)

    def flush(self) -> None:
        """Write the queued rows (hands first, for the foreign keys) and add them to the
        summary tables."""
        groups = sorted(self._rows.items(), key=lambda item: item[0][0] != "hands")
        for (table, columns), rows in groups:
            sql = f"insert into [{table}] ({', '.join(f'[{c}]' for c in columns)}) values ({', '.join('?' for _ in columns)})"
            self.db.conn.executemany(sql, rows)
        players = self._rows.get(("hand_players", HAND_PLAYER_COLUMNS))
        if players:  # (every stored hand's players are queued by add_prepared, in these columns)
            hands = [dict(zip(columns, row)) for (table, columns), rows in groups if table == "hands" for row in rows]
            luck = [dict(zip(columns, row)) for (table, columns), rows in groups if table == "draw_luck" for row in rows]
            summary.add_batch(self.db, hands, HAND_PLAYER_COLUMNS, players, luck)
        self._rows = {}
        self._queued_hands = 0
        self._pending = {}

    @property
    def queued_hands(self) -> int:
        return self._queued_hands

    def stored(self, site: str, site_hand_id: str) -> tuple[int, str] | None:
        """(row id, status) of the stored (or queued) hand with this site and number, or None."""
        queued = self._pending.get((site, site_hand_id))
        if queued is not None:
            return queued
        row = self.db.execute(
            "select id, status from hands where site = ? and site_hand_id = ?", [site, site_hand_id]
        ).fetchone()
        return (row[0], row[1]) if row else None

    def delete(self, hand_row_id: int) -> None:
        """Remove a stored hand and everything hanging from it (to store a better copy),
        and take it out of the summary tables."""
        self.flush()
        summary.remove_hand(self.db, hand_row_id)
        for table in self.db.table_names():  # every table that hangs from hands (hand_id)
            if table != "hands" and "hand_id" in self.db[table].columns_dict:
                self.db.execute(f"delete from {table} where hand_id = ?", [hand_row_id])
        self.db.execute("delete from hands where id = ?", [hand_row_id])

    def player_id(self, site: str, name: str) -> int:
        key = (site, name)
        found = self._players.get(key)
        if found is None:
            found = self.db["players"].lookup({"site": site, "name": name})
            self._players[key] = found
        return found

    def add_rejected(self, site: str, raw: RawHand, issue: ValidationIssue) -> None:
        """A hand that could not be parsed: its raw text and why, status "rejected"."""
        hand_id = self._new_hand_id()
        key = raw_hand_key(raw)
        self._queue("hands", ("id", "site", "site_hand_id", "status", "file_id", "line"),
                    [(hand_id, site, key, "rejected", self.file_id, raw.line)])
        self._queued_hands += 1
        self._pending[(site, key)] = (hand_id, "rejected")
        self._raw_and_issues(hand_id, raw.path, raw.line, raw.text, [issue])

    def add(self, replayed: ReplayedHand, stats: Iterable[PlayerHandStats]) -> None:
        """A parsed and replayed hand with its statistics facts."""
        self.add_prepared(prepare_hand(replayed, stats))

    def add_prepared(self, prepared: PreparedHand) -> None:
        """A hand whose rows were built by prepare_hand() (perhaps in a worker process): give
        it a row id and its players theirs, and queue its rows."""
        hand_id = self._new_hand_id()
        self._pending[(prepared.site, prepared.site_hand_id)] = (hand_id, prepared.status)
        self._queued_hands += 1
        for table, part in prepared.rows.items():
            columns = part.columns
            player_at = columns.index("player_id") if "player_id" in columns else 0
            for row in part.rows:
                row[0] = hand_id
                if player_at:
                    row[player_at] = self.player_id(prepared.site, row[player_at])  # type: ignore[arg-type]
            if table == "hands":
                for row in part.rows:
                    row[1] = self.file_id
            self._queue(table, columns, part.rows)

    def _raw_and_issues(self, hand_id: int, path: str, line: int, text: str, issues: Iterable[ValidationIssue]) -> None:
        self._queue("raw_hands", ("hand_id", "path", "line", "text"), [(hand_id, path, line, text)])
        self._queue("validation_issues", ("hand_id", "code", "severity", "message", "line"), (
            (hand_id, i.code.value, i.severity.value, i.message, i.line) for i in issues
        ))


def _table_rows(table: str, rows: list[dict[str, object]]) -> TableRows:
    """A table's row dicts (all with the same keys) as TableRows, with the id columns first
    (None) and "player" renamed "player_id"."""
    keys = tuple(rows[0])
    values = itemgetter(*keys) if len(keys) > 1 else (lambda row: (row[keys[0]],))
    names = tuple("player_id" if key == "player" else key for key in keys)
    if table == "hands":
        return TableRows(("id", "file_id", *names), [[None, None, *values(row)] for row in rows])
    return TableRows(("hand_id", *names), [[None, *values(row)] for row in rows])


def prepare_hand(replayed: ReplayedHand, stats: Iterable[PlayerHandStats]) -> PreparedHand:
    """The rows of one hand for every table, with players named (not yet numbered) and no
    hand id: pure, so worker processes can build them (import --jobs)."""
    out: dict[str, list[dict[str, object]]] = {}

    def queue(table: str, rows) -> None:
        out.setdefault(table, []).extend(rows)

    hand = replayed.hand
    site = hand.site.value
    tournament = hand.tournament
    queue("hands", [
        {
            "site": site,
            "site_hand_id": hand.hand_id,
            "status": replayed.status,
            "game": hand.game,
            "structure": hand.structure.value,
            "currency": hand.currency,
            "tournament_id": tournament.tournament_id if tournament else None,
            "buy_in": tournament.buy_in if tournament else None,
            "level": tournament.level if tournament else None,
            "small_bet": hand.stakes.small_bet,
            "big_bet": hand.stakes.big_bet,
            "big_blind": replayed.big_blind,
            "table_name": hand.table,
            "max_seats": hand.max_seats,
            "button_seat": hand.button_seat,
            "players_dealt": sum(1 for p in replayed.players if p.dealt_in),
            "start_time": hand.start_time.isoformat(),
            "local_time": hand.local_time,
            "total_pot": replayed.total_pot,
            "rake": replayed.rake,
            "showdown": int(replayed.showdown),
            "walk": int(replayed.walk),
            "hero": replayed.hero,
            "line": hand.source.line,
        }
    ])
    stats_by_player = {s.player: s for s in stats}
    ids = {p.player: p.player for p in replayed.players}
    player_rows = []
    for player in replayed.players:
        facts = stats_by_player.get(player.player)
        player_rows.append([
            None,  # hand_id
            ids[player.player],  # the name: the writer puts the player_id in
            player.seat,
            player.position,
            player.stack,
            int(player.dealt_in),
            player.contributed,
            player.collected,
            player.net,
            player.rake,
            int(player.folded_round) if player.folded_round else None,
            int(player.all_in),
            player.reached_draw,
            int(player.showdown),
            format_cards(player.final_cards) if player.final_cards else None,
            player.final_hand.hand_class.value if player.final_hand else None,
            player.final_hand.description if player.final_hand else None,
            *(_fact_values(facts) if facts is not None else _NO_FACT_VALUES),
        ])
    queue("draw_luck", (
        {**{k: v for k, v in row.items() if k not in ("hand_id", "player_id")}, "player": facts.player}
        for facts in stats_by_player.values() for row in luck_rows(0, 0, facts)
    ))
    queue("actions", (
        {
            "seq": action.seq,
            "round": int(action.round),
            "player": ids[action.player],
            "kind": action.kind.value,
            "amount": action.amount,
            "to_amount": action.to,
            "all_in": int(action.all_in),
            "line": action.line,
        }
        for action in replayed.actions
    ))
    by_draw = {(d.player, d.draw): d for d in replayed.draws}
    draw_rows = []
    for player in replayed.players:
        if not player.dealt_in:
            continue
        for number in (1, 2, 3):
            draw = by_draw.get((player.player, number))
            draw_rows.append(
                {
                    "player": ids[player.player],
                    "draw": number,
                    "discarded": draw.discarded if draw else None,
                    "cards_before": _cards(draw.cards_before) if draw else None,
                    "discarded_cards": _cards(draw.discarded_cards) if draw else None,
                    "new_cards": _cards(draw.new_cards) if draw else None,
                    "line": draw.line if draw else None,
                }
            )
    queue("draws", draw_rows)
    queue("raw_hands", [{"path": hand.source.path, "line": hand.source.line, "text": hand.source.text}])
    queue("validation_issues", (
        {"code": i.code.value, "severity": i.severity.value, "message": i.message, "line": i.line}
        for i in replayed.issues
    ))
    tables = {"hands": _table_rows("hands", out.pop("hands")), "hand_players": TableRows(HAND_PLAYER_COLUMNS, player_rows)}
    tables.update((table, _table_rows(table, rows)) for table, rows in out.items() if rows)
    return PreparedHand(site, hand.hand_id, replayed.status, tables)



def _cards(cards) -> str | None:
    return format_cards(cards) if cards is not None else None


_STAT_GETTER = attrgetter(*STAT_KEYS)
_DRAW_GETTER = attrgetter(*DRAW_KEYS)


def _fact_values(facts: PlayerHandStats) -> list[object]:
    """The values of FACT_COLUMNS for one player's facts, in that order (a list, not a dict:
    this runs for every player of every imported hand)."""
    values: list[object] = []
    for fact in _STAT_GETTER(facts):
        values.append(int(fact.done))
        values.append(int(fact.opportunity))
    values.extend(_DRAW_GETTER(facts))
    values.append(facts.showdown_class)
    return values


FACT_COLUMNS: tuple[str, ...] = (*summary.STAT_COLUMNS, *DRAW_KEYS, "showdown_class")
"""The hand_players columns of a player's facts: `<key>_done`, `<key>_opp` (ints) per
STATS.md key, cards_drawn_d1..3 and showdown_class."""


def fact_columns(facts: PlayerHandStats) -> dict[str, object]:
    """One player's facts as FACT_COLUMNS -> value."""
    return dict(zip(FACT_COLUMNS, _fact_values(facts), strict=True))


_NO_FACT_VALUES: tuple[object, ...] = (0,) * len(summary.STAT_COLUMNS) + (None,) * (len(DRAW_KEYS) + 1)
"""The facts columns of a player not dealt in."""

HAND_PLAYER_COLUMNS: tuple[str, ...] = (
    "hand_id", "player_id", "seat", "position", "stack", "dealt_in", "contributed", "collected", "net", "rake",
    "folded_round", "all_in", "reached_draw", "showdown", "final_cards", "hand_class", "hand_description",
    *FACT_COLUMNS,
)
"""The hand_players columns prepare_hand() fills, in order ("player_id" holds the name
until the writer numbers the player)."""


def luck_rows(hand_id: int, player_id: int, facts: PlayerHandStats) -> list[dict[str, object]]:
    """The draw_luck rows of one player in one hand."""
    return [
        {"hand_id": hand_id, "player_id": player_id, "draw": d.draw, "outs": d.outs,
         "unseen": d.unseen, "completed": int(d.completed)}
        for d in facts.luck
    ]


# --- reading -----------------------------------------------------------------------------


class GameType(StrEnum):
    """Cash (real money), tournament (chips), play money (chips, no tournament)."""

    CASH = "cash"
    TOURNAMENT = "tournament"
    PLAY = "play"


class TableSize(StrEnum):
    """Choice: the table size is the number of players dealt in (what the game played
    like, and what positions are named from), not the seats of the table."""

    HEADS_UP = "heads-up"
    SHORT = "3-6"
    FULL = "7-8"


_MONEY_STAKES = re.compile(r"^\s*[$€£]?\s*(\d+(?:\.\d{1,2})?)\s*/\s*[$€£]?\s*(\d+(?:\.\d{1,2})?)\s*$")


def parse_stakes(text: str) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """"0.25/0.50" or "$0.25/$0.50" -> money stakes in cents ((25, 50), None); "30/60" ->
    either 30/60 chips or $30/$60 ((3000, 6000), (30, 60)). Choice: without a currency sign
    or a decimal point the numbers match chip stakes as written and cash stakes in whole
    units. raises ValueError for anything else, and for a small bet above the big bet."""
    match = _MONEY_STAKES.match(text)
    if not match:
        raise ValueError(f"stakes {text!r}: write them as the header does, e.g. 0.25/0.50 or 30/60")
    small, big = match.groups()
    if Decimal(small) > Decimal(big):
        raise ValueError(f"stakes {text!r}: the small bet comes first, e.g. 0.25/0.50")
    cents = (int(Decimal(small) * 100), int(Decimal(big) * 100))
    if any(c in text for c in "$€£."):
        return cents, None
    return cents, (int(small), int(big))


@dataclass(frozen=True, slots=True)
class Filters:
    """Which hands a statistic is computed over (STATS.md, "Reporting rules"). None = any.

    site: "pokerstars"...; structure: FL, PL, HPL, NL; stakes: see parse_stakes; game_type,
    table_size: the enums' values; since / until: dates (inclusive, UTC); position: "BTN",
    "SB"...; min_hands: players with fewer matching hands are left out."""

    site: str | None = None
    structure: str | None = None
    stakes: str | None = None
    game_type: str | None = None
    table_size: str | None = None
    since: dt.date | None = None
    until: dt.date | None = None
    position: str | None = None
    min_hands: int = 0

    def where(self, alias: str = "") -> tuple[str, list[object]]:
        """An SQL condition over the hand_facts view or a summary table (the same column
        names; `date` only in hand_facts and player_days), columns prefixed by `alias.`, and
        its parameters; "1" when nothing is filtered. raises ValueError for bad stakes."""
        a = f"{alias}." if alias else ""
        parts: list[str] = []
        params: list[object] = []
        for column, value in (
            ("site", self.site), ("structure", self.structure), ("game_type", self.game_type),
            ("table_size", self.table_size), ("position", self.position),
        ):
            if value is not None:
                parts.append(f"{a}{column} = ?")
                params.append(value)
        if self.stakes is not None:
            money, chips = parse_stakes(self.stakes)
            options = [f"({a}currency != 'chips' and {a}small_bet = ? and {a}big_bet = ?)"]
            params.extend(money)  # type: ignore[arg-type]
            if chips is not None:
                options.append(f"({a}currency = 'chips' and {a}small_bet = ? and {a}big_bet = ?)")
                params.extend(chips)
            parts.append("(" + " or ".join(options) + ")")
        if self.since is not None:
            parts.append(f"{a}date >= ?")
            params.append(self.since.isoformat())
        if self.until is not None:
            parts.append(f"{a}date <= ?")
            params.append(self.until.isoformat())
        return (" and ".join(parts) or "1"), params


@dataclass(frozen=True, slots=True)
class Ratio:
    """done / opportunities for one statistic over a set of hands."""

    done: int
    opportunities: int

    @property
    def percent(self) -> float | None:
        return 100.0 * self.done / self.opportunities if self.opportunities else None


@dataclass(frozen=True, slots=True)
class Money:
    """amount: int, in the smallest unit of `currency` ("chips" for chips)."""

    amount: int
    currency: str


@dataclass(frozen=True, slots=True)
class BiggestPot:
    """The hand with the largest net win (or loss) in one currency."""

    site_hand_id: str
    net: Money


@dataclass(frozen=True, slots=True)
class Luck:
    """Draw luck over one-card draws to a three-card hand (STATS.md, "Draw luck").
    expected: the sum of the chances outs/unseen; variance: the sum of p(1 - p)."""

    draws: int
    completed: int
    expected: float
    variance: float

    @property
    def z(self) -> float | None:
        """(actual - expected) / standard deviation; None without variance."""
        return (self.completed - self.expected) / math.sqrt(self.variance) if self.variance > 0 else None


HAND_CLASSES: tuple[str, ...] = tuple(c.value for c in HandClass)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's statistics on one site over the hands matched (hands with an error are
    left out).

    net, net_showdown, net_no_showdown, rake: one Money per currency (cash before chips);
    bb_per_100 and big_bets_per_100 are averaged over hands in each hand's own big blind /
    big bet. distributions: cards_drawn_d1..3 ({"0".."4": n}) and showdown_classes;
    sites: every site where a player of this name has matching hands."""

    player: str
    site: str
    hands: int
    stats: dict[str, Ratio]
    distributions: dict[str, dict[str, int]]
    net: tuple[Money, ...]
    bb_per_100: float | None
    big_bets_per_100: float | None
    net_showdown: tuple[Money, ...] = ()
    net_no_showdown: tuple[Money, ...] = ()
    rake: tuple[Money, ...] = ()
    biggest_win: BiggestPot | None = None
    biggest_loss: BiggestPot | None = None
    luck: Luck = Luck(0, 0, 0.0, 0.0)
    sites: tuple[str, ...] = ()


SORTS: tuple[str, ...] = ("hands", "net", "player", "bb_per_100", "big_bets_per_100", *STAT_KEYS)


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

    def money(self, column: str) -> tuple[Money, ...]:
        return tuple(Money(sums[column], currency) for currency, sums in self.by_currency)


def player_stats(
    db: Database,
    name: str | None = None,
    *,
    min_hands: int = 0,
    with_distributions: bool = True,
    filters: Filters = Filters(),
) -> list[PlayerStats]:
    """Statistics for one player (exact name; one entry per site) or, with name None, for
    every player, over the hands the filters match; most hands first. Read from the summary
    tables (store/summary.py): player_totals, or player_days when a date is filtered, so the
    time grows with a player's groups (days x positions x stakes...), not his hands. raises
    ValueError for bad stakes."""
    table = "player_days" if filters.since is not None or filters.until is not None else "player_totals"
    where, params = filters.where("s")
    if name is not None:
        where += " and s.player_id in (select id from players where name = ?)"
        params = [*params, name]
    columns = ["net", "net_showdown", "net_no_showdown", "rake", *summary.STAT_COLUMNS, *summary.LUCK_COLUMNS]
    if with_distributions:
        columns += [*summary.DRAWN_COLUMNS, *summary.CLASS_COLUMNS]
    players: dict[int, _Sums] = {}
    sites_of: dict[str, set[str]] = {}
    for player_id, site, player, currency, hands, in_bb, in_big_bets, *values in db.execute(
        f"""select s.player_id, p.site, p.name, s.currency, sum(s.hands), sum(s.net * 1.0 / s.big_blind),
                   sum(s.net * 1.0 / s.big_bet), {', '.join(f'sum(s.{c})' for c in columns)}
            from {table} s join players p on p.id = s.player_id where {where}
            group by s.player_id, s.currency order by s.currency = 'chips', s.currency""",
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
    minimum = max(min_hands, filters.min_hands)
    chosen = sorted((k for k, v in players.items() if v.hands >= minimum),
                    key=lambda k: (-players[k].hands, players[k].player, k))
    biggest = _biggest(db, table, where, params) if chosen else {}
    result = []
    for player_id in chosen:
        found = players[player_id]
        total = found.total
        distributions = {}
        if with_distributions:
            distributions = _empty_distributions()
            for key in DRAW_KEYS:
                distributions[key] = {str(n): total[f"{key}_{n}"] for n in range(5)}
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
            )
        )
    return result


def _biggest(db: Database, table: str, where: str, params: list[object]) -> dict[tuple[int, str], tuple[BiggestPot | None, BiggestPot | None]]:
    """(player_id, currency) -> (biggest win if above 0, biggest loss if below 0) over the
    summary rows `where` matches (ties: the hand stored first)."""
    found: dict[tuple[int, str], list[BiggestPot | None]] = {}
    for slot, (net, hand, order) in enumerate((("biggest_win", "biggest_win_hand", "desc"),
                                               ("biggest_loss", "biggest_loss_hand", "asc"))):
        for player_id, currency, amount, site_hand_id in db.execute(
            f"""select b.player_id, b.currency, b.amount, h.site_hand_id from (
                  select s.player_id, s.currency, s.{net} as amount, s.{hand} as hand, row_number() over (
                    partition by s.player_id, s.currency order by s.{net} {order}, s.{hand}) as place
                  from {table} s where {where}) b
                join hands h on h.id = b.hand where b.place = 1""",
            params,
        ).fetchall():
            pots = found.setdefault((player_id, currency), [None, None])
            if (amount > 0) if slot == 0 else (amount < 0):
                pots[slot] = BiggestPot(site_hand_id, Money(amount, currency))
    return {key: (pots[0], pots[1]) for key, pots in found.items()}


def _empty_distributions() -> dict[str, dict[str, int]]:
    value: dict[str, dict[str, int]] = {key: {str(n): 0 for n in range(5)} for key in DRAW_KEYS}
    value["showdown_classes"] = dict.fromkeys(HAND_CLASSES, 0)
    return value


def sort_players(players: list[PlayerStats], key: str) -> list[PlayerStats]:
    """Players sorted by a column (SORTS): "hands", "net", "player", bb/100, BB/100 or a stat
    key (by percentage, players without an opportunity last)."""
    if key not in SORTS:
        raise ValueError(f"cannot sort by {key!r}; choose from {', '.join(SORTS)}")
    if key == "player":
        return sorted(players, key=lambda p: p.player.lower())
    if key == "hands":
        return sorted(players, key=lambda p: -p.hands)
    if key == "net":
        return sorted(players, key=lambda p: -sum(m.amount for m in p.net))
    if key in ("bb_per_100", "big_bets_per_100"):
        return sorted(players, key=lambda p: -(getattr(p, key) or 0.0))
    return sorted(players, key=lambda p: -(p.stats[key].percent if p.stats[key].percent is not None else -1.0))
