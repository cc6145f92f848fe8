"""Fault isolation (issue "Guarantees"): whatever goes wrong inside one hand rejects that
hand only (a code, its file:line, its raw text stored) and the import goes on; whatever goes
wrong with one file is that file's problem and the next file is read. The same with --jobs 2
and --watch. An exception nobody foresaw is `internal`, one line, its traceback only with
--debug (or HHTRACKER_DEBUG=1)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.parse.read import RawHand, split_hands

from tests.analysis.bad_hands import CASES, STARS, BadCase, write_case
from tests.common import CORPUS, ROOT, SAMPLES

runner = CliRunner()


def _stored(db_path: Path) -> tuple[dict[str, str], list[tuple[str, str, int, str]]]:
    """hand number -> status, and (status, issue code, issue line, raw text) of every hand
    not ok, read with sqlite3."""
    with sqlite3.connect(db_path) as conn:
        statuses = dict(conn.execute("select site_hand_id, status from hands"))
        bad = conn.execute(
            "select h.status, v.code, v.line, r.text from hands h join validation_issues v on v.hand_id = h.id"
            " join raw_hands r on r.hand_id = h.id where h.status not in ('ok', 'warning')").fetchall()
    return statuses, bad


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_a_bad_hand_between_good_ones_is_rejected_and_both_files_import(case: BadCase, jobs: int,
                                                                        tmp_path: Path) -> None:
    if not case.source.exists():
        pytest.skip(f"the real hand-history corpus is not beside the repo ({CORPUS} missing)")
    written = write_case(case, tmp_path / "files")
    db_path = tmp_path / "t.db"
    result = runner.invoke(app, ["import", "--db", str(db_path), "--quiet", "--jobs", str(jobs), str(written.folder)])
    assert result.exit_code == 1, result.output  # as for any rejected hand
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    assert f"{written.bad_file}:{written.bad_line}: error [{case.code}] " in result.stderr
    assert "2 files: 3 new hands" in result.stdout and "1 rejected" in result.stdout
    statuses, bad = _stored(db_path)
    assert {n for n, s in statuses.items() if s == "ok"} == written.good_numbers
    assert len(bad) == 1
    status, code, line, text = bad[0]
    assert (status, code, line) == ("rejected", case.code, written.bad_line)
    assert text.endswith(written.bad_text)


def test_no_traceback_reaches_the_terminal_with_jobs_2(tmp_path: Path) -> None:
    """The real command in its own process (what a user runs): the year-9999 PokerStars hand
    that overflowed on main, between good hands, with --jobs 2."""
    case = next(c for c in CASES if c.name == "pokerstars_year_9999")
    written = write_case(case, tmp_path / "files")
    done = subprocess.run([sys.executable, "-m", "hhtracker", "import", "--db", str(tmp_path / "t.db"), "--jobs", "2",
                           str(written.folder)], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "HHTRACKER_DEBUG": ""}, timeout=120)
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stderr.strip().splitlines()[0] == (
        f"{written.bad_file}:{written.bad_line}: error [bad_date] the start time 9999/12/31 22:00:00 ET is out of range")


SECOND_SAMPLE_HAND = "48911231872"
"""The second hand of sample_histories/stars_cash_badugi_025_050.txt (its header line)."""


def _break_statistics_of(monkeypatch: pytest.MonkeyPatch, number: str) -> None:
    """The per-hand statistics raise (as a bug would) on the hand of that number only."""
    import hhtracker.analysis as analysis

    real = analysis.per_hand_stats

    def per_hand_stats(replayed):
        if replayed.hand.hand_id == number:
            raise ZeroDivisionError("made up by the test")
        return real(replayed)

    monkeypatch.setattr(analysis, "per_hand_stats", per_hand_stats)


def _sample_hands() -> int:
    return sum(isinstance(h, RawHand) for path in SAMPLES.iterdir() for h in split_hands(path))


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_exception_in_the_statistics_rejects_that_hand_only(jobs: int, monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    _break_statistics_of(monkeypatch, SECOND_SAMPLE_HAND)
    db_path = tmp_path / "t.db"
    summary = api.import_paths([SAMPLES], db_path, jobs=jobs)
    total = _sample_hands()
    assert (summary.hands_new, summary.hands_rejected) == (total - 1, 1)
    errors = [p for p in summary.problems if p.severity == "error"]
    assert len(errors) == 1
    problem = errors[0]
    lines = STARS.read_text(encoding="utf-8-sig").split("\n")
    line = next(i for i, text in enumerate(lines, 1) if f"#{SECOND_SAMPLE_HAND}:" in text)
    assert (problem.file, problem.line, problem.hand_id, problem.code) == (str(STARS), line, SECOND_SAMPLE_HAND, "internal")
    assert problem.message == "internal error (ZeroDivisionError: made up by the test); please report it with this hand"
    assert problem.detail is not None and "ZeroDivisionError" in problem.detail
    statuses, bad = _stored(db_path)
    assert statuses[SECOND_SAMPLE_HAND] == "rejected" and sum(s == "ok" for s in statuses.values()) == total - 1
    assert [(b[0], b[1], b[2]) for b in bad] == [("rejected", "internal", line)]
    assert bad[0][3].startswith(f"PokerStars Game #{SECOND_SAMPLE_HAND}:")


def test_the_traceback_only_with_debug(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _break_statistics_of(monkeypatch, SECOND_SAMPLE_HAND)
    monkeypatch.delenv("HHTRACKER_DEBUG", raising=False)
    plain = runner.invoke(app, ["import", "--db", str(tmp_path / "a.db"), str(SAMPLES)])
    assert plain.exit_code == 1
    assert "[internal] internal error (ZeroDivisionError: made up by the test)" in plain.stderr
    assert "Traceback" not in plain.output
    for args, env in ((["--debug"], {}), ([], {"HHTRACKER_DEBUG": "1"})):
        debug = runner.invoke(app, [*args, "import", "--db", str(tmp_path / f"b{len(args)}.db"), str(SAMPLES)], env=env)
        assert debug.exit_code == 1
        assert "traceback of the internal error (--debug):\nTraceback (most recent call last):" in debug.stderr
        assert 'raise ZeroDivisionError("made up by the test")' in debug.stderr
    validate = runner.invoke(app, ["--debug", "validate", str(SAMPLES)])
    assert validate.exit_code == 1 and "ZeroDivisionError: made up by the test" in validate.stderr


def test_a_file_that_fails_while_read_is_a_file_problem_and_the_next_file_is_read(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """An exception nobody foresaw while a file is read (here after its first hand): that
    file's hands read before it stay, the problem has no hand, the next file imports."""
    import hhtracker.api.importing as importing

    folder = tmp_path / "files"
    folder.mkdir()
    first, second = folder / "a.txt", folder / "b.txt"
    first.write_text(STARS.read_text(encoding="utf-8-sig"), encoding="utf-8")
    second.write_text((SAMPLES / "stars_sng_badugi.txt").read_text(encoding="utf-8-sig"), encoding="utf-8")
    real = importing.split_hands

    def split_hands(path, *args, **kwargs):
        for number, item in enumerate(real(path, *args, **kwargs)):
            if Path(path) == first and number == 1:
                raise RuntimeError("the disk said no")
            yield item

    monkeypatch.setattr(importing, "split_hands", split_hands)
    second_hands = sum(isinstance(h, RawHand) for h in real(second))
    for jobs in (1, 2):
        db_path = tmp_path / f"t{jobs}.db"
        summary = api.import_paths([folder], db_path, jobs=jobs)
        assert (summary.files, summary.hands_new, summary.hands_rejected) == (2, 1 + second_hands, 0)
        assert [(p.file, p.line, p.hand_id, p.code) for p in summary.problems] == [(str(first), None, None, "internal")]
        assert summary.problems[0].message == (
            "internal error (RuntimeError: the disk said no) while reading this file; please report it")
        statuses, _ = _stored(db_path)
        assert len(statuses) == 1 + second_hands


