"""The leaks' counts kept in the summary tables (store/summary.py, LEAK_COLUMNS; issue 26: the
leaks read every hand of the hero at every view).

- Without a time span the leaks are read from the summary rows; over a time span (a session)
  hand by hand from hand_reads. The two paths give the same figures under every filter, on
  the real files of ../shared, the hand-written leak hands and generated hands (six- and
  eight-handed Badugi, Badacey).
- Migration m014 fills the columns of an older database as the import writes them.
- A hand deleted is taken out of the counts, and put back when imported again.
- Two hand-written hands (tests/data/leak_counts/hands.txt) whose counts are worked out by
  hand.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import shutil
import sqlite3
from pathlib import Path

import pytest
import sqlite_utils

from hhtracker import api
from hhtracker.filters import Filters
from hhtracker.report.leaks import Leaks, hero_leaks
from hhtracker.store import summary
from hhtracker.store.database import immediate, open_database
from hhtracker.store.writer import HandWriter

from tests.common import CORPUS, DATA, SAMPLES
from tests.oracles.summary_sql import rebuilt, snapshot

DAY_BIG_BLIND = summary.DAY_GROUP.index("big_blind")
DAY_LEAKS = slice(len(summary.DAY_GROUP) + summary.SUMS.index(summary.LEAK_COLUMNS[0]),
                  len(summary.DAY_GROUP) + summary.SUMS.index(summary.LEAK_COLUMNS[-1]) + 1)
"""Where player_days' rows (select *) hold big_blind and the LEAK_COLUMNS."""
LEAK_TABLES = (("player_days", summary.DAY_GROUP), ("player_totals", summary.TOTAL_GROUP),
               ("player_months", summary.MONTH_GROUP))
COUNTS = DATA / "leak_counts" / "hands.txt"
LEAK_HANDS = DATA / "leak_hands" / "hands.txt"
EVER = (dt.datetime(1990, 1, 1, tzinfo=dt.UTC), dt.datetime(2100, 1, 1, tzinfo=dt.UTC))
"""A time span holding every hand: hero_leaks then reads hand by hand."""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("leak_summary")
    paths = [SAMPLES, LEAK_HANDS, COUNTS]
    for game, players, hands, seed in (("badugi", 6, 300, 13), ("badugi", 8, 120, 14), ("badacey", 6, 80, 13)):
        paths.extend(api.generate(folder / f"{game}{players}", hands=hands, seed=seed, players=players, game=game))
    paths.extend(p for p in (CORPUS, CORPUS.parent / "corpus-draw") if p.exists())
    db = folder / "t.db"
    result = api.import_paths(paths, db)
    assert result.hands_duplicate == 0 and result.hands_new >= 505
    return db


@pytest.fixture
def db_copy(built: Path, tmp_path: Path) -> Path:
    path = tmp_path / "copy.db"
    shutil.copy(built, path)
    return path


def _leak_rows(db: sqlite3.Connection | sqlite_utils.Database) -> dict[str, set[tuple[object, ...]]]:
    """Every day, total and month row's group and LEAK_COLUMNS, by table (column order aside)."""
    found = {}
    for table, group in LEAK_TABLES:
        found[table] = set(db.execute(f"select {', '.join((*group, 'hands', *summary.LEAK_COLUMNS))} from {table}").fetchall())
    return found


def _counted(db: sqlite3.Connection | sqlite_utils.Database) -> tuple[int, ...]:
    """The LEAK_COLUMNS summed over player_totals."""
    return tuple(db.execute(f"select {', '.join(f'sum({c})' for c in summary.LEAK_COLUMNS)} from player_totals").fetchone())


