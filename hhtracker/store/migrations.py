"""The database schema, as sqlite-utils migrations. Money columns are integers in the
smallest unit (cents; chips in tournaments); `hands.currency` says which ("chips").

Tables: files, hands, raw_hands, players, hand_players, actions, draws, validation_issues,
draw_luck; summary tables kept current by the import (m003, store/summary.py): player_days,
player_totals, player_periods, player_tables; views: hand_facts (the filterable base),
player_stats, player_position_stats, player_draw_stats, player_showdown_classes, player_luck
(see README.md, "Database").

Progress: a database written by an older version is upgraded when it is opened
(store/database.py open_database: every missing migration in one write transaction, so an
upgrade interrupted anywhere, Ctrl-C or a kill, leaves the database as it was and the next
open does it again). Some migrations read every stored hand (m012: minutes at 1,000,000
hands), so they tell how far they are: `migrate(db, on_progress=hook)` calls
hook(StepProgress) as each migration starts (done 0, total None) and each time the running
migration calls `progress(done, total, unit)`. A new migration that loops over the hands
calls `progress` once per chunk (a few times a second at most is plenty), e.g.

    @_migration
    def m014_leak_counts(db: Database) -> None:
        total = db.execute("select count(*) from ...").fetchone()[0]
        done = 0
        for chunk in ...:
            ...
            done += len(chunk)
            progress(done, total, "hands")

and one made of a single long SQL statement needs nothing (it is shown as its step, "step 2
of 3, leak counts", without a count). Outside `migrate` with a hook, `progress` does
nothing. The store never prints: the hook is the api's (api.common.open_tracker), which
tells its caller (the CLI prints a line or a bar on stderr). A hook that raises (Ctrl-C in
it) stops the upgrade: everything it wrote is rolled back.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from ..stats.facts import DRAW_KEYS, STAT_KEYS
from .summary import COUNTED, GAME_TYPE_SQL, TABLE_SIZE_SQL

if TYPE_CHECKING:
    from sqlite_utils import Database
    from sqlite_utils.migrations import Migrations

MIGRATION_SET = "hhtracker"
"""Our migrations' name in sqlite-utils' _sqlite_migrations table."""

_STEPS: list[Callable[[Database], None]] = []


def _migration(step: Callable[[Database], None]) -> Callable[[Database], None]:
    """A migration, applied after the ones above it (its function name is its name: never
    rename one that has shipped)."""
    _STEPS.append(step)
    return step


@dataclass(frozen=True)
class StepProgress:
    """How far an upgrade is, as the hook given to `migrate` is told.

    name: the migration ("m012_hand_reads"); number: its place among the migrations this
    upgrade applies (1 ... steps); done, total: how many `unit`s ("hands", "rows") it has
    done of how many, total None for a migration that does not count (its start)."""

    name: str
    number: int
    steps: int
    done: int = 0
    total: int | None = None
    unit: str = "rows"

    @property
    def title(self) -> str:
        """The migration's name for people: "hand reads" for m012_hand_reads."""
        return self.name.partition("_")[2].replace("_", " ")


ProgressHook = Callable[[StepProgress], None]
"""What `migrate` calls with how far the upgrade is (set by the api; the store never prints)."""


@dataclass
class _Upgrade:
    """The upgrade under way in this thread: its hook, the migrations it applies, the one running."""

    hook: ProgressHook
    names: list[str]
    step: StepProgress | None = field(default=None)


_UNDER_WAY: ContextVar[_Upgrade | None] = ContextVar("hhtracker_upgrade", default=None)


def progress(done: int, total: int, unit: str = "rows") -> None:
    """For a migration: it has done `done` of `total` units (hands, rows) of its work; the
    upgrade's hook is told (nothing happens without one). raises what the hook raises
    (KeyboardInterrupt: the upgrade is rolled back)."""
    upgrade = _UNDER_WAY.get()
    if upgrade is None or upgrade.step is None:
        return
    upgrade.step = replace(upgrade.step, done=done, total=total, unit=unit)
    upgrade.hook(upgrade.step)


