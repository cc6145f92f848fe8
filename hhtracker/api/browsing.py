"""What the web pages read that the commands do not (`hhtracker serve`, issue 26): the
database checked before the server starts, a page of players, the hand list, a player's
results over his hands, the hero's lifetime results, the import status, the population the
automatic tags compare with (as api.population_of reads it)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..filters import Filters
from ..report.browse import CurvePoint, GroupKind, GroupResult, HandList, HandQuery, HandRow, PlayerPage
from .common import database_to_read, uses_database

if TYPE_CHECKING:
    from ..report.queries import HeroChoice
    from ..stats.tags import Population

__all__ = ["CurvePoint", "GroupKind", "GroupResult", "HandList", "HandQuery", "HandRow", "ImportStatus", "PlayerPage",
           "PlayerResults", "check_readable", "hand_list", "import_status", "lifetime_results", "player_page",
           "player_results", "tag_population"]


@uses_database
def check_readable(db_path: Path) -> None:
    """Open the database at db_path read-only once and close it (brought up to date first
    if a migration is due, as every reading command does). raises NoDatabaseError,
    NotOurDatabaseError, NewerDatabaseError, DatabaseOpenError, DatabaseCorruptError."""
    database_to_read(db_path).close()


@uses_database
def player_page(db_path: Path, *, filters: Filters = Filters(), sort: str = "hands", search: str | None = None,
                offset: int = 0, limit: int = 50) -> PlayerPage:
    """One page of players (report.browse.player_page: sorted and searched in SQL, the
    statistics read for the page's players only). raises ValueError for an unknown sort key
    or bad stakes, NoDatabaseError when db_path does not exist."""
    from ..report.browse import player_page as read

    db = database_to_read(db_path)
    try:
        return read(db, filters=filters, sort=sort, search=search, offset=offset, limit=limit)
    finally:
        db.close()


@uses_database
def hand_list(db_path: Path, query: HandQuery, filters: Filters = Filters(), *, offset: int = 0,
              limit: int = 50) -> HandList:
    """A page of the hand list, newest first (report.browse.hand_list). raises ValueError
    for bad stakes, NoDatabaseError when db_path does not exist."""
    from ..report.browse import hand_list as read

    db = database_to_read(db_path)
    try:
        return read(db, query, filters, offset=offset, limit=limit)
    finally:
        db.close()


@uses_database
def player_results(db_path: Path, name: str, site: str, filters: Filters = Filters()) -> PlayerResults:
    """A player's results on one site over the hands the filters match: his cumulative
    results over his hands (big bets), by position and by stakes. raises ValueError for bad
    stakes, NoDatabaseError when db_path does not exist."""
    from ..report.browse import player_curve, results_by

    db = database_to_read(db_path)
    try:
        return PlayerResults(player_curve(db, name, site, filters), results_by(db, name, site, "position", filters),
                             results_by(db, name, site, "stakes", filters))
    finally:
        db.close()


@uses_database
def lifetime_results(db_path: Path, hero: str | None = None) -> tuple[HeroChoice | None, tuple[CurvePoint, ...]]:
    """(who the hero is, or None without one; his cumulative results over every hand, by
    day, in big bets). raises NoDatabaseError when db_path does not exist."""
    from ..report.browse import lifetime_curve
    from ..report.queries import choose_hero

    db = database_to_read(db_path)
    try:
        choice = choose_hero(db, hero)
        return choice, (lifetime_curve(db, choice.ids) if choice is not None else ())
    finally:
        db.close()


@uses_database
def tag_population(db_path: Path, filters: Filters = Filters()) -> Population:
    """The population the automatic tags compare with over the hands the filters match
    (give one site and game, as earned_tags does): report.browse.tag_population, as
    api.population_of reads it over an open connection. raises ValueError for bad stakes,
    NoDatabaseError when db_path does not exist."""
    from ..report.browse import tag_population as read

    db = database_to_read(db_path)
    try:
        return read(db, filters)
    finally:
        db.close()


@dataclass(frozen=True, slots=True)
class PlayerResults:
    """curve: cumulative big bets after each hand (report.browse.CurvePoint); by_position,
    by_stakes: report.browse.GroupResult, most hands first."""

    curve: tuple[CurvePoint, ...]
    by_position: tuple[GroupResult, ...]
    by_stakes: tuple[GroupResult, ...]


@uses_database
def import_status(db_path: Path) -> ImportStatus:
    """What has been imported: hands, files, the latest file and when. raises
    NoDatabaseError when db_path does not exist."""
    db = database_to_read(db_path)
    try:
        hands = db.execute("select count(*) from hands").fetchone()[0]
        files = db.execute("select count(*) from files").fetchone()[0]
        latest = db.execute("select path, imported_at, hands_new from files order by id desc limit 1").fetchone()
    finally:
        db.close()
    return ImportStatus(hands, files, latest[0] if latest else None, latest[1] if latest else None,
                        latest[2] if latest else 0)


@dataclass(frozen=True, slots=True)
class ImportStatus:
    """hands, files: how many are stored; latest_file, latest_at (ISO 8601 UTC),
    latest_new: the file imported last, when, and how many new hands it brought."""

    hands: int
    files: int
    latest_file: str | None
    latest_at: str | None
    latest_new: int
