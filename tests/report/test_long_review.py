"""Long lists of hands to review: capped in the terminal and the page, counted in full, every
one in JSON (and with --all-hands).

One evening of Mira's at table Alpha, $0.50/$1 (big bet 100 cents), written from the templates
below: hand 92000000000 + p is played at 18:50 ET (23:50 UTC, 2021-03-05) + 2 (p - 1) minutes,
p = 1..34, so p 1-5 are on 2021-03-05 UTC and p 6-34 on 2021-03-06. Mira is dealt
Qc Qd 4h 2s (a pair: standing pat on it is a snow) in the big blind. Her net, by hand:

  S  +50   snows, bets, Cara folds                      (+0.50 BB)
  W  +100  snows, bets, Bob and Cara fold               (+1.00 BB)
  L  -100  snows, bets, Cara raises, Mira folds         (-1.00 BB)
  X  -150  snows twice, calls a raise, folds to a bet   (-1.50 BB)
  warning  draws one, bets $0.60 in a $0.50 round: a bet_size warning, no snow (+0.50 BB)
  error    collects $1.10 of a $1 pot: left out (replay error)

  p   1 W   2 L   3 W   4 S   5 X   6 warning   7 S   8 L   9 W  10 S  11 W  12 error
     13 S  14 X  15 warning  16 L  17 W  18 S  19 error  20 W  21 S  22 warning  23 L
     24 X  25 S  26 error  27 W  28 S  29 warning  30 W  31 error  32 L  33 warning  34 S

25 snows (3 X, 8 W, 5 L, 9 S), no break, 5 warnings, 4 errors; 30 counted hands.

The 20 snows listed by default, those with the most big bets won or lost (ties: the oldest):
the 3 X (1.50 BB: p 5, 14, 24), the 13 W and L (1.00 BB: p 1, 2, 3, 8, 9, 11, 16, 17, 20,
23, 27, 30, 32) and the 4 oldest S (0.50 BB: p 4, 7, 10, 13); left out of the list: the S of
p 18, 21, 25, 28, 34.
"""

from __future__ import annotations

import datetime as dt
import inspect
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.report import render
from hhtracker.report.session import REVIEW_LIMIT, session_report
from hhtracker.store.database import open_database

