"""Player statistics read back from the database (`player`, `players`)."""

from __future__ import annotations

from pathlib import Path

from ..filters import SORTS, Filters
from ..stats.values import PlayerStats
from ..store.reading import player_stats, sort_players
from .common import database_to_read, uses_database


@uses_database
def players(db_path: Path, *, min_hands: int = 0, sort: str = "hands", filters: Filters = Filters()) -> list[PlayerStats]:
    """Every player's statistics over the hands the filters match, sorted; raises
    ValueError for an unknown sort key or bad stakes, NoDatabaseError when db_path does not
    exist."""
    if sort not in SORTS:
        raise ValueError(f"cannot sort by {sort!r}; choose from {', '.join(SORTS)}")
    db = database_to_read(db_path)
    try:
        return sort_players(player_stats(db, min_hands=min_hands, with_distributions=False, filters=filters), sort)
    finally:
        db.close()


@uses_database
def names_like(db_path: Path, name: str) -> list[str]:
    """The stored player names equal to `name` ignoring case (ASCII, SQLite's NOCASE), the
    exact one first. raises NoDatabaseError when db_path does not exist."""
    db = database_to_read(db_path)
    try:
        found = sorted({str(row[0]) for row in db.execute("select name from players where name = ? collate nocase", [name])})
    finally:
        db.close()
    return sorted(found, key=lambda stored: stored != name)


@uses_database
def player_profile(db_path: Path, name: str, filters: Filters = Filters()) -> list[PlayerStats]:
    """One player's statistics over the hands the filters match, one entry per site he
    plays on (empty if unknown). raises ValueError for bad stakes, NoDatabaseError when
    db_path does not exist."""
    db = database_to_read(db_path)
    try:
        return player_stats(db, name, filters=filters)
    finally:
        db.close()
