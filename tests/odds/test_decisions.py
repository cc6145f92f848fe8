"""Draw decisions (hhtracker.odds.decisions, the draw_decisions table): hand-written hands
whose verdicts are worked out by hand in the comments."""

from __future__ import annotations

import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from hhtracker import api
from hhtracker.cards import parse_cards
from hhtracker.odds.decisions import decide
from hhtracker.odds.draws import quality_ladder
from hhtracker.store.database import open_database

from tests.common import DATA

HANDS = DATA / "decision_hands" / "decisions.txt"


@pytest.fixture
def rows(db_path: Path) -> dict[tuple[str, int], sqlite3.Row]:
    api.import_paths([HANDS], db_path)
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    found = conn.execute(
        "select h.site_hand_id, d.* from draw_decisions d join hands h on h.id = d.hand_id order by h.id, d.draw"
    ).fetchall()
    conn.close()
    return {(r["site_hand_id"], r["draw"]): r for r in found}


def test_every_hero_draw_has_a_row(rows):
    assert sorted(rows) == [(h, d) for h in ("92000000001", "92000000002", "92000000003") for d in (1, 2, 3)]


def test_the_wrong_duplicate_is_dominated(rows):
    # A♠2♥3♦K♠, throws the A♠: 2-3-K has the same 10 club outs as A-2-3 (clubs but 2, 3, K
    # against clubs but A, 2, 3) but no eight- or seven-high badugi, which A-2-3 makes with
    # 4-8 and 4-7 of clubs. The other keeps of three (A-2-K, A-3-K) hold two spades: 0.
    row = rows["92000000001", 1]
    assert (row["cards_before"], row["kept"], row["discarded"], row["draws_left"]) == ("As 2h 3d Ks", "2h 3d Ks", 1, 3)
    assert row["dominated"] == 1 and row["dominated_by"] == "As 2h 3d"
    assert Fraction(row["badugi"]) == 1 - Fraction(38 * 37 * 36, 48 * 47 * 46)
    assert (row["eight_high"], row["seven_high"]) == ("0", "0")
    assert Fraction(row["eight_high_best"]) == 1 - Fraction(43 * 42 * 41, 48 * 47 * 46)
    assert row["eight_high_best_keep"] == "As 2h 3d"
    # Standing pat on the K-high badugi (2-3-K-Q): the only keep of four, never dominated;
    # it is a badugi (1), not eight-high (0).
    pat = rows["92000000001", 2]
    assert (pat["kept"], pat["dominated"], pat["badugi"], pat["eight_high"]) == ("2h 3d Ks Qc", 0, "1", "0")


def test_the_right_keep_is_not_dominated(rows):
    row = rows["92000000002", 1]  # keeps A-2-3, throws the K♠
    assert (row["kept"], row["dominated"], row["dominated_by"]) == ("As 2h 3d", 0, None)
    assert Fraction(row["seven_high"]) == 1 - Fraction(44 * 43 * 42, 48 * 47 * 46)
    # Draw 2: A♠2♥3♦9♥, throws the 9♥. Seen: the K♠ thrown at draw 1, so 47 unseen, two
    # draws. A-2-3 has 10 club outs (all but A, 2, 3), 5 of them eight-high (4-8); A-3-9,
    # the other keep of three without a pair of suits, has 10 too but no eight-high: A-2-3
    # dominates it, not the other way round.
    row = rows["92000000002", 2]
    assert (row["kept"], row["dominated"], row["draws_left"]) == ("As 2h 3d", 0, 2)
    assert Fraction(row["badugi"]) == 1 - Fraction(37 * 36, 47 * 46)
    assert Fraction(row["eight_high"]) == 1 - Fraction(42 * 41, 47 * 46)


def test_a_card_thrown_earlier_changes_the_verdict(rows):
    # Dealt 2♣3♣7♥5♦, throws 3♣ 5♦, gets 5♣ 8♠: 2♣7♥5♣8♠ at draw 2, 3♣ and 5♦ seen, 46
    # unseen, two draws. Both keeps of three without two clubs need a diamond:
    # - 2♣7♥8♠ (what he kept): diamonds but 2, 7, 8 and the seen 5♦: A 3 4 6 9 T J Q K = 9,
    #   eight-high A 3 4 6 = 4;
    # - 5♣7♥8♠: diamonds but 5, 7, 8: A 2 3 4 6 9 T J Q K = 10, eight-high A 2 3 4 6 = 5.
    # Seven-high: none for either (the 8). So his keep is dominated by keeping the 5♣.
    row = rows["92000000003", 2]
    assert (row["cards_before"], row["kept"], row["dominated_by"]) == ("2c 7h 5c 8s", "2c 7h 8s", "7h 5c 8s")
    assert Fraction(row["badugi"]) == 1 - Fraction(37 * 36, 46 * 45)
    assert Fraction(row["eight_high"]) == 1 - Fraction(42 * 41, 46 * 45)
    # The best alternative for any badugi is that keep too (pat on 2♣7♥5♣8♠, no badugi, is 0).
    assert row["badugi_best_keep"] == "7h 5c 8s"
    assert Fraction(row["badugi_best"]) == 1 - Fraction(36 * 35, 46 * 45)
    assert Fraction(row["eight_high_best"]) == 1 - Fraction(41 * 40, 46 * 45)