HEAD = """PokerStars Game #{number}:  Badugi Limit ($0.50/$1 USD) - {time} ET
Table 'Alpha' 6-max Seat #2 is the button
Seat 1: Mira ($25 in chips) 
Seat 2: Bob ($25 in chips) 
Seat 3: Cara ($25 in chips) 
Cara: posts small blind $0.25
Mira: posts big blind $0.50
*** DEALING HANDS ***
Dealt to Mira [Qc Qd 4h 2s]
"""
BODIES = {
    # Bob folds, Cara completes; Mira snows at draw 1, bets, Cara folds: pot $1, Mira +50
    "S": """Bob: folds 
Cara: calls $0.25
Mira: checks 
*** FIRST DRAW ***
Cara: discards 2 cards
Mira: stands pat on [Qc Qd 4h 2s]
Cara: checks 
Mira: bets $0.50
Cara: folds 
Uncalled bet ($0.50) returned to Mira
Mira collected $1 from pot
Mira: doesn't show hand 
*** SUMMARY ***
Total pot $1 | Rake $0 
Seat 1: Mira (big blind) collected ($1)
Seat 2: Bob (button) folded before the Draw (didn't bet)
Seat 3: Cara (small blind) folded after the 1st Draw
""",
    # Bob calls, Cara completes; Mira snows, bets, both fold: pot $1.50, Mira +100
    "W": """Bob: calls $0.50
Cara: calls $0.25
Mira: checks 
*** FIRST DRAW ***
Cara: discards 2 cards
Mira: stands pat on [Qc Qd 4h 2s]
Bob: discards 1 card
Cara: checks 
Mira: bets $0.50
Bob: folds 
Cara: folds 
Uncalled bet ($0.50) returned to Mira
Mira collected $1.50 from pot
Mira: doesn't show hand 
*** SUMMARY ***
Total pot $1.50 | Rake $0 
Seat 1: Mira (big blind) collected ($1.50)
Seat 2: Bob (button) folded after the 1st Draw
Seat 3: Cara (small blind) folded after the 1st Draw
""",
    # Bob folds, Cara completes; Mira snows, bets $0.50, Cara raises to $1, Mira folds:
    # pot $2 to Cara, Mira -100
    "L": """Bob: folds 
Cara: calls $0.25
Mira: checks 
*** FIRST DRAW ***
Cara: discards 2 cards
Mira: stands pat on [Qc Qd 4h 2s]
Cara: checks 
Mira: bets $0.50
Cara: raises $0.50 to $1
Mira: folds 
Uncalled bet ($0.50) returned to Cara
Cara collected $2 from pot
Cara: doesn't show hand 
*** SUMMARY ***
Total pot $2 | Rake $0 
Seat 1: Mira (big blind) folded after the 1st Draw
Seat 2: Bob (button) folded before the Draw (didn't bet)
Seat 3: Cara (small blind) collected ($2)
""",
    # Bob calls, Cara completes; Mira snows, bets $0.50, Bob raises to $1, Cara folds, Mira
    # calls (pot $3.50); Mira snows again at draw 2, checks, Bob bets $1, Mira folds: -150
    "X": """Bob: calls $0.50
Cara: calls $0.25
Mira: checks 
*** FIRST DRAW ***
Cara: discards 2 cards
Mira: stands pat on [Qc Qd 4h 2s]
Bob: discards 1 card
Cara: checks 
Mira: bets $0.50
Bob: raises $0.50 to $1
Cara: folds 
Mira: calls $0.50
*** SECOND DRAW ***
Mira: stands pat on [Qc Qd 4h 2s]
Bob: stands pat 
Mira: checks 
Bob: bets $1
Mira: folds 
Uncalled bet ($1) returned to Bob
Bob collected $3.50 from pot
Bob: doesn't show hand 
*** SUMMARY ***
Total pot $3.50 | Rake $0 
Seat 1: Mira (big blind) folded after the 2nd Draw
Seat 2: Bob (button) collected ($3.50)
Seat 3: Cara (small blind) folded after the 1st Draw
""",
    # no snow: Mira draws one, bets $0.60 in a $0.50 round (a bet_size warning), Cara folds: +50
    "warning": """Bob: folds 
Cara: calls $0.25
Mira: checks 
*** FIRST DRAW ***
Cara: discards 2 cards
Mira: discards 1 card [Qd]
Dealt to Mira [Qc 4h 2s] [Kd]
Cara: checks 
Mira: bets $0.60
Cara: folds 
Uncalled bet ($0.60) returned to Mira
Mira collected $1 from pot
Mira: doesn't show hand 
*** SUMMARY ***
Total pot $1 | Rake $0 
Seat 1: Mira (big blind) collected ($1)
Seat 2: Bob (button) folded before the Draw (didn't bet)
Seat 3: Cara (small blind) folded after the 1st Draw
""",
    # Mira collects $1.10 of a $1 pot: the replay finds an error, the hand is left out
    "error": """Bob: folds 
Cara: calls $0.25
Mira: checks 
*** FIRST DRAW ***
Cara: discards 2 cards
Mira: discards 1 card [Qd]
Dealt to Mira [Qc 4h 2s] [Kd]
Cara: checks 
Mira: bets $0.50
Cara: folds 
Uncalled bet ($0.50) returned to Mira
Mira collected $1.10 from pot
Mira: doesn't show hand 
*** SUMMARY ***
Total pot $1 | Rake $0 
Seat 1: Mira (big blind) collected ($1.10)
Seat 2: Bob (button) folded before the Draw (didn't bet)
Seat 3: Cara (small blind) folded after the 1st Draw
""",
}


