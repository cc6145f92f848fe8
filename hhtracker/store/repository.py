"""Writing hands to the database and reading player statistics back.

Hands are written in batches of whole hands, one short write transaction each
(`HandWriter.flush`), so a reader or a second importer waits a fraction of a second, and a
killed import leaves whole hands only; UNIQUE (site, site_hand_id) and the check made inside
each batch's transaction make a re-import, or two importers at once, add every hand once.
Every value from a file reaches SQL as a parameter.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import chain
from dataclasses import dataclass, field
from enum import StrEnum
from operator import attrgetter, itemgetter
from pathlib import Path

from sqlite_utils import Database

from ..cards import format_cards
from ..errors import DatabaseBusyError, DatabaseOpenError, NewerDatabaseError
from ..filters import SORTS, Filters
from ..money import Money
from ..model import FinishTournament
from ..parse.read import RawHand
from ..rules.issues import ValidationIssue
from ..rules.replay import ReplayedHand
from ..stats.per_hand import DRAW_KEYS, STAT_KEYS, PlayerHandStats
from ..stats.values import HAND_CLASSES, BiggestPot, GameTypeResult, Luck, PlayerStats, Ratio
from . import summary
from .decisions import decision_rows
from .migrations import migrate, migrations

BUSY_WAIT = 1.0
"""Seconds SQLite itself waits for a lock before a statement fails (the connection's busy
timeout); `immediate()` tries again after that, telling the caller once."""

PATIENCE = 600.0
"""Seconds `immediate()` waits in all for the write lock before DatabaseBusyError."""


def open_database(path: Path | str, on_wait: Callable[[], None] | None = None) -> Database:
    """Open (creating if needed) a tracker database: WAL mode, a busy timeout, the schema
    brought up to date. on_wait() is called once if another program holds the write lock
    while the schema is brought up to date. raises DatabaseOpenError, DatabaseBusyError."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), timeout=BUSY_WAIT, isolation_level=None)
        db = Database(conn)
        db.execute("PRAGMA journal_mode=WAL")
    except (OSError, sqlite3.DatabaseError) as error:
        raise DatabaseOpenError(f"cannot open the database {path}: {getattr(error, 'strerror', None) or error}") from None
    db.execute("PRAGMA foreign_keys=ON")
    refuse_newer(db, path)
    db.execute("PRAGMA synchronous=NORMAL")  # WAL: a power cut may lose the last commits, never corrupt
    if migrations.pending(db):
        # Two processes opening a new database at once: one migrates, the other waits for
        # the write lock and then finds nothing left to do.
        with immediate(db, on_wait):
            migrate(db)
    return db


def _locked(error: sqlite3.OperationalError) -> bool:
    return "locked" in str(error) or "busy" in str(error)


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
def immediate(db: Database, on_wait: Callable[[], None] | None = None) -> Iterator[Database]:
    """A write transaction that takes the write lock at once (BEGIN IMMEDIATE). While
    another program holds the lock it keeps trying, calls on_wait() once, and gives up with
    DatabaseBusyError after PATIENCE seconds. Nested use (inside another transaction)
    becomes a savepoint."""
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    deadline = time.monotonic() + PATIENCE
    told = False
    while True:
        try:
            db.execute("BEGIN IMMEDIATE")
            break
        except sqlite3.OperationalError as error:
            if not _locked(error):
                raise
            if time.monotonic() > deadline:
                raise DatabaseBusyError(
                    f"the database stayed locked by another program for {PATIENCE:.0f} s; try again later") from None
            if not told and on_wait is not None:
                on_wait()
                told = True
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


class Verdict(StrEnum):
    """What the writer did with a queued hand (HandWriter.flush). A hand "counts" when its
    status is ok or warning; a rejected hand (one that did not parse, or whose replay found
    an error) is stored with its raw text but left out of the statistics."""

    NEW = "new"  # a hand that counts, stored
    REPAIRED = "repaired"  # a hand that counts, stored in place of a stored rejected copy
    DUPLICATE = "duplicate"  # a copy that counts is stored already: nothing written
    REJECTED = "rejected"  # a rejected hand, stored (in place of a copy that did not parse)
    REJECTED_AGAIN = "rejected_again"  # a rejected hand stored as rejected already: nothing written


COUNTING = ("ok", "warning")
"""The statuses of the hands that count (in the statistics)."""


@dataclass(slots=True)
class _Queued:
    site: str
    number: str
    status: str
    tables: dict[str, TableRows]
    tag: object


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A stored hand's row id and status ("ok", "warning", "error", "rejected")."""

    row_id: int
    status: str

    @property
    def counts(self) -> bool:
        return self.status in COUNTING


FILE_COUNTERS = {Verdict.NEW: "hands_new", Verdict.REPAIRED: "hands_new", Verdict.DUPLICATE: "hands_duplicate",
                 Verdict.REJECTED: "hands_rejected", Verdict.REJECTED_AGAIN: "hands_rejected"}
