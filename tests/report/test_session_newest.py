"""`sessions(newest=N)`: the newest N sessions of the whole list, numbered as in it, by each
of the list's three ways of reading (the half hours of player_periods; the hero's hands when
the gap is under half an hour; the hands the filters match). The home page of `serve` shows
the latest session this way (a 1,000,000-hand archive: one session read, not 970)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from hhtracker import api
from tests.common import SAMPLES


@pytest.fixture
def imported(db_path: Path, corpus: Path) -> Path:
    api.import_paths([SAMPLES, corpus], db_path)
    return db_path


@pytest.mark.parametrize("way", [{}, {"gap_minutes": 10}, {"filters": api.Filters(since=dt.date(2000, 1, 1))}])
def test_the_newest_sessions_are_the_head_of_the_whole_list(imported: Path, way: dict) -> None:
    _, every = api.sessions(imported, **way)
    assert len(every) == 4  # the hero's: one a site (PokerStars, Merge, Full Tilt, KingsClub)
    assert [s.number for s in every] == list(range(len(every), 0, -1))
    for newest in (0, 1, 2, len(every), len(every) + 5):
        _, found = api.sessions(imported, newest=newest, **way)
        assert found == every[:newest], newest


def test_a_negative_count_is_refused(imported: Path) -> None:
    with pytest.raises(ValueError, match="newest"):
        api.sessions(imported, newest=-1)
