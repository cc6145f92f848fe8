"""api.games_played: the games of the hands the filters match (the players page's choice of
one game per table), also when the database holds one game only (a probe, not a pass over
every summary row)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from hhtracker import api
from hhtracker.filters import Filters

from tests.common import DATA

ROOT = DATA.parent.parent
CASH = ROOT / "sample_histories" / "stars_cash_badugi_025_050.txt"  # 9 Badugi hands, 2010-09-14 (ET)
A5 = DATA / "single_draw" / "kingsclub_a5_single_draw.txt"  # one A-5 Single Draw hand, 2021-02-13


def test_one_game_in_the_database(tmp_path: Path) -> None:
    db = tmp_path / "one.db"
    api.import_paths([CASH], db)
    assert api.games_played(db) == ["badugi"]
    assert api.games_played(db, Filters(since=dt.date.fromisoformat("2010-09-14"))) == ["badugi"]
    assert api.games_played(db, Filters(since=dt.date.fromisoformat("2010-09-16"))) == []  # none of its hands: no game
    assert api.games_played(db, Filters(site="kingsclub")) == []


def test_two_games_told_apart_by_the_filters(tmp_path: Path) -> None:
    db = tmp_path / "two.db"
    api.import_paths([CASH, A5], db)
    assert api.games_played(db) == ["badugi", "a5_single_draw"]  # Badugi first (games.GAMES)
    assert api.games_played(db, Filters(site="kingsclub")) == ["a5_single_draw"]
    assert api.games_played(db, Filters(since=dt.date.fromisoformat("2021-01-01"))) == ["a5_single_draw"]
    assert api.games_played(db, Filters(until=dt.date.fromisoformat("2011-01-01"))) == ["badugi"]