PLAN = ("W L W S X warning S L W S W error S X warning L W S error W S warning L X S error W S warning W error L "
        "warning S").split()
START = dt.datetime(2021, 3, 5, 18, 50)  # ET


def number(p: int) -> str:
    return str(92000000000 + p)


def numbers(*ps: int) -> list[str]:
    return [number(p) for p in ps]


SNOWS = [p for p, kind in enumerate(PLAN, start=1) if kind in ("S", "W", "L", "X")]
SHOWN_SNOWS = numbers(1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 13, 14, 16, 17, 20, 23, 24, 27, 30, 32)
HIDDEN_SNOWS = numbers(18, 21, 25, 28, 34)
WARNINGS = numbers(6, 15, 22, 29, 33)
ERRORS = numbers(12, 19, 26, 31)
runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("review")
    hands = [
        HEAD.format(number=number(p), time=(START + dt.timedelta(minutes=2 * (p - 1))).strftime("%Y/%m/%d %H:%M:%S"))
        + BODIES[kind]
        for p, kind in enumerate(PLAN, start=1)
    ]
    (folder / "review.txt").write_text("\n\n\n".join(hands), encoding="utf-8")
    path = folder / "tracker.db"
    summary = api.import_paths([folder / "review.txt"], path)
    # 34 hands in PLAN: the 4 "error" hands are rejected (stored, not counted, not new), the
    # other 30 are new, the 5 "warning" ones with warnings; the counts add up to the hands read
    assert len(PLAN) == 34 and PLAN.count("error") == 4 and PLAN.count("warning") == 5
    assert (summary.hands_new, summary.hands_rejected, summary.hands_with_warnings) == (30, 4, 5)
    return path


def by_kind(report) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for n in report.notable:
        found.setdefault(n.kind, []).append(n.site_hand_id)
    return found


def test_the_plan_is_as_described() -> None:
    assert len(PLAN) == 34 and len(SNOWS) == 25
    assert sorted(SHOWN_SNOWS + HIDDEN_SNOWS) == numbers(*SNOWS)


def test_a_long_list_is_capped_at_the_biggest_and_counted_in_full(db: Path) -> None:
    report = api.session_report(db)
    assert report.summary.number == 1 and report.summary.hands == 30
    assert report.review_limit == REVIEW_LIMIT == 20
    assert report.review_counts == {"snow": 25, "break": 0, "warning": 5}
    assert by_kind(report) == {
        "won": numbers(1, 3, 9),  # +1.00 BB, the oldest three
        "lost": numbers(5, 14, 24),  # -1.50 BB
        "snow": SHOWN_SNOWS,  # oldest first
        "warning": WARNINGS,  # 5: under the cap, all listed
    }
    assert report.left_out == tuple(ERRORS) and report.left_out_count == 4
    two = [n.note for n in report.notable if n.kind == "snow" and n.site_hand_id in numbers(5, 14, 24)]
    assert two == ["stood pat without a badugi (2 times)"] * 3


def test_a_smaller_cap_applies_to_every_list(db: Path) -> None:
    report = api.session_report(db, review_limit=3)
    assert report.review_counts == {"snow": 25, "break": 0, "warning": 5}
    kinds = by_kind(report)
    assert kinds["snow"] == numbers(5, 14, 24)  # the three X, 1.50 BB
    assert kinds["warning"] == numbers(6, 15, 22)  # all +0.50 BB: the oldest three
    assert report.left_out == tuple(numbers(12, 19, 26)) and report.left_out_count == 4  # the first three
    nothing = api.session_report(db, review_limit=0)
    assert set(by_kind(nothing)) == {"won", "lost"} and nothing.left_out == ()
    assert nothing.review_counts == {"snow": 25, "break": 0, "warning": 5} and nothing.left_out_count == 4