"""The files table's counter each verdict adds to."""


def _verdict(status: str, stored: str | None) -> Verdict:
    """What becomes of a hand of `status` when a copy of `stored` status (None: none) is
    stored already."""
    if stored in COUNTING:
        return Verdict.DUPLICATE
    if status in COUNTING:
        return Verdict.NEW if stored is None else Verdict.REPAIRED
    if stored is None or (stored == "rejected" and status == "error"):  # a copy that parses replaces one that did not
        return Verdict.REJECTED
    return Verdict.REJECTED_AGAIN


class HandWriter:
    """Queues hands and writes them in batches, each batch in one short write transaction
    (`flush`), whose first step is to ask which of its hands are stored already: so a hand
    is stored once even when two importers read the same file at the same time. The file's
    counters (files.hands_new...) are brought up to date in the same transaction. Not
    thread-safe."""

    def __init__(self, db: Database, file_id: int, on_wait: Callable[[], None] | None = None) -> None:
        self.db = db
        self.file_id = file_id
        self.on_wait = on_wait
        self.file_counts: Counter[str] = Counter()
        """files counter -> hands, over the writer's life: the caller adds what it decides
        itself (files.hands_unsupported, duplicates skipped before parsing)."""
        self._written_counts: Counter[str] = Counter()
        self._players: dict[tuple[str, str], int] = {}
        self._queue: list[_Queued] = []

    @property
    def queued_hands(self) -> int:
        return len(self._queue)

    def stored(self, site: str, site_hand_id: str) -> StoredHand | None:
        """The stored hand with this site and number, or None (queued hands are not seen)."""
        row = self.db.execute(
            "select id, status from hands where site = ? and site_hand_id = ?", [site, site_hand_id]
        ).fetchone()
        return StoredHand(row[0], row[1]) if row else None

    def _stored_many(self, keys: Iterable[tuple[str, str]]) -> dict[tuple[str, str], StoredHand]:
        by_site: dict[str, set[str]] = {}
        for site, number in keys:
            by_site.setdefault(site, set()).add(number)
        found: dict[tuple[str, str], StoredHand] = {}
        for site, numbers in by_site.items():
            ordered = sorted(numbers)
            for start in range(0, len(ordered), 500):
                part = ordered[start:start + 500]
                for row_id, number, status in self.db.execute(
                    f"select id, site_hand_id, status from hands where site = ? and site_hand_id in ({', '.join('?' * len(part))})",
                    [site, *part],
                ):
                    found[(site, number)] = StoredHand(row_id, status)
        return found

    def add_rejected(self, site: str, raw: RawHand, issue: ValidationIssue, tag: object = None) -> None:
        """Queue a hand that could not be parsed: its raw text and why, status "rejected"."""
        key = raw_hand_key(raw)
        tables = {
            "hands": TableRows(("id", "file_id", "site", "site_hand_id", "status", "line"),
                               [[None, None, site, key, "rejected", raw.line]]),
            "raw_hands": TableRows(("hand_id", "path", "line", "text"), [[None, raw.path, raw.line, raw.text]]),
            "validation_issues": TableRows(("hand_id", "code", "severity", "message", "line"),
                                           [[None, issue.code.value, issue.severity.value, issue.message, issue.line]]),
        }
        self._queue.append(_Queued(site, key, "rejected", tables, tag))

    def add(self, replayed: ReplayedHand, stats: Iterable[PlayerHandStats], tag: object = None) -> None:
        """Queue a parsed and replayed hand with its statistics facts."""
        self.add_prepared(prepare_hand(replayed, stats), tag)

    def add_prepared(self, prepared: PreparedHand, tag: object = None) -> None:
        """Queue a hand whose rows were built by prepare_hand() (perhaps in a worker
        process); flush() gives it its row id and its players theirs."""
        self._queue.append(_Queued(prepared.site, prepared.site_hand_id, prepared.status, prepared.rows, tag))

    def flush(self) -> list[tuple[object, Verdict]]:
        """Write the queued hands in one write transaction (waiting for the lock as
        `immediate()` does) and add them to the summary tables. Returns (tag, verdict) for
        each queued hand, in order. raises DatabaseBusyError."""
        if not self._queue:
            return []
        queue, self._queue = self._queue, []
        verdicts: list[tuple[object, Verdict]] = []
        with immediate(self.db, self.on_wait):
            stored = self._stored_many((q.site, q.number) for q in queue)
            kept: list[_Queued | None] = []
            in_batch: dict[tuple[str, str], tuple[int, str]] = {}  # key -> (position in kept, status)
            for entry in queue:
                key = (entry.site, entry.number)
                earlier = in_batch.get(key)
                found = stored.get(key)
                verdict = _verdict(entry.status, earlier[1] if earlier is not None else found.status if found else None)
                verdicts.append((entry.tag, verdict))
                self.file_counts[FILE_COUNTERS[verdict]] += 1
                if verdict in (Verdict.DUPLICATE, Verdict.REJECTED_AGAIN):
                    continue
                if earlier is not None:  # the copy queued in this batch is replaced
                    kept[earlier[0]] = None
                elif found is not None:  # the stored copy is replaced
                    self._delete(stored.pop(key).row_id)
                in_batch[key] = (len(kept), entry.status)
                kept.append(entry)
            self._write([entry for entry in kept if entry is not None])
            self._update_file()
        return verdicts

    def write_file_counts(self) -> None:
        """Store the file's counters if they changed since the last flush (hands the caller
        counted itself: duplicates found before parsing, other games)."""
        if self.file_counts != self._written_counts:
            with immediate(self.db, self.on_wait):
                self._update_file()

    def _update_file(self) -> None:
        """Add what this writer counted since it last wrote to the file's counters (several
        writers may count hands of one file: --jobs)."""
        counters = ("hands_new", "hands_duplicate", "hands_rejected", "hands_unsupported")
        self.db.execute(f"update files set {', '.join(f'{c} = {c} + ?' for c in counters)} where id = ?",
                        [*(self.file_counts[c] - self._written_counts[c] for c in counters), self.file_id])
        self._written_counts = Counter(self.file_counts)

    def _write(self, hands: list[_Queued]) -> None:
        """Number the hands and their players and insert their rows (hands first, for the
        foreign keys), then add them to the summary tables. Inside flush's transaction."""
        next_id = (self.db.execute("select max(id) from hands").fetchone()[0] or 0) + 1
        rows: dict[tuple[str, tuple[str, ...]], list[list[object]]] = {}
        for entry in hands:
            hand_id = next_id
            next_id += 1
            for table, part in entry.tables.items():
                columns = part.columns
                player_at = columns.index("player_id") if "player_id" in columns else 0
                for row in part.rows:
                    row[0] = hand_id
                    if player_at:
                        row[player_at] = self.player_id(entry.site, row[player_at])  # type: ignore[arg-type]
                if table == "hands":  # ("id", "file_id", ...): prepare_hand, add_rejected
                    for row in part.rows:
                        row[1] = self.file_id
                rows.setdefault((table, columns), []).extend(part.rows)
        for (table, columns), values in sorted(rows.items(), key=lambda item: item[0][0] != "hands"):
            sql = f"insert into [{table}] ({', '.join(f'[{c}]' for c in columns)}) values ({', '.join('?' for _ in columns)})"
            self.db.conn.executemany(sql, values)
        players = rows.get(("hand_players", HAND_PLAYER_COLUMNS))
        if players:  # (every stored hand's players are in these columns: prepare_hand)
            written = [dict(zip(columns, row)) for (table, columns), values in rows.items() if table == "hands" for row in values]
            luck = [dict(zip(columns, row)) for (table, columns), values in rows.items() if table == "draw_luck" for row in values]
            summary.add_batch(self.db, written, HAND_PLAYER_COLUMNS, players, luck)

    def delete(self, hand_row_id: int) -> None:
        """Remove a stored hand and everything hanging from it (to store a better copy),
        and take it out of the summary tables. Call it inside a write transaction; hands
        still queued are written first."""
        self.flush()
        self._delete(hand_row_id)

    def _delete(self, hand_row_id: int) -> None:
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
    if tournament is not None:  # finish lines are rare: only tournament hands are looked at
        queue("tournament_finishes", (
            {"player": e.player, "place": e.place, "prize": e.prize, "prize_currency": e.prize_currency, "line": e.line}
            for e in hand.events if type(e) is FinishTournament
        ))
    queue("draw_decisions", decision_rows(replayed.draws, replayed.hero))
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


