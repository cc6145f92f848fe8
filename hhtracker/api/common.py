"""What the api's modules share: the database a read needs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path


class NoDatabaseError(FileNotFoundError):
    """The database file does not exist (nothing was imported into it yet)."""


def existing_database(db_path: Path):
    """The database at db_path, opened. raises NoDatabaseError when there is none."""
    if not Path(db_path).exists():
        raise NoDatabaseError(f"no database at {db_path}: import hand histories first (hhtracker import --db {db_path} PATH)")
    return open_tracker(db_path)


def database_to_read(db_path: Path):
    """The database at db_path for a command that only reads: a plain sqlite3 connection
    when it is up to date (start-up without sqlite-utils), else opened as existing_database
    does. raises NoDatabaseError, NewerDatabaseError."""
    from ..store.database import open_reader

    if not Path(db_path).exists():
        return existing_database(db_path)
    return open_reader(db_path) or existing_database(db_path)


def open_tracker(db_path: Path, on_wait: Callable[[], None] | None = None):
    """Open (creating if needed) the database at db_path, schema up to date, and do what a
    migration left to the api (recompute facts, read finish lines: from the raw text, which
    the store does not parse).
    raises DatabaseOpenError, DatabaseBusyError."""
    from ..store import (
        migrations,  # (not at the top: `query` needs only NoDatabaseError)
    )
    from ..store.database import immediate, open_database

    db = open_database(db_path, on_wait)
    if migrations.tasks_due(db):
        from .maintenance import read_finishes, recompute_facts

        work = {migrations.RECOMPUTE_FACTS: recompute_facts, migrations.READ_FINISHES: read_finishes}
        with immediate(db, on_wait):
            for task in migrations.tasks_due(db):
                work[task](db)
                migrations.done(db, task)
    return db

