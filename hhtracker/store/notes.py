"""The user's notes and tags on players (`hhtracker note`, `hhtracker tag`; issue 14).

Tables (migration m008_player_notes): player_notes (id, player, note, written_at: ISO 8601
UTC), player_tags (player, tag; one row each). Both are keyed by the screen name as the
hand histories write it, whatever the site. Readers take a plain sqlite3 connection or a
sqlite-utils Database, and find nothing (never an error) in a database older than m008.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

NOTES = "player_notes"
TAGS = "player_tags"


def create_tables(db: Any) -> None:
    """The two tables (migration m008)."""
    db.execute(f"""create table if not exists {NOTES} (
        id integer primary key, player text not null, note text not null, written_at text not null)""")
    db.execute(f"create index if not exists {NOTES}_player on {NOTES}(player)")
    db.execute(f"""create table if not exists {TAGS} (
        player text not null, tag text not null, primary key (player, tag))""")


def add_note(db: Any, player: str, note: str, when: dt.datetime | None = None) -> None:
    """A note on a player (notes add up; the newest is shown first)."""
    written = (when or dt.datetime.now(dt.UTC)).isoformat(timespec="seconds")
    db.execute(f"insert into {NOTES} (player, note, written_at) values (?, ?, ?)", [player, note, written])


@dataclass(frozen=True, slots=True)
class Note:
    """One stored note: number (its row id, what --edit and --delete take), the text, and
    when it was written (ISO 8601, UTC)."""

    number: int
    text: str
    written_at: str


def list_notes(db: Any, player: str) -> list[Note]:
    """A player's notes, newest first (empty in a database older than m008)."""
    if not _exists(db):
        return []
    rows = db.execute(f"select id, note, written_at from {NOTES} where player = ? order by id desc", [player])
    return [Note(number, text, written) for number, text, written in rows]


def edit_note(db: Any, player: str, number: int, text: str) -> bool:
    """Replace the text of a player's note `number`; False when he has no such note."""
    cursor = db.execute(f"update {NOTES} set note = ? where id = ? and player = ?", [text, number, player])
    return bool(cursor.rowcount)


def delete_note(db: Any, player: str, number: int) -> bool:
    """Delete a player's note `number`; False when he has no such note."""
    cursor = db.execute(f"delete from {NOTES} where id = ? and player = ?", [number, player])
    return bool(cursor.rowcount)


def _same_tags(db: Any, player: str, tag: str) -> list[str]:
    """The player's stored tags equal to `tag` in any case (str.casefold: "fish", "FISH",
    "Straße" and "STRASSE" are one tag)."""
    wanted = tag.casefold()
    return [str(row[0]) for row in db.execute(f"select tag from {TAGS} where player = ?", [player])
            if str(row[0]).casefold() == wanted]


def add_tag(db: Any, player: str, tag: str) -> bool:
    """Tag a player; False when he had that tag already, in any case (the one first
    written is kept as written)."""
    if _same_tags(db, player, tag):
        return False
    db.execute(f"insert into {TAGS} (player, tag) values (?, ?)", [player, tag])
    return True


def remove_tag(db: Any, player: str, tag: str) -> bool:
    """Take a tag off a player, in any case ("FISH" takes off fish; both when a database
    of an older version stored both); False when he did not have it."""
    removed = 0
    for stored in _same_tags(db, player, tag):
        removed += db.execute(f"delete from {TAGS} where player = ? and tag = ?", [player, stored]).rowcount
    return removed > 0


def _exists(db: Any) -> bool:
    return db.execute(f"select 1 from sqlite_master where name = '{TAGS}'").fetchone() is not None


def notes_of(db: Any, players: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """player -> his notes, newest first (players without a note are left out)."""
    return _by_player(db, players, f"select player, note from {NOTES} where player in ({{}}) order by id desc")


def tags_of(db: Any, players: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """player -> his tags, in alphabetical order (players without a tag are left out)."""
    return _by_player(db, players, f"select player, tag from {TAGS} where player in ({{}}) order by tag")


def _by_player(db: Any, players: Iterable[str], sql: str) -> dict[str, tuple[str, ...]]:
    """player -> the values of the (player, value) rows `sql` (its `{}` the placeholders for
    the names) gives, in its order."""
    names = list(dict.fromkeys(players))
    if not names or not _exists(db):
        return {}
    found: dict[str, list[str]] = {}
    for player, value in db.execute(sql.format(", ".join("?" * len(names))), names):
        found.setdefault(player, []).append(value)
    return {player: tuple(values) for player, values in found.items()}
