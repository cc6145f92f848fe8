"""Schema migrations: a migration that needs the parser leaves the work to the api (the store
never parses), and the api does it when it opens the database."""

from __future__ import annotations

import datetime
import sqlite3
from pathlib import Path

from hhtracker import api
from hhtracker.store import migrations
from hhtracker.store.database import open_database

from tests.common import SAMPLES


def test_statistics_added_by_a_migration_are_recomputed_by_the_api(tmp_path: Path) -> None:
    db_path = tmp_path / "t.db"
    api.import_paths([SAMPLES], db_path)
    before = {(p.player, p.site): p.stats for p in api.players(db_path)}
    assert before[("Hero", "pokerstars")]["vpip"].opportunities > 0
    # As a database from before m002: its statistics columns zero, no draw luck, m002 not applied
    with sqlite3.connect(db_path) as conn:
        columns = [c[1] for c in conn.execute("pragma table_info(hand_players)") if c[1].endswith(("_done", "_opp"))]
        conn.execute(f"update hand_players set {', '.join(f'{c} = 0' for c in columns)}")
        conn.execute("delete from draw_luck")
        conn.execute("delete from _sqlite_migrations where name = 'm002_all_statistics'")
    # The store alone brings the schema up to date and leaves the recomputation due
    db = open_database(db_path)
    assert migrations.tasks_due(db) == [migrations.RECOMPUTE_FACTS]
    assert db.execute("select sum(vpip_opp) from hand_players").fetchone()[0] == 0
    db.close()
    # The api does it when it opens the database: the statistics are back, nothing is left due
    after = {(p.player, p.site): p.stats for p in api.players(db_path)}
    assert after == before
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("select count(*) from sqlite_master where name = 'maintenance_due'").fetchone()[0] == 0
        assert conn.execute("select count(*) from draw_luck").fetchone()[0] > 0


def test_a_new_database_has_no_task_due(tmp_path: Path) -> None:
    db = open_database(tmp_path / "new.db")
    assert migrations.tasks_due(db) == []
    assert not db["maintenance_due"].exists()


def test_m013_indexes_serve_the_lists(tmp_path: Path) -> None:
    from hhtracker.report import browse
    from hhtracker.store import tournaments

    db_path = tmp_path / "t.db"
    api.import_paths([SAMPLES], db_path)
    # As a database from before m013 and m015: their indexes gone, the migrations not applied
    # (m015 makes player_months_lists, which the month-aligned page reads)
    with sqlite3.connect(db_path) as conn:
        conn.execute("drop index player_days_lists")
        conn.execute("drop index hands_tournament")
        conn.execute("drop index player_months_lists")
        conn.execute("delete from _sqlite_migrations where name in ('m013_list_indexes', 'm015_player_months')")
    open_database(db_path).close()
    plans: list[str] = []
    with sqlite3.connect(db_path) as conn:
        def plan_of(sql: str) -> None:
            if sql.lstrip().lower().startswith("select") and "sqlite_master" not in sql:
                plans.append(" | ".join(row[3] for row in conn.execute("explain query plan " + sql)))

        conn.set_trace_callback(plan_of)  # (each statement run, planned again with its parameters inlined)
        # (a date range's whole months are read from player_months: its index is m015's)
        page = browse.player_page(conn, filters=api.Filters(table_size="3-6", since=datetime.date(2010, 1, 1)))
        hands = browse.hand_list(conn, browse.HandQuery(player="Hero"), api.Filters(table_size="3-6"))
        found = tournaments.tournament_results(conn, None)  # type: ignore[arg-type]
        conn.set_trace_callback(None)
    assert page.total > 0 and found and hands.total > 0
    # the filtered players page and its biggest pots: from the index alone, not the summary rows
    assert "COVERING INDEX player_months_lists" in plans[0], plans[0]
    assert sum("COVERING INDEX player_months_lists" in p for p in plans) >= 3, plans
    # a player's hands per day (the hand list): from player_days' index alone
    assert any("COVERING INDEX player_days_lists" in p for p in plans), plans
    # the tournament hands found through the partial index
    assert any("hands_tournament" in p for p in plans), plans