def _told(step: Callable[[Database], None]) -> Callable[[Database], None]:
    """step, telling the upgrade's hook (if any) when it starts."""

    def run(db: Database) -> None:
        upgrade = _UNDER_WAY.get()
        if upgrade is not None:
            name = step.__name__
            upgrade.step = StepProgress(name, upgrade.names.index(name) + 1 if name in upgrade.names else 1,
                                        len(upgrade.names))
            upgrade.hook(upgrade.step)
        step(db)

    run.__name__ = step.__name__
    return run


def names() -> tuple[str, ...]:
    """Every migration this version has, in order."""
    return tuple(step.__name__ for step in _STEPS)


@cache
def _migrations() -> Migrations:
    """The sqlite-utils Migrations, made on first use (sqlite-utils is loaded only by the
    commands that write or migrate: start-up)."""
    from sqlite_utils.migrations import Migrations

    migrations = Migrations(MIGRATION_SET)
    for step in _STEPS:
        migrations(name=step.__name__)(_told(step))
    return migrations


def applied(db: Any) -> list[str]:
    """The names of our migrations applied to a database (a sqlite3 connection or a
    sqlite-utils Database), in the order they were."""
    if not db.execute("select 1 from sqlite_master where name = '_sqlite_migrations'").fetchone():
        return []
    return [row[0] for row in db.execute(
        "select name from _sqlite_migrations where migration_set = ? order by id", [MIGRATION_SET])]


def pending(db: Any) -> list[str]:
    """The migrations this version has that the database lacks."""
    done = set(applied(db))
    return [name for name in names() if name not in done]


def unknown(db: Any) -> list[str]:
    """The migrations the database has that this version does not know (a newer hhtracker
    wrote it)."""
    known = set(names())
    return [name for name in applied(db) if name not in known]

# The statistics that existed when m001 was written: a migration never changes meaning.
_M001_STAT_KEYS = ("vpip", "pfr", "three_bet", "steal", "pat_d1", "pat_d2", "pat_d3", "wtsd", "wsd", "won_reached_d1")
_M001_DRAW_KEYS = ("cards_drawn_d1", "cards_drawn_d2", "cards_drawn_d3")