def test_every_one_without_a_cap(db: Path) -> None:
    report = api.session_report(db, review_limit=None)
    assert report.review_counts == {"snow": 25, "break": 0, "warning": 5}
    kinds = by_kind(report)
    assert kinds["snow"] == numbers(*SNOWS) and kinds["warning"] == WARNINGS
    assert report.left_out == tuple(ERRORS) and report.left_out_count == 4
    # the terminal's and the page's cut of the full report is the capped report's list
    capped = api.session_report(db)
    assert render.listed_notable(report, REVIEW_LIMIT) == list(capped.notable)
    assert render.listed_notable(report, 3) == list(api.session_report(db, review_limit=3).notable)


@pytest.mark.parametrize("limit", [REVIEW_LIMIT, 3, 0, None])
def test_by_day_as_hand_by_hand(db: Path, limit: int | None) -> None:
    """A date range with a whole day inside (2021-03-06: p 6-34) read from the summary tables
    and SQL, and p 1-5 (2021-03-05) one by one, lists the same hands as reading all of them."""
    conn = open_database(db)
    span = {"start": dt.datetime(2021, 3, 5, 12, tzinfo=dt.UTC), "end": dt.datetime(2021, 3, 7, tzinfo=dt.UTC)}
    by_day = session_report(conn, **span, per_hand_limit=0, review_limit=limit)
    by_hand = session_report(conn, **span, per_hand_limit=10**9, review_limit=limit)
    assert by_day.summary.hands == by_hand.summary.hands == 30
    assert by_day.notable == by_hand.notable
    assert (by_day.review_counts, by_day.left_out, by_day.left_out_count) == (
        by_hand.review_counts, by_hand.left_out, by_hand.left_out_count)
    assert by_day.review_counts == {"snow": 25, "break": 0, "warning": 5} and by_day.left_out_count == 4
    if limit == REVIEW_LIMIT:
        assert by_kind(by_day)["snow"] == SHOWN_SNOWS