def test_a_file_that_cannot_be_read_is_a_file_problem(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import hhtracker.api.importing as importing

    folder = tmp_path / "files"
    folder.mkdir()
    first, second = folder / "a.txt", folder / "b.txt"
    first.write_text("x\n", encoding="utf-8")
    second.write_text(STARS.read_text(encoding="utf-8-sig"), encoding="utf-8")
    real = importing.file_digest

    def file_digest(path):
        if Path(path) == first:
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(importing, "file_digest", file_digest)
    summary = api.import_paths([folder], tmp_path / "t.db")
    assert [(p.file, p.code, p.message) for p in summary.problems] == [
        (str(first), "unreadable", "cannot read file: Permission denied")]
    assert summary.hands_new == sum(isinstance(h, RawHand) for h in split_hands(second))


def test_watch_isolates_a_bad_hand_and_a_broken_statistic(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    case = next(c for c in CASES if c.name == "pokerstars_year_9999")
    written = write_case(case, tmp_path / "files")
    _break_statistics_of(monkeypatch, written.bad_number[:-1] + "9")  # the hand of the second file
    total = api.ImportSummary()
    api.watch([written.folder], tmp_path / "t.db", interval=0, rounds=1, total=total)
    assert (total.hands_new, total.hands_rejected) == (2, 2)
    assert sorted((p.file, p.code) for p in total.problems if p.severity == "error") == [
        (str(written.bad_file), "bad_date"), (str(written.folder / "b.txt"), "internal")]


def test_an_exception_while_building_rows_rejects_that_hand_only(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    import hhtracker.api.importing as importing

    real = importing.prepare_hand

    def prepare_hand(analyzed):
        if analyzed.hand_id == SECOND_SAMPLE_HAND:
            raise KeyError("made up by the test")
        return real(analyzed)

    monkeypatch.setattr(importing, "prepare_hand", prepare_hand)
    summary = api.import_paths([STARS], tmp_path / "t.db")
    hands = sum(isinstance(h, RawHand) for h in split_hands(STARS))
    assert (summary.hands_new, summary.hands_rejected) == (hands - 1, 1)
    assert [(p.hand_id, p.code, p.message) for p in summary.problems if p.severity == "error"] == [
        (SECOND_SAMPLE_HAND, "internal", "internal error (KeyError: 'made up by the test'); please report it with this hand")]


def test_reprocess_reports_an_internal_error_and_keeps_the_hand(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    """A stored hand whose analysis now meets an exception nobody foresaw (a bug of the new
    version) is listed, exit code 1, and kept as it was stored; the others are replaced."""
    db_path = tmp_path / "t.db"
    assert runner.invoke(app, ["import", "--db", str(db_path), str(STARS)]).exit_code == 0
    before, _ = _stored(db_path)
    _break_statistics_of(monkeypatch, SECOND_SAMPLE_HAND)
    result = runner.invoke(app, ["reprocess", "--db", str(db_path)])
    assert result.exit_code == 1
    lines = STARS.read_text(encoding="utf-8-sig").split("\n")
    line = next(i for i, text in enumerate(lines, 1) if f"#{SECOND_SAMPLE_HAND}:" in text)
    assert result.stderr.splitlines() == [
        f"{STARS}:{line}: error [internal] internal error (ZeroDivisionError: made up by the test); please report it with this hand"
        " (the hand is kept as it was stored)"]
    after, _ = _stored(db_path)
    assert after == before and after[SECOND_SAMPLE_HAND] == "ok"


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_hand_whose_rows_cannot_be_written_is_rejected_and_its_batch_written(
        jobs: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand whose rows hold a value SQLite cannot store (a stack of 10**21 cents: integers
    stop at 2**63; the parsers now refuse such numbers, so the test puts it into the rows):
    the batch it is in is written hand by hand, that hand stored as rejected (internal), the
    hands of its batch and of the next file stored, the files' counters and the summary
    tables right."""
    import sqlite_utils

    import hhtracker.api.importing as importing
    from tests.oracles.summary_sql import rebuilt, snapshot

    real = importing.prepare_hand

    def prepare_hand(analyzed):  # (forked --jobs workers inherit the patch)
        prepared = real(analyzed)
        if analyzed.hand_id == SECOND_SAMPLE_HAND:
            players = prepared.rows["hand_players"]
            at = players.columns.index("stack")
            for row in players.rows:
                row[at] = 10**21
        return prepared

    monkeypatch.setattr(importing, "prepare_hand", prepare_hand)
    text = STARS.read_text(encoding="utf-8-sig")
    hands = [h.strip() for h in text.split("\n\n\n") if h.strip()]
    folder = tmp_path / "files"
    folder.mkdir()
    (folder / "a.txt").write_text("\n\n\n".join(hands[:3]) + "\n", encoding="utf-8")
    (folder / "b.txt").write_text(hands[3] + "\n", encoding="utf-8")
    db_path = tmp_path / "t.db"
    summary = api.import_paths([folder], db_path, jobs=jobs)
    assert (summary.hands_new, summary.hands_rejected) == (3, 1)
    line = hands[0].count("\n") + 1 + 3
    assert [(Path(p.file).name, p.line, p.hand_id, p.code) for p in summary.problems] == [
        ("a.txt", line, SECOND_SAMPLE_HAND, "internal")]
    assert "OverflowError" in summary.problems[0].message
    statuses, bad = _stored(db_path)
    assert statuses[SECOND_SAMPLE_HAND] == "rejected" and sum(s == "ok" for s in statuses.values()) == 3
    assert [(b[0], b[1], b[2]) for b in bad] == [("rejected", "internal", line)]
    with sqlite3.connect(db_path) as conn:
        counters = conn.execute("select path, hands_new, hands_rejected from files order by path").fetchall()
        players = {name for (name,) in conn.execute("select name from players")}
    assert [(Path(p).name, n, r) for p, n, r in counters] == [("a.txt", 2, 1), ("b.txt", 1, 0)]
    seated = {line.split(": ", 1)[1].rsplit(" (", 1)[0] for hand in (hands[0], hands[2], hands[3])
              for line in hand.split("\n") if line.startswith("Seat ") and " in chips)" in line}
    assert players == seated  # (named as in the files: no id written for a name on the second try)
    db = sqlite_utils.Database(db_path)
    assert snapshot(db) == rebuilt(db)
    db.close()


def test_reprocess_keeps_a_hand_whose_rows_fail(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Building or writing a stored hand's new rows fails (a bug, or a value SQLite cannot
    store): that hand is listed and kept as it was stored (its replacement rolled back), the
    others are replaced."""
    import hhtracker.store.writer as writer

    db_path = tmp_path / "t.db"
    assert runner.invoke(app, ["import", "--db", str(db_path), str(STARS)]).exit_code == 0
    with sqlite3.connect(db_path) as conn:
        before = conn.execute("select site_hand_id, id, status from hands order by id").fetchall()
    real = writer.prepare_hand

    def prepare_hand(analyzed):
        if analyzed.hand_id == SECOND_SAMPLE_HAND:
            raise OverflowError("made up by the test")
        return real(analyzed)

    monkeypatch.setattr(writer, "prepare_hand", prepare_hand)
    result = runner.invoke(app, ["reprocess", "--db", str(db_path)])
    assert result.exit_code == 1
    assert [line.split(": ", 1)[1] for line in result.stderr.splitlines()] == [
        "error [internal] internal error (OverflowError: made up by the test); please report it with this hand"
        " (the hand is kept as it was stored)"]
    with sqlite3.connect(db_path) as conn:
        after = conn.execute("select site_hand_id, id, status from hands order by id").fetchall()
    kept = [row for row in before if row[0] == SECOND_SAMPLE_HAND]
    assert kept and kept[0] in after  # the same row: not deleted
    assert sorted(n for n, _, s in after if s == "ok") == sorted(n for n, _, s in before if s == "ok")
    assert {i for _, i, _ in after} != {i for _, i, _ in before}  # (the others were stored again)