@_migration
def m001_initial(db: Database) -> None:
    db.table("files").create(
        {
            "id": int,
            "path": str,
            "size": int,
            "sha256": str,
            "imported_at": str,
            "hands_new": int,
            "hands_duplicate": int,
            "hands_rejected": int,
            "hands_unsupported": int,
        },
        pk="id",
    )
    db.table("files").create_index(["sha256"])
    db.table("hands").create(
        {
            "id": int,
            "site": str,
            "site_hand_id": str,
            "status": str,  # ok | warning | error (replay found an error) | rejected (did not parse)
            "game": str,
            "structure": str,  # FL, PL, HPL, NL
            "currency": str,  # USD, EUR...; "chips" for tournaments and play money
            "tournament_id": str,
            "buy_in": str,
            "level": str,
            "small_bet": int,
            "big_bet": int,
            "big_blind": int,
            "table_name": str,
            "max_seats": int,
            "button_seat": int,
            "players_dealt": int,
            "start_time": str,  # ISO 8601, UTC
            "local_time": str,  # the site's first time stamp as written
            "total_pot": int,
            "rake": int,
            "showdown": int,
            "walk": int,
            "hero": str,
            "file_id": int,
            "line": int,
        },
        pk="id",
        foreign_keys=[("file_id", "files", "id")],
    )
    db.table("hands").create_index(["site", "site_hand_id"], unique=True)
    db.table("hands").create_index(["start_time"])
    db.table("raw_hands").create(
        {"hand_id": int, "path": str, "line": int, "text": str},
        pk="hand_id",
        foreign_keys=[("hand_id", "hands", "id")],
    )
    db.table("players").create({"id": int, "site": str, "name": str}, pk="id")
    db.table("players").create_index(["site", "name"], unique=True)
    columns: dict[str, type] = {
        "hand_id": int,
        "player_id": int,
        "seat": int,
        "position": str,
        "stack": int,
        "dealt_in": int,
        "contributed": int,
        "collected": int,
        "net": int,
        "rake": int,
        "folded_round": int,
        "all_in": int,
        "reached_draw": int,
        "showdown": int,
        "final_cards": str,
        "hand_class": str,
        "hand_description": str,
    }
    for key in _M001_STAT_KEYS:
        columns[f"{key}_done"] = int
        columns[f"{key}_opp"] = int
    for key in _M001_DRAW_KEYS:
        columns[key] = int
    db.table("hand_players").create(
        columns,
        pk=("hand_id", "player_id"),
        foreign_keys=[("hand_id", "hands", "id"), ("player_id", "players", "id")],
    )
    db.table("hand_players").create_index(["player_id"])
    db.table("actions").create(
        {
            "hand_id": int,
            "seq": int,
            "round": int,  # 1 pre-draw ... 4 after the third draw
            "player_id": int,
            "kind": str,
            "amount": int,
            "to_amount": int,
            "all_in": int,
            "line": int,
        },
        pk=("hand_id", "seq"),
        foreign_keys=[("hand_id", "hands", "id"), ("player_id", "players", "id")],
    )
    db.table("draws").create(
        {
            "hand_id": int,
            "player_id": int,
            "draw": int,  # 1, 2, 3
            "discarded": int,  # NULL = did not reach the draw, 0 = stood pat
            "cards_before": str,
            "discarded_cards": str,
            "new_cards": str,
            "line": int,
        },
        pk=("hand_id", "player_id", "draw"),
        foreign_keys=[("hand_id", "hands", "id"), ("player_id", "players", "id")],
    )
    db.table("validation_issues").create(
        {"id": int, "hand_id": int, "code": str, "severity": str, "message": str, "line": int},
        pk="id",
        foreign_keys=[("hand_id", "hands", "id")],
    )
    db.table("validation_issues").create_index(["hand_id"])
    ratio_columns = ",\n  ".join(
        f"sum(hp.{key}_done) as {key}_done, sum(hp.{key}_opp) as {key}_opp" for key in _M001_STAT_KEYS
    )
    db.create_view(
        "player_stats",
        f"""
select
  p.site as site, p.name as player, count(*) as hands,
  {ratio_columns},
  sum(hp.net) as net, sum(hp.rake) as rake, h.currency as currency
from hand_players hp
join hands h on h.id = hp.hand_id
join players p on p.id = hp.player_id
where h.status in ('ok', 'warning') and hp.dealt_in = 1
group by p.id, h.currency
""",
    )


# Later migrations add only the columns that are missing (a migration that reads the
# current STAT_KEYS may meet columns a newer one would add).


def _add_missing_columns(db: Database, table: str, columns: dict[str, type]) -> None:
    existing = set(db.table(table).columns_dict)
    for name, kind in columns.items():
        if name not in existing:
            db.table(table).add_column(name, kind)


@_migration
def m002_all_statistics(db: Database) -> None:
    """Every STATS.md statistic: the new done/opp columns, the showdown class, one row per
    one-card draw for draw luck, and the views. Hands stored before must be recomputed from
    their raw text, so their new columns are not left at 0: that needs the parser, which the
    store does not call; the migration leaves the task in MAINTENANCE_DUE and the api runs it
    when it opens the database (api.common.open_tracker)."""
    columns: dict[str, type] = {}
    for key in STAT_KEYS:
        columns[f"{key}_done"] = int
        columns[f"{key}_opp"] = int
    for key in DRAW_KEYS:
        columns[key] = int
    columns["showdown_class"] = str
    _add_missing_columns(db, "hand_players", columns)
    if not db.table("draw_luck").exists():
        db.table("draw_luck").create(
            {"hand_id": int, "player_id": int, "draw": int, "outs": int, "unseen": int, "completed": int},
            pk=("hand_id", "player_id", "draw"),
            foreign_keys=[("hand_id", "hands", "id"), ("player_id", "players", "id")],
        )
    if db.table("hands").count:
        due(db, RECOMPUTE_FACTS)
    create_views(db)


