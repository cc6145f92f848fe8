"""Attacks on the guarantees (issue "Guarantees", the second pass): each test is the shape of
an input or a situation that broke a guarantee, built again here; see the module's tests
for what each one was."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app

from tests.common import SAMPLES, latin1_named_copy

runner = CliRunner()
SAMPLE = SAMPLES / "stars_cash_badugi_025_050.txt"



def test_table_and_hud_read_a_file_whose_name_is_not_utf8(tmp_path: Path) -> None:
    """The live view looked its file up by str(path.resolve()), a lone surrogate SQLite
    refuses (UnicodeEncodeError out of `hhtracker table`)."""
    path = latin1_named_copy(SAMPLE, tmp_path)
    db = tmp_path / "t.db"
    view = api.table_of_file(db, path)
    assert view is not None
    assert view.hand_id == "48911471158"  # the sample's last hand (its last header line)
    assert view.path == str(tmp_path.resolve()) + "/caf\\xe9.txt"
    hud = api.Hud([tmp_path], db)
    state = hud.look()
    assert [table.hand_id for table in state.tables] == ["48911471158"]
    result = runner.invoke(app, ["table", "--db", str(db), str(path)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("command", [
    ["export", "--format", "json"], ["export", "--format", "phh"], ["report", "--html"], ["report", "--png"],
])
def test_an_output_is_never_a_hand_history_file(tmp_path: Path, command: list[str]) -> None:
    """`export --format json --db t.db hh.txt`, where hh.txt is the hand history just
    imported, replaced it with JSON (exit 0): the player's original file, the one way to
    rebuild a database, gone. `report --html/--png` the same. A hand history of another site
    (not read by hhtracker) is kept too."""
    history = tmp_path / "hh.txt"
    history.write_bytes(SAMPLE.read_bytes())
    db = tmp_path / "t.db"
    assert runner.invoke(app, ["import", "--db", str(db), "--quiet", str(history)]).exit_code == 0
    winamax = tmp_path / "winamax.txt"
    winamax.write_text("\n\nWinamax Poker - CashGame - HandId: #1-1-1 - Holdem no limit (0.01€/0.02€)\n", encoding="utf-8")
    for out in (history, winamax):
        before = out.read_bytes()
        result = runner.invoke(app, [*command, str(out), "--db", str(db)])
        assert result.exit_code == 2, result.output
        assert "hand histor" in result.stderr and "not overwritten" in result.stderr
        assert out.read_bytes() == before
    utf16 = tmp_path / "ft.txt"  # (a Full Tilt file as the 2010 client wrote it: UTF-16, with a BOM)
    utf16.write_bytes("\ufeffFull Tilt Poker Game #1: Table A (6 max) - $0.25/$0.50 - Limit Badugi - 20:01:02 ET - 2010/02/03\n"
                      .encode("utf-16-le"))
    result = runner.invoke(app, [*command, str(utf16), "--db", str(db)])
    assert result.exit_code == 2 and "not overwritten" in result.stderr
    other = tmp_path / "notes.txt"  # an ordinary text file is replaced, as asked
    other.write_text("my notes\n", encoding="utf-8")
    assert runner.invoke(app, [*command, str(other), "--db", str(db)]).exit_code == 0
    assert other.read_bytes() != b"my notes\n"


@pytest.mark.parametrize(("name", "address"), [(b"r\xe9.html", "r%E9.html"), (b"r#1 ?.html", "r%231%20%3F.html")])
def test_report_pages_link_back_to_a_report_of_any_name(tmp_path: Path, name: bytes, address: str) -> None:
    """`report --html r\\xe9.html`: the replayer pages' link back held the name's lone
    surrogate, which cannot be written (UnicodeEncodeError traceback, no report); a `#` or
    `?` in the name made a link to another address."""
    db = tmp_path / "t.db"
    assert runner.invoke(app, ["import", "--db", str(db), "--quiet", str(SAMPLE)]).exit_code == 0
    out = Path(os.fsdecode(os.fsencode(tmp_path) + b"/" + name))
    try:
        out.touch()
        out.unlink()
    except OSError as error:
        pytest.skip(f"this file system refuses the name: {error}")
    result = runner.invoke(app, ["report", "--db", str(db), "--html", str(out)])
    assert result.exit_code == 0, result.output
    assert out.is_file()
    pages = sorted(tmp_path.glob("hand-*.html"))
    assert pages
    for page in pages:
        assert f'<a href="{address}">Back to the session report</a>' in page.read_text(encoding="utf-8")


def test_a_bug_met_outside_a_hand_is_one_line_and_exit_code_3(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Any exception a command did not foresee (the report's UnicodeEncodeError above, the
    live view's) reached the user as a 60-line traceback: now one line naming it, escaped,
    and the traceback only with --debug."""
    import sys

    from hhtracker.cli import run

    def boom(*args: object, **kwargs: object) -> None:
        raise ValueError("boom \x1b[2J" + "x" * 1000)

    monkeypatch.setattr(api, "check_database", boom)
    db = tmp_path / "t.db"
    for debug in ([], ["--debug"]):
        monkeypatch.setattr(sys, "argv", ["hhtracker", *debug, "check", "--db", str(db)])
        with pytest.raises(SystemExit) as ended:
            run()
        assert ended.value.code == 3
        err = capsys.readouterr().err
        first = err.splitlines()[0]
        assert first.startswith("Error: internal error (ValueError: boom \\x1b[2J") and "please report it" in first
        assert "\x1b" not in err and len(first) < 500
        assert ("Traceback" in err) == bool(debug)
        assert len(err.splitlines()) == 1 or debug


