"""The summary tables (store/summary.py) against the hands themselves.

`reference_player_stats` (tests/oracles/player_stats.py) is how player_stats() summed the
`hand_facts` view before the summary tables existed (issue 7): it is kept in the tests only, as
the independent reference. The
summaries must give the same statistics for every filter, and stay right when hands are
imported again, repaired, reprocessed, refreshed or deleted; the import's incremental rows
must equal what m003's SQL builds from scratch.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import shutil
from pathlib import Path

import pytest
import sqlite_utils

from hhtracker import api
from hhtracker.generate import generate_files
from hhtracker.report.queries import hero_hands, hero_names
from hhtracker.report.session import find_hero, session_list, session_report, split_sessions, summarize
from hhtracker.store import summary
from hhtracker.api.maintenance import recompute_facts
from hhtracker.filters import Filters
from hhtracker.stats.values import PlayerStats
from hhtracker.store.database import immediate, open_database
from hhtracker.store.reading import player_stats
from hhtracker.store.writer import HandWriter

from tests.common import CORPUS, DATA, SAMPLES
from tests.oracles.player_stats import reference_player_stats
from tests.oracles.summary_sql import rebuilt, snapshot

HANDWRITTEN = [DATA / "stats_hands" / "hands.txt", DATA / "stats_hands" / "more_hands.txt",
               DATA / "report_hands" / "alpha.txt", DATA / "report_hands" / "beta.txt",
               DATA / "report_hands" / "warning.txt", SAMPLES]


def assert_same(found: list[PlayerStats], expected: list[PlayerStats]) -> None:
    """Equal, floats (bb/100, expected luck) to within rounding."""
    assert [(p.site, p.player) for p in found] == [(p.site, p.player) for p in expected]
    for a, b in zip(found, expected):
        assert a.bb_per_100 == pytest.approx(b.bb_per_100, rel=1e-9, abs=1e-9), a.player
        assert a.big_bets_per_100 == pytest.approx(b.big_bets_per_100, rel=1e-9, abs=1e-9), a.player
        assert a.luck.expected == pytest.approx(b.luck.expected, rel=1e-8, abs=1e-8), a.player
        assert a.luck.variance == pytest.approx(b.luck.variance, rel=1e-8, abs=1e-8), a.player
        assert len(a.by_game_type) == len(b.by_game_type), a.player
        for x, y in zip(a.by_game_type, b.by_game_type):
            assert (x.game_type, x.hands, x.net) == (y.game_type, y.hands, y.net), a.player
            assert x.bb_per_100 == pytest.approx(y.bb_per_100, rel=1e-9, abs=1e-9), a.player
            assert x.big_bets_per_100 == pytest.approx(y.big_bets_per_100, rel=1e-9, abs=1e-9), a.player
        plain = {"bb_per_100": 0.0, "big_bets_per_100": 0.0, "by_game_type": ()}
        a = dataclasses.replace(a, **plain, luck=dataclasses.replace(a.luck, expected=0.0, variance=0.0))
        b = dataclasses.replace(b, **plain, luck=dataclasses.replace(b.luck, expected=0.0, variance=0.0))
        assert a == b


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> list[Path]:
    folder = tmp_path_factory.mktemp("summary") / "hh"
    # 900 hands over three tables, about 14 hours: several days' groups, all positions
    generate_files(folder, hands=900, seed=5, players=9, tables=3, start=dt.datetime(2026, 11, 1, 17, 0, 0))
    paths = [folder, *HANDWRITTEN]
    if CORPUS.is_dir():  # other sites, pot limit, other currencies and stakes
        paths.append(CORPUS)
    return paths


@pytest.fixture(scope="module")
def built(source, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("summary") / "tracker.db"
    api.import_paths(source, path)
    return path


@pytest.fixture
def db_copy(built: Path, tmp_path: Path) -> Path:
    path = tmp_path / "copy.db"
    shutil.copy(built, path)
    return path


FILTERS = [
    Filters(),
    Filters(position="BTN"),
    Filters(position="BB", table_size="3-6"),
    Filters(table_size="heads-up"),
    Filters(since=dt.date(2026, 11, 2)),
    Filters(until=dt.date(2026, 11, 1)),
    Filters(since=dt.date(2020, 1, 5), until=dt.date(2021, 3, 2), position="SB"),
    Filters(stakes="0.25/0.50"),
    Filters(stakes="30/60"),
    Filters(game_type="tournament"),
    Filters(game_type="cash", structure="FL", site="pokerstars"),
    Filters(structure="PL"),
    Filters(min_hands=200),
]


def _name(filters: Filters) -> str:
    return ",".join(f"{k}={v}" for k, v in dataclasses.asdict(filters).items() if v not in (None, 0)) or "all"


@pytest.mark.parametrize("filters", FILTERS, ids=_name)
def test_every_player_as_summed_from_the_hands(built: Path, filters: Filters) -> None:
    db = open_database(built)
    for with_distributions in (False, True):
        found = player_stats(db, with_distributions=with_distributions, filters=filters)
        assert_same(found, reference_player_stats(db, with_distributions=with_distributions, filters=filters))


@pytest.mark.parametrize("name", ["Hero", "Bob", "Mira", "Cara", "nobody"])
@pytest.mark.parametrize("filters", FILTERS[:7], ids=_name)
def test_one_player_as_summed_from_the_hands(built: Path, name: str, filters: Filters) -> None:
    db = open_database(built)
    assert_same(player_stats(db, name, filters=filters), reference_player_stats(db, name, filters=filters))


def test_import_writes_what_m003_builds(built: Path) -> None:
    db = open_database(built)
    rows = snapshot(db)
    assert rows == rebuilt(db)
    assert len(rows["player_days"]) > len(rows["player_totals"]) > 0 and rows["player_periods"] and rows["player_tables"]
    # per player, the totals add up to the days and the days to the hands
    hands = dict(db.execute("select player_id, count(*) from hand_facts group by player_id").fetchall())
    assert dict(db.execute("select player_id, sum(hands) from player_totals group by player_id").fetchall()) == hands
    assert dict(db.execute("select player_id, sum(hands) from player_periods group by player_id").fetchall()) == hands
    assert dict(db.execute("select player_id, sum(hands) from player_tables group by player_id").fetchall()) == hands


def test_m003_builds_the_summaries_of_an_older_database(db_copy: Path, built: Path) -> None:
    before = snapshot(open_database(built))
    db = sqlite_utils.Database(db_copy)
    for table in summary.SUMMARY_TABLES:
        db[table].drop()
    db.execute("delete from _sqlite_migrations where name = 'm003_summaries'")
    db.conn.commit()
    db.close()
    assert snapshot(open_database(db_copy)) == before


def test_reimport_adds_nothing(db_copy: Path, source: list[Path]) -> None:
    before = snapshot(open_database(db_copy))
    result = api.import_paths(source[:1], db_copy)
    assert result.hands_new == 0 and result.hands_duplicate > 0
    assert snapshot(open_database(db_copy)) == before


def test_a_rejected_hand_replaced_by_its_complete_copy(tmp_path: Path, db_path: Path) -> None:
    folder = tmp_path / "hh"
    (full,) = generate_files(folder, hands=60, seed=8, players=4, tables=1)
    text = full.read_text(encoding="utf-8-sig")
    cut = tmp_path / "cut.txt"
    cut.write_text(text[: text.index("*** SUMMARY ***", len(text) // 2)], encoding="utf-8")  # a hand cut off
    first = api.import_paths([cut], db_path)
    assert first.hands_rejected == 1
    second = api.import_paths([full], db_path)
    assert second.hands_repaired == 1
    db = open_database(db_path)
    assert snapshot(db) == rebuilt(db)
    assert_same(player_stats(db), reference_player_stats(db))


def test_reprocess_keeps_the_summaries(tmp_path: Path, db_path: Path) -> None:
    api.import_paths([*HANDWRITTEN, *generate_files(tmp_path / "hh", hands=150, seed=9, players=5, tables=2)], db_path)
    db = open_database(db_path)
    profile = player_stats(db)
    db.close()
    result = api.reprocess(db_path)
    assert result.hands > 150
    db = open_database(db_path)
    assert snapshot(db) == rebuilt(db)
    assert_same(player_stats(db), profile)  # the same hands: the same figures and hand numbers
    assert_same(player_stats(db), reference_player_stats(db))


def test_statistics_refresh_rebuilds_the_summaries(db_copy: Path) -> None:
    db = open_database(db_copy)
    with immediate(db):  # as if the facts had been computed by an older version
        db.execute("update hand_players set vpip_done = 0, vpip_opp = 0, cards_drawn_d1 = null")
        db.execute("delete from draw_luck")
    with immediate(db):
        assert recompute_facts(db) > 0
    assert snapshot(db) == rebuilt(db)
    assert_same(player_stats(db), reference_player_stats(db))
    assert player_stats(db, "Hero")[0].stats["vpip"].done > 0


def test_deleting_hands_subtracts_them(db_copy: Path) -> None:
    """Delete the hands holding biggest wins and losses, the first and last hands of half
    hours, a hand alone in its group: each must be found again or its row removed."""
    db = open_database(db_copy)
    chosen: set[int] = set()
    for column in ("biggest_win_hand", "biggest_loss_hand"):
        chosen |= {r[0] for r in db.execute(f"select {column} from player_totals order by hands desc limit 4")}
    chosen |= {r[0] for r in db.execute(
        """select h.id from player_periods pp join hands h on h.start_time in (pp.first_start, pp.last_start)
           join hand_players hp on hp.hand_id = h.id and hp.player_id = pp.player_id
           where pp.hands > 1 order by pp.period limit 6""")}
    chosen |= {r[0] for r in db.execute("select biggest_win_hand from player_days where hands = 1 limit 2")}
    assert len(chosen) >= 8
    with immediate(db):
        writer = HandWriter(db, file_id=1)
        for hand_id in sorted(chosen):
            writer.delete(hand_id)
    assert snapshot(db) == rebuilt(db)
    assert_same(player_stats(db), reference_player_stats(db))


# --- sessions and the long report -----------------------------------------------------------

DAYS = [  # (start, hands): one night and three days later, to be one session with a 1-day gap
    (dt.datetime(2026, 11, 1, 20, 0), 70),
    (dt.datetime(2026, 11, 2, 9, 30), 90),
    (dt.datetime(2026, 11, 3, 4, 0), 60),
    (dt.datetime(2026, 11, 4, 1, 0), 50),
]


@pytest.fixture(scope="module")
def days_db(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("days")
    files = []
    for i, (start, hands) in enumerate(DAYS):
        files += generate_files(folder / str(i), hands=hands, seed=20 + i, players=6, tables=2, start=start,
                                first_hand_id=400000000000 + 1000 * i)
    path = folder / "tracker.db"
    api.import_paths(files, path)
    return path


def assert_reports_agree(long, short) -> None:
    """A report read by day (long) against the same report read hand by hand (short): equal,
    floats to within rounding, and the long chart's points (one per whole day) on the short
    chart's line."""
    def plain(report):
        s = report.summary
        return dataclasses.replace(
            report,
            summary=dataclasses.replace(s, net_big_bets=0.0, big_bets_per_100=0.0, bb_per_100=0.0, by_kind=tuple(
                dataclasses.replace(k, net_big_bets=0.0, big_bets_per_100=0.0, bb_per_100=0.0) for k in s.by_kind)),
            positions=tuple(dataclasses.replace(p, net_big_bets=0.0, big_bets_per_100=0.0, bb_per_100=0.0)
                            for p in report.positions),
            by_game=tuple(dataclasses.replace(r, net_big_bets=0.0, big_bets_per_100=0.0, bb_per_100=0.0)
                          for r in report.by_game),
            games=tuple(dataclasses.replace(g, luck=None, lifetime_luck=None) for g in report.games), chart=None,
        )

    assert plain(long) == plain(short)
    for a, b in ((long.summary, short.summary), *zip(long.positions, short.positions),
                 *zip(long.summary.by_kind, short.summary.by_kind), *zip(long.by_game, short.by_game)):
        for field in ("net_big_bets", "big_bets_per_100", "bb_per_100"):
            assert getattr(a, field) == pytest.approx(getattr(b, field), rel=1e-9, abs=1e-9), field
    lucks = [(x.luck, y.luck) for x, y in zip(long.games, short.games)]
    lucks += [(x.lifetime_luck, y.lifetime_luck) for x, y in zip(long.games, short.games)]
    assert lucks and all(a is not None and b is not None for a, b in lucks)  # (Badugi: luck counted)
    for a, b in lucks:
        assert (a.draws, a.completed) == (b.draws, b.completed)
        assert (a.expected, a.variance) == (pytest.approx(b.expected, rel=1e-8), pytest.approx(b.variance, rel=1e-8))
    assert long.chart.unit == short.chart.unit
    by_hand = {p.hand: p for p in short.chart.points}
    assert len(long.chart.points) < len(short.chart.points)
    for point in long.chart.points:
        expected = by_hand[point.hand]
        assert (point.total, point.showdown, point.no_showdown) == (
            pytest.approx(expected.total), pytest.approx(expected.showdown), pytest.approx(expected.no_showdown))


