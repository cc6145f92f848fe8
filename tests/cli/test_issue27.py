"""Every figure and word right (issue 27): filters and names (item 7), notes and tags
(item 8), and the words of the commands. The hands are tests/data/leak_hands/hands.txt
(five six-handed hands worked out by hand in tests/stats/test_leaks.py): Hero is UTG in
hands 1, 4 and 5, HJ in hand 2, CO in hand 3; Deb is dealt in all five."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app

from tests.common import CORPUS, DATA, STARS_SNG

runner = CliRunner()
HANDS = DATA / "leak_hands" / "hands.txt"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "t.db"
    assert api.import_paths([HANDS], path).hands_new == 5
    return path


def run(*args: object) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


# --- item 7: filters and names ---------------------------------------------------------------


def test_a_filter_that_matches_nothing_says_so(db: Path) -> None:
    code, out = run("player", "Deb", "--min-hands", "10", "--db", db)
    assert code == 2 and "Deb has 5 hands; none match --min-hands 10" in out
    code, out = run("player", "Hero", "--position", "blinds", "--db", db)
    assert code == 2 and "Hero has 5 hands; none match --position blinds" in out
    code, out = run("player", "Nobody", "--db", db)
    assert code == 2 and "no hands of a player named 'Nobody'" in out


def test_names_match_ignoring_case_when_one_player_fits(db: Path) -> None:
    code, out = run("player", "deb", "--json", "--db", db)
    assert code == 0 and json.loads(out)["player"] == "Deb" and json.loads(out)["results"]["hands"] == 5


@pytest.mark.parametrize(("group", "hands"), [("early", 3), ("middle", 1), ("late", 1)])
def test_position_groups(db: Path, group: str, hands: int) -> None:
    # early: UTG (hands 1, 4, 5; six-handed there is no UTG+1 or UTG+2); middle: HJ (hand 2);
    # late: CO (hand 3)
    code, out = run("player", "Hero", "--position", group, "--json", "--db", db)
    assert code == 0, out
    assert json.loads(out)["results"]["hands"] == hands


def test_tournaments_min_hands() -> None:
    if not (CORPUS / STARS_SNG).is_file():
        pytest.skip(f"the real corpus is not beside the repo ({CORPUS} missing)")
    text = (CORPUS / STARS_SNG).read_text(encoding="utf-8-sig")
    # his hands in the one SNG: the hands whose text deals him cards
    dealt = sum("Dealt to Player5 " in hand for hand in re.split(r"(?m)^(?=PokerStars )", text))
    db = Path(pytest.importorskip("tempfile").mkdtemp()) / "t.db"
    api.import_paths([CORPUS / STARS_SNG], db)
    found = json.loads(run("tournaments", "--hero", "Player5", "--min-hands", dealt, "--json", "--db", db)[1])
    assert [r["hands"] for r in found] == [dealt]
    code, out = run("tournaments", "--hero", "Player5", "--min-hands", dealt + 1, "--json", "--db", db)
    assert json.loads(out) == []
    code, out = run("tournaments", "--hero", "Player5", "--min-hands", dealt + 1, "--db", db)
    assert f"no tournament hands of the hero match --min-hands {dealt + 1}" in out