def test_a_tail_of_nul_bytes_left_by_a_crash_costs_no_hand(tmp_path: Path) -> None:
    """A client or machine that crashed while writing leaves a block of NUL bytes where the
    file's end was to be (preallocated, never written). A small file with such a tail was
    refused whole as binary (its hands lost); in a larger one the NUL line joined the last
    hand, rejected as syntax. A block of NULs is blank; a file with NULs among its text
    is still binary."""
    data = SAMPLE.read_bytes()
    first = data.split(b"\n\n\n")[0] + b"\n\n\n"
    folder = tmp_path / "histories"
    folder.mkdir()
    (folder / "small.txt").write_bytes(first + b"\x00" * 4096)
    (folder / "large.txt").write_bytes(data.replace(b"Game #489", b"Game #589") + b"\n\n" + b"\x00" * 4096 + b"\r\n\n"
                                       + first.replace(b"Game #489", b"Game #689"))
    (folder / "binary.txt").write_bytes(first + b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00" * 10)
    db = tmp_path / "t.db"
    result = runner.invoke(app, ["import", "--db", str(db), "--json", str(folder)])
    summary = json.loads(result.stdout)
    assert summary["hands_new"] == 1 + 9 + 1 and summary["hands_rejected"] == 0
    problems = [(Path(p["file"]).name, p["code"]) for p in summary["problems"]]
    assert problems == [("binary.txt", "encoding")]
    assert result.exit_code == 1  # (the binary file's problem)


def test_raw_export_saves_what_a_cut_off_database_still_holds(tmp_path: Path) -> None:
    """A database file cut short (a copy that stopped, a full disk while copying): the
    raw export, the way to rebuild, asked the table for its highest id first, which SQLite
    cannot read past the cut ("malformed"), and saved nothing. Now every hand whose text
    can still be read is saved (known here by reading each id directly), and the lost end
    is said."""
    import sqlite3

    db = tmp_path / "t.db"
    assert runner.invoke(app, ["generate", "--out", str(tmp_path / "hands"), "--hands", "400", "--seed", "5"]).exit_code == 0
    assert runner.invoke(app, ["import", "--db", str(db), "--quiet", str(tmp_path / "hands")]).exit_code == 0
    with sqlite3.connect(db) as conn:
        conn.execute("pragma wal_checkpoint(truncate)")
    whole = db.read_bytes()
    cut = tmp_path / "cut.db"
    for size in range(len(whole) - 4096, 4096, -4096):  # the longest cut copy whose raw_hands cannot say its end
        cut.write_bytes(whole[:size])
        conn = sqlite3.connect(f"file:{cut}?mode=ro", uri=True)
        conn.execute("pragma writable_schema = on")  # (the schema's own pages may be cut off too)
        try:
            conn.execute("select max(hand_id) from raw_hands").fetchone()
            continue
        except sqlite3.DatabaseError:
            readable = []
            for hand_id in range(1, 1000):
                try:
                    row = conn.execute("select text from raw_hands where hand_id = ?", [hand_id]).fetchone()
                except sqlite3.DatabaseError:
                    continue
                if row is not None:
                    readable.append(row[0])
            if readable:
                break
        finally:
            conn.close()
    else:
        pytest.fail("no cut leaves a readable hand with the table's end unreadable")
    result = runner.invoke(app, ["export", "--format", "raw", "--db", str(cut), str(tmp_path / "raw")])
    assert result.exit_code == 1 and "the end of the database could not be read" in result.stderr
    saved = "".join(path.read_text(encoding="utf-8") for path in sorted((tmp_path / "raw").iterdir()))
    assert all(text.rstrip("\n") in saved for text in readable)
    assert saved.count("\n\n\n") == len(readable)


def test_a_link_to_nothing_in_a_folder_is_a_file_problem_not_skipped_silently(tmp_path: Path) -> None:
    """A `.txt` link whose target is gone (a moved hand-history folder) was left out of a
    folder's import without a word; a FIFO named `.txt` is still left alone (reading it
    would wait forever)."""
    folder = tmp_path / "histories"
    folder.mkdir()
    (folder / "good.txt").write_bytes(SAMPLE.read_bytes())
    (folder / "gone.txt").symlink_to(tmp_path / "moved" / "table.txt")
    os.mkfifo(folder / "pipe.txt")
    result = runner.invoke(app, ["import", "--db", str(tmp_path / "t.db"), "--json", str(folder)])
    summary = json.loads(result.stdout)
    assert result.exit_code == 1 and summary["files"] == 2 and summary["hands_new"] == 9
    assert [(Path(p["file"]).name, p["code"], p["line"]) for p in summary["problems"]] == [("gone.txt", "unreadable", None)]


def test_an_output_that_is_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    """`export --format json p.json` where p.json is a named pipe waited for ever (the
    output checks opened it to read its first bytes), and would then have replaced the
    pipe (or a device such as /dev/stdout, as root) with a regular file."""
    import subprocess
    import sys

    db = tmp_path / "t.db"
    assert runner.invoke(app, ["import", "--db", str(db), "--quiet", str(SAMPLE)]).exit_code == 0
    pipe = tmp_path / "p.json"
    os.mkfifo(pipe)
    for command in (["export", "--format", "json"], ["report", "--html"], ["hand", "48911471158", "--html"]):
        try:
            done = subprocess.run([sys.executable, "-m", "hhtracker", *command, str(pipe), "--db", str(db)],
                                  capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{command}: still waiting on the pipe after 60 s")
        assert done.returncode == 2 and "not a regular file" in done.stderr, done.stderr
        assert pipe.is_fifo()


def test_a_database_path_that_is_a_pipe_or_a_device_is_refused_at_once(tmp_path: Path) -> None:
    """`--db fifo.db`, a named pipe: every command waited for ever (the file's header was
    read first). `--db /dev/null`: `import` wrote a `-journal` file beside the device and
    said "disk I/O error"; the reading commands said "no database". Now one line, exit 2,
    nothing opened or made."""
    import subprocess
    import sys

    pipe = tmp_path / "fifo.db"
    os.mkfifo(pipe)
    for db, commands in ((str(pipe), (["players"], ["import", str(SAMPLE)], ["note", "Hero", "x"], ["check"])),
                         (os.devnull, (["players"], ["check"]))):
        for command in commands:
            try:
                done = subprocess.run([sys.executable, "-m", "hhtracker", *command, "--db", db],
                                      capture_output=True, text=True, timeout=60)
            except subprocess.TimeoutExpired:
                pytest.fail(f"{command} --db {db}: still waiting after 60 s")
            assert done.returncode == 2 and "not a regular file" in done.stderr, (command, db, done.stderr)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo.db"]
