"""Automatic tags on a generated population of 100 players (issue 27, item 3): before, the
fixed thresholds put "calls down" on every generated player and on the three players left
at the end of a real tournament."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hhtracker import api
from hhtracker.generate import generate_files


def test_no_tag_marks_more_than_a_quarter_of_a_100_player_population(tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    generate_files(folder, hands=1500, seed=27, players=100, tables=4)
    db = tmp_path / "t.db"
    assert api.import_paths([folder], db).hands_new == 1500
    everyone = api.players(db)
    assert len(everyone) == 101  # the pool and the hero
    people = api.population(everyone)
    tagged = Counter(tag for stats in everyone for tag in api.auto_tags(stats, people))
    assert tagged and max(tagged.values()) <= len(everyone) / 4, tagged
    # what `player NAME` prints is the same: against the site's players
    for stats in everyone[:5]:
        assert api.earned_tags(db, [stats]) == {"pokerstars": api.auto_tags(stats, people)}


def test_three_players_are_no_population() -> None:
    """The end of a tournament: three players, each over 30 hands that reached draw 1, WTSD
    50%, 60% and 70% (the old rule, 45% or more, called all three "calls down")."""
    from types import SimpleNamespace

    three = [SimpleNamespace(stats={"wtsd": api.Ratio(done, 30)}) for done in (15, 18, 21)]
    people = api.population(three)
    assert [api.auto_tags(p, people) for p in three] == [(), (), ()]