MAINTENANCE_DUE = "maintenance_due"
"""A table (made only when needed) of the tasks a migration leaves to the api: each needs
the parser, which the store does not call."""

RECOMPUTE_FACTS = "recompute_facts"
"""Recompute every stored hand's statistics facts from its raw text."""

READ_FINISHES = "read_finishes"
"""Read the tournament finish lines of the stored tournament hands from their raw text."""


def due(db: Database, task: str) -> None:
    """Leave `task` to the api (in this transaction)."""
    db.execute(f"create table if not exists {MAINTENANCE_DUE} (task text primary key)")
    db.execute(f"insert or ignore into {MAINTENANCE_DUE} (task) values (?)", [task])


def tasks_due(db: Any) -> list[str]:
    """The tasks migrations left to the api, oldest first (db: a sqlite3 connection or a
    sqlite-utils Database)."""
    if not db.execute("select 1 from sqlite_master where name = ?", [MAINTENANCE_DUE]).fetchone():
        return []
    return [row[0] for row in db.execute(f"select task from {MAINTENANCE_DUE} order by rowid")]


def done(db: Database, task: str) -> None:
    """The api did `task` (in its transaction); the table goes when it is empty."""
    db.execute(f"delete from {MAINTENANCE_DUE} where task = ?", [task])
    if not tasks_due(db):
        db.execute(f"drop table {MAINTENANCE_DUE}")


def create_views(db: Database) -> None:
    """(Re)create every view from the current STAT_KEYS."""
    for view in VIEWS:
        db.execute(f"drop view if exists {view}")
    facts = ",\n  ".join(f"hp.{key}_done as {key}_done, hp.{key}_opp as {key}_opp" for key in STAT_KEYS)
    db.create_view(
        "hand_facts",
        f"""
select
  hp.hand_id as hand_id, h.site_hand_id as site_hand_id, p.id as player_id, p.site as site,
  p.name as player, h.game as game, h.structure as structure, h.currency as currency,
  {GAME_TYPE_SQL} as game_type,
  h.small_bet as small_bet, h.big_bet as big_bet, h.big_blind as big_blind,
  h.small_bet || '/' || h.big_bet as stakes,
  h.players_dealt as players_dealt,
  {TABLE_SIZE_SQL} as table_size,
  h.start_time as start_time, substr(h.start_time, 1, 10) as date,
  hp.position as position, hp.net as net, hp.rake as rake, hp.contributed as contributed,
  hp.collected as collected, hp.showdown as showdown, hp.showdown_class as showdown_class,
  hp.cards_drawn_d1 as cards_drawn_d1, hp.cards_drawn_d2 as cards_drawn_d2,
  hp.cards_drawn_d3 as cards_drawn_d3,
  {facts}
from hand_players hp
join hands h on h.id = hp.hand_id
join players p on p.id = hp.player_id
where {COUNTED}
""",
    )
    sums = ",\n  ".join(f"sum({key}_done) as {key}_done, sum({key}_opp) as {key}_opp" for key in STAT_KEYS)
    for view, extra in (("player_stats", ""), ("player_position_stats", "position, ")):
        db.create_view(
            view,
            f"""
select
  site, player, player_id, {extra}currency, count(*) as hands,
  sum(net) as net,
  sum(case when showdown = 1 then net else 0 end) as net_showdown,
  sum(case when showdown = 1 then 0 else net end) as net_no_showdown,
  sum(rake) as rake,
  100.0 * sum(net * 1.0 / big_blind) / count(*) as bb_per_100,
  100.0 * sum(net * 1.0 / big_bet) / count(*) as big_bets_per_100,
  {sums}
from hand_facts
group by player_id, {extra}currency
""",
        )
    draws = "\nunion all\n".join(
        f"""select site, player, player_id, {k} as draw, count(cards_drawn_d{k}) as reached,
  sum(cards_drawn_d{k} = 0) as drew_0, sum(cards_drawn_d{k} = 1) as drew_1,
  sum(cards_drawn_d{k} = 2) as drew_2, sum(cards_drawn_d{k} = 3) as drew_3,
  sum(cards_drawn_d{k} = 4) as drew_4, avg(cards_drawn_d{k}) as mean_drawn
from hand_facts where cards_drawn_d{k} is not null group by player_id"""
        for k in (1, 2, 3)
    )
    db.create_view("player_draw_stats", draws)
    db.create_view(
        "player_showdown_classes",
        """
select site, player, player_id, showdown_class, count(*) as hands
from hand_facts where showdown_class is not null
group by player_id, showdown_class
""",
    )
    db.create_view(
        "player_luck",
        """
select p.site as site, p.name as player, p.id as player_id, count(*) as draws,
  sum(dl.outs * 1.0 / dl.unseen) as expected,
  sum(dl.completed) as completed,
  sum((dl.outs * 1.0 / dl.unseen) * (1 - dl.outs * 1.0 / dl.unseen)) as variance
from draw_luck dl
join hands h on h.id = dl.hand_id
join players p on p.id = dl.player_id
where h.status in ('ok', 'warning')
group by p.id
""",
    )


