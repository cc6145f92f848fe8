"""Layouts of real files that must read without a false alarm or a lost hand (issue 13,
items 7-10), on hand-written files: sites we do not read are skipped and counted by site,
Full Tilt's archive separators are format, PokerStars' two clocks settle the repeated
autumn hour, and a summary's "won (X)" must equal what the player collected.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker.cli import app
from hhtracker.parse.detect import other_site
from hhtracker.parse.read import OtherSiteFile, RawHand, split_hands
from hhtracker.rules.issues import Code, Severity

from tests.parse.test_sites import FT_2010

from tests.common import DATA

runner = CliRunner()

# ---- 7. sites we do not read ----------------------------------------------------------------

WINAMAX = """Winamax Poker - CashGame - HandId: #100-200-300 - 2-7 Triple Draw fixed limit (25\u20ac/50\u20ac) - 2016/11/12 22:24:21 UTC
Table: 'Pampelune' 6-max (real money) Seat #4 is the button
Seat 1: Player0 (500\u20ac)
Seat 4: Player1 (800\u20ac)
*** ANTE/BLINDS ***
"""

IPOKER = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="123456789">
  <general><client_version>1</client_version></general>
</session>
"""


@pytest.mark.parametrize(("line", "site"), [
    ("Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.01\u20ac/0.02\u20ac) - 2016/11/12 22:24:21 UTC", "Winamax"),
    ('<session sessioncode="1">', "iPoker"),
    ("Poker Hand #RC123: Hold'em No Limit ($0.01/$0.02) - 2020/01/01 10:00:00", "GGPoker"),
    ("PokerStars Game #1:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET", None),
    ("#37732805: Limit Badugi - 30/60", None),
])
def test_other_sites_by_their_first_line(line: str, site: str | None) -> None:
    assert other_site(line) == site


def test_files_of_other_sites_are_skipped_and_counted_by_site(tmp_path: Path) -> None:
    (tmp_path / "w1.txt").write_text(WINAMAX, encoding="utf-8")
    (tmp_path / "w2.txt").write_text("\ufeff" + WINAMAX, encoding="utf-8")
    (tmp_path / "i.xml").write_text(IPOKER, encoding="utf-8")
    assert list(split_hands(tmp_path / "i.xml")) == [OtherSiteFile(str(tmp_path / "i.xml"), 2, "iPoker")]
    validated = runner.invoke(app, ["validate", str(tmp_path)])
    assert validated.exit_code == 0, validated.output
    assert validated.stdout == ""  # no warning, no error
    assert "skipped: Winamax, 2 files; iPoker, 1 file" in validated.stderr
    checked = json.loads(runner.invoke(app, ["validate", "--json", str(tmp_path / "w1.txt")]).stdout)
    assert (checked["files"], checked["skipped_sites"], checked["hands"], checked["file_problems"]) == (
        1, {"Winamax": 1}, [], [])
    imported = runner.invoke(app, ["import", "--db", str(tmp_path / "t.db"), "--json", str(tmp_path)])
    assert imported.exit_code == 0, imported.output
    summary = json.loads(imported.stdout)
    assert summary["skipped_sites"] == {"Winamax": 2, "iPoker": 1}
    assert summary["problems"] == [] and summary["hands_new"] == 0


