"""Player statistics read back from the database (`player`, `players`)."""

from __future__ import annotations

from pathlib import Path

from ..filters import Filters, sort_order
from ..stats.values import PlayerStats
from ..store.reading import player_stats, sort_players
from .common import database_to_read, uses_database


@uses_database
def players(db_path: Path, *, min_hands: int = 0, sort: str = "hands", filters: Filters = Filters()) -> list[PlayerStats]:
    """Every player's statistics over the hands the filters match, sorted; raises
    ValueError for an unknown sort key or bad stakes, NoDatabaseError when db_path does not
    exist."""
    sort_order(sort)  # (raises ValueError for an unknown key, before the database is read)
    db = database_to_read(db_path)
    try:
        return sort_players(player_stats(db, min_hands=min_hands, with_distributions=False, filters=filters), sort)
    finally:
        db.close()


@uses_database
def names_like(db_path: Path, name: str, site: str | None = None) -> list[str]:
    """The stored player names equal to `name` ignoring case (ASCII, SQLite's NOCASE), the
    exact one first; site: on that site only (a Site value), None: on any. raises
    NoDatabaseError when db_path does not exist."""
    db = database_to_read(db_path)
    try:
        found = sorted({str(row[0]) for row in db.execute(
            "select name from players where name = ? collate nocase and (? is null or site = ?)", [name, site, site])})
    finally:
        db.close()
    return sorted(found, key=lambda stored: stored != name)


def stored_name(db_path: Path, name: str, site: str | None = None) -> str | None:
    """The stored name `name` means (as the commands and the pages read a name: `player
    hero` finds Hero): itself when stored, else the one stored name equal to it ignoring
    case (names_like); None when there is none, or several and none is `name` itself.
    site: on that site only, None: on any. raises NoDatabaseError when db_path does not exist."""
    found = names_like(db_path, name, site)
    return found[0] if found and (len(found) == 1 or found[0] == name) else None


@uses_database
def close_names(db_path: Path, name: str, site: str | None = None, *, limit: int = 3) -> list[str]:
    """Up to `limit` stored player names closest to `name` ("did you mean"), `name` itself
    left out: the same name in other case first, then difflib's close matches (ratio 0.6 and
    up), compared case-insensitively; site: on that site only, None: on any. raises
    NoDatabaseError when db_path does not exist."""
    import difflib

    db = database_to_read(db_path)
    try:
        rows = db.execute("select distinct name from players where ? is null or site = ?", [site, site]).fetchall()
    finally:
        db.close()
    by_lower: dict[str, list[str]] = {}
    for (stored,) in rows:
        by_lower.setdefault(str(stored).lower(), []).append(str(stored))
    close = difflib.get_close_matches(name.lower(), list(by_lower), n=limit, cutoff=0.6)
    return [stored for lower in close for stored in sorted(by_lower[lower]) if stored != name][:limit]


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