@_migration
def m003_summaries(db: Database) -> None:
    """Summary tables, so statistics read a few rows per player instead of every hand
    (issue 7, "scale"); built here from hand_players, hands and draw_luck, then kept current
    by the import (HandWriter) in the same transaction as the hands.

    - player_days: one row per player and group (player_id, date = the UTC day the hand
      started, site, structure, currency, game_type, small_bet, big_bet, big_blind,
      table_size, position): hands; net, net_showdown, net_no_showdown, rake; every
      <key>_done / <key>_opp; cards_drawn_d<k>_<n>; showdown_won_<class> /
      showdown_lost_<class>; luck_draws, luck_completed, luck_expected_e9,
      luck_variance_e9 (billionths); biggest_win, biggest_win_hand, biggest_loss,
      biggest_loss_hand (hands.id).
    - player_totals: the same without date.
    - player_periods: player and half hour (period "YYYY-MM-DDTHH:00" or ":30", UTC):
      hands, first_start, last_start (for sessions).
    - player_tables: player, date and table_name: hands.
    - heroes: site and hero (hands.hero, the player whose cards the files show): hands, of
      any status.

    Indexes for the readers: players(name); hands(status, start_time) (warnings and errors
    of a session); hand_players(player_id, hand_id, ...) of the hands with a snow or a
    break. store/summary.py describes every column."""
    from . import summary

    db.table("players").create_index(["name"], if_not_exists=True)
    db.table("hands").create_index(["status", "start_time"], if_not_exists=True)
    db.execute(  # covering the columns a report lists these hands with
        "create index if not exists hand_players_notable on hand_players(player_id, hand_id, dealt_in, position, net,"
        " collected, showdown, showdown_class, snow_known_done, break_known_done)"
        " where snow_known_done > 0 or break_known_done > 0"
    )
    summary.create_tables(db)
    summary.rebuild(db)