def test_a_long_report_reads_whole_days_from_the_summary(days_db: Path) -> None:
    db = open_database(days_db)
    gap = dt.timedelta(days=1)
    short = session_report(db, gap=gap, per_hand_limit=10**9)
    assert short.summary.hands == sum(h for _, h in DAYS) and short.sessions_total == 1
    long = session_report(db, gap=gap, per_hand_limit=0)
    assert_reports_agree(long, short)
    # a date range from noon to noon: hands of the first and last day read one by one
    span = {"start": dt.datetime(2026, 11, 1, 23, 30, tzinfo=dt.UTC), "end": dt.datetime(2026, 11, 4, 9, 0, tzinfo=dt.UTC)}
    assert_reports_agree(session_report(db, **span, per_hand_limit=0), session_report(db, **span, per_hand_limit=10**9))


def test_sessions_from_the_half_hours_as_from_the_hands(days_db: Path, built: Path) -> None:
    for path in (days_db, built):
        db = open_database(path)
        for minutes in (30, 45, 60 * 8, 60 * 24):
            names, ids = find_hero(db, None)
            expected = [summarize(s.number, s.hands)
                        for s in reversed(split_sessions(hero_hands(db, ids), dt.timedelta(minutes=minutes)))]
            found = session_list(db, gap=dt.timedelta(minutes=minutes))[1]
            by_day = session_list(db, gap=dt.timedelta(minutes=minutes), per_hand_limit=0)[1]
            assert [s.number for s in found] == [s.number for s in by_day] == [s.number for s in expected]
            for a, b in (*zip(found, expected), *zip(by_day, expected)):
                assert a == dataclasses.replace(b, net_big_bets=a.net_big_bets, big_bets_per_100=a.big_bets_per_100,
                                                bb_per_100=a.bb_per_100, by_kind=a.by_kind)
                assert a.big_bets_per_100 == pytest.approx(b.big_bets_per_100, rel=1e-9, abs=1e-9)
                assert [(k.kind, k.hands) for k in a.by_kind] == [(k.kind, k.hands) for k in b.by_kind]
                for x, y in zip(a.by_kind, b.by_kind):
                    assert x.big_bets_per_100 == pytest.approx(y.big_bets_per_100, rel=1e-9, abs=1e-9)


def test_the_hero_is_counted_from_the_summary(tmp_path: Path, db_path: Path) -> None:
    def old_hero_names(db) -> dict[str, str]:  # as queries.hero_names was: every hand read
        found: dict[str, str] = {}
        for site, hero in db.execute("""select site, hero from hands where hero is not null
                                        group by site, hero order by site, count(*) desc, max(start_time) desc"""):
            found.setdefault(site, hero)
        return found

    start = dt.datetime(2026, 11, 1, 12, 0)
    for i, (hero, hands) in enumerate((("Ann", 30), ("Bea", 30), ("Ann", 1))):
        api.import_paths(generate_files(tmp_path / str(i), hands=hands, seed=i, players=4, hero=hero,
                                        start=start + dt.timedelta(days=i), first_hand_id=500000000000 + 1000 * i),
                         db_path)
        db = open_database(db_path)
        assert hero_names(db) == old_hero_names(db) == {"pokerstars": ("Bea" if i == 1 else "Ann")}  # a tie: the latest
