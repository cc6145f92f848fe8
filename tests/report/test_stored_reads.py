"""The read facts stored with each hand (store/hand_reads.py, issue 26's speed for the reads and
the leaks) and the reads of 5-Card Draw (issue 25, "reads by draw pattern").

- The reads and the leaks' hand-by-hand lines counted from the stored facts equal the
  per-hand count of tests/oracles/reads_per_hand.py (the way they were read before: every hand
  evaluated again, the lines by correlated SQL) on every game: the real files of ../shared
  and generated hands of each game.
- The same under every filter (each field alone, dates mid-month, stakes, a session's time
  span), read on hand_reads alone, from its index hand_reads_read.
- The import, migration m012 (from the stored rows) and m016 (the filter columns, from hands)
  store the same facts; a hand stored again takes its facts with it.
- 5-Card Draw's reads of the real PokerStars hand, worked out by hand.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.filters import Filters
from hhtracker.report.leaks import hero_leaks
from hhtracker.report.reads import READ_MIN_HANDS, player_reads
from hhtracker.store import migrations
from hhtracker.store.database import open_database
from hhtracker.store.hand_reads import READ_GROUP, READ_INDEX, read_scope

from tests.common import CORPUS, DATA, SAMPLES
from tests.oracles import reads_per_hand

CORPUS_DRAW = CORPUS.parent / "corpus-draw"
STARS_5CD = CORPUS_DRAW / "PokerStars__5CD_FL_cash_201106_sidepot.txt"
GENERATED = ("badugi", "badacey", "badeucey", "27_single_draw", "a5_triple_draw", "5_card_draw")


@pytest.fixture(scope="module")
def every_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of the sample histories, the leak hands of tests/data (a break of an eight-low
    among them), ../shared's real files when present, and 150 generated hands of each game
    that can be generated."""
    folder = tmp_path_factory.mktemp("every_game")
    paths = [SAMPLES, DATA / "leak_hands" / "hands.txt"]
    for game in GENERATED:
        paths.extend(api.generate(folder / game, hands=150, seed=7, players=7, game=game))
    paths.extend(p for p in (CORPUS, CORPUS_DRAW) if p.exists())
    db = folder / "t.db"
    api.import_paths(paths, db)
    return db


def _names(db: Path) -> list[str]:
    with sqlite3.connect(db) as conn:
        return [row[0] for row in conn.execute("select distinct name from players order by name")]


def test_reads_equal_the_per_hand_count_in_every_game(every_game: Path) -> None:
    conn = sqlite3.connect(every_game)
    games_read: set[str] = set()
    for name in _names(every_game):
        expected = reads_per_hand.reads(conn, name)
        found = api.player_reads(every_game, name, min_hands=1)
        assert {(r.site, r.game) for r in found} == set(expected), name
        for read in found:
            groups = expected[read.site, read.game]
            assert {(g.grouping, g.label) for g in read.groups} == set(groups), (name, read.game)
            assert read.hands_known == sum(g["hands"] for (grouping, _), g in groups.items() if grouping == "draw pattern")
            for group in read.groups:
                want = groups[group.grouping, group.label]
                tops = want["tops"]
                assert (group.hands, group.badugis, dict(group.classes)) == (want["hands"], want["made"], dict(want["classes"])), \
                    (name, read.game, group.label)
                assert group.high_median == reads_per_hand.median_letter(tops)
                assert (group.high_low, group.high_high) == (
                    (reads_per_hand.RANKS[(tops[0] - 1) % 13], reads_per_hand.RANKS[(tops[-1] - 1) % 13]) if tops else (None, None))
            games_read.add(read.game)
    assert games_read >= set(GENERATED)  # every generated game has reads, 5-Card Draw's included


def test_leak_lines_equal_the_per_hand_count(every_game: Path) -> None:
    conn = sqlite3.connect(every_game)
    checked = 0
    for name in _names(every_game):
        ids = tuple(row[0] for row in conn.execute("select id from players where name = ?", [name]))
        expected = reads_per_hand.leak_counts(conn, ids)
        _, leaks = api.leaks(every_game, hero=name)
        found = {line.key: (line.done, line.opportunities) for line in leaks.lines}
        assert {key: found[key] for key in expected} == expected, name
        checked += sum(opp for _, opp in expected.values())
    assert checked > 400


