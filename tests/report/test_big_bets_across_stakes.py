"""Big bets beside money over several stakes (issue 27, item 6, left): cash big bets count
each hand at its own stakes (as trackers do), money adds cents, so the two can have opposite
signs. Where the report and the profile show both, the words say how big bets are counted
and a note says so when the signs differ.

The hands: tests/data/leak_hands/hands.txt's hand 1 as it is, $0.50/$1: Hero wins $9.25 having
put in $0.50 + $1.00 + ... = $4.50, net +$4.75, +4.75 big bets of $1; and its hand 3 with
every amount made ten times larger, $5/$10: Hero's -$3.50 becomes -$35.00, still -3.50 big
bets of $10. Together: -$30.25 but +1.25 big bets, BB/100 = 100 x 1.25 / 2 = +62.50; bb/100
counts big blinds of $0.50 and $5: (+9.5 - 7) x 100 / 2 = +125.00."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.money import Money
from hhtracker.report.contents import PositionResult
from hhtracker.report.labels import opposite_signs
from hhtracker.report.render import big_bets_notes

from tests.common import DATA

runner = CliRunner()
HANDS = DATA / "leak_hands" / "hands.txt"
AT_STAKES = "each hand at its own stakes"


def _ten_times(match: re.Match[str]) -> str:
    whole, cents = divmod(round(float(match.group(1)) * 100) * 10, 100)
    return f"${whole}" if cents == 0 else f"${whole}.{cents:02d}"


def _database(tmp_path: Path, *, big_stakes: bool) -> Path:
    hands = re.split(r"\n\n+(?=PokerStars )", HANDS.read_text(encoding="utf-8").strip())
    first = next(h for h in hands if "#93000000001" in h)
    third = next(h for h in hands if "#93000000003" in h)
    if big_stakes:
        third = re.sub(r"\$(\d+(?:\.\d\d)?)", _ten_times, third)
        assert "Badugi Limit ($5/$10 USD)" in third
    path = tmp_path / "hands.txt"
    path.write_text(first + "\n\n\n" + third + "\n", encoding="utf-8")
    db = tmp_path / "t.db"
    assert api.import_paths([path], db).hands_new == 2
    return db


def _run(*args: object) -> str:
    result = runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.stdout


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    return _database(tmp_path, big_stakes=True)


def test_the_report_says_how_big_bets_count_and_that_the_signs_differ(mixed: Path) -> None:
    out = _run("report", "--hero", "Hero", "--db", mixed)
    assert "-$30.25 (+1.25 big bets, each hand at its own stakes)" in out
    assert re.search(r"BB/100 \(big bets\)\s*│\s*\+62\.50 ", out) and re.search(r"bb/100 \(big blinds\)\s*│\s*\+125\.00 ", out)
    assert "Net: -$30.25 but +1.25 big bets. Big bets count each hand at its own stakes" in " ".join(out.split())
    assert f"big bets, BB/100, bb/100: {AT_STAKES}" in out  # the positions table's caption
    # each position here is at one stakes (UTG hand 1 +$4.75 / +4.75, CO hand 3 -$35.00 / -3.50): no note for them
    assert "Results by position, " not in out


def test_the_report_page_carries_the_note(mixed: Path, tmp_path: Path) -> None:
    page = tmp_path / "r.html"
    _run("report", "--hero", "Hero", "--db", mixed, "--html", page)
    html = page.read_text(encoding="utf-8")
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())  # as read (a value is written word by word)
    assert "-$30.25 (+1.25 big bets, each hand at its own stakes)" in text
    assert "Net: -$30.25 but +1.25 big bets." in text


def test_the_profile_says_it_too(mixed: Path) -> None:
    out = _run("player", "Hero", "--db", mixed)
    assert re.search(r"BB/100 \(big bets\), cash\s*│\s*\+62\.50 \(each hand at its own stakes\)", out), out
    assert "Net, cash: -$30.25 but BB/100 +62.50. Big bets count each hand at its own stakes" in " ".join(out.split())


def test_one_stakes_reads_as_before(tmp_path: Path) -> None:
    # both hands at $0.50/$1: +$4.75 - $3.50 = +$1.25, +1.25 big bets: nothing to explain
    db = _database(tmp_path, big_stakes=False)
    out = _run("report", "--hero", "Hero", "--db", db)
    assert "+$1.25 (+1.25 big bets)" in out
    assert AT_STAKES not in out and "point opposite ways" not in out
    assert "point opposite ways" not in _run("player", "Hero", "--db", db)


def test_a_position_mixing_stakes_gets_its_note(mixed: Path) -> None:
    # both hands in one row (as a position with hands at both stakes would read)
    report = api.session_report(mixed, session=1)
    both = PositionResult("UTG", 2, (Money(-3025, "USD"),), 1.25, 62.5, 125.0)
    notes = big_bets_notes(dataclasses.replace(report, positions=(both,)))
    assert notes[-1].startswith("Results by position, UTG: -$30.25 but +1.25 big bets.")


def test_opposite_signs() -> None:
    usd = "USD"
    assert opposite_signs((Money(-3025, usd),), 1.25) and opposite_signs((Money(475, usd),), -0.5)
    assert not opposite_signs((Money(-3025, usd),), -1.25) and not opposite_signs((Money(0, usd),), 1.25)
    assert not opposite_signs((Money(-100, usd),), 0.004)  # shown as 0.00: no sign to contradict
    assert not opposite_signs((Money(-100, "chips"),), 1.0)  # chips: big bets have the chips' sign
    assert not opposite_signs((Money(-100, usd), Money(100, "EUR")), 1.0) and not opposite_signs((Money(-1, usd),), None)