def test_the_lower_cards_dominate(rows):
    # Draw 1 of hand 3: 2♣3♣7♥5♦, keeps 2♣7♥ (needs a diamond and a spade; the 5♦ is in his
    # hand, so the rank 5 offers a spade only). Keeping 2♣5♦ instead needs a heart and a
    # spade, the 7♥ in his hand leaving the rank 7 a spade only: for a badugi no higher than
    # K ... 7 both keeps have the same number of usable ranks with one of them single-suited,
    # so they tie; for six-high or lower 2♣7♥ cannot win (the 7) and 2♣5♦ can (A 3 4 6 free in
    # both suits). So 2♣5♦ dominates; 3♣5♦ ties 2♣5♦ at every quality, and comes later.
    row = rows["92000000003", 1]
    assert (row["kept"], row["dominated"], row["dominated_by"]) == ("2c 7h", 1, "2c 5d")
    # ... and the three targets shown (any, 8-high, 7-high) are equal for the two keeps.
    assert [row[t] for t in ("badugi", "eight_high", "seven_high")] == [
        row[f"dominated_by_{t}"] for t in ("badugi", "eight_high", "seven_high")]


def test_ties_are_not_dominated():
    # From the same hand, keeping 3♣5♦: 2♣5♦ ties it at every quality (ranks A 2 4 6 against
    # A 3 4 6 free below 7, the 7 a spade only above), and every other keep of two is worse
    # somewhere (2♣7♥ and 3♣7♥ cannot make six-high, 7♥5♦ has two single-suited ranks, the 2
    # and 3 of clubs being his, 2♣3♣ no chance): not dominated.
    hand = parse_cards("2c 3c 7h 5d")
    kept = decide(hand, parse_cards("2c 7h"), (), 1)
    assert kept.kept == parse_cards("3c 5d") and not kept.dominated
    assert quality_ladder(parse_cards("3c 5d"), hand, 3) == quality_ladder(parse_cards("2c 5d"), hand, 3)


def test_backfill_from_the_draws_table_gives_the_same_rows(db_path: Path):
    api.import_paths([HANDS], db_path)
    db = open_database(db_path)
    before = db.execute("select * from draw_decisions order by hand_id, draw").fetchall()
    db.execute("delete from draw_decisions")
    from hhtracker.store.decisions import backfill

    assert backfill(db) == 9
    assert db.execute("select * from draw_decisions order by hand_id, draw").fetchall() == before


def test_session_report_lists_the_dominated_draws(db_path: Path, tmp_path: Path):
    import json

    from typer.testing import CliRunner

    from hhtracker.cli import app

    api.import_paths([HANDS], db_path)
    report = api.session_report(db_path, hero="Hero")
    # 9 hero draws in the three hands; dominated: hand 1 draw 1, hand 3 draws 1 and 2 (above)
    assert (report.decision_draws, report.dominated_count) == (9, 3)
    assert [(d.site_hand_id, d.draw, d.kept, d.dominated_by) for d in report.dominated] == [
        ("92000000001", 1, "2h 3d Ks", "As 2h 3d"), ("92000000003", 1, "2c 7h", "2c 5d"),
        ("92000000003", 2, "2c 7h 8s", "7h 5c 8s")]
    assert report.dominated[2].dominating_odds[0] == 1 - Fraction(36 * 35, 46 * 45)
    out = tmp_path / "site" / "report.html"
    out.parent.mkdir()
    result = CliRunner().invoke(app, ["report", "--db", str(db_path), "--hero", "Hero", "--html", str(out), "--json"])
    assert result.exit_code == 0, result.output
    listed = json.loads(result.stdout)["draw_decisions"]
    assert (listed["draws"], listed["dominated"], [d["hand"] for d in listed["listed"]]) == (
        9, 3, ["92000000001", "92000000003", "92000000003"])
    assert listed["listed"][0]["odds"] == {"badugi": "2215/4324", "eight_high": "0", "seven_high": "0"}
    page = out.read_text()
    assert '<h2>Draw decisions</h2>' in page
    assert '<a href="hand-pokerstars-92000000003.html">92000000003</a></td><td class="num">2</td>' in page
    replayer = out.parent / "hand-pokerstars-92000000003.html"
    assert replayer.is_file() and 'href="report.html"' in replayer.read_text()


def test_migration_m004_fills_an_older_database(db_path: Path):
    api.import_paths([HANDS], db_path)
    db = open_database(db_path)
    before = db.execute("select * from draw_decisions order by hand_id, draw").fetchall()
    db["draw_decisions"].drop()  # as a database from before issue 18
    db.execute("delete from _sqlite_migrations where name = 'm007_draw_decisions'")
    db.conn.commit()
    db.close()
    db = open_database(db_path)  # migrates
    assert db.execute("select * from draw_decisions order by hand_id, draw").fetchall() == before
    assert len(before) == 9
