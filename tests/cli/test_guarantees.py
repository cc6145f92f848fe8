"""The issue "Guarantees" (items 1, 10-14, 16): a database is hhtracker's or it is not touched,
an output is never the database, a damaged or unwritable database ends in one line.

Each test builds its input from the issue's shape: another program's SQLite file, a file
with 10 bytes flipped, a disk that fills up (a small tmpfs, mounted when the tests run as
root; else skipped with the reason), a read-only folder (a tmpfs remounted read-only)."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app

from tests.common import ROOT, SAMPLES, hold_lock_until_said
from tests.oracles.corpus_counts import stars_hand_count

runner = CliRunner()
SAMPLE_FILES = sorted(SAMPLES.glob("*.txt"))
HHTK = 0x6868746B  # the bytes "hhtk", big-endian, as the file header holds application_id


def run(*args: str):
    return runner.invoke(app, list(args))


def hhtracker(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """The real command (its entry point maps the database's errors to one line)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "hhtracker", *args], capture_output=True, text=True,
                          check=False, cwd=cwd, env=env)


def one_line_error(done: subprocess.CompletedProcess[str], *expected: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("Error: ") and "Traceback" not in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    for text in expected:
        assert text in done.stderr, (text, done.stderr)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def side_files(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if p.name.startswith(path.name + "-"))


@pytest.fixture
def sample_db(tmp_path: Path) -> Path:
    db = tmp_path / "t.db"
    assert run("import", "--db", str(db), *map(str, SAMPLE_FILES)).exit_code == 0
    return db


# --- the marks ---------------------------------------------------------------------------


def test_a_new_database_is_marked(sample_db: Path) -> None:
    header = sample_db.read_bytes()[:100]
    assert header[68:72] == b"hhtk"  # application_id, at its place in SQLite's file header
    conn = sqlite3.connect(sample_db)
    applied = conn.execute("select count(*) from _sqlite_migrations where migration_set = 'hhtracker'").fetchone()[0]
    assert conn.execute("pragma application_id").fetchone()[0] == HHTK
    assert conn.execute("pragma user_version").fetchone()[0] == applied >= 10
    conn.close()


def test_an_hhtracker_database_from_before_the_marks_is_marked_and_keeps_working(sample_db: Path) -> None:
    conn = sqlite3.connect(sample_db)  # what a database written before the marks looks like
    conn.execute("pragma application_id = 0")
    conn.execute("pragma user_version = 0")
    conn.execute("delete from _sqlite_migrations where name = 'm010_marks'")
    conn.commit()
    conn.close()
    assert sample_db.read_bytes()[68:72] == bytes(4)
    hands = stars_hand_count(*SAMPLE_FILES)
    found = json.loads(run("query", "select count(*) as n from hands", "--db", str(sample_db)).stdout)
    assert found == [{"n": hands}] and hands == 14
    conn = sqlite3.connect(sample_db)
    assert conn.execute("pragma application_id").fetchone()[0] == HHTK
    conn.close()


# --- item 12: another program's SQLite file, or no SQLite file, is never written ----------


def _foreign_files(tmp_path: Path) -> list[Path]:
    plain = tmp_path / "app.sqlite"  # another program's database, with a table of our names
    conn = sqlite3.connect(plain)
    conn.execute("create table hands (id integer primary key, name text)")
    conn.execute("insert into hands (name) values ('not a poker hand')")
    conn.commit()
    conn.close()
    wal = tmp_path / "wal.sqlite"  # one in WAL mode, whose readers would leave -wal and -shm
    conn = sqlite3.connect(wal)
    conn.execute("pragma journal_mode = wal")
    conn.execute("create table notes (text)")
    conn.commit()
    conn.close()
    text = tmp_path / "notes.db"
    text.write_text("my notes, not a database\n" * 50)
    for path in (plain, wal, text):
        assert side_files(path) == []
    return [plain, wal, text]


def test_a_file_that_is_not_ours_is_refused_by_every_command_without_a_byte_written(tmp_path: Path) -> None:
    hand_file = SAMPLE_FILES[0]
    commands = [["import", str(hand_file)], ["players"], ["player", "Hero"], ["report"], ["sessions"],
                ["reprocess"], ["export", "--format", "json", str(tmp_path / "out.json")], ["leaks"],
                ["tournaments"], ["hand", "1"], ["query", "select 1"], ["note", "Bob", "x"], ["tag", "Bob", "fish"],
                ["hero", "add", "Bob"], ["hero", "list"], ["check"], ["table", str(hand_file)],
                ["export", "--format", "raw", str(tmp_path / "raw")]]
    for path in _foreign_files(tmp_path):
        before = sha256(path)
        for command in commands:
            result = run(*command, "--db", str(path))
            assert result.exit_code != 0, (path.name, command)
            assert isinstance(result.exception, api.NotOurDatabaseError) or "not hhtracker's" in result.output \
                or "not a database" in result.output, (path.name, command, result.output, result.exception)
            assert sha256(path) == before and side_files(path) == [], (path.name, command)
        assert not (tmp_path / "out.json").exists() and not (tmp_path / "raw").exists()
    one_line_error(hhtracker("players", "--db", str(tmp_path / "app.sqlite")), "another program's SQLite database")
    one_line_error(hhtracker("import", str(hand_file), "--db", str(tmp_path / "notes.db")), "not a database")


def test_commands_that_do_not_import_never_create_a_database(tmp_path: Path) -> None:
    typo = tmp_path / "trackr.db"
    for command in (["note", "Bob", "calls light"], ["tag", "Bob", "fish"], ["hero", "add", "Bob"], ["players"]):
        result = run(*command, "--db", str(typo))
        assert result.exit_code == 2 and "no database at" in result.output, (command, result.output)
        assert not typo.exists() and side_files(typo) == []


# --- item 1 and 14: an output is never the database --------------------------------------


def test_an_output_is_never_the_database_nor_an_sqlite_file(sample_db: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("create table t (x)")
    conn.commit()
    conn.close()
    hand_id = json.loads(run("query", "select site_hand_id from hands limit 1", "--db", str(sample_db)).stdout)[0]
    wal = sample_db.with_name(sample_db.name + "-wal")
    wal.write_bytes(b"")  # (present while another program has the database open)
    for out, what in ((sample_db, "is the database"), (wal, "-wal file"), (other, "is an SQLite database")):
        before = {p: sha256(p) for p in (sample_db, other, wal)}
        for command in (["export", "--format", "json", str(out)], ["export", "--format", "phh", str(out)],
                        ["report", "--html", str(out)], ["report", "--png", str(out)],
                        ["hand", hand_id["site_hand_id"], "--html", str(out)]):
            result = run(*command, "--db", str(sample_db))
            assert result.exit_code == 2 and what in result.stderr, (command, out, result.output)
            assert {p: sha256(p) for p in (sample_db, other, wal)} == before, (command, out)
    done = hhtracker("export", "--format", "json", str(sample_db), "--db", str(sample_db))
    one_line_error(done, "is the database")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".partial")]


