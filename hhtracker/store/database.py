"""The database file: opening it (schema brought up to date, WAL, busy timeout), the write
transaction that waits for another program's lock, and a light reader for the commands that
only read."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..errors import DatabaseBusyError, DatabaseOpenError, NewerDatabaseError
from . import migrations

if TYPE_CHECKING:
    from sqlite_utils import Database

T = TypeVar("T")


BUSY_WAIT = 1.0
"""Seconds SQLite itself waits for a lock before a statement fails (the connection's busy
timeout); `immediate()` tries again after that, telling the caller once."""

PATIENCE = 600.0
"""Seconds `immediate()` waits in all for the write lock before DatabaseBusyError."""


def open_database(path: Path | str, on_wait: Callable[[], None] | None = None) -> Database:
    """Open (creating if needed) a tracker database: WAL mode, a busy timeout, the schema
    brought up to date. on_wait() is called once if another program holds a lock we must
    wait for (two importers creating one database at once: one makes it, the other waits).
    raises DatabaseOpenError, DatabaseBusyError."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), timeout=BUSY_WAIT, isolation_level=None)
        from sqlite_utils import Database  # (here: the reading commands open without it, open_reader)

        db = Database(conn)
        patiently(lambda: db.execute("PRAGMA journal_mode=WAL"), on_wait)
    except (OSError, sqlite3.DatabaseError) as error:
        raise DatabaseOpenError(f"cannot open the database {path}: {getattr(error, 'strerror', None) or error}") from None
    db.execute("PRAGMA foreign_keys=ON")
    patiently(lambda: refuse_newer(db, path), on_wait)
    db.execute("PRAGMA synchronous=NORMAL")  # WAL: a power cut may lose the last commits, never corrupt
    if migrations.pending(db):
        # Two processes opening a new database at once: one migrates, the other waits for
        # the write lock and then finds nothing left to do.
        with immediate(db, on_wait):
            migrations.migrate(db)
    return db


def patiently(action: Callable[[], T], on_wait: Callable[[], None] | None = None) -> T:
    """action(), tried again while another program holds a lock it needs (SQLite waits
    BUSY_WAIT seconds each time), calling on_wait() once; DatabaseBusyError after PATIENCE
    seconds."""
    deadline = time.monotonic() + PATIENCE
    told = False
    while True:
        try:
            return action()
        except sqlite3.OperationalError as error:
            if not _locked(error):
                raise
            if time.monotonic() > deadline:
                raise DatabaseBusyError(
                    f"the database stayed locked by another program for {PATIENCE:.0f} s; try again later") from None
            if not told and on_wait is not None:
                on_wait()
                told = True


def open_reader(path: Path | str) -> sqlite3.Connection | None:
    """A plain sqlite3 connection for a command that only reads, when the database is up to
    date and nothing is due (no sqlite-utils to load, which is most of a short command's
    start-up); None when it needs open_database() (a migration to apply, a task due, or no
    such file). raises NewerDatabaseError, DatabaseOpenError."""
    path = Path(path)
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(str(path), timeout=BUSY_WAIT)
        refuse_newer(conn, path)
        if migrations.pending(conn) or migrations.tasks_due(conn):
            conn.close()
            return None
    except sqlite3.DatabaseError as error:
        raise DatabaseOpenError(f"cannot open the database {path}: {error}") from None
    return conn


def _locked(error: sqlite3.OperationalError) -> bool:
    return "locked" in str(error) or "busy" in str(error)


def refuse_newer(db: Database | sqlite3.Connection, path: Path) -> None:
    """raises NewerDatabaseError (and closes db) when db records a migration of ours that
    this version does not have."""
    unknown = migrations.unknown(db)
    if unknown:
        db.close()
        raise NewerDatabaseError(
            f"the database {path} was written by a newer hhtracker (it has the schema change "
            f"{unknown[0]!r}, unknown to this version): upgrade hhtracker to read or import into it")


@contextmanager
def immediate(db: Database, on_wait: Callable[[], None] | None = None) -> Iterator[Database]:
    """A write transaction that takes the write lock at once (BEGIN IMMEDIATE). While
    another program holds the lock it keeps trying, calls on_wait() once, and gives up with
    DatabaseBusyError after PATIENCE seconds. Nested use (inside another transaction)
    becomes a savepoint."""
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    patiently(lambda: db.execute("BEGIN IMMEDIATE"), on_wait)
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.execute("ROLLBACK")
        raise
    else:
        db.execute("COMMIT")