@_migration
def m004_pokertracker_positions(db: Database) -> None:
    """Positions as PokerTracker users read them (STATS.md, Positions; issue 20): whenever
    five or more are dealt in, the first to act pre-draw is UTG (six-handed it was MP, seven
    UTG+1, eight UTG+2). Recomputed for every stored hand from hands.button_seat and the seats
    of hand_players dealt in (the rule of rules/positions.py), then the summary tables, which
    are grouped by position, rebuilt from hand_players (as m003 builds them). The steal
    positions (CO, BTN, SB) name the same seats under both rules, so no statistic changes."""
    from ..rules.positions import seat_positions
    from . import summary

    rows = db.execute(
        """select hp.hand_id, h.button_seat, hp.player_id, hp.seat, hp.position
           from hand_players hp join hands h on h.id = hp.hand_id
           where hp.dealt_in = 1 and hp.hand_id in (
             select hand_id from hand_players where dealt_in = 1 group by hand_id having count(*) >= 5)
           order by hp.hand_id"""
    )
    changed: list[tuple[str, int, int]] = []

    def recompute(seated: list[tuple[int, int, int, int, str | None]]) -> None:
        names = seat_positions(seated[0][1], (seat for _, _, _, seat, _ in seated))
        changed.extend((names[seat], hand_id, player_id) for hand_id, _, player_id, seat, old in seated
                       if names[seat] != old)

    hand: list[tuple[int, int, int, int, str | None]] = []
    for row in rows:
        if hand and row[0] != hand[0][0]:
            recompute(hand)
            hand = []
        hand.append(row)
    if hand:
        recompute(hand)
    db.conn.executemany("update hand_players set position = ? where hand_id = ? and player_id = ?", changed)
    if changed and summary.exists(db):
        summary.rebuild(db)


@_migration
def m005_encoding_is_an_error(db: Database) -> None:
    """A hand rejected for bytes not valid in its file's encoding was stored with its issue
    marked a warning (the code was missing from ERROR_CODES): it is an error."""
    db.execute("update validation_issues set severity = 'error' where code = 'encoding'")


VIEWS = ("player_stats", "player_position_stats", "player_draw_stats", "player_showdown_classes", "player_luck", "hand_facts")


def migrate(db: Database, on_progress: ProgressHook | None = None) -> None:
    """Bring a database up to the current schema (idempotent). on_progress(StepProgress) is
    called as each missing migration starts and as it tells how far it is (`progress`); it
    may raise (KeyboardInterrupt) to stop: the caller's transaction is then rolled back."""
    migrations = _migrations()
    if on_progress is None:
        migrations.apply(db)
        return
    token = _UNDER_WAY.set(_Upgrade(on_progress, [m.name for m in migrations.pending(db)]))
    try:
        migrations.apply(db)
    finally:
        _UNDER_WAY.reset(token)


@_migration
def m006_tournament_results(db: Database) -> None:
    """Tournaments (issue 15): the finish lines of the hands, PokerStars tournament summary
    files, and the names the user plays under.

    - tournament_finishes: one row per finish line (hand_id, player_id, place, prize,
      prize_currency: "USD"... or NULL for an amount without a sign, line); written by the
      import with the hand (prepare_hand), only for the rare hands that have one.
    - tournament_summaries: one row per summary file read (site, tournament_id, game,
      buy_in: the text with "+" between its parts, entrants, prize_pool, path).
    - tournament_summary_places: its places (site, tournament_id, place, player, prize,
      prize_currency, finished: 0 for "still playing").
    - hero_accounts: `hhtracker hero add` (site: "" for every site, name).

    Finish lines of hands stored before are read from their raw text: a task left to the api
    (READ_FINISHES), the store does not parse."""
    if not db.table("tournament_finishes").exists():
        db.table("tournament_finishes").create(
            {"hand_id": int, "player_id": int, "place": int, "prize": int, "prize_currency": str, "line": int},
            pk=("hand_id", "player_id"),
            foreign_keys=[("hand_id", "hands", "id"), ("player_id", "players", "id")],
        )
    if not db.table("tournament_summaries").exists():
        db.table("tournament_summaries").create(
            {"site": str, "tournament_id": str, "game": str, "buy_in": str, "entrants": int, "prize_pool": int,
             "path": str},
            pk=("site", "tournament_id"),
        )
    if not db.table("tournament_summary_places").exists():
        db.table("tournament_summary_places").create(
            {"site": str, "tournament_id": str, "place": int, "player": str, "prize": int, "prize_currency": str,
             "finished": int},
            pk=("site", "tournament_id", "place", "player"),
        )
    if not db.table("hero_accounts").exists():
        db.table("hero_accounts").create({"site": str, "name": str}, pk=("site", "name"))
    if db.execute("select 1 from hands where tournament_id is not null limit 1").fetchone():
        due(db, READ_FINISHES)


