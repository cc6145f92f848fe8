"""What a file named as the database is (store/database.py database_kind), told without
writing to it, and SQLite's errors turned into ours (translated); a database that fills up
during an import (SQLite's max_page_count: a full disk without root)."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from hhtracker import api
from hhtracker.errors import DatabaseCorruptError, DatabaseWriteError
from hhtracker.store import database
from hhtracker.store.database import DatabaseKind, database_kind, translated

from tests.common import SAMPLES

SAMPLE_FILES = sorted(SAMPLES.glob("*.txt"))


def _sqlite(path: Path, *statements: str) -> Path:
    conn = sqlite3.connect(path)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return path


def test_what_a_file_is_is_told_without_writing_it(tmp_path: Path) -> None:
    ours = tmp_path / "ours.db"
    api.import_paths(SAMPLE_FILES[:1], ours)
    unmarked = tmp_path / "unmarked.db"
    unmarked.write_bytes(ours.read_bytes())
    _sqlite(unmarked, "pragma application_id = 0")
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    text = tmp_path / "text.db"
    text.write_text("SQLite format 2 is not a thing\n" * 10)
    files = {
        tmp_path / "missing.db": DatabaseKind.MISSING,
        empty: DatabaseKind.EMPTY,
        ours: DatabaseKind.OURS,
        unmarked: DatabaseKind.UNMARKED,
        _sqlite(tmp_path / "app.db", "create table hands (x)"): DatabaseKind.FOREIGN,
        _sqlite(tmp_path / "marked.db", "pragma application_id = 42", "create table t (x)"): DatabaseKind.FOREIGN,
        # our migrations table, but not our tables: still not ours
        _sqlite(tmp_path / "half.db", "create table _sqlite_migrations (migration_set, name)",
                "insert into _sqlite_migrations values ('hhtracker', 'm001_initial')"): DatabaseKind.FOREIGN,
        text: DatabaseKind.NOT_SQLITE,
    }
    before = {path: hashlib.sha256(path.read_bytes()).hexdigest() for path in files if path.exists()}
    listing = sorted(p.name for p in tmp_path.iterdir())
    assert {path: database_kind(path) for path in files} == files
    assert {path: hashlib.sha256(path.read_bytes()).hexdigest() for path in before} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == listing  # no -wal, -shm or -journal made


def test_sqlite_errors_are_ours_by_their_code(tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 64)  # the magic, then noise
    with pytest.raises(sqlite3.DatabaseError) as caught:
        sqlite3.connect(damaged).execute("select * from sqlite_master").fetchall()
    assert isinstance(translated(caught.value, damaged), DatabaseCorruptError)
    full = _sqlite(tmp_path / "full.db", "create table t (x)")
    conn = sqlite3.connect(full)
    conn.execute("pragma max_page_count = 3")
    with pytest.raises(sqlite3.OperationalError) as caught:
        conn.execute("insert into t values (zeroblob(100000))")
    conn.close()
    assert isinstance(translated(caught.value, full), DatabaseWriteError)
    assert "disk is full" in str(translated(caught.value, full))
    with pytest.raises(sqlite3.OperationalError) as caught:
        sqlite3.connect(full).execute("select * from no_such_table")
    assert translated(caught.value, full) is None  # a bug, not the database's state: left as it is


def test_an_import_that_fills_the_database_rolls_back_whole_batches(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "t.db"
    api.import_paths(SAMPLE_FILES[:1], db)  # the first file fits
    conn = sqlite3.connect(db)
    pages = conn.execute("pragma page_count").fetchone()[0]
    hands_before = conn.execute("select count(*) from hands").fetchone()[0]
    conn.close()
    opened = database.open_database

    def small(*args, **kwargs):  # the disk has room for 2 more pages only
        db = opened(*args, **kwargs)
        db.execute(f"pragma max_page_count = {pages + 2}")
        return db

    monkeypatch.setattr(database, "open_database", small)
    with pytest.raises(DatabaseWriteError, match="disk is full"):
        api.import_paths(SAMPLE_FILES[1:], db)
    monkeypatch.undo()
    conn = sqlite3.connect(db)
    assert conn.execute("pragma quick_check").fetchall() == [("ok",)]
    assert conn.execute("select count(*) from hands").fetchone()[0] == hands_before
    assert conn.execute("select count(*) from hands where id not in (select hand_id from raw_hands)").fetchone()[0] == 0
    conn.close()
