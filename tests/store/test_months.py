"""player_months (store/summary.py): a date range read from its whole months and its edge days
(summary.source) gives what the hands themselves give (the hand_facts view, summed by
tests/oracles/player_stats.py), wherever the range starts and ends; the import, m015's
backfill and rebuild() make the same month rows; a hand taken out is taken out of its month.

The hands: generated tables started at chosen times around month and year ends (a table's
hands run on for half an hour, so some cross midnight UTC into the next day and month)."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest
import sqlite_utils

from hhtracker import api
from hhtracker.filters import Filters
from hhtracker.generate import generate_files
from hhtracker.report import browse
from hhtracker.report.queries import summary_sums
from hhtracker.store import summary
from hhtracker.store.database import immediate, open_database
from hhtracker.store.reading import player_stats
from hhtracker.store.writer import HandWriter

from tests.oracles.player_stats import reference_player_stats
from tests.oracles.summary_sql import rebuilt, snapshot
from tests.store.test_summary import assert_same

STARTS = [  # (first hand, written in ET as PokerStars does: UTC - 5 in winter; hands)
    (dt.datetime(2026, 12, 14, 12, 0), 30),
    (dt.datetime(2026, 12, 31, 18, 45), 50),  # 23:45 UTC, into 2027-01-01
    (dt.datetime(2027, 1, 1, 9, 0), 30),
    (dt.datetime(2027, 1, 14, 18, 45), 50),  # into the 15th
    (dt.datetime(2027, 1, 31, 18, 45), 50),  # into 2027-02-01
    (dt.datetime(2027, 2, 15, 8, 0), 30),
    (dt.datetime(2027, 2, 28, 18, 45), 60),  # into 2027-03-01
    (dt.datetime(2027, 3, 20, 10, 0), 30),
    (dt.datetime(2028, 2, 29, 18, 45), 50),  # a leap day, into 2028-03-01
]


@pytest.fixture(scope="module")
def months_db(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("months")
    files = []
    for i, (start, hands) in enumerate(STARTS):
        files += generate_files(folder / str(i), hands=hands, seed=40 + i, players=5, tables=2, start=start,
                                first_hand_id=500000000000 + 1000 * i)
    path = folder / "tracker.db"
    api.import_paths(files, path)
    return path


@pytest.fixture
def months_copy(months_db: Path, tmp_path: Path) -> Path:
    path = tmp_path / "copy.db"
    shutil.copy(months_db, path)
    return path


def test_the_hands_fall_on_the_dates_chosen(months_db: Path) -> None:
    """The ranges below are worth testing only if hands lie on both sides of their edges."""
    db = open_database(months_db)
    days = {row[0] for row in db.execute("select distinct substr(start_time, 1, 10) from hands")}
    assert {"2026-12-31", "2027-01-01", "2027-01-14", "2027-01-15", "2027-01-31", "2027-02-01", "2027-02-28",
            "2027-03-01", "2028-02-29", "2028-03-01"} <= days
    months = {row[0] for row in db.execute("select distinct month from player_months")}
    assert months == {"2026-12", "2027-01", "2027-02", "2027-03", "2028-02", "2028-03"}


D = dt.date
RANGES = [  # (since, until)
    (D(2027, 1, 15), D(2027, 2, 28)),  # starts mid-month, ends on a month's last day
    (D(2027, 1, 1), D(2027, 2, 15)),  # starts on a month's first day, ends mid-month
    (D(2027, 1, 15), D(2027, 3, 1)),  # both ends mid-month, a whole month between
    (D(2027, 1, 1), D(2027, 2, 28)),  # whole months only
    (D(2026, 12, 20), D(2028, 2, 29)),  # over a year end, to a leap day
    (D(2026, 12, 31), D(2027, 1, 1)),  # a year's last day and the next one's first
    (D(2027, 1, 10), D(2027, 1, 20)),  # inside one month
    (D(2027, 1, 31), D(2027, 1, 31)),  # one day
    (D(2027, 2, 1), D(2027, 2, 1)),
    (D(2027, 1, 15), None),  # open ends
    (D(2027, 1, 1), None),
    (None, D(2027, 1, 14)),
    (None, D(2027, 2, 28)),
    (D(2029, 1, 1), None),  # no hand
    (D(9999, 12, 2), None),  # the calendar's last month
    (None, D(9999, 12, 31)),
]


def _name(dates: tuple[dt.date | None, dt.date | None]) -> str:
    return f"{dates[0] or '...'}_{dates[1] or '...'}"


@pytest.mark.parametrize("dates", RANGES, ids=_name)
def test_a_date_range_as_summed_from_the_hands(months_db: Path, dates: tuple[dt.date | None, dt.date | None]) -> None:
    db = open_database(months_db)
    since, until = dates
    for filters in (Filters(since=since, until=until), Filters(since=since, until=until, position="BTN", table_size="3-6")):
        expected = reference_player_stats(db, filters=filters)
        assert_same(player_stats(db, filters=filters), expected)
        assert_same(player_stats(db, "Hero", filters=filters), [p for p in expected if p.player == "Hero"])
        hands = [p.hands for p in expected]
        page = browse.player_page(db, filters=filters, limit=3)
        assert (page.total, [p.hands for p in page.players]) == (len(expected), hands[:3])
    if since is not None and until is not None:  # a long report's days (report/queries.py)
        ids = [row[0] for row in db.execute("select id from players where name = 'Hero'")]
        sums = summary_sums(db, ids, ["hands", "net", "vpip_done"], (since, until))
        truth = db.execute("""select count(*), coalesce(sum(net), 0), coalesce(sum(vpip_done), 0) from hand_facts
                              where player = 'Hero' and date >= ? and date <= ?""",
                           [since.isoformat(), until.isoformat()]).fetchone()
        assert (sums["hands"], sums["net"], sums["vpip_done"]) == truth


def test_whole_months_are_read_from_player_months() -> None:
    """What makes it fast: whole months from player_months, only the edge days from
    player_days, day rows alone when no month is whole."""
    def tables(since: dt.date | None, until: dt.date | None) -> tuple[str, ...]:
        rows = summary.source(Filters(since=since, until=until)).rows
        return tuple(t for t in ("player_totals", "player_months", "player_days") if t in rows)

    assert tables(None, None) == ("player_totals",)
    assert tables(D(2027, 1, 1), None) == ("player_months",)
    assert tables(D(2027, 1, 1), D(2027, 3, 31)) == ("player_months",)
    assert tables(None, D(2027, 2, 28)) == ("player_months",)
    assert tables(D(2027, 1, 2), D(2027, 3, 31)) == ("player_months", "player_days")
    assert tables(D(2027, 1, 1), D(2027, 3, 30)) == ("player_months", "player_days")
    assert tables(D(2027, 1, 2), D(2027, 2, 27)) == ("player_days",)
    assert tables(D(2027, 1, 1), D(2027, 1, 30)) == ("player_days",)
    both = summary.source(Filters(since=D(2027, 1, 15), until=D(2027, 3, 1)))
    assert both.params == ("2027-02", "2027-03", "2027-01-15", "2027-02-01", "2027-03-01", "2027-03-01")


def test_month_rows_add_up_to_the_day_rows(months_db: Path) -> None:
    db = open_database(months_db)
    by_day = db.execute("""select player_id, substr(date, 1, 7), sum(hands), sum(net), sum(vpip_done), max(biggest_win),
                                  min(biggest_loss) from player_days group by 1, 2 order by 1, 2""").fetchall()
    by_month = db.execute("""select player_id, month, sum(hands), sum(net), sum(vpip_done), max(biggest_win),
                                    min(biggest_loss) from player_months group by 1, 2 order by 1, 2""").fetchall()
    assert by_month == by_day and len(by_month) > 20


def test_m015_builds_what_the_import_wrote(months_copy: Path, months_db: Path) -> None:
    before = snapshot(open_database(months_db))
    db = sqlite_utils.Database(months_copy)
    db["player_months"].drop()
    db.execute("delete from _sqlite_migrations where name = 'm015_player_months'")
    db.conn.commit()
    db.close()
    after = snapshot(open_database(months_copy))
    assert after["player_months"] == before["player_months"] and len(after["player_months"]) > 50


def test_a_hand_taken_out_of_its_month(months_copy: Path) -> None:
    """Delete the hands holding months' biggest wins and losses (found again among the
    month's other days) and every hand of a month's group (its row goes)."""
    db = open_database(months_copy)
    chosen = {r[0] for r in db.execute("select biggest_win_hand from player_months order by hands desc limit 3")}
    chosen |= {r[0] for r in db.execute("select biggest_loss_hand from player_months order by hands desc limit 3")}
    group = summary.MONTH_GROUP
    fewest = db.execute(f"select {', '.join(group)}, hands from player_months order by hands, month limit 1").fetchone()
    match = " and ".join("substr(date, 1, 7) = ?" if c == "month" else f"coalesce({c}, '') = ?" for c in group)
    alone = {r[0] for r in db.execute(f"select hand_id from hand_facts where {match}", fewest[:-1])}
    assert len(alone) == fewest[-1] and alone
    chosen |= alone
    with immediate(db):
        writer = HandWriter(db, file_id=1)
        for hand_id in sorted(chosen):
            writer.delete(hand_id)
    assert snapshot(db) == rebuilt(db)
    assert db.execute(f"select count(*) from player_months where {match.replace('substr(date, 1, 7)', 'month')}",
                      fewest[:-1]).fetchone()[0] == 0
    assert db.execute("select count(*) from player_months where biggest_win_hand in (select value from json_each(?))"
                      " or biggest_loss_hand in (select value from json_each(?))",
                      [str(sorted(chosen)), str(sorted(chosen))]).fetchone()[0] == 0
    for dates in RANGES[:5]:
        filters = Filters(since=dates[0], until=dates[1])
        assert_same(player_stats(db, filters=filters), reference_player_stats(db, filters=filters))


def test_reprocess_replaces_every_hand_in_its_month(months_copy: Path) -> None:
    """reprocess takes every hand out (HandWriter.delete) and writes it again: the month rows
    come back the same (but for the new hand ids of their biggest pots)."""
    def without_ids(rows: list[tuple]) -> list[tuple]:
        return sorted(row[:-4] + (row[-4], row[-2]) for row in rows)

    columns = ", ".join((*summary.MONTH_GROUP, *summary.SUMS, *summary.BIGGEST))
    db = open_database(months_copy)
    before = without_ids(db.execute(f"select {columns} from player_months").fetchall())
    db.close()
    assert api.reprocess(months_copy).hands == sum(hands for _, hands in STARTS)
    db = open_database(months_copy)
    assert without_ids(db.execute(f"select {columns} from player_months").fetchall()) == before
    assert snapshot(db) == rebuilt(db)