def test_export_from_a_database_it_cannot_open_says_why(tmp_path: Path) -> None:
    not_a_db = tmp_path / "t.db"
    not_a_db.write_text("hello")
    done = hhtracker("export", "--format", "json", str(tmp_path / "out.json"), "--db", str(not_a_db))
    one_line_error(done, "not a database")
    assert "None" not in done.stderr and not (tmp_path / "out.json").exists()


def test_an_output_that_fails_leaves_no_partial_file_and_the_old_one(sample_db: Path, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "hands.json"
    out.write_text("the export of yesterday")

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)  # the disk fills up as the file is completed
    result = run("export", "--format", "json", str(out), "--db", str(sample_db))
    assert result.exit_code == 2 and "No space left on device" in result.stderr and "old file is kept" in result.stderr
    assert out.read_text() == "the export of yesterday"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.json", "t.db", "t.db-shm", "t.db-wal"] or \
        sorted(p.name for p in tmp_path.iterdir()) == ["hands.json", "t.db"]
    monkeypatch.undo()
    assert run("export", "--format", "json", str(out), "--db", str(sample_db)).exit_code == 0
    assert len(json.loads(out.read_text())) == stars_hand_count(*SAMPLE_FILES)
    assert oct(out.stat().st_mode & 0o777) != "0o600"  # (a new file's mode, not the temporary file's)


# --- items 10 and 13 on a real small disk ------------------------------------------------


def _tmpfs(where: Path, size: str) -> Iterator[Path]:
    """A tmpfs of `size` mounted at `where` (root only; the test is skipped otherwise),
    unmounted after the test."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root (the disk-full and read-only-folder tests)")
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True,
                          check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A disk of 512 KB: smaller than the corpus's database, room for the new database's
    schema (about 300 KB, written in one transaction: on a smaller disk no hand is reached)."""
    yield from _tmpfs(tmp_path / "disk", "512k")


@pytest.fixture
def disk_to_lock(tmp_path: Path) -> Iterator[Path]:
    """A disk of 8 MB, to be made read-only."""
    yield from _tmpfs(tmp_path / "disk", "8m")