_DONE_AND_OPPORTUNITY = attrgetter("done", "opportunity")


def _fact_values(facts: PlayerHandStats) -> list[object]:
    """The values of FACT_COLUMNS for one player's facts, in that order (a list, not a dict:
    this runs for every player of every imported hand). A Fact's bools are stored as the
    integers 0 and 1 (SQLite stores a bool as its int)."""
    values: list[object] = list(chain.from_iterable(map(_DONE_AND_OPPORTUNITY, _STAT_GETTER(facts))))
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
    by_type: dict[str, list] = field(default_factory=dict)  # game type -> [hands, in_bb, in_big_bets, [Money]]

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
    for player_id, site, player, game_type, currency, hands, in_bb, in_big_bets, *values in db.execute(
        f"""select s.player_id, p.site, p.name, s.game_type, s.currency, sum(s.hands), sum(s.net * 1.0 / s.big_blind),
                   sum(s.net * 1.0 / s.big_bet), {', '.join(f'sum(s.{c})' for c in columns)}
            from {table} s join players p on p.id = s.player_id where {where}
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
                by_game_type=tuple(
                    GameTypeResult(kind, hands, tuple(net), 100.0 * in_bb / hands, 100.0 * in_big_bets / hands)
                    for kind, (hands, in_bb, in_big_bets, net) in found.by_type.items()
                ),
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
