"""Layouts of real files that must read without a false alarm or a lost hand (issue 13,
items 7-10), on hand-written files: sites we do not read are skipped and counted by site,
Full Tilt's archive separators are format, PokerStars' two clocks settle the repeated
autumn hour, and a summary's "won (X)" must equal what the player collected.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker.cli import app
from hhtracker.parse.detect import other_site
from hhtracker.parse.read import OtherSiteFile, RawHand, split_hands

from .test_sites import FT_2010

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
    assert checked == [{"file": str(tmp_path / "w1.txt"), "line": 1, "site": "Winamax", "hand_id": None,
                        "status": "skipped", "issues": []}]
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
    report = json.loads(validated.stdout)
    assert [(r["hand_id"], r["status"], r["issues"]) for r in report] == [
        ("25340585274", "ok", []), ("25340585275", "ok", [])]
