"""The automatic tags' population (issue 26): the CLI (`players`, `player`, `hud`:
api.population_of) and the web (api.tag_population) read it one way, the light one
(report.browse.tag_population: only the tags' statistics, from the summary tables). Each is
checked against the cut points of every player's whole statistics (stats.tags.population
over store.reading.player_stats: the way population_of read them before, 37.7 s on 101,750
players), over the samples and the real corpus, with every kind of filter the callers give."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import pytest

from hhtracker import api
from hhtracker.report import browse
from hhtracker.stats import tags
from hhtracker.store.reading import player_stats
from tests.common import CORPUS, SAMPLES

FILTERS = [
    api.Filters(site="pokerstars"),
    api.Filters(site="pokerstars", game="badugi"),
    api.Filters(site="fulltilt", game="badugi"),
    api.Filters(site="pokerstars", game_type=api.GameType("cash")),
    api.Filters(site="pokerstars", since=dt.date(2010, 11, 1)),  # (a date: player_days, not player_totals)
    api.Filters(site="pokerstars", min_hands=5),
    api.Filters(site="kingsclub", game="badugi"),
]


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"the real hand-history corpus is not beside the repo ({CORPUS} missing)")
    path = tmp_path_factory.mktemp("population") / "t.db"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HHTRACKER_STATE_DIR", str(tmp_path_factory.mktemp("population-state")))
        api.import_paths([SAMPLES, CORPUS], path)
    return path


@pytest.fixture
def small_minimums(monkeypatch: pytest.MonkeyPatch) -> None:
    # (the files seat a few dozen players with a few hands each: the tags' minimums made small)
    monkeypatch.setattr(tags, "MIN_POPULATION", 2)
    small = tuple(dataclasses.replace(tag, minimum=1) for tag in tags.AUTO_TAGS)
    monkeypatch.setattr(tags, "AUTO_TAGS", small)
    monkeypatch.setattr(browse, "AUTO_TAGS", small)


@pytest.mark.parametrize("filters", FILTERS)
def test_the_cli_and_the_web_read_the_population_of_every_players_statistics(
        corpus_db: Path, small_minimums: None, filters: api.Filters) -> None:
    conn = api.read_only(corpus_db)
    try:
        whole = tags.population(player_stats(conn, None, with_distributions=False, filters=filters))
        assert whole.cuts  # something to compare
        assert api.population_of(conn, filters) == whole
    finally:
        conn.close()
    assert api.tag_population(corpus_db, filters) == whole