def test_import_into_a_full_disk_is_one_line_and_leaves_whole_hands(small_disk: Path, corpus: Path) -> None:
    db = small_disk / "t.db"
    done = hhtracker("import", "--db", str(db), str(corpus))
    one_line_error(done, "disk is full")
    if db.exists():  # what was written is whole: every hand with its raw text, and sound
        conn = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)
        assert conn.execute("pragma quick_check").fetchall() == [("ok",)]
        assert conn.execute("select count(*) from hands where id not in (select hand_id from raw_hands)").fetchone()[0] == 0
        conn.close()


def test_an_export_to_a_full_disk_leaves_no_partial_file(small_disk: Path, corpus: Path, tmp_path: Path) -> None:
    db = tmp_path / "corpus.db"
    assert run("import", "--db", str(db), str(corpus)).exit_code == 0
    filler = small_disk / "filler"
    filler.write_bytes(b"x" * 200_000)
    out = small_disk / "hands.json"
    done = hhtracker("export", "--format", "json", str(out), "--db", str(db))
    one_line_error(done, f"cannot write {out}", "No space left on device")
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler"]


def test_read_commands_work_in_a_read_only_folder(disk_to_lock: Path) -> None:
    db = disk_to_lock / "t.db"
    assert run("import", "--db", str(db), *map(str, SAMPLE_FILES)).exit_code == 0
    assert subprocess.run(["mount", "-o", "remount,ro", str(disk_to_lock)], check=False).returncode == 0
    before = sha256(db)
    found = json.loads(run("query", "select count(*) as n from hands", "--db", str(db)).stdout)
    assert found == [{"n": stars_hand_count(*SAMPLE_FILES)}]
    assert run("players", "--db", str(db)).exit_code == 0
    assert run("check", "--db", str(db)).exit_code == 0
    one_line_error(hhtracker("note", "Hero", "tilts", "--db", str(db)), "cannot write the database", "read-only")
    assert sha256(db) == before


# --- item 11: a damaged database ---------------------------------------------------------


def _damage(db: Path, table: str) -> None:
    """Overwrite the first 10 bytes of `table`'s root page (its b-tree page header): SQLite
    finds the table malformed whenever it reads it."""
    conn = sqlite3.connect(db)
    conn.execute("pragma wal_checkpoint(truncate)")
    page_size = conn.execute("pragma page_size").fetchone()[0]
    root = conn.execute("select rootpage from sqlite_master where name = ?", [table]).fetchone()[0]
    conn.close()
    data = bytearray(db.read_bytes())
    start = (root - 1) * page_size
    data[start:start + 10] = bytes(b ^ 0xFF for b in data[start:start + 10])
    db.write_bytes(data)


def test_a_damaged_database_is_one_line_never_written_and_check_says_how_to_rebuild(sample_db: Path,
                                                                                    tmp_path: Path) -> None:
    hand_id = json.loads(run("query", "select site_hand_id from hands limit 1", "--db", str(sample_db)).stdout)[0]
    _damage(sample_db, "hands")
    damaged = sha256(sample_db)
    for command in (["report"], ["sessions"], ["reprocess"], ["export", "--format", "json", str(tmp_path / "o.json")],
                    ["import", str(SAMPLE_FILES[0])], ["hand", hand_id["site_hand_id"]]):
        done = hhtracker(*command, "--db", str(sample_db))
        one_line_error(done, "is damaged", f"hhtracker check --db {sample_db}")
    assert sha256(sample_db) == damaged  # import wrote nothing into it
    checked = hhtracker("check", "--db", str(sample_db))
    assert checked.returncode == 1 and "damaged" in checked.stderr and "export --format raw" in checked.stderr
    assert "Traceback" not in checked.stderr
    # the way back: every hand's raw text (raw_hands is intact) into a new database
    raw = tmp_path / "raw"
    assert run("export", "--format", "raw", str(raw), "--db", str(sample_db)).exit_code == 0
    rebuilt = tmp_path / "rebuilt.db"
    summary = json.loads(run("import", "--json", "--db", str(rebuilt), str(raw)).stdout)
    assert summary["hands_new"] == stars_hand_count(*SAMPLE_FILES) and summary["hands_rejected"] == 0
    assert run("check", "--db", str(rebuilt)).exit_code == 0


def test_check_says_ok_for_a_sound_database(sample_db: Path) -> None:
    done = run("check", "--db", str(sample_db), "--json")
    found = json.loads(done.stdout)
    assert done.exit_code == 0 and found["ok"] is True and found["problems"] == []
    assert found["hands"] == found["raw_hands"] == stars_hand_count(*SAMPLE_FILES)


