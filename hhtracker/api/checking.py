"""Is the database sound (`hhtracker check`), and the raw text of every hand saved out of it
(`hhtracker export --format raw`), which is how a damaged database is rebuilt."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DatabaseCorruptError, NoDatabaseError
from ..sites import SITES
from .common import uses_database

REBUILD = (
    "to rebuild it: import the original hand-history files into a new database "
    "(hhtracker import --db NEW.db FOLDER); if they are gone, save the text of every hand "
    "the database still holds (hhtracker export --format raw --db {db} FOLDER) and import "
    "that folder into a new database; then set your notes, tags and hero accounts again"
)
"""How a damaged database is rebuilt ({db}: its path), as `hhtracker check` says it."""


@dataclass(frozen=True, slots=True)
class DatabaseCheck:
    """What `hhtracker check` found. path: the database; schema_version: its `PRAGMA
    user_version` (0: not marked yet, an older hhtracker's); current_version: this
    hhtracker's; hands, raw_hands: rows counted (None: could not be counted); problems: one
    line each, empty when the database is sound."""

    path: str
    schema_version: int
    current_version: int
    hands: int | None
    raw_hands: int | None
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_json(self) -> dict[str, object]:
        return {"database": self.path, "ok": self.ok, "schema_version": self.schema_version,
                "current_version": self.current_version, "hands": self.hands, "raw_hands": self.raw_hands,
                "problems": list(self.problems)}


@uses_database
def check_database(db_path: Path) -> DatabaseCheck:
    """Check the database at db_path without writing to it: SQLite's `PRAGMA quick_check`
    (every page read: about 1 s per 20,000 hands; always, sealed or not), our marks
    (application_id, the schema version) and that the hands and their raw texts can be
    counted. A sound database is sealed (store.seals: the next import skips its own check). A file that is not
    hhtracker's is refused as by every command. raises NoDatabaseError, NotOurDatabaseError,
    NewerDatabaseError, DatabaseOpenError."""
    from ..store import migrations
    from ..store.database import (
        APPLICATION_ID,
        DatabaseKind,
        damage_found,
        database_kind,
        read_only_connection,
        refuse_newer,
        refuse_not_ours,
        schema_version,
    )

    kind = database_kind(db_path)
    refuse_not_ours(Path(db_path), kind)
    if kind in (DatabaseKind.MISSING, DatabaseKind.EMPTY):
        raise NoDatabaseError(f"no database at {db_path}: import hand histories first (hhtracker import --db {db_path} PATH)")
    problems: list[str] = []
    try:
        conn = read_only_connection(db_path)
    except DatabaseCorruptError as error:
        return DatabaseCheck(str(db_path), 0, schema_version(), None, None, (f"damaged: {error.reason}",))
    try:
        refuse_newer(conn, Path(db_path))
        try:
            problems.extend(f"damaged: {line}" for line in damage_found(conn))
        except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
            problems.append(f"damaged: {_said(error)}")
        version = _pragma(conn, "user_version")
        application_id = _pragma(conn, "application_id")
        if application_id != APPLICATION_ID and kind is not DatabaseKind.UNMARKED:
            problems.append(f"its application_id is {application_id}, not hhtracker's {APPLICATION_ID}")
        if version not in (0, schema_version()) and not migrations.pending(conn):
            problems.append(f"its schema version (user_version) is {version}, while its schema is version "
                            f"{schema_version()}")
        hands = _count(conn, "hands", problems)
        raw_hands = _count(conn, "raw_hands", problems)
    finally:
        conn.close()
    if not problems:
        from ..store import seals

        seals.seal(db_path)  # (found sound whole: the next import need not check it again)
    return DatabaseCheck(str(db_path), version or 0, schema_version(), hands, raw_hands, tuple(problems))


def _said(error: Exception) -> str:
    if isinstance(error, UnicodeDecodeError):
        return "its schema holds bytes that are not text"
    return str(error)


def _pragma(conn: sqlite3.Connection, name: str) -> int:
    try:
        return int(conn.execute(f"PRAGMA {name}").fetchone()[0])
    except (sqlite3.DatabaseError, UnicodeDecodeError):
        return -1


def _count(conn: sqlite3.Connection, table: str, problems: list[str]) -> int | None:
    try:
        return int(conn.execute(f"select count(*) from {table}").fetchone()[0])
    except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
        problems.append(f"the {table} table cannot be read: {_said(error)}")
        return None


RAW_SUFFIXES: dict[str, str] = {record.site.value: record.file_format.suffix for record in SITES.values()}
"""The file suffix of a site's raw hands, from its record (sites.py; `.txt` for a name no
record has)."""


@dataclass
class RawExport:
    """What `export --format raw` wrote: files: the file written per site -> hands in it;
    unreadable: hands.id of the hands whose text could not be read (the damaged part);
    end_lost_after: see below."""

    files: dict[str, int] = field(default_factory=dict)
    unreadable: list[int] = field(default_factory=list)
    end_lost_after: int | None = None
    """Set when the table's end could not be read (a truncated file): hands were looked up
    one id after another until PROBE_RUN ids in a row gave nothing; the last id read.
    Hands after it, if there were any, are lost."""


PROBE_RUN = 100_000
"""Ids in a row that give no hand before export_raw stops looking, when the damaged table
cannot say its highest id (about 1 s of lookups)."""


@uses_database
def export_raw(db_path: Path, out: Path) -> RawExport:
    """Write the text of every stored hand, exactly as it was read, into the folder `out`:
    one file per site (`raw-<site>.txt`, `.xml` for Merge), oldest first, hands apart by a
    blank line, which `hhtracker import` reads back. Each hand is read by itself, so a
    damaged database gives every hand it still can (the others are listed in `unreadable`):
    the way to rebuild a damaged database when the original files are gone. Every file is
    written all or nothing (api.outputs). raises NoDatabaseError, NotOurDatabaseError,
    DatabaseCorruptError (the database cannot be opened at all), OutputPathError."""
    from ..errors import OutputPathError
    from ..parse.detect import detect
    from ..store.database import DatabaseKind, database_kind, read_only_connection, refuse_not_ours
    from .outputs import check_output, output_file

    kind = database_kind(db_path)
    refuse_not_ours(Path(db_path), kind)
    if kind in (DatabaseKind.MISSING, DatabaseKind.EMPTY):
        raise NoDatabaseError(f"no database at {db_path}: there is nothing to export")
    if out.exists() and not out.is_dir():
        check_output(out, db_path)
        raise OutputPathError(f"cannot write {out}: it is a file; give a folder to write the raw hands into")
    conn = read_only_connection(db_path, salvage=True)
    result = RawExport()
    texts: dict[str, list[str]] = {}
    try:
        try:
            highest: int | None = conn.execute("select max(hand_id) from raw_hands").fetchone()[0] or 0
        except (sqlite3.DatabaseError, UnicodeDecodeError):
            highest = None  # (the table's last pages are damaged or cut off: looked up id by id)
        hand_id = last_read = 0
        while True:
            hand_id += 1
            if (hand_id > highest) if highest is not None else (hand_id - last_read > PROBE_RUN):
                break
            try:
                row = conn.execute("select text from raw_hands where hand_id = ?", [hand_id]).fetchone()
            except (sqlite3.DatabaseError, UnicodeDecodeError):
                result.unreadable.append(hand_id)
                continue
            if row is None:
                continue  # (ids of hands replaced by a repaired copy are not reused)
            last_read = hand_id
            text = str(row[0])
            try:
                site_row = conn.execute("select site from hands where id = ?", [hand_id]).fetchone()
                site = str(site_row[0]) if site_row else None
            except (sqlite3.DatabaseError, UnicodeDecodeError):
                site = None
            if site is None:
                found = detect(text.lstrip("\ufeff").split("\n", 1)[0]).site
                site = found.value if found is not None else "unknown"
            texts.setdefault(site, []).append(text.rstrip("\n"))
    finally:
        conn.close()
    if highest is None:  # past the last hand read, no id is known to be a hand's
        result.unreadable = [hand_id for hand_id in result.unreadable if hand_id < last_read]
        result.end_lost_after = last_read
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputPathError(f"cannot write {out}: {error.strerror or error} (the folder could not be made)") from None
    for site, hands in sorted(texts.items()):
        path = out / f"raw-{site}{RAW_SUFFIXES.get(site, '.txt')}"
        with output_file(path, db_path) as file:
            for text in hands:
                file.write(text.encode("utf-8", "surrogateescape") + b"\n\n\n")
        result.files[str(path)] = len(hands)
    return result
