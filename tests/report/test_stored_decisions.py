"""The hand report and the replayer read the hero's draw decisions stored at import
(store.decisions.read_decisions, issue 24) instead of computing them; a database made
before they were stored whole (migration m011) says so, and gets them when it is upgraded."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.odds import decisions as odds_decisions
from hhtracker.odds.decisions import decide
from hhtracker.cards import parse_cards
from hhtracker.report.replayer import replayer_data
from hhtracker.report.hand_text import describe
from hhtracker.store.database import open_database
from hhtracker.store.decisions import ADDED_COLUMNS, read_decisions
from sqlite_utils import Database

from tests.common import DATA

HANDS = DATA / "decision_hands" / "decisions.txt"
HAND = "92000000002"


def _hand_id(db_path: Path) -> int:
    with sqlite3.connect(db_path) as conn:
        return conn.execute("select id from hands where site_hand_id = ?", [HAND]).fetchone()[0]


def test_stored_decisions_read_back_as_computed(db_path: Path) -> None:
    api.import_paths([HANDS], db_path)
    db = open_database(db_path)
    try:
        stored = read_decisions(db, _hand_id(db_path))
    finally:
        db.close()
    assert stored is not None and [d.draw for d in stored] == [1, 2, 3]
    # Hand 92000000002: Hero holds As 2h 3d Ks and throws Ks at draw 1 (nothing seen before);
    # at draw 2 he holds As 2h 3d 9h, throws 9h, and has seen Ks. Computed here directly.
    assert stored[0] == decide(parse_cards("As 2h 3d Ks"), parse_cards("Ks"), (), 1)
    assert stored[1] == decide(parse_cards("As 2h 3d 9h"), parse_cards("9h"), parse_cards("Ks"), 2)
    assert stored[1].seen == parse_cards("Ks")


def test_the_hand_report_does_not_compute_the_odds(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    api.import_paths([HANDS], db_path)
    before = CliRunner().invoke(app, ["hand", HAND, "--db", str(db_path), "--json"])

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the hand report computed the odds")

    monkeypatch.setattr(odds_decisions, "decide", refuse)
    result = CliRunner().invoke(app, ["hand", HAND, "--db", str(db_path), "--json"])
    assert result.exit_code == 0, result.output
    assert result.output == before.output
    odds = json.loads(result.output)["draw_odds"]
    assert odds[0]["odds"]["badugi"] == "2215/4324"  # seeds/002: 1 - (38*37*36)/(48*47*46)
    found = api.hand_replays(db_path, HAND)[0]
    frames = replayer_data(found.replayed, found.draw_odds)["frames"]
    assert frames[9]["odds"]["rows"][0]["odds"] == ["51.2%", "28.6%", "23.4%"]


def _as_before_m011(db_path: Path) -> None:
    """Make the database look as before m011: the added columns gone, the migration not applied."""
    db = Database(sqlite3.connect(db_path))
    db.execute("delete from _sqlite_migrations where name = 'm011_decision_odds'")
    db["draw_decisions"].transform(drop=set(ADDED_COLUMNS))
    db.conn.commit()
    db.close()


def test_a_database_before_m011_is_upgraded_when_read(db_path: Path) -> None:
    api.import_paths([HANDS], db_path)
    text = CliRunner().invoke(app, ["hand", HAND, "--db", str(db_path)]).output
    assert "Hero's draws: exact odds" in text
    _as_before_m011(db_path)
    db = Database(sqlite3.connect(db_path))
    assert read_decisions(db, _hand_id(db_path)) is None  # (not stored whole: none read)
    db.close()
    # Reading upgrades it first (m011 computes the rows again from the draws table): the same text
    upgraded = CliRunner().invoke(app, ["hand", HAND, "--db", str(db_path)])
    assert upgraded.stdout == text  # (stderr says the upgrade: step 1 of 1, decision odds)
    assert "step 1 of 1, decision odds" in upgraded.stderr


def test_decisions_not_stored_are_said_so(db_path: Path) -> None:
    api.import_paths([HANDS], db_path)
    found = api.hand_replays(db_path, HAND)[0]
    assert found.draw_odds
    unknown = describe(found.replayed, decisions=None)
    assert "Hero's draws: their odds are not stored in this database" in unknown.text()
    assert "exact odds" not in unknown.text()
    assert unknown.as_json()["draw_odds"] is None
    assert replayer_data(found.replayed, None)["frames"][9]["odds"] is None
    # A hand with no draw of the hero with known cards says nothing of it
    replayed = found.replayed
    no_draws = dataclasses.replace(replayed, draws=tuple(d for d in replayed.draws if d.player != replayed.hero))
    assert "their odds" not in describe(no_draws, decisions=None).text()