FILTERS = [
    Filters(),
    Filters(site="pokerstars"),
    Filters(site="fulltilt"),
    Filters(position="early"),
    Filters(position="late"),
    Filters(position="CO"),
    Filters(table_size="3-6"),
    Filters(table_size="7-8"),
    Filters(stakes="0.50/1"),
    Filters(stakes="$0.25/$0.50", position="UTG"),
    Filters(structure="FL"),
    Filters(game_type="cash"),
    Filters(since=dt.date(2021, 4, 2)),
    Filters(until=dt.date(2021, 4, 1)),
    Filters(since=dt.date(2010, 1, 1), until=dt.date(2021, 5, 3), table_size="3-6", position="blinds"),
    Filters(game="badugi"),
    Filters(game="all"),
    Filters(game="badacey"),
]


def _plain(leaks: Leaks) -> tuple[object, ...]:
    """Everything in Leaks but luck's expected value and variance (the summary's are summed
    in billionths, each draw rounded) and the text that prints them."""
    return (leaks.hands, [(line.key, line.done, line.opportunities, line.note if line.key != "draw_luck" else "")
                          for line in leaks.lines],
            leaks.snow_hands, leaks.snow_won, leaks.snow_net, leaks.luck.draws, leaks.luck.completed, leaks.left_out)


def _name(filters: Filters) -> str:
    return ",".join(f"{k}={v}" for k, v in dataclasses.asdict(filters).items() if v not in (None, 0)) or "all"


@pytest.mark.parametrize("filters", FILTERS, ids=_name)
def test_summary_path_equals_the_hand_by_hand_path(built: Path, filters: Filters) -> None:
    conn = sqlite3.connect(built)
    players = [row[0] for row in conn.execute("select distinct player_id from hand_reads where game = 'badugi'")]
    assert len(players) > 20
    heroes = [(p,) for p in players] + [tuple(players[:4])]
    seen = [0] * 7
    for ids in heroes:
        summed = hero_leaks(conn, ids, filters)
        by_hand = hero_leaks(conn, ids, filters, start=EVER[0], end=EVER[1])
        assert _plain(summed) == _plain(by_hand), (ids, filters)
        assert summed.luck.expected == pytest.approx(by_hand.luck.expected, rel=1e-8, abs=1e-9)
        assert summed.luck.variance == pytest.approx(by_hand.luck.variance, rel=1e-8, abs=1e-9)
        for i, key in enumerate(("raise_first_in/UTG", "raise_first_in/CO", "raise_first_in/BTN", "early_open",
                                 "break_eight_low")):
            seen[i] += next(line.done for line in summed.lines if line.key == key)
        seen[5] += summed.luck.draws
        seen[6] += sum(summed.left_out.values())
    if filters == Filters():  # every figure is counted somewhere
        assert all(seen), seen


def test_m014_fills_an_older_database_as_the_import_writes(db_copy: Path, built: Path) -> None:
    with sqlite3.connect(built) as conn:
        imported = _leak_rows(conn)
        assert all(_counted(conn))
    db = sqlite_utils.Database(db_copy)
    for table, _ in LEAK_TABLES:
        for column in summary.LEAK_COLUMNS:
            db.execute(f"alter table {table} drop column {column}")
    db.execute("delete from _sqlite_migrations where name = 'm014_leak_counts'")
    db.conn.commit()
    db.close()
    migrated = open_database(db_copy)
    assert _leak_rows(migrated) == imported


def test_the_backfill_equals_the_import(db_copy: Path, built: Path) -> None:
    db = open_database(db_copy)
    with immediate(db):
        for table, _ in LEAK_TABLES:
            db.execute(f"update {table} set {', '.join(f'{c} = 0' for c in summary.LEAK_COLUMNS)}")
        summary.fill_leak_counts(db)
    assert snapshot(db) == snapshot(open_database(built))


