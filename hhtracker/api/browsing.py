"""What the web pages read that the commands do not (`hhtracker serve`): the database
checked before the server starts."""

from __future__ import annotations

from pathlib import Path

from .common import database_to_read, uses_database


@uses_database
def check_readable(db_path: Path) -> None:
    """Open the database at db_path read-only once and close it (brought up to date first
    if a migration is due, as every reading command does). raises NoDatabaseError,
    NotOurDatabaseError, NewerDatabaseError, DatabaseOpenError, DatabaseCorruptError."""
    database_to_read(db_path).close()
