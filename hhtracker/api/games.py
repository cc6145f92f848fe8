"""Which games a database holds (`players` shows one table per game unless asked for all)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from ..filters import Filters
from ..games import game_order
from ..store import summary
from .common import database_to_read, uses_database


@uses_database
def games_played(db_path: Path, filters: Filters = Filters()) -> list[str]:
    """The games ("badugi", "badacey", "badeucey") of the counted hands the filters match
    (the game filter itself left out), in the records' order (games.GAMES: Badugi first),
    a name no record has last; read from the summary
    tables (store.summary.source: player_totals, or a date range's months and edge days). raises NoDatabaseError,
    ValueError for bad stakes."""
    db = database_to_read(db_path)
    try:
        rows_of = summary.source(dataclasses.replace(filters, game=None))
        every = db.execute("select distinct game from player_totals").fetchall()
        if len(every) <= 1:  # one game in all (most databases): is any hand of it matched? (a
            # probe that stops at the first row, not a pass over every day of every player)
            found = db.execute(f"select 1 from {rows_of.rows} where {rows_of.where} limit 1", rows_of.params).fetchone()
            rows = every if found else []
        else:
            rows = db.execute(f"select distinct s.game from {rows_of.rows} where {rows_of.where}", rows_of.params).fetchall()
    finally:
        db.close()
    return sorted((row[0] for row in rows), key=game_order)


@uses_database
def low_showdown_classes(db_path: Path, player: str, filters: Filters = Filters()) -> dict[str, int]:
    """The low half's showdown classes of `player` in Badacey and Badeucey hands the filters
    match: LowClass value -> showdowns (store/split_classes.py). raises NoDatabaseError,
    ValueError for bad stakes."""
    from ..store.split_classes import low_showdown_classes as read

    db = database_to_read(db_path)
    try:
        return read(db, player, filters)
    finally:
        db.close()


@uses_database
def high_showdown_classes(db_path: Path, player: str, filters: Filters = Filters()) -> dict[str, int]:
    """The showdown classes of `player` in 5-Card Draw hands the filters match: HighClass
    value -> showdowns (store/split_classes.py). raises NoDatabaseError, ValueError for bad
    stakes."""
    from ..store.split_classes import high_showdown_classes as read

    db = database_to_read(db_path)
    try:
        return read(db, player, filters)
    finally:
        db.close()


@uses_database
def game_of_hand(db_path: Path, site: str, hand_id: str) -> str | None:
    """The stored game name ("badugi", "27_triple_draw") of the hand with this site and
    number, or None when there is no such hand. raises NoDatabaseError."""
    db = database_to_read(db_path)
    try:
        row = db.execute("select game from hands where site = ? and site_hand_id = ?", [site, hand_id]).fetchone()
    finally:
        db.close()
    return None if row is None else str(row[0])