def test_the_backfill_of_a_group_with_a_null(db_copy: Path) -> None:
    """A group column stored NULL (no hand of ours has one: an older or hand-edited row) is
    matched as the summary groups it."""
    db = open_database(db_copy)
    with immediate(db):
        db.execute("update hands set big_blind = null where site_hand_id = '93000000001'")  # Hero raises first in
        summary.rebuild(db)
    expected = snapshot(db)
    assert any(row[DAY_BIG_BLIND] is None and any(row[DAY_LEAKS]) for row in expected["player_days"])
    with immediate(db):
        for table, _ in LEAK_TABLES:
            db.execute(f"update {table} set {', '.join(f'{c} = 0' for c in summary.LEAK_COLUMNS)}")
        summary.fill_leak_counts(db)
    assert snapshot(db) == expected


def test_a_deleted_hand_leaves_the_counts_and_comes_back(db_copy: Path) -> None:
    db = open_database(db_copy)
    before = _leak_rows(db)
    hero = db.execute("select id from players where name = 'Hero' and site = 'pokerstars'").fetchone()[0]
    # hand 1 of leak_hands: Hero UTG raises first in six-handed, opens by the rule, breaks an 8-low once
    (hand_id,) = db.execute("select id from hands where site_hand_id = '93000000001'").fetchone()
    totals = f"select {', '.join(summary.LEAK_COLUMNS)} from player_totals where player_id = ? and position = 'UTG'" \
             " and small_bet = 50 and game = 'badugi' and site = 'pokerstars'"
    was = db.execute(totals, [hero]).fetchone()
    with immediate(db):
        HandWriter(db, file_id=1).delete(hand_id)
    assert snapshot(db) == rebuilt(db)
    now = db.execute(totals, [hero]).fetchone()
    assert [a - b for a, b in zip(was, now)] == [1, 1, 1, 1, 1, 1]
    db.close()
    result = api.import_paths([LEAK_HANDS], db_copy)
    assert result.hands_new == 1
    db = open_database(db_copy)
    assert _leak_rows(db) == before
    assert snapshot(db) == rebuilt(db)


def test_two_hands_counted_by_hand(db_path: Path) -> None:
    """Hand 1 (button Ann): Deb (UTG) and Eve (HJ) fold, Hero (CO) raises first in with 2c 4d 6h
    Ks, Cal (BB) calls; Hero draws Ks (gets 8s: 8-6-4-2), stands pat on it at draw 2 (held,
    not broken), discards 8s at draw 3 (held, broken). Hand 2 (button Cal): Hero (UTG) limps
    with 2c 5d 7h Kh (a three-card 7-low: opens by the rule), everyone folds to Eve (BB), who
    checks; Hero draws one and folds."""
    api.import_paths([COUNTS], db_path)
    db = open_database(db_path)
    rows = {(name, position): tuple(rest) for name, position, *rest in db.execute(
        f"""select p.name, t.position, {', '.join(summary.LEAK_COLUMNS)} from player_totals t
            join players p on p.id = t.player_id""")}
    assert rows[("Hero", "CO")] == (1, 1, 0, 0, 1, 2)  # raise first in 1/1, no early open, broke 1 of 2
    assert rows[("Hero", "UTG")] == (0, 1, 1, 1, 0, 0)  # a chance to raise first in, limped; opened by the rule
    assert rows[("Deb", "UTG")] == (0, 1, 0, 0, 0, 0)  # folded first in (cards unknown: no early open)
    assert rows[("Eve", "HJ")] == (0, 1, 0, 0, 0, 0)
    assert all(not any(counts) for key, counts in rows.items()
               if key not in {("Hero", "CO"), ("Hero", "UTG"), ("Deb", "UTG"), ("Eve", "HJ")})  # someone in before
    _, leaks = api.leaks(db_path, hero="Hero")
    lines = {line.key: (line.done, line.opportunities) for line in leaks.lines}
    assert (lines["raise_first_in/CO"], lines["raise_first_in/UTG"], lines["raise_first_in/HJ"]) == ((1, 1), (0, 1), (0, 0))
    assert (lines["early_open"], lines["break_eight_low"]) == ((1, 1), (1, 2))
