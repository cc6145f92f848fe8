"""The read facts stored with each hand (store/hand_reads.py, issue 26's speed for the reads and
the leaks) and the reads of 5-Card Draw (issue 25, "reads by draw pattern").

- The reads and the leaks' hand-by-hand lines counted from the stored facts equal the
  per-hand count of tests/oracles/reads_per_hand.py (the way they were read before: every hand
  evaluated again, the lines by correlated SQL) on every game: the real files of ../shared
  and generated hands of each game.
- The import and migration m012 (from the stored rows) store the same facts; a hand stored
  again takes its facts with it.
- 5-Card Draw's reads of the real PokerStars hand, worked out by hand.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.report.reads import READ_MIN_HANDS

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
