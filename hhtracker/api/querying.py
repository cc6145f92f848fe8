"""Read-only SQL over the database (`hhtracker query`), with a time and a row limit."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable
from pathlib import Path

from .common import database_to_read, uses_database


class ReadOnlyQueryError(ValueError):
    """A query tried to change the database (or attach another): `hhtracker query` only reads."""


_ALLOWED_PRAGMAS = frozenset({"table_info", "table_xinfo", "index_list", "index_info", "foreign_key_list",
                              "database_list", "compile_options", "integrity_check", "quick_check"})


class QueryLimitError(ValueError):
    """A query ran longer than its time limit or returned more rows than its row limit."""


QUERY_TIMEOUT_SECONDS = 30.0
QUERY_ROW_LIMIT = 10_000
QUERY_BYTE_LIMIT = 50_000_000
"""The most a query may return, in bytes as shown (text as UTF-8, a BLOB as its hexadecimal
text, 8 per number): a larger answer is refused whatever its number of rows (a single
zeroblob(1e9) is 1 GB)."""


def blob_text(value: bytes) -> str:
    """A BLOB as `hhtracker query` shows it, in JSON and in a table: hexadecimal, written as
    SQL writes a BLOB literal: x'00ff'."""
    return f"x'{value.hex()}'"


def _size(value: object) -> int:
    if isinstance(value, str):
        return len(value.encode("utf-8", "surrogatepass"))
    if isinstance(value, bytes):
        return 2 * len(value) + 3  # as blob_text shows it
    return 8


@uses_database
def query(db_path: Path, sql: str, params: Iterable[object] = (), *, timeout: float | None = QUERY_TIMEOUT_SECONDS,
          limit: int | None = QUERY_ROW_LIMIT,
          max_bytes: int = QUERY_BYTE_LIMIT) -> tuple[list[str], list[tuple[object, ...]]]:
    """Run one read-only SQL statement; returns (column names, rows; a BLOB as bytes). The
    database is opened read-only (SQLite `mode=ro`, `query_only`; store.database
    read_only_connection) and an authorizer refuses ATTACH, DETACH and PRAGMAs that change
    anything. The statement is stopped after `timeout` seconds (SQLite's progress handler;
    None: no time limit) and refused when it returns more than `limit` rows (None: no row
    limit; only limit + 1 rows are ever held) or more than `max_bytes` bytes (no value may
    be larger either: SQLite's length limit). raises NoDatabaseError, NotOurDatabaseError,
    ReadOnlyQueryError (a write or an attach), QueryLimitError, sqlite3.Error (bad SQL)."""
    if not sql.strip():
        raise ValueError("no SQL statement given")
    conn = database_to_read(db_path)
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, max(1, min(max_bytes, 1_000_000_000)))
    too_big = QueryLimitError(f"the query returns more than {max_bytes / 1e6:,.0f} MB: select fewer or shorter "
                              "values (substr(), length()), or add a LIMIT")
    refused: list[str] = []

    def authorizer(action: int, arg1: str | None, arg2: str | None, _db: str | None, _trigger: str | None) -> int:
        if action in (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH):
            refused.append("ATTACH/DETACH")
            return sqlite3.SQLITE_DENY
        if action == sqlite3.SQLITE_PRAGMA and (arg1 or "").lower() not in _ALLOWED_PRAGMAS:
            refused.append(f"PRAGMA {arg1}")
            return sqlite3.SQLITE_DENY
        return sqlite3.SQLITE_OK

    deadline = None if timeout is None else time.monotonic() + timeout
    if deadline is not None:  # a non-zero answer makes SQLite stop the statement ("interrupted")
        conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
    try:
        conn.execute("PRAGMA query_only = ON")
        conn.set_authorizer(authorizer)
        try:
            cursor = conn.execute(sql, list(params))
            rows: list[tuple[object, ...]] = []
            size = 0
            while limit is None or len(rows) <= limit:
                row = cursor.fetchone()
                if row is None:
                    break
                size += sum(_size(value) for value in row)
                if size > max_bytes:
                    raise too_big
                rows.append(row)
        except sqlite3.DatabaseError as error:
            text = str(error)
            if getattr(error, "sqlite_errorcode", 0) == sqlite3.SQLITE_TOOBIG:
                raise too_big from None
            if deadline is not None and time.monotonic() > deadline and "interrupt" in text:
                raise QueryLimitError(f"the query ran longer than {timeout:g} s and was stopped "
                                      "(--timeout SECONDS for more, 0 for no limit)") from None
            if refused or "readonly" in text or "read-only" in text or "not authorized" in text or "query_only" in text:
                what = refused[0] if refused else "a write"
                raise ReadOnlyQueryError(f"hhtracker query only reads the database: {what} is refused ({text})") from None
            raise
        if limit is not None and len(rows) > limit:
            raise QueryLimitError(f"the query returns more than {limit:,} rows: add a LIMIT to the SQL, or "
                                  "--limit N for more (0 for no limit)")
        columns = [d[0] for d in cursor.description or ()]
        return columns, rows
    finally:
        conn.close()