def test_terminal_shows_the_cap_and_the_count(db: Path) -> None:
    result = runner.invoke(app, ["report", "--db", str(db)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert all(n in out for n in SHOWN_SNOWS + WARNINGS + ERRORS)
    assert not [n for n in HIDDEN_SNOWS if n in out]
    assert ("snows: 25 (20 shown), breaks: 0, warnings: 5. A list of more than 20 shows the 20 with the most big "
            "bets won or lost: --all-hands or --json for every one") in " ".join(out.split())
    every = runner.invoke(app, ["report", "--db", str(db), "--all-hands"])
    assert every.exit_code == 0 and all(n in every.stdout for n in numbers(*SNOWS))
    assert "snows: 25, breaks: 0, warnings: 5" in every.stdout and "shown" not in every.stdout
    few = runner.invoke(app, ["report", "--db", str(db), "--session", "1"])
    assert few.stdout == out


def test_json_lists_every_hand(db: Path, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    result = runner.invoke(app, ["report", "--db", str(db), "--json", "--html", str(page)])
    assert result.exit_code == 0, result.output
    value = json.loads(result.stdout)
    assert [n["hand"] for n in value["notable"] if n["kind"] == "snow"] == numbers(*SNOWS)
    assert [n["hand"] for n in value["notable"] if n["kind"] == "warning"] == WARNINGS
    assert value["review_counts"] == {"snow": 25, "break": 0, "warning": 5}
    assert value["left_out"] == ERRORS and value["left_out_count"] == 4 and value["review_limit"] is None
    assert value["hands"] == 30 and value["net"] == {"amount": 9 * 50 + 8 * 100 - 5 * 100 - 3 * 150 + 5 * 50,
                                                      "currency": "USD"}
    # the page beside --json keeps the cap
    html = page.read_text(encoding="utf-8")
    assert all(n in html for n in SHOWN_SNOWS) and not [n for n in HIDDEN_SNOWS if n in html]
    assert "snows: 25 (20 shown)" in html and "--all-hands or --json for every one" in html


def test_page_with_every_hand(db: Path, tmp_path: Path) -> None:
    page = tmp_path / "all.html"
    assert runner.invoke(app, ["report", "--db", str(db), "--all-hands", "--html", str(page)]).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert all(n in html for n in numbers(*SNOWS)) and "snows: 25, breaks: 0, warnings: 5" in html


def test_the_api_default_is_the_report_default() -> None:
    assert inspect.signature(api.session_report).parameters["review_limit"].default == REVIEW_LIMIT
    with pytest.raises(ValueError):
        session_report(open_database(":memory:"), review_limit=-1)


def test_generated_days_by_day_as_hand_by_hand(tmp_path: Path) -> None:
    """Generated hands over three days (breaks and snows on each): with a cap of 3, the lists
    read by day equal those read hand by hand, and the counts those of the stored rows."""
    from hhtracker.generate import generate_files

    files = []
    for i, (start, hands) in enumerate(((dt.datetime(2026, 11, 1, 21, 0), 80), (dt.datetime(2026, 11, 2, 10, 0), 120),
                                        (dt.datetime(2026, 11, 3, 22, 30), 80))):
        files += generate_files(tmp_path / str(i), hands=hands, seed=80 + i, players=6, tables=2, start=start,
                                first_hand_id=600000000000 + 1000 * i)
    api.import_paths(files, tmp_path / "tracker.db")
    conn = open_database(tmp_path / "tracker.db")
    expected = dict(conn.execute(
        """select 'snow', count(*) from hand_players hp join hands h on h.id = hp.hand_id join players p on p.id = hp.player_id
           where p.name = 'Hero' and h.status in ('ok', 'warning') and hp.snow_known_done > 0
           union all
           select 'break', count(*) from hand_players hp join hands h on h.id = hp.hand_id join players p on p.id = hp.player_id
           where p.name = 'Hero' and h.status in ('ok', 'warning') and hp.break_known_done > 0""").fetchall())
    assert expected["break"] > 3 and expected["snow"] > 0
    for limit in (3, None):
        by_day = session_report(conn, gap=dt.timedelta(days=2), per_hand_limit=0, review_limit=limit)
        by_hand = session_report(conn, gap=dt.timedelta(days=2), per_hand_limit=10**9, review_limit=limit)
        assert by_day.summary.hands == 280 and by_day.notable == by_hand.notable
        assert by_day.review_counts == by_hand.review_counts == {**expected, "warning": 0}
        breaks = [n for n in by_day.notable if n.kind == "break"]
        assert len(breaks) == (3 if limit else expected["break"])
        if limit is None:  # every break, oldest first; the capped list: the 3 biggest of them
            assert breaks == sorted(breaks, key=lambda n: n.start_time)
            biggest = sorted(breaks, key=lambda n: -abs(n.big_bets))[:3]
            capped = session_report(conn, gap=dt.timedelta(days=2), per_hand_limit=0, review_limit=3)
            assert [n for n in capped.notable if n.kind == "break"] == [n for n in breaks if n in biggest]


def test_terminal_with_a_cap_of_three(db: Path) -> None:
    """print_report cuts a full report itself (as beside --json): 3 of each list, the hands
    left out the first 3 of 4."""
    import io

    from rich.console import Console

    buffer = io.StringIO()
    render.print_report(api.session_report(db, review_limit=None), Console(file=buffer, width=200), limit=3)
    out = " ".join(buffer.getvalue().split())
    assert "92000000012, 92000000019, 92000000026 … (4 in all, the first 3 shown; --all-hands or --json for every one)" in out
    assert "92000000031" not in out
    assert ("snows: 25 (3 shown), breaks: 0, warnings: 5 (3 shown). A list of more than 3 shows the 3 with the most "
            "big bets won or lost") in out
    listed = [n for n in numbers(*range(1, 35)) if f"│ {n} │" in buffer.getvalue()]
    # won 1, 3, 9; lost and snows 5, 14, 24; warnings 6, 15, 22
    assert listed == numbers(1, 3, 5, 6, 9, 14, 15, 22, 24)
