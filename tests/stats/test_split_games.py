"""Statistics of Badacey and Badeucey (issue 16, item 4): per game (`--game`; `players` one
table per game), draws of 0-5 cards, snow and break for the Badugi half (docs/statistics.md),
showdown classes per half. Expected values worked out by hand from tests/data/split_hands/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker.cards import parse_cards
from hhtracker.cli import app
from hhtracker.rules.lowball import evaluate_27, evaluate_a5
from hhtracker.stats.five_card import LowClass, holds_badugi, low_class, snow_and_break

from tests.common import DATA

SPLIT_HANDS = DATA / "split_hands"
runner = CliRunner()


def test_snow_and_break_with_five_cards() -> None:
    badugi_and_one = parse_cards("Ac 2d 3h 4s Kc")  # A-2-3-4 rainbow and a second club
    assert holds_badugi(badugi_and_one)
    # throwing the extra club keeps the badugi: an opportunity to break, not a break
    assert snow_and_break(badugi_and_one, 1, parse_cards("Kc")) == (None, False)
    # throwing the four of spades leaves A-2-3-K with two clubs: no badugi kept, a break
    assert snow_and_break(badugi_and_one, 1, parse_cards("4s")) == (None, True)
    # standing pat with a badugi: a snow opportunity not taken, a break opportunity not taken
    assert snow_and_break(badugi_and_one, 0, ()) == (False, False)
    no_badugi = parse_cards("Ad 2c 3h 4d 6c")  # no spade: no four suits
    assert not holds_badugi(no_badugi)
    assert snow_and_break(no_badugi, 0, ()) == (True, None)  # a snow
    assert snow_and_break(no_badugi, 2, parse_cards("Ad 2c")) == (None, None)
    assert snow_and_break(badugi_and_one, 2, None) == (None, None)  # thrown cards unknown


def test_low_classes() -> None:
    assert low_class(evaluate_a5(parse_cards("6c 4d 3h 2s Ac"))) is LowClass.LOW_7
    assert low_class(evaluate_a5(parse_cards("Kc 4d 3h 2s Ac"))) is LowClass.LOW_K
    assert low_class(evaluate_a5(parse_cards("5c 5d 3h 2s Ac"))) is LowClass.PAIRED_OR_WORSE
    assert low_class(evaluate_27(parse_cards("Ac 5d 4h 3s 2c"))) is LowClass.LOW_A
    assert low_class(evaluate_27(parse_cards("8c 7c 5c 3c 2c"))) is LowClass.PAIRED_OR_WORSE  # a flush
    assert low_class(evaluate_27(parse_cards("9c 8d 7h 6s 5c"))) is LowClass.PAIRED_OR_WORSE  # a straight


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    """The five hand-written hands, with Alder drawing five cards at draw 1 of the scoop, and
    one Badugi hand (Alder raises, Hero folds: the raise comes back, 30 each, pot 60)."""
    folder = tmp_path_factory.mktemp("split")
    for path in SPLIT_HANDS.glob("*.txt"):
        text = path.read_text()
        if path.stem == "scoop_badacey":
            text = text.replace("Alder draws 2\n", "Alder draws 5\n")
        (folder / path.name).write_text(text)
    (folder / "badugi.txt").write_text(BADUGI)
    target = folder / "t.db"
    result = runner.invoke(app, ["import", "--db", str(target), str(folder)])
    assert result.exit_code == 0, result.output
    assert "6 new hands (6 clean" in result.output
    return target


BADUGI = """#37732806: Limit Badugi - 30/60
2020-10-30 19:55:19
Table 'Bronx  BT' Seat 1 is the button
Seat 1: Alder (1,285)
Seat 2: Hero (600)
*** 1ST BETTING ROUND ***
Alder: posts the small blind 15
Hero: posts the big blind 30
Dealt to Alder: [X X X X]
Dealt to Hero: [8d 7s 8h 9d]
Alder raises to 60
Hero folds
*** SUMMARY ***
Seat 1: Alder (1,315) +30
Seat 2: Hero (570) -30
Alder wins pot (60)
"""


def profile(db: Path, name: str, *options: str) -> dict:
    result = runner.invoke(app, ["player", name, "--db", str(db), "--json", *options])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_statistics_per_game(db: Path) -> None:
    # Hero: Badugi one hand (folded), Badacey two (scoop, three-way), Badeucey two.
    assert profile(db, "Hero", "--game", "badugi")["results"]["hands"] == 1
    badacey = profile(db, "Hero", "--game", "badacey")
    assert badacey["results"]["hands"] == 2
    # Badacey, the hero's known draws. Scoop: draw 1 throws Kc from A-2-3-4 rainbow + Kc
    # (break opportunity, kept the badugi), draws 2 and 3 pat on a badugi (snow and break
    # opportunities, neither done). Three-way: Ad 2c 3h 4d Kc has no spade: draw 1 a
    # discard without a badugi (nothing), draws 2 and 3 pat without a badugi: two snows.
    assert badacey["stats"]["snow_known"] == {"done": 2, "opportunities": 4}
    assert badacey["stats"]["break_known"] == {"done": 0, "opportunities": 3}
    # Badeucey. Split hand: 7c 5d 4s 3h Kh throws Kh (badugi kept), then pat twice: 3 break
    # and 2 snow opportunities, none done. Reshuffle hand: 2s Th Jc 6d 5h holds 2s-Jc-6d-5h;
    # throwing 2s Th keeps Jc 6d 5h, no badugi: a break; draw 2 Jc 6d 5h 3s 8c holds
    # 8c-6d-5h-3s, throws Jc (kept): an opportunity; draw 3 pat on it: snow and break
    # opportunities. Break 1/6, snow 0/3.
    badeucey = profile(db, "Hero", "--game", "badeucey")
    assert badeucey["stats"]["snow_known"] == {"done": 0, "opportunities": 3}
    assert badeucey["stats"]["break_known"] == {"done": 1, "opportunities": 6}
    # every game together: 2 + 0 snows of 4 + 3 opportunities (the Badugi hand folded pre-draw)
    together = profile(db, "Hero", "--game", "all")  # asked for (without --game: one profile per game)
    assert together["results"]["hands"] == 5
    assert together["stats"]["snow_known"] == {"done": 2, "opportunities": 7}


def test_draws_count_zero_to_five(db: Path) -> None:
    # Alder at draw 1 in Badacey: 5 (the scoop, changed), 1 (three-way), 2 (side pot).
    alder = profile(db, "Alder", "--game", "badacey")
    assert alder["distributions"]["cards_drawn_d1"] == {"0": 0, "1": 1, "2": 1, "3": 0, "4": 0, "5": 1}
    # a Badugi profile keeps its five keys
    assert set(profile(db, "Alder", "--game", "badugi")["distributions"]["cards_drawn_d1"]) == {"0", "1", "2", "3", "4"}


def test_showdown_classes_per_half(db: Path) -> None:
    # Alder's Badacey showdowns: three-way As 2h 3d 4c 6s (badugi 4-3-2-A, low 6-4-3-2-A),
    # side pot Ad 2c 3s 5h 6c (badugi 5-3-2-A, low 6-5-3-2-A): both seven or better.
    alder = profile(db, "Alder", "--game", "badacey")["distributions"]
    assert alder["showdown_classes"]["badugi_7"] == 2 and sum(alder["showdown_classes"].values()) == 2
    # (the 5- and 6-low classes are A-5 Triple Draw's only: Badacey keeps 7-low or better as one class)
    assert alder["showdown_low_classes"] == {**dict.fromkeys((c.value for c in LowClass if c not in (LowClass.LOW_5, LowClass.LOW_6)), 0), "low_7": 2}
    # Badeucey: split hand 2c 3d 4h 5s Kd (badugi 5-4-3-2; 2-7 K-5-4-3-2), reshuffle hand
    # 7s 5c 4c 3h 2s (three cards: no diamond; 2-7 7-5-4-3-2).
    alder = profile(db, "Alder", "--game", "badeucey")["distributions"]
    assert {k: v for k, v in alder["showdown_classes"].items() if v} == {"badugi_7": 1, "three_card": 1}
    assert {k: v for k, v in alder["showdown_low_classes"].items() if v} == {"low_7": 1, "low_k": 1}
    # the text profile says it too
    result = runner.invoke(app, ["player", "Alder", "--db", str(db), "--game", "badeucey"])
    assert "Low half at showdown, Badeucey" in result.output and "K-low" in result.output


def test_players_never_mixes_games(db: Path) -> None:
    result = runner.invoke(app, ["players", "--db", str(db), "--json"])
    rows = json.loads(result.stdout)
    # Alder: 1 Badugi hand, 3 Badacey (scoop, three-way, side pot), 2 Badeucey
    alder = {row["game"]: row["results"]["hands"] for row in rows if row["player"] == "Alder"}
    assert alder == {"badugi": 1, "badacey": 3, "badeucey": 2}
    result = runner.invoke(app, ["players", "--db", str(db)])
    assert "(Badugi)" in result.output and "(Badacey)" in result.output and "(Badeucey)" in result.output
    together = json.loads(runner.invoke(app, ["players", "--db", str(db), "--json", "--game", "all"]).stdout)
    assert {row["player"]: row["results"]["hands"] for row in together}["Alder"] == 6
    only = json.loads(runner.invoke(app, ["players", "--db", str(db), "--json", "--game", "badeucey"]).stdout)
    assert sorted(row["player"] for row in only) == ["Alder", "Birch", "Cedar", "Dana", "Elm", "Hero"]


def test_phh_export_leaves_the_split_games_out(db: Path, tmp_path: Path) -> None:
    # PHH has fixed-limit Badugi (FB) only: the five split-pot hands are not exported as
    # Badugi; the one Badugi hand is.
    result = runner.invoke(app, ["export", "--format", "phh", "--db", str(db), str(tmp_path / "out.phh")])
    assert result.exit_code == 0, result.output
    assert "1 hand exported as phh" in result.output and "5 not exported" in result.output
    assert (tmp_path / "out.phh").read_text().count('variant = "FB"') == 1


SUMS_BY_GAME = """select p.name, s.game, sum(s.hands), sum(s.net) from player_totals s join players p on p.id = s.player_id
                  group by 1, 2 order by 1, 2"""


def test_migration_m008_groups_an_older_database_by_game(tmp_path: Path) -> None:
    from hhtracker import api
    from hhtracker.store.database import open_database

    db_path = tmp_path / "old.db"
    api.import_paths([SPLIT_HANDS], db_path)
    db = open_database(db_path)
    before = db.execute(SUMS_BY_GAME).fetchall()
    # as a database from before issue 16: summary tables without game (every game together)
    for table in ("player_days", "player_totals"):
        db.execute(f"drop table {table}")
    db.execute("create table player_totals (player_id integer, hands integer)")
    db.execute("delete from _sqlite_migrations where name = 'm009_games_in_summaries'")
    db.conn.commit()
    db.close()
    db = open_database(db_path)  # migrates
    after = db.execute(SUMS_BY_GAME).fetchall()
    db.close()
    assert after == before
    # Alder: Badacey 3 hands, Badeucey 2 (tests/data/split_hands)
    # Alder: Badacey 3 hands (-20 +39.34 +12.50), Badeucey 2 (+4.49 +19.50), in hundredths
    assert [row[1:] for row in after if row[0] == "Alder"] == [("badacey", 3, 3184), ("badeucey", 2, 2399)]
