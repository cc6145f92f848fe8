"""An import that tells the truth: every hand read counted once (new: clean or with
warnings; rejected; duplicate; skipped), file problems apart from hand warnings, a hand still
rejected reported again at each import; `import --watch` that leaves a hand cut inside a line
for the next look and reports only what changed (issue 20, items 6 and 7)."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from pathlib import Path

from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app

from tests.report.test_long_review import BODIES, HEAD

runner = CliRunner()
START = dt.datetime(2021, 3, 5, 18, 50)


def hand(number: int, kind: str) -> str:
    """A hand of the review test's table: kind W (won, clean), L (lost, clean), warning (a
    bet size off the structure: kept, with warnings), error (collects more than the pot:
    rejected by the replay)."""
    time = (START + dt.timedelta(minutes=2 * number)).strftime("%Y/%m/%d %H:%M:%S")
    return HEAD.format(number=93000000000 + number, time=time) + BODIES[kind]


HOLDEM = """PokerStars Hand #93000000099:  Hold'em No Limit ($0.01/$0.02 USD) - 2021/03/05 19:30:00 ET
Table 'Beta' 6-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Ben ($2 in chips)
Ann: posts small blind $0.01
Ben: posts big blind $0.02
*** HOLE CARDS ***
Ann: folds
Uncalled bet ($0.01) returned to Ben
Ben collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 1: Ann (button) (small blind) folded before Flop
Seat 2: Ben (big blind) collected ($0.02)
"""


def mixed_file(folder: Path) -> Path:
    """Stray text, then: W, L, warning (3 hands that count), error (rejected by the replay),
    a W hand cut off after 12 lines (rejected: does not parse), a Hold'em hand (skipped)."""
    cut = "\n".join(hand(6, "W").split("\n")[:12])
    text = "\n\n\n".join(["my notes about this table", hand(1, "W"), hand(2, "L"), hand(3, "warning"),
                          hand(4, "error"), cut, HOLDEM, hand(7, "L")])
    path = folder / "mixed.txt"
    path.write_text(text + "\n", encoding="utf-8")
    return path


def test_every_hand_is_counted_once_and_the_counts_add_up(tmp_path: Path) -> None:
    path = mixed_file(tmp_path)
    db = tmp_path / "t.db"
    result = runner.invoke(app, ["import", "--db", str(db), "--json", str(path)])
    assert result.exit_code == 1  # hands were rejected
    summary = json.loads(result.stdout)
    # 8 hands read: W, L, warning, L count (4 new, 1 of them with warnings); error and cut are
    # rejected (both stored with their text, neither is "new"); Hold'em is skipped
    assert (summary["hands_new"], summary["hands_with_warnings"], summary["hands_rejected"],
            summary["hands_duplicate"], summary["hands_unsupported"]) == (4, 1, 2, 0, 1)
    file_problems = [p for p in summary["problems"] if p["hand_id"] is None]
    assert [p["code"] for p in file_problems] == ["stray_text"]
    with sqlite3.connect(db) as conn:
        statuses = sorted(r[0] for r in conn.execute("select status from hands"))
        assert statuses == ["error", "ok", "ok", "ok", "rejected", "warning"]
        assert conn.execute("select hands_new, hands_rejected, hands_duplicate, hands_unsupported from files").fetchone() \
            == (4, 2, 0, 1)
    text = runner.invoke(app, ["import", "--db", str(tmp_path / "u.db"), str(path)])
    hand_warnings = sum(1 for p in summary["problems"] if p["severity"] == "warning" and p["hand_id"] is not None)
    assert hand_warnings >= 1
    assert ("4 new hands (3 clean, 1 with warnings), 2 rejected, 0 duplicates, 1 skipped "
            "(game or site not supported), 1 file problem (outside any hand)") in text.stdout
    said = f"{hand_warnings} warning{'' if hand_warnings == 1 else 's'} in 1 new hand (hands kept)"
    assert said in text.stdout  # the stray text is not a hand's warning


def test_a_reimport_reports_every_hand_still_rejected(tmp_path: Path) -> None:
    path = mixed_file(tmp_path)
    db = tmp_path / "t.db"
    first = json.loads(runner.invoke(app, ["import", "--db", str(db), "--json", str(path)]).stdout)
    again = runner.invoke(app, ["import", "--db", str(db), "--json", str(path)])
    assert again.exit_code == 1
    summary = json.loads(again.stdout)
    assert (summary["hands_new"], summary["hands_rejected"], summary["hands_duplicate"],
            summary["hands_unsupported"]) == (0, 2, 4, 1)
    errors = sorted((p["hand_id"], p["code"]) for p in summary["problems"] if p["severity"] == "error")
    assert errors == sorted((p["hand_id"], p["code"]) for p in first["problems"] if p["severity"] == "error")
    assert {hand_id for hand_id, _ in errors} == {"93000000004", "93000000006"}
    with sqlite3.connect(db) as conn:
        assert conn.execute("select count(*) from hands").fetchone()[0] == 6  # nothing stored twice
        assert conn.execute("select count(*) from validation_issues where hand_id in "
                            "(select id from hands where status in ('error', 'rejected'))").fetchone()[0] >= 2


def test_watch_holds_a_hand_cut_inside_a_line_and_reports_only_what_changed(tmp_path: Path) -> None:
    folder = tmp_path / "client"
    folder.mkdir()
    live = folder / "table.txt"
    third = hand(3, "L")
    cut_at = third.index("Cara: calls") + len("Cara: ca")  # inside a line, no line break after it
    live.write_text(hand(1, "W") + "\n\n\n" + hand(2, "L") + "\n\n\n" + third[:cut_at], encoding="utf-8")
    looks: list[api.ImportSummary] = []

    def on_import(summary: api.ImportSummary) -> None:
        looks.append(summary)
        if len(looks) == 1:  # the client writes the rest of the hand and one more
            with open(live, "a", encoding="utf-8") as handle:
                handle.write(third[cut_at:] + "\n\n\n" + hand(4, "W") + "\n")

    total = api.ImportSummary()
    api.watch([folder], tmp_path / "t.db", interval=0.01, rounds=4, on_import=on_import, total=total)
    assert len(looks) == 2  # the two looks that found something; the others report nothing
    first, second = looks
    assert (first.hands_new, first.hands_rejected, first.hands_pending) == (2, 0, 1)
    assert not [p for p in first.problems if p.severity == "error"]
    # the second look reads on from the held hand: only the two new hands, no duplicates
    assert (second.hands_new, second.hands_duplicate, second.hands_rejected, second.hands_pending) == (2, 0, 0, 0)
    assert (total.files, total.hands_new, total.hands_rejected, total.hands_pending) == (1, 4, 0, 0)
    with sqlite3.connect(tmp_path / "t.db") as conn:
        assert sorted(r[0] for r in conn.execute("select status from hands")) == ["ok"] * 4


def test_a_hand_cut_at_the_end_of_a_plain_import_is_rejected(tmp_path: Path) -> None:
    """Without --watch nothing is held back: a file that ends inside a line is read as it is."""
    path = tmp_path / "cut.txt"
    third = hand(3, "L")
    path.write_text(hand(1, "W") + "\n\n\n" + third[: third.index("Cara: calls") + 8], encoding="utf-8")
    summary = api.import_paths([path], tmp_path / "t.db")
    assert (summary.hands_new, summary.hands_rejected, summary.hands_pending) == (1, 1, 0)