def _table(db: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("select * from hand_reads order by player_id, hand_id").fetchall()


def test_migration_m012_stores_what_the_import_stores(every_game: Path, tmp_path: Path) -> None:
    # a database as m011 left it: no hand_reads, m012 not applied; opening it migrates it
    old = tmp_path / "old.db"
    shutil.copy(every_game, old)
    with sqlite3.connect(old) as conn:
        conn.execute("drop table hand_reads")
        conn.execute("delete from _sqlite_migrations where name = 'm012_hand_reads'")
    api.player_reads(old, "Hero")  # (a read opens it: the migration runs first)
    imported = _table(every_game)
    assert len(imported) > 5000
    assert _table(old) == imported
    with sqlite3.connect(every_game) as conn:  # one row per dealt-in player of each counted hand
        counted = conn.execute("select count(*) from hand_players hp join hands h on h.id = hp.hand_id"
                               " where h.status in ('ok', 'warning') and hp.dealt_in = 1").fetchone()[0]
    assert len(imported) == counted


def test_a_hand_stored_again_takes_its_read_facts_with_it(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    api.import_paths([SAMPLES], db)
    before = _table(db)
    highest = max(row[1] for row in before)
    done = api.reprocess(db)  # every hand deleted and stored again (new row ids)
    assert done.internal == () and done.hands > 0
    with sqlite3.connect(db) as conn:
        orphans = conn.execute("select count(*) from hand_reads r where not exists"
                               " (select 1 from hands h where h.id = r.hand_id)").fetchone()[0]
    after = _table(db)
    assert orphans == 0 and len(after) == len(before)
    assert min(row[1] for row in after) > highest  # (each row is the new copy's)
    assert sorted(row[:1] + row[2:] for row in after) == sorted(row[:1] + row[2:] for row in before)


def test_5_card_draw_reads_of_the_real_pokerstars_hand(tmp_path: Path) -> None:
    # PokerStars #64146221551, 5-Card Draw $0.10/$0.20, five dealt in (Player6 sits out). Player5
    # (UTG) and Player1 (CO) fold; Hero (BTN) raises first in; Player3 (SB) calls; Player4 (BB)
    # calls all in. Each discards 2 cards. After the draw Player3 and Hero check; Player4 is all
    # in (no decision). Shown: Hero Qd 4h 6c 6h Td (a pair of sixes), Player3 2h Kh Qs Ad Ks (a
    # pair of kings), Player4 Kc 9c 9s Qc 4c (a pair of nines): all pair or worse, none two
    # pair or better. Player5 and Player1's cards are never known: no reads.
    if not STARS_5CD.exists():
        pytest.skip(f"{STARS_5CD} not present (../shared)")
    db = tmp_path / "t.db"
    api.import_paths([STARS_5CD], db)
    lines = {"Hero": ("drew 2 at the draw, then checked", "raised first in, BTN"),
             "Player3": ("drew 2 at the draw, then checked", "called, SB"),
             "Player4": ("drew 2 at the draw, then no decision", "called, BB")}
    for name, (after, predraw) in lines.items():
        (read,) = api.player_reads(db, name, min_hands=1)
        assert (read.site, read.game, read.hands_known) == ("pokerstars", "5_card_draw", 1)
        assert [(g.grouping, g.label) for g in read.groups] == [
            ("draw pattern", "drew 2"), ("last draw and bet", after), ("pre-draw action", predraw)]
        for group in read.groups:
            assert (group.hands, group.badugis, group.classes, group.high_median) == (1, 0, {"pair_or_worse": 1}, None)
    for name in ("Player1", "Player5"):
        assert api.player_reads(db, name) == []


def test_5_card_draw_reads_say_two_pair_or_better(every_game: Path) -> None:
    # The generated 5-Card Draw hands: their made hands are two pair or better, no top card;
    # Badugi's reads keep their words
    runner = CliRunner()
    result = runner.invoke(app, ["player", "Hero", "--db", str(every_game), "--reads", "--json", "--game", "5_card_draw"])
    assert result.exit_code == 0, result.output
    (read,) = json.loads(result.output)
    assert read["made_hand"] == "two_pair_or_better" and read["game"] == "5_card_draw"
    shown = [g for g in read["groups"] if g["shown"]]
    assert shown and all(g["high_card"] is None and g["hands"] >= READ_MIN_HANDS for g in shown)
    assert all(set(g["classes"]) <= {"straight_or_better", "trips", "two_pair", "pair_or_worse"} for g in shown)
    assert all(g["badugis"] == sum(n for c, n in g["classes"].items() if c != "pair_or_worse") for g in shown)
    text = runner.invoke(app, ["player", "Hero", "--db", str(every_game), "--reads", "--game", "5_card_draw"]).output
    assert "two pair or better" in text and "badugi" not in text and "pair or worse" in text
    badugi = runner.invoke(app, ["player", "Hero", "--db", str(every_game), "--reads", "--game", "badugi"]).output
    assert "badugis" in badugi and "two pair" not in badugi


# The filters, each with its meaning written out over hand_facts f for the oracle (STATS.md,
# "Reporting rules"; filters.py): dates inclusive (UTC), mid-month; table size from the players
# dealt in; stakes "30/60" as chips 30/60 or $30/$60, "0.25/0.50" only in money.
FILTERED: tuple[tuple[Filters, str, tuple[object, ...]], ...] = (
    (Filters(site="pokerstars"), "f.site = ?", ("pokerstars",)),
    (Filters(site="kingsclub"), "f.site = ?", ("kingsclub",)),
    (Filters(structure="NL"), "f.structure = ?", ("NL",)),
    (Filters(structure="FL"), "f.structure = ?", ("FL",)),
    (Filters(stakes="0.25/0.50"), "f.currency != 'chips' and f.small_bet = 25 and f.big_bet = 50", ()),
    (Filters(stakes="30/60"), "(f.currency = 'chips' and f.small_bet = 30 and f.big_bet = 60)"
                              " or (f.currency != 'chips' and f.small_bet = 3000 and f.big_bet = 6000)", ()),
    (Filters(stakes="10/20"), "(f.currency = 'chips' and f.small_bet = 10 and f.big_bet = 20)"
                              " or (f.currency != 'chips' and f.small_bet = 1000 and f.big_bet = 2000)", ()),
    (Filters(game_type="tournament"), "exists (select 1 from hands h where h.id = f.hand_id and h.tournament_id is not null)", ()),
    (Filters(game_type="cash"), "exists (select 1 from hands h where h.id = f.hand_id and h.tournament_id is null"
                                " and h.currency != 'chips')", ()),
    (Filters(table_size="heads-up"), "f.players_dealt <= 2", ()),
    (Filters(table_size="3-6"), "f.players_dealt between 3 and 6", ()),
    (Filters(table_size="7-8"), "f.players_dealt >= 7", ()),
    (Filters(since=dt.date(2010, 11, 12)), "f.start_time >= '2010-11-12'", ()),
    (Filters(until=dt.date(2012, 11, 7)), "f.start_time < '2012-11-08'", ()),
    (Filters(since=dt.date(2009, 11, 25), until=dt.date(2010, 11, 12)),
     "f.start_time >= '2009-11-25' and f.start_time < '2010-11-13'", ()),
    (Filters(since=dt.date(2026, 11, 2)), "f.start_time >= '2026-11-02'", ()),
    (Filters(position="BTN"), "f.position = 'BTN'", ()),
    (Filters(position="early"), "f.position in ('UTG', 'UTG+1', 'UTG+2')", ()),
    (Filters(game="badeucey"), "f.game = 'badeucey'", ()),
    (Filters(since=dt.date(2026, 11, 1), table_size="3-6", game_type="cash", stakes="10/20", position="blinds"),
     "f.start_time >= '2026-11-01' and f.players_dealt between 3 and 6 and f.currency = 'USD'"
     " and f.small_bet = 1000 and f.big_bet = 2000 and f.position in ('SB', 'BB')", ()),
)


def _reads_of(found: list[Any]) -> dict[tuple[str, str], dict[tuple[str, str], tuple[int, int, dict[str, int]]]]:
    return {(r.site, r.game): {(g.grouping, g.label): (g.hands, g.badugis, dict(g.classes)) for g in r.groups}
            for r in found}


def _expected(groups: dict[tuple[str, str], dict[tuple[str, str], dict[str, Any]]]
              ) -> dict[tuple[str, str], dict[tuple[str, str], tuple[int, int, dict[str, int]]]]:
    return {key: {label: (g["hands"], g["made"], dict(g["classes"])) for label, g in labels.items()}
            for key, labels in groups.items() if labels}


@pytest.mark.parametrize(("filters", "scope", "params"), FILTERED, ids=[str(i) for i in range(len(FILTERED))])
def test_filtered_reads_equal_the_per_hand_count(every_game: Path, filters: Filters, scope: str,
                                                  params: tuple[object, ...]) -> None:
    # every player's reads under the filter (read on hand_reads alone) = the oracle over hand_facts
    conn = sqlite3.connect(every_game)
    matched = 0
    for name in _names(every_game):
        expected = _expected(reads_per_hand.reads(conn, name, scope, params))
        found = _reads_of(player_reads(conn, name, filters, min_hands=1))
        assert found == expected, (name, filters)
        matched += sum(g[0] for groups in expected.values() for (grouping, _), g in groups.items()
                       if grouping == "draw pattern")
    everything = sum(r.hands_known for name in _names(every_game) for r in player_reads(conn, name, min_hands=1))
    assert 0 < matched < everything  # (the filter keeps some hands with known cards, not all)


def _hero_ids(conn: sqlite3.Connection) -> tuple[int, ...]:
    return tuple(row[0] for row in conn.execute("select id from players where name = 'Hero'"))


def test_a_session_spans_leaks_equal_the_per_hand_count(every_game: Path) -> None:
    # a session's leaks are read from hand_reads over [start, end): from the start of one of
    # Hero's hands (counted) to the start of a later one (not counted), both with a leak's chance
    conn = sqlite3.connect(every_game)
    ids = _hero_ids(conn)
    times = [row[0] for row in conn.execute(
        "select start_time from hand_facts f where f.player = 'Hero' and f.game = 'badugi' and f.date = '2026-11-01'"
        " order by start_time")]

    def edge(at: int) -> str:  # the first hand from `at` on with a leak opportunity (the edges make a difference)
        return next(t for t in times[at:] if sum(opp for _, opp in reads_per_hand.leak_counts(
            conn, ids, "f.start_time = ?", (t,)).values()))

    first, last = edge(len(times) // 4), edge(3 * len(times) // 4)
    start, end = dt.datetime.fromisoformat(first), dt.datetime.fromisoformat(last)
    for filters, scope, params in ((Filters(), "1", ()), *FILTERED):
        expected = reads_per_hand.leak_counts(conn, ids, f"f.start_time >= ? and f.start_time < ? and ({scope})",
                                              (first, last, *params))
        found = {line.key: (line.done, line.opportunities) for line in hero_leaks(conn, ids, filters, start, end).lines}
        assert {key: found[key] for key in expected} == expected, filters
    whole = reads_per_hand.leak_counts(conn, ids, "f.start_time >= ? and f.start_time < ?", (first, last))
    assert sum(opp for _, opp in whole.values()) > 20


def test_a_filtered_read_is_counted_from_the_index_alone(every_game: Path) -> None:
    # every filter and a time span are answered by hand_reads_read, without the table or a join
    conn = sqlite3.connect(every_game)
    filters = Filters(site="pokerstars", structure="FL", stakes="30/60", game_type="cash", table_size="3-6",
                      since=dt.date(2026, 11, 1), until=dt.date(2026, 11, 2), position="late", game="badugi")
    group = ", ".join(f"r.{c}" for c in READ_GROUP if c != "known")
    span = dt.datetime(2026, 11, 1, tzinfo=dt.UTC), dt.datetime(2026, 11, 2, tzinfo=dt.UTC)
    for start, end in ((None, None), span):
        source, where, params = read_scope(_hero_ids(conn), filters, start, end)
        plan = [row[3] for row in conn.execute(
            f"explain query plan select {group}, count(*) from {source} where r.known = 1 and {where} group by {group}",
            params)]
        assert plan[0].startswith("SEARCH r USING COVERING INDEX hand_reads_read (player_id=? AND known=?"), plan
        assert not any("hand_players" in step for step in plan), plan  # (no join)
        # a span's hands may be listed once from hands' start_time index (a session: below), never joined row by row
        assert all(step.startswith("SEARCH hands USING COVERING INDEX idx_hands_start_time") for step in plan
                   if "hands" in step), plan
        assert start is not None or not any("hands" in step for step in plan), plan
        assert not any("TEMP B-TREE" in step for step in plan), plan  # (in the index's order: no sort)


def test_a_sessions_reads_are_found_by_its_hands_not_by_every_row_of_the_hero(every_game: Path) -> None:
    # a session report's leaks read its span only: its hands from hands' start_time index,
    # then each of the hero's rows by its key (hand_reads' primary key), not his every row
    # tested for its time (1,000,000 hands: 250-800 ms a session report; 7 ms this way)
    conn = sqlite3.connect(every_game)
    source, where, params = read_scope(_hero_ids(conn), Filters(), dt.datetime(2026, 11, 1, tzinfo=dt.UTC),
                                       dt.datetime(2026, 11, 2, tzinfo=dt.UTC))
    plan = [row[3] for row in conn.execute(f"explain query plan select count(*) from {source} where {where}", params)]
    # (each row by its key: the primary key, or hand_reads_hand on (hand_id, player_id))
    assert plan[0].startswith("SEARCH r USING") and "hand_id=?" in plan[0] and "player_id=?" in plan[0], plan
    assert any(step.startswith("SEARCH hands USING COVERING INDEX idx_hands_start_time") for step in plan), plan


# hand_reads as m012 made it (before m016): without the hand's filter columns
M015_COLUMNS = ("player_id", "hand_id", "game", "position", "players_dealt", "d1", "d2", "d3", "first_decision",
                "entered_before", "predraw", "after_last_draw", "known", "made", "made_top", "read_class", "early_open",
                "eight_low_held", "eight_low_broken", "luck_draws")


def test_migration_m016_stores_what_the_import_stores(every_game: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # a database as m015 left it: hand_reads without the filter columns, its old indexes;
    # opening it migrates it, a run of 1,000 rows at a time (progress told after each)
    old = tmp_path / "old.db"
    shutil.copy(every_game, old)
    with sqlite3.connect(old) as conn:
        conn.execute("drop index hand_reads_read")
        conn.execute("drop index hand_reads_hand")
        conn.execute("alter table hand_reads rename to imported")
        conn.execute(f"create table hand_reads ({', '.join(M015_COLUMNS)}, primary key (player_id, hand_id)) without rowid")
        conn.execute(f"insert into hand_reads select {', '.join(M015_COLUMNS)} from imported")
        conn.execute("drop table imported")
        conn.execute("create index hand_reads_hand on hand_reads(hand_id)")
        conn.execute(f"create index hand_reads_read on hand_reads({', '.join(READ_GROUP)})")
        conn.execute("delete from _sqlite_migrations where name = 'm016_read_filters'")
    monkeypatch.setattr(migrations, "M016_ROWS", 1000)
    told: list[migrations.StepProgress] = []
    open_database(old, on_progress=told.append).conn.close()
    imported = _table(every_game)
    assert len(imported) > 5000
    assert _table(old) == imported
    steps = [(p.done, p.total) for p in told if p.name == "m016_read_filters" and p.total is not None]
    assert steps[0] == (0, len(imported)) and steps[-1] == (len(imported), len(imported))
    assert len(steps) == len(imported) // 1000 + 2  # (0, then after each run of 1,000 rows)
    with sqlite3.connect(old) as conn:
        index = [row[2] for row in conn.execute("pragma index_info(hand_reads_read)")]
        tables = {row[0] for row in conn.execute("select name from sqlite_master where name like 'hand_reads%'")}
    assert index == list(READ_INDEX)
    assert tables == {"hand_reads", "hand_reads_hand", "hand_reads_read"}
