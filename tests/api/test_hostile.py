"""Hostile input and misuse (issue 20, items 1-5): terminal escapes in names, queries that
never end, a database from a newer version, huge lines, paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker.cli import app
from hhtracker.display import safe

from tests.common import DATA, ROOT

runner = CliRunner()

EVIL = "Evil\x1b[31mRED\x1b[0m\x1b]0;pwned\x07"  # recolours the screen, sets the window title
RTL = "Mal\u202eory[bold]"  # right-to-left override, and rich markup
TABLE = "Alpha\x1b[2J"  # clears the screen
RAW_CHARACTERS = ("\x1b", "\x07", "\u202e")


def run(*args: str):
    return runner.invoke(app, list(args))


def hostile_hand() -> str:
    """Hand 91000000001 of tests/data/report_hands/alpha.txt (Mira, the hero, on the button, 3
    players), with Mira and Bob renamed and the table named to attack the terminal."""
    text = (DATA / "report_hands" / "alpha.txt").read_text(encoding="utf-8").split("\n\n\n")[0]
    return text.replace("Mira", EVIL).replace("Bob", RTL).replace("'Alpha'", f"'{TABLE}'") + "\n"


@pytest.fixture
def hostile_db(tmp_path: Path) -> Path:
    path = tmp_path / "evil.txt"
    path.write_text(hostile_hand(), encoding="utf-8")
    db = tmp_path / "evil.db"
    result = run("import", "--db", str(db), str(path))
    assert result.exit_code == 0, result.output
    return db


def test_safe_escapes_controls_and_bidi() -> None:
    assert safe(EVIL) == "Evil\\x1b[31mRED\\x1b[0m\\x1b]0;pwned\\x07"
    assert safe(RTL) == "Mal\\u202eory[bold]"
    assert safe("C1 \x9b and DEL \x7f") == "C1 \\x9b and DEL \\x7f"
    assert safe("a\nb") == "a\\x0ab" and safe("a\nb\r", keep_newlines=True) == "a\nb\\x0d"
    assert safe("Hérô 77") == "Hérô 77"  # printable text untouched


@pytest.mark.parametrize("command", [
    ("players",), ("player", EVIL), ("player", RTL), ("sessions",), ("report",), ("hand", "91000000001"),
    ("query", "select name from players", "--table"),
])
def test_names_from_hand_histories_never_reach_the_terminal_raw(hostile_db: Path, command: tuple[str, ...]) -> None:
    result = run(*command, "--db", str(hostile_db))
    assert result.exit_code == 0, result.output
    out = result.stdout + result.stderr
    for char in RAW_CHARACTERS:
        assert char not in out, (command, char)
    # what the names were is still readable, escaped (tables may cut a long name with …)
    assert "Evil\\x1b[31mRED" in out or "Mal\\u202eory[bold]" in out


def test_markup_in_a_name_is_shown_as_written(hostile_db: Path) -> None:
    result = run("player", RTL, "--db", str(hostile_db))
    assert "Mal\\u202eory[bold] (pokerstars, 1 hand, Badugi)" in result.stdout


def test_json_escapes_bidi_and_c1_controls(hostile_db: Path) -> None:
    result = run("players", "--json", "--db", str(hostile_db))
    for char in RAW_CHARACTERS:
        assert char not in result.stdout
    assert sorted(p["player"] for p in json.loads(result.stdout)) == sorted([EVIL, RTL, "Cara"])


# --- item 2: hhtracker query has a time limit and a row limit --------------------------

ENDLESS = "with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n"
MANY_ROWS = "with recursive n(i) as (select 1 union all select i + 1 from n where i < 50) select i from n"


def test_query_that_never_ends_is_stopped(hostile_db: Path) -> None:
    import time

    began = time.monotonic()
    result = run("query", ENDLESS, "--timeout", "0.5", "--db", str(hostile_db))
    assert time.monotonic() - began < 10
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "longer than 0.5 s" in result.stderr


def test_query_row_limit(hostile_db: Path) -> None:
    refused = run("query", MANY_ROWS, "--limit", "49", "--db", str(hostile_db))
    assert refused.exit_code == 2 and "more than 49 rows" in refused.stderr and refused.stderr.count("\n") == 1
    assert refused.stdout == ""
    allowed = run("query", MANY_ROWS, "--limit", "50", "--db", str(hostile_db))
    assert allowed.exit_code == 0 and [row["i"] for row in json.loads(allowed.stdout)] == list(range(1, 51))
    unlimited = run("query", MANY_ROWS, "--limit", "0", "--db", str(hostile_db))
    assert len(json.loads(unlimited.stdout)) == 50


def test_query_default_limits() -> None:
    from hhtracker import api

    assert (api.QUERY_TIMEOUT_SECONDS, api.QUERY_ROW_LIMIT) == (30.0, 10_000)


def test_empty_query_is_a_usage_error(hostile_db: Path) -> None:
    for sql in ("", "   "):
        result = run("query", sql, "--db", str(hostile_db))
        assert result.exit_code == 2 and "give an SQL statement" in result.stderr


# --- item 3: a database from a newer hhtracker is refused ------------------------------


def test_database_from_a_newer_hhtracker_is_refused(hostile_db: Path, tmp_path: Path) -> None:
    import sqlite3
    import subprocess
    import sys

    conn = sqlite3.connect(hostile_db)
    with conn:  # what a future version's migration would leave: a record this one does not know
        conn.execute("insert into _sqlite_migrations (migration_set, name, applied_at) "
                     "values ('hhtracker', 'm999_from_the_future', '2030-01-01 00:00:00')")
        hands_before = conn.execute("select count(*) from hands").fetchone()[0]
    conn.close()
    other = tmp_path / "other.txt"
    other.write_text(hostile_hand().replace("91000000001", "91000000002"), encoding="utf-8")
    for args in (["import", str(other)], ["players"], ["reprocess"], ["report"]):
        done = subprocess.run([sys.executable, "-m", "hhtracker", *args, "--db", str(hostile_db)],
                              capture_output=True, text=True, check=False, cwd=ROOT)
        assert done.returncode == 2, (args, done.stderr)
        assert "written by a newer hhtracker" in done.stderr and "m999_from_the_future" in done.stderr
        assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    conn = sqlite3.connect(hostile_db)
    assert conn.execute("select count(*) from hands").fetchone()[0] == hands_before == 1
    conn.close()


# --- item 5: paths ---------------------------------------------------------------------


def test_db_in_a_folder_that_does_not_exist_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "evil.txt"
    path.write_text(hostile_hand(), encoding="utf-8")
    typo = tmp_path / "no_such_dir" / "x.db"
    for args in (["import", str(path), "--db", str(typo)], ["players", "--db", str(typo)]):
        result = run(*args)
        assert result.exit_code == 2 and f"no folder {typo.parent}" in result.stderr
    monkeypatch.setenv("HHTRACKER_DB", str(typo))
    assert run("import", str(path)).exit_code == 2
    assert not typo.parent.exists()


def test_import_says_which_database_and_counts_files_not_read(tmp_path: Path) -> None:
    folder = tmp_path / "histories"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "evil.txt").write_text(hostile_hand(), encoding="utf-8")
    (folder / "notes.md").write_text("my notes")
    (folder / "sub" / "hand.log").write_text("not read")
    db = tmp_path / "t.db"
    result = run("import", str(folder), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert (f"1 new hand (1 clean, 0 with warnings), 0 rejected, 0 duplicates, 0 skipped (game or site not "
            f"supported); into {db}") in result.stdout
    assert "2 files in the folders not read (not .txt or .xml)" in result.stdout
    summary = json.loads(run("import", str(folder), "--db", str(db), "--json").stdout)
    assert (summary["database"], summary["files_ignored"], summary["hands_duplicate"]) == (str(db), 2, 1)


def test_parquet_export_to_an_unwritable_place_is_one_line(hostile_db: Path, tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    a_file = tmp_path / "a_file"
    a_file.write_text("x")
    for out in (a_file, a_file / "sub", Path("/proc/hhtracker_parquet")):
        result = run("export", "--format", "parquet", str(out), "--db", str(hostile_db))
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith(f"Error: cannot write {out}: ") and result.stderr.count("\n") == 1


def test_generate_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    out = tmp_path / "gen"
    assert run("generate", "--out", str(out), "--hands", "3", "--tables", "2").exit_code == 0
    first = sorted(p.name for p in out.iterdir())
    assert len(first) == 2
    again = run("generate", "--out", str(out), "--hands", "3")
    assert again.exit_code == 2 and "is not empty" in again.stderr and "--force" in again.stderr
    assert sorted(p.name for p in out.iterdir()) == first
    forced = run("generate", "--out", str(out), "--hands", "3", "--force")
    assert forced.exit_code == 0
    file_ = tmp_path / "f"
    file_.write_text("x")
    assert run("generate", "--out", str(file_), "--hands", "1").exit_code == 2


# --- item 4: a huge line is quoted, not echoed or stored whole --------------------------

HUGE = 10_000_000


def test_a_10_mb_line_is_quoted_in_60_characters(tmp_path: Path) -> None:
    import sqlite3

    lines = hostile_hand().split("\n")
    lines.insert(10, "X" * HUGE)  # line 11, inside the hand (after the hole cards)
    path = tmp_path / "huge.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    db = tmp_path / "huge.db"
    result = run("import", str(path), "--db", str(db))
    assert result.exit_code == 1
    # (a hand over 1,000,000 characters is rejected as too long, never parsed: parse/read.py)
    text = "\n".join(lines)
    assert text.endswith("\n")  # so its size is its length, every line with its line break
    expected = (f"{path}:11: error [too_long] hand too long ({len(text):,} characters in {text.count(chr(10))} lines, at most "
                f"1,000,000; lost hand headers?) from line 11: {'X' * 60!r} … (10,000,000 characters)")
    assert expected in result.stderr.splitlines()
    assert len(result.stdout) + len(result.stderr) < 1_000
    conn = sqlite3.connect(db)
    assert conn.execute("select max(length(message)) from validation_issues").fetchone()[0] == len(
        expected.split(": error [too_long] ")[1])
    # only an excerpt of the hand is kept (its first lines, each cut short), never the whole
    assert conn.execute("select length(text) < 100000 from raw_hands").fetchone()[0] == 1
    assert db.stat().st_size < HUGE / 10
    conn.close()
    checked = run("validate", str(path))
    assert checked.exit_code == 1 and len(checked.stdout) < 1_000


def test_every_message_is_bounded() -> None:
    from hhtracker.errors import HandSyntaxError, bounded, excerpt
    from hhtracker.rules.issues import Code, ValidationIssue

    assert excerpt("short") == "'short'"
    assert excerpt("Y" * 61) == f"{'Y' * 60!r} … (61 characters)"
    assert bounded("m" * 300) == "m" * 300
    assert bounded("m" * 301) == "m" * 300 + " … (message of 301 characters cut)"
    assert len(HandSyntaxError("z" * HUGE).message) < 400
    assert len(ValidationIssue.of(Code.UNKNOWN_PLAYER, "n" * HUGE).message) < 400
