"""What the api's modules share: the database a read needs, and issue codes."""

from __future__ import annotations

from pathlib import Path

from ..rules.issues import Code


class NoDatabaseError(FileNotFoundError):
    """The database file does not exist (nothing was imported into it yet)."""


def existing_database(db_path: Path):
    """The database at db_path, opened. raises NoDatabaseError when there is none."""
    if not Path(db_path).exists():
        raise NoDatabaseError(f"no database at {db_path}: import hand histories first (hhtracker import --db {db_path} PATH)")
    from ..store.repository import open_database  # (not at the top: `query` needs only NoDatabaseError)

    return open_database(db_path)


def issue_code(code: str) -> Code:
    """The issue code for a parser error code (anything unknown is a syntax error)."""
    try:
        return Code(code)
    except ValueError:
        return Code.SYNTAX