@_migration
def m007_draw_decisions(db: Database) -> None:
    """The draw_decisions table (issue 18): the hero's keep at each draw with known cards,
    its exact odds, the best alternative per target and whether it was dominated
    (store/decisions.py); filled for the hands stored before from the draws table."""
    from . import decisions

    decisions.create_table(db)
    decisions.backfill(db)


@_migration
def m008_player_notes(db: Database) -> None:
    """Notes and tags on players (issue 14, store/notes.py: player_notes, player_tags), and
    an index on hands(file_id): the live table view (`hhtracker hud`) finds a table's
    latest hand through the file the client writes."""
    from . import notes

    notes.create_tables(db)
    db.execute("create index if not exists hands_file_id on hands(file_id)")


@_migration
def m009_games_in_summaries(db: Database) -> None:
    """Badacey and Badeucey (issue 16): player_days and player_totals are grouped by `game`
    too (so statistics never mix games unless asked), and count draws of five cards
    (cards_drawn_d<k>_5). Their unique group changes, so both are made again and rebuilt
    from hand_players, hands and draw_luck (as m003 builds them)."""
    from . import summary

    for table in ("player_days", "player_totals"):
        db.execute(f"drop table if exists {table}")
    summary.create_tables(db)
    summary.rebuild(db)


APPLICATION_ID = int.from_bytes(b"hhtk", "big")
"""`PRAGMA application_id` of an hhtracker database (store/database.py says how it is used)."""


@_migration
def m010_marks(db: Database) -> None:
    """Mark the database as hhtracker's (`PRAGMA application_id` = the bytes "hhtk"; a new
    database gets it when it is created): a file without the mark is refused, never written.
    `PRAGMA user_version`, the schema version, is set after every migration (open_database)."""
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")


@_migration
def m011_decision_odds(db: Database) -> None:
    """draw_decisions keeps all the hand report shows (issue 24: the report reads stored
    decisions instead of computing them): `seen` and the best keep per target's odds of the
    other targets (store/decisions.py); the rows stored before are computed again from the
    draws table."""
    from . import decisions

    decisions.add_columns(db)
    decisions.backfill(db, missing_only=True)


@_migration
def m012_hand_reads(db: Database) -> None:
    """The hand_reads table (issue 26: the reads and the leaks read 9-10 s on a player of
    1,000,000 hands, evaluating every hand again): one row per dealt-in player of every
    counted hand with what the reads and the leaks count (store/hand_reads.py), written by the
    import from now on; filled here for the hands stored before from their actions, draws,
    final cards and draw_luck rows."""
    from . import hand_reads

    hand_reads.create_table(db)
    hand_reads.backfill(db, on_chunk=lambda done, total: progress(done, total, "hands"))


@_migration
def m013_list_indexes(db: Database) -> None:
    """Indexes for the web app's lists on a big database (issue 26: every page under 300 ms
    at 1,000,000 hands):

    - player_days_lists on player_days(player_id, date, every group column, hands, net,
      biggest_*): a page of players filtered by date (and table size, stakes...) is chosen
      from the index alone (its group columns, hands and net: the sorts by hands, net, name
      and bb/100), and so are the page's biggest pots and a player's hands per day (the
      hand list); the table's rows hold every statistic (about 150 columns).
    - hands_tournament on hands(tournament_id), only the hands of a tournament: the
      tournament results find them without reading every hand (none in a cash database).

    Built from the tables as they are (1,000,000 hands: seconds); SQLite keeps them as the
    import writes."""
    db.execute("create index if not exists player_days_lists on player_days(player_id, date, site, structure, currency,"
               " game_type, small_bet, big_bet, big_blind, table_size, game, position, hands, net, biggest_win,"
               " biggest_win_hand, biggest_loss, biggest_loss_hand)")
    db.execute("create index if not exists hands_tournament on hands(tournament_id) where tournament_id is not null")


