"""Keeping a database: read-only SQL (`query`), parsing stored hands again (`reprocess`), and
generated hands for tests and benchmarks (`generate`)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..errors import HandHistoryError
from ..parse.read import RawHand
from ..parse.sites import Parsers
from ..pipeline import replay_raw
from ..stats.per_hand import per_hand_stats
from ..store.repository import HandWriter, immediate
from .common import NoDatabaseError, existing_database


def generate(out: Path, *, hands: int, seed: int, players: int = 12, tables: int = 1, tournament: bool = False) -> list[Path]:
    """Write `hands` generated legal hands (PokerStars format) into the folder `out`, one file
    per table; deterministic for a seed. Returns the files written."""
    from ..generate import generate_files

    return generate_files(out, hands=hands, seed=seed, players=players, tables=tables, tournament=tournament)


class ReadOnlyQueryError(ValueError):
    """A query tried to change the database (or attach another): `hhtracker query` only reads."""


_ALLOWED_PRAGMAS = frozenset({"table_info", "table_xinfo", "index_list", "index_info", "foreign_key_list",
                              "database_list", "compile_options", "integrity_check", "quick_check"})


class QueryLimitError(ValueError):
    """A query ran longer than its time limit or returned more rows than its row limit."""


QUERY_TIMEOUT_SECONDS = 30.0
QUERY_ROW_LIMIT = 10_000


def query(db_path: Path, sql: str, params: Iterable[object] = (), *, timeout: float | None = QUERY_TIMEOUT_SECONDS,
          limit: int | None = QUERY_ROW_LIMIT) -> tuple[list[str], list[tuple[object, ...]]]:
    """Run one read-only SQL statement; returns (column names, rows). The database is opened
    read-only (SQLite `mode=ro`, `query_only`) and an authorizer refuses ATTACH, DETACH and
    PRAGMAs that change anything. The statement is stopped after `timeout` seconds (SQLite's
    progress handler; None: no time limit) and refused when it returns more than `limit`
    rows (None: no row limit; only limit + 1 rows are ever held). raises NoDatabaseError,
    ReadOnlyQueryError (a write or an attach), QueryLimitError, sqlite3.Error (bad SQL)."""
    if not sql.strip():
        raise ValueError("no SQL statement given")
    if not Path(db_path).exists():
        raise NoDatabaseError(f"no database at {db_path}: import hand histories first")
    conn = sqlite3.connect(f"{Path(db_path).resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    refused: list[str] = []

    def authorizer(action: int, arg1, arg2, _db, _trigger) -> int:
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
            rows = cursor.fetchall() if limit is None else cursor.fetchmany(limit + 1)
        except sqlite3.DatabaseError as error:
            text = str(error)
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


@dataclass(frozen=True, slots=True)
class ReprocessSummary:
    """hands: stored hands read again; now_valid: hands rejected before that parse and count
    now; changed: hands whose status changed; still_rejected: hands that still do not parse;
    rejected: each of those as `file:line: why` (the file and line it was imported from)."""

    hands: int
    now_valid: int
    changed: int
    still_rejected: int
    rejected: tuple[str, ...] = ()


def _stored_raw_hands(db, page: int = 1000) -> Iterator[tuple]:
    """(id, site, status, file_id, path, line, text, undecodable) of every hand stored when
    called, in id order, read a page at a time (memory stays flat on a big database). A hand
    stored again meanwhile gets a higher id than any of these and is not read again."""
    last = 0
    highest = db.execute("select max(id) from hands").fetchone()[0] or 0
    while last < highest:
        rows = db.execute(
            """select h.id, h.site, h.status, h.file_id, r.path, r.line, r.text,
                      exists(select 1 from validation_issues v where v.hand_id = h.id and v.code = 'encoding')
               from hands h join raw_hands r on r.hand_id = h.id where h.id > ? and h.id <= ? order by h.id limit ?""",
            [last, highest, page],
        ).fetchall()
        if not rows:
            return
        yield from rows
        last = rows[-1][0]


def reprocess(db_path: Path) -> ReprocessSummary:
    """Parse and replay again every stored hand from its raw text (after an upgrade), without
    the files: a hand rejected by an older version is stored properly when this one accepts
    it. Each hand is replaced in its own transaction. raises NoDatabaseError."""
    db = existing_database(db_path)
    parsers = Parsers()
    hands = now_valid = changed = still_rejected = 0
    rejected: list[str] = []
    try:
        for row_id, site, status, file_id, path, line, text, undecodable in _stored_raw_hands(db):
            hands += 1
            if undecodable:  # its bad bytes were replaced when read: only the file can fix it
                still_rejected += 1
                rejected.append(f"{path}:{line}: bytes not valid in the file's encoding (import the file again)")
                continue
            try:
                replayed = replay_raw(RawHand(path, line, text), parsers)
            except HandHistoryError as error:
                if status == "rejected":
                    still_rejected += 1
                    rejected.append(str(error))
                continue
            with immediate(db):
                writer = HandWriter(db, file_id)
                writer.delete(row_id)
                writer.add(replayed, per_hand_stats(replayed))
                writer.flush()
            now_valid += status == "rejected" and replayed.status != "error"
            changed += status != replayed.status
    finally:
        db.close()
    return ReprocessSummary(hands, now_valid, changed, still_rejected, tuple(rejected))
