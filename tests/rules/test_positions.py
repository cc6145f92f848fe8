"""Positions as PokerTracker users read them (issue 20, item 8; STATS.md, Positions): the
first to act pre-draw is UTG whenever five or more are dealt in; stored positions of an
older database are recomputed by migration m004, summary tables included."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker.cli import app
from hhtracker.rules.positions import seat_positions

runner = CliRunner()

# STATS.md, Positions, written out by hand for each count, in seat order from the small blind.
EXPECTED = {
    2: ["BB", "BTN"],  # heads-up: the button (small blind) is BTN, the first seat after it BB
    3: ["SB", "BB", "BTN"],
    4: ["SB", "BB", "CO", "BTN"],
    5: ["SB", "BB", "UTG", "CO", "BTN"],
    6: ["SB", "BB", "UTG", "HJ", "CO", "BTN"],
    7: ["SB", "BB", "UTG", "MP", "HJ", "CO", "BTN"],
    8: ["SB", "BB", "UTG", "UTG+1", "MP", "HJ", "CO", "BTN"],
    9: ["SB", "BB", "UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO", "BTN"],  # choice: STATS.md stops at 8
}


@pytest.mark.parametrize("count", sorted(EXPECTED))
def test_positions_follow_stats_md(count: int) -> None:
    # the button in seat 3 of seats 1..count: the small blind is seat 4 (or 1), and so on
    seats = list(range(1, count + 1))
    names = seat_positions(3 if count >= 3 else 2, seats)
    from_sb = [(3 + i) % count + 1 for i in range(count)] if count >= 3 else [1, 2]
    assert [names[s] for s in from_sb] == EXPECTED[count]


def test_empty_seats_do_not_count() -> None:
    # six dealt in at an 8-max table, seats 2 and 5 empty, the button in seat 8
    assert seat_positions(8, [1, 3, 4, 6, 7, 8]) == {1: "SB", 3: "BB", 4: "UTG", 6: "HJ", 7: "CO", 8: "BTN"}


def walk(hand_number: int, count: int, minute: int) -> str:
    """A legal PokerStars hand with `count` players in seats 1..count, the button in seat 1:
    everyone folds to the big blind (seat 3), who wins the small blind."""
    names = [f"P{seat}" for seat in range(1, count + 1)]
    lines = [
        f"PokerStars Game #{hand_number}:  Badugi Limit ($0.50/$1 USD) - 2021/03/01 20:{minute:02d}:00 ET",
        "Table 'Positions' 8-max Seat #1 is the button",
        *(f"Seat {i + 1}: {name} ($20 in chips) " for i, name in enumerate(names)),
        "P2: posts small blind $0.25",
        "P3: posts big blind $0.50",
        "*** DEALING HANDS ***",
        "Dealt to P1 [Kc Kd Qh Qs]",
        *(f"{name}: folds " for name in names[3:]),
        "P1: folds ",
        "P2: folds ",
        "Uncalled bet ($0.25) returned to P3",
        "P3 collected $0.50 from pot",
        "P3: doesn't show hand ",
        "*** SUMMARY ***",
        "Total pot $0.50 | Rake $0 ",
        "Seat 1: P1 (button) folded before the Draw (didn't bet)",
        "Seat 2: P2 (small blind) folded before the Draw",
        "Seat 3: P3 (big blind) collected ($0.50)",
        *(f"Seat {i + 4}: {name} folded before the Draw (didn't bet)" for i, name in enumerate(names[3:])),
    ]
    return "\n".join(lines) + "\n\n\n\n"


@pytest.fixture
def positions_db(tmp_path: Path) -> Path:
    path = tmp_path / "walks.txt"
    path.write_text(walk(92000000006, 6, 0) + walk(92000000008, 8, 1) + walk(92000000004, 4, 2), encoding="utf-8")
    db = tmp_path / "walks.db"
    result = runner.invoke(app, ["import", "--db", str(db), "--json", str(path)])
    assert result.exit_code == 0, result.output
    return db


def stored_positions(db: Path) -> dict[tuple[str, str], str]:
    conn = sqlite3.connect(db)
    try:
        return {(hand, player): position for hand, player, position in conn.execute(
            """select h.site_hand_id, p.name, hp.position from hand_players hp join hands h on h.id = hp.hand_id
               join players p on p.id = hp.player_id""")}
    finally:
        conn.close()


def test_position_filter_finds_six_handed_utg(positions_db: Path) -> None:
    positions = stored_positions(positions_db)
    assert positions[("92000000006", "P4")] == "UTG" and positions[("92000000006", "P5")] == "HJ"
    assert positions[("92000000008", "P4")] == "UTG" and positions[("92000000008", "P5")] == "UTG+1"
    assert positions[("92000000004", "P4")] == "CO"
    result = runner.invoke(app, ["player", "P4", "--position", "UTG", "--db", str(positions_db), "--json"])
    assert result.exit_code == 0, result.output
    assert '"hands": 2' in result.stdout  # the 6- and the 8-handed hand, not the 4-handed one (CO)


OLD_NAMES = {  # the rule before issue 20: counted back from the button, no UTG renaming
    ("92000000006", "P4"): "MP",
    ("92000000008", "P4"): "UTG+2",
}


def test_migration_recomputes_stored_positions_and_summaries(positions_db: Path) -> None:
    from sqlite_utils import Database

    from hhtracker.store import summary
    from hhtracker.store.database import open_database

    def summary_rows(conn: sqlite3.Connection) -> list[tuple]:
        return sorted(conn.execute("select * from player_days").fetchall(), key=repr) + sorted(
            conn.execute("select * from player_totals").fetchall(), key=repr)

    conn = sqlite3.connect(positions_db)
    fresh = summary_rows(conn)
    with conn:  # a database as the version before m004 left it
        for (hand, player), old in OLD_NAMES.items():
            conn.execute("""update hand_players set position = ? where hand_id = (select id from hands where site_hand_id = ?)
                            and player_id = (select id from players where name = ?)""", [old, hand, player])
        conn.execute("delete from _sqlite_migrations where name = 'm004_pokertracker_positions'")
    summary.rebuild(Database(conn))
    conn.commit()
    assert summary_rows(conn) != fresh and {r[0] for r in conn.execute("select position from player_days")} >= {"MP", "UTG+2"}
    conn.close()
    open_database(positions_db).close()  # runs m004
    conn = sqlite3.connect(positions_db)
    assert summary_rows(conn) == fresh
    conn.close()
    positions = stored_positions(positions_db)
    assert (positions[("92000000006", "P4")], positions[("92000000008", "P4")]) == ("UTG", "UTG")