@_migration
def m014_leak_counts(db: Database) -> None:
    """The leaks' counts in player_days, player_totals and player_months (issue 26: the leaks
    read 1,000,000 hands of the hero at every view): raise_first_in_six, early_open and
    eight_low_break done / opp (store/summary.py, LEAK_COLUMNS), kept by the import from now
    on; filled here for the hands stored before from hand_reads."""
    from . import summary

    summary.create_tables(db)
    summary.fill_leak_counts(db)


@_migration
def m015_player_months(db: Database) -> None:
    """The player_months summary table (issue 26: a players page filtered by date read every
    day row of its players, 0.7 s at 1,000,000 hands): player_days' rows summed by calendar
    month, so a date range reads its whole months here and only its edge days from
    player_days (store/summary.py source()); filled from player_days in SQL, kept by the
    import from now on. Its index player_months_lists is player_days_lists' (m013) for the
    month rows: a page of players filtered by whole months is chosen, and its biggest pots
    found, from the index alone."""
    from . import summary

    summary.create_tables(db)
    summary.months_from_days(db)
    db.execute("create index if not exists player_months_lists on player_months(player_id, month, site, structure,"
               " currency, game_type, small_bet, big_bet, big_blind, table_size, game, position, hands, net, biggest_win,"
               " biggest_win_hand, biggest_loss, biggest_loss_hand)")


M016_ROWS = 200_000
"""hand_reads rows copied per statement by m016 (progress told after each)."""


@_migration
def m016_read_filters(db: Database) -> None:
    """hand_reads carries the hand's filter columns (issue 26: a profile filtered by date or
    table size read 2.7-4.1 s at 1,000,000 hands, joining every hand_reads row of the player
    to hand_facts): start_time, structure, currency, game_type, small_bet, big_bet
    (store/hand_reads.py FILTER_COLUMNS), written by the import from now on, and the index
    hand_reads_read holds them after the reads' group, so every filter and a session's time
    span are read from the index alone. The table is made again with them, filled from the
    rows as they are and hands in SQL, in (player, hand) order, a run of M016_ROWS rows at a
    time; then its indexes are built again."""
    from . import hand_reads

    table = hand_reads.TABLE
    if not hand_reads.exists(db):
        return
    if "start_time" in db.table(table).columns_dict:  # (made by m012 in this upgrade: this version's table)
        hand_reads.create_indexes(db)
        return
    old = f"{table}_m015"
    db.execute(f"drop index if exists {table}_read")
    db.execute(f"drop index if exists {table}_hand")
    db.execute(f"alter table {table} rename to {old}")
    hand_reads.create_table(db, indexes=False)
    kept = [c for c in hand_reads.COLUMNS if c not in hand_reads.FILTER_COLUMNS]
    total = db.execute(f"select count(*) from {old}").fetchone()[0]
    progress(0, total, "rows")
    done = 0
    last: tuple[int, int] = (0, 0)
    while done < total:
        copied = db.execute(
            f"""insert into {table} ({', '.join(hand_reads.COLUMNS)})
                select {', '.join(f'r.{c}' for c in kept)}, h.start_time, h.structure, h.currency, {GAME_TYPE_SQL},
                  h.small_bet, h.big_bet
                from {old} r join hands h on h.id = r.hand_id
                where (r.player_id, r.hand_id) > (?, ?) order by r.player_id, r.hand_id limit ?""",
            [*last, M016_ROWS])
        row = db.execute(f"select player_id, hand_id from {table} order by player_id desc, hand_id desc limit 1").fetchone()
        if not copied.rowcount or row is None:  # (rows whose hand is gone are left out)
            break
        last = (row[0], row[1])
        done += copied.rowcount
        progress(done, total, "rows")
    db.execute(f"drop table {old}")
    hand_reads.create_indexes(db)