# --- item 13: query ----------------------------------------------------------------------


def test_query_shows_blobs_in_hex_and_bounds_the_bytes(sample_db: Path) -> None:
    shown = run("query", "select x'00ff' as b, 'é' as t", "--db", str(sample_db))
    assert shown.exit_code == 0 and json.loads(shown.stdout) == [{"b": "x'00ff'", "t": "é"}]
    assert "x'00ff'" in run("query", "select x'00ff' as b", "--table", "--db", str(sample_db)).stdout
    huge = run("query", "select zeroblob(1e9)", "--db", str(sample_db))
    assert huge.exit_code == 2 and "more than 50 MB" in huge.stderr
    # refused before it is made: the process never holds the 1 GB value (its peak memory)
    peak = subprocess.run([sys.executable, "-c", (
        "import resource, sys\n"
        "from hhtracker import api\n"
        "try:\n"
        f"    api.query({str(sample_db)!r}, 'select zeroblob(1e9)')\n"
        "except api.QueryLimitError:\n"
        "    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")],
        capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert int(peak.stdout) < 500_000, peak  # KB: well under the 1,000,000 KB of the value
    many = run("query", "with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000) "
                        "select i, zeroblob(100000) from n", "--limit", "0", "--db", str(sample_db))
    assert many.exit_code == 2 and "more than 50 MB" in many.stderr  # 1,000 rows of 200 KB shown: over 50 MB
    with pytest.raises(api.QueryLimitError):
        api.query(sample_db, "select 'abc' union all select 'def'", max_bytes=5)
    assert api.query(sample_db, "select 'abc'", max_bytes=5) == (["'abc'"], [("abc",)])


# --- item 16: a note or a tag waits for an import and says so ------------------------------


def test_note_waits_for_the_write_lock_and_says_so(sample_db: Path) -> None:
    """The lock is held until the note command has said that it waits (no race against the
    command's start-up on a loaded machine), then released: the note is written."""
    holder = sqlite3.connect(sample_db, isolation_level=None, check_same_thread=False)
    holder.execute("begin immediate")  # another program writing
    command = subprocess.Popen([sys.executable, "-m", "hhtracker", "note", "Hero", "waits his turn", "--db", str(sample_db)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        waited = hold_lock_until_said(holder, "commit", command, "waiting for another import")
        assert waited.running  # still waiting when it said so
        said = "".join(waited.lines)
        out, rest = command.communicate(timeout=120)
    finally:
        if command.poll() is None:
            command.kill()
        holder.close()
    assert command.returncode == 0, said + rest
    assert "waiting for another import" in said
    assert api.player_marks(sample_db, "Hero")[0] == ("waits his turn",)


def test_a_damaged_schema_still_gives_up_the_raw_hands(sample_db: Path, tmp_path: Path) -> None:
    conn = sqlite3.connect(sample_db)
    conn.execute("pragma wal_checkpoint(truncate)")
    sql = conn.execute("select sql from sqlite_master where type = 'index' and sql is not null limit 1").fetchone()[0]
    conn.close()
    data = sample_db.read_bytes()
    start = data.index(sql.encode())
    broken = sql.replace(" ON ", " O\xff ", 1).encode("latin-1")  # the index's SQL no longer parses
    sample_db.write_bytes(data[:start] + broken + data[start + len(broken):])
    one_line_error(hhtracker("players", "--db", str(sample_db)), "is damaged")
    checked = run("check", "--db", str(sample_db))
    assert checked.exit_code == 1 and "damaged" in checked.stderr
    raw = tmp_path / "raw"
    assert run("export", "--format", "raw", str(raw), "--db", str(sample_db)).exit_code == 0
    rebuilt = tmp_path / "rebuilt.db"
    summary = json.loads(run("import", "--json", "--db", str(rebuilt), str(raw)).stdout)
    assert summary["hands_new"] == stars_hand_count(*SAMPLE_FILES) and summary["hands_rejected"] == 0


def test_the_mark_is_in_the_file_before_the_schema_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second importer creating the same database meanwhile must see it is ours: the
    header holds application_id before the first migration (in the WAL) commits."""
    from hhtracker.store import migrations

    db = tmp_path / "new.db"
    seen: list[bytes] = []
    migrate = migrations.migrate

    def watched(database) -> None:
        seen.append(db.read_bytes()[68:72])
        migrate(database)

    monkeypatch.setattr(migrations, "migrate", watched)
    assert run("import", "--db", str(db), str(SAMPLE_FILES[0])).exit_code == 0
    assert seen == [b"hhtk"]