def test_text_of_no_site_is_still_an_error(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("my poker notes\nnothing to see\n", encoding="utf-8")
    validated = runner.invoke(app, ["validate", str(tmp_path / "notes.txt")])
    assert validated.exit_code == 1
    assert "[no_hands]" in validated.stdout


# ---- 8. Full Tilt archive separators ----------------------------------------------------------

# FT_2010 with Dr. No's raise over Player5's all-in bet of half a bet completed to the level
# ($0.10; the site rules of structures.py), so that the hand itself gives no issue.
FT_LEGAL = FT_2010.replace("Dr. No raises to $0.15", "Dr. No raises to $0.10").replace(
    "Uncalled bet of $0.10 returned to Dr. No", "Uncalled bet of $0.05 returned to Dr. No")


def test_full_tilt_archive_separators_are_format(tmp_path: Path) -> None:
    path = tmp_path / "archive.txt"
    second = FT_LEGAL.replace("#25340585274", "#25340585275")
    path.write_text("\ufeff******************** # 1 **************************\n" + FT_LEGAL
                    + "\n\n******************** # 2 **************************\n" + second + "\n", encoding="utf-8")
    hands = list(split_hands(path))
    assert [type(h) for h in hands] == [RawHand, RawHand]
    first_length = FT_LEGAL.count("\n") + 1
    assert [h.line for h in hands] == [2, 2 + first_length + 2]  # each after its separator
    validated = runner.invoke(app, ["validate", "--json", str(path)])
    assert validated.exit_code == 0, validated.output
    report = json.loads(validated.stdout)["hands"]
    assert [(r["hand_id"], r["status"], r["issues"]) for r in report] == [
        ("25340585274", "ok", []), ("25340585275", "ok", [])]


def test_full_tilt_archive_with_a_blank_line_after_every_line(tmp_path: Path) -> None:
    """The archive layout (issue "Guarantees" 8): the separator, a blank line, then the hand
    with a blank line after each of its lines. It reads as the plain hand; a line of no known
    shape is still reported at its line in the file (2 + 2 * its index in the hand)."""
    lines = FT_LEGAL.split("\n")
    path = tmp_path / "archive.txt"
    path.write_text("******************** # 1 **************************\n\n" + "\n\n".join(lines) + "\n\n",
                    encoding="utf-8")
    validated = runner.invoke(app, ["validate", "--json", str(path)])
    assert validated.exit_code == 0, validated.output
    assert [(r["line"], r["hand_id"], r["status"]) for r in json.loads(validated.stdout)["hands"]] == [(3, "25340585274", "ok")]
    broken = lines[:5] + ["Mr Big juggles"] + lines[5:]
    path.write_text("******************** # 1 **************************\n\n" + "\n\n".join(broken) + "\n\n",
                    encoding="utf-8")
    validated = runner.invoke(app, ["validate", str(path)])
    assert validated.exit_code == 1
    assert f"{path}:13: error [syntax] unrecognised line: 'Mr Big juggles'" in validated.stdout.splitlines()


# ---- 9. PokerStars' two clocks ----------------------------------------------------------------

BASE = (DATA / "rules_hands" / "legal" / "base_three_handed.txt").read_text(encoding="utf-8")
BASE_HEADER = BASE.split("\n", 1)[0]


def stars(text: str):
    from hhtracker.parse.pokerstars import PokerStarsParser
    from hhtracker.rules.replay import replay

    hand = PokerStarsParser().parse(RawHand("t.txt", 1, text))
    return hand, replay(hand)


def with_clock(clock: str) -> str:
    return BASE.replace(BASE_HEADER, f"PokerStars Game #900000001:  Badugi Limit ($0.25/$0.50 USD) - {clock}")


UTC = dt.UTC
CLOCKS = [
    # the repeated hour: 01:30 ET is 05:30 UTC (EDT) or 06:30 UTC (EST); Paris is on CET
    # (UTC+1) since 25 October, so 07:30 CET is 06:30 UTC and 06:30 CET is 05:30 UTC
    ("2020/11/01 7:30:00 CET [2020/11/01 1:30:00 ET]", dt.datetime(2020, 11, 1, 6, 30, tzinfo=UTC), None),
    ("2020/11/01 6:30:00 CET [2020/11/01 1:30:00 ET]", dt.datetime(2020, 11, 1, 5, 30, tzinfo=UTC), None),
    # "WET" is Lisbon's clock, on summer time in June (UTC+1): 23:34 WET = 18:34 EDT = 22:34 UTC
    ("2011/06/26 23:34:01 WET [2011/06/26 18:34:01 ET]", dt.datetime(2011, 6, 26, 22, 34, 1, tzinfo=UTC), None),
    # only ET, in the repeated hour: the first (EDT) is taken, and said
    ("2020/11/01 1:30:00 ET", dt.datetime(2020, 11, 1, 5, 30, tzinfo=UTC), "happens twice"),
    # 02:30 ET on 8 March 2020 never happened (02:00 EST -> 03:00 EDT): 08:30 CET = 07:30 UTC
    ("2020/03/08 8:30:00 CET [2020/03/08 2:30:00 ET]", dt.datetime(2020, 3, 8, 7, 30, tzinfo=UTC), "CET = 2020-03-08 07:30 UTC used"),
    # the stamps disagree by an hour (17:00 CEST is 15:00 UTC, 10:00 EDT 14:00): ET is used
    ("2020/06/01 17:00:00 CET [2020/06/01 10:00:00 ET]", dt.datetime(2020, 6, 1, 14, 0, tzinfo=UTC), "ET used (2020-06-01 14:00 UTC)"),
]


@pytest.mark.parametrize(("clock", "utc", "note"), CLOCKS, ids=[c[0][-14:] for c in CLOCKS])
def test_two_clocks_settle_the_start_time(clock: str, utc: dt.datetime, note: str | None) -> None:
    hand, replayed = stars(with_clock(clock))
    assert hand.start_time == utc
    if note is None:
        assert replayed.issues == ()
    else:
        assert [(i.code, i.line, i.severity) for i in replayed.issues] == [(Code.START_TIME, 1, Severity.WARNING)]
        assert note in replayed.issues[0].message


# ---- 10. "won (X)" against what was collected -------------------------------------------------


def test_summary_won_must_equal_what_was_collected() -> None:
    # Alder collects $4.75 (line 38); the summary (line 41) says he won $4.70.
    _, replayed = stars(BASE.replace("and won ($4.75)", "and won ($4.70)"))
    assert [(i.code, i.line, i.severity) for i in replayed.issues] == [(Code.WON_MISMATCH, 41, Severity.WARNING)]
    assert "$4.75" in replayed.issues[0].message and "$4.70" in replayed.issues[0].message  # as money (issue 27)
    _, replayed = stars(BASE)
    assert replayed.issues == ()
