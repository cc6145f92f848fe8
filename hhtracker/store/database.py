"""The database file: what a file is (hhtracker's, another program's, not SQLite), opening
it (schema brought up to date, WAL, busy timeout) or opening it read-only, the write
transaction that waits for another program's lock, and SQLite's errors turned into ours.

hhtracker's databases are marked: `PRAGMA application_id` is APPLICATION_ID (the bytes
"hhtk") and `PRAGMA user_version` the schema version (the number of migrations applied).
A file that is not marked is refused, unless it is an hhtracker database written before the
marks (its `_sqlite_migrations` rows and `hands` table), which migration m010 marks."""

from __future__ import annotations

import enum
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..errors import (
    DatabaseBusyError,
    DatabaseCorruptError,
    DatabaseOpenError,
    DatabaseWriteError,
    NewerDatabaseError,
    NoDatabaseError,
    NotOurDatabaseError,
)
from . import migrations, seals

if TYPE_CHECKING:
    from sqlite_utils import Database

T = TypeVar("T")


BUSY_WAIT = 1.0
"""Seconds SQLite itself waits for a lock before a statement fails (the connection's busy
timeout); `immediate()` tries again after that, telling the caller once."""

PATIENCE = 600.0
"""Seconds `immediate()` waits in all for the write lock before DatabaseBusyError."""

APPLICATION_ID = migrations.APPLICATION_ID
"""`PRAGMA application_id` of every hhtracker database (0x6868746b, the bytes "hhtk" at
offset 68 of the file's header)."""

SQLITE_MAGIC = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""

SIDE_FILES = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside a database (its name + suffix)."""


class DatabaseKind(enum.Enum):
    """What a file named as the database is (`database_kind`)."""

    MISSING = "missing"  # no such file: an import creates it
    EMPTY = "empty"  # a file of 0 bytes: another hhtracker creating it (an import waits, fills it), else not ours
    OURS = "ours"  # marked with APPLICATION_ID
    UNMARKED = "unmarked"  # an hhtracker database from before the marks (m010 marks it)
    FOREIGN = "foreign"  # another program's SQLite database
    NOT_SQLITE = "not sqlite"  # not an SQLite file at all


def schema_version() -> int:
    """The schema version this hhtracker writes into `PRAGMA user_version`: how many
    migrations it has."""
    return len(migrations.names())


def is_sqlite_file(path: Path | str) -> bool:
    """Whether the file at path starts with SQLite's magic bytes (False when it cannot be read)."""
    try:
        with open(path, "rb") as file:
            return file.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


def database_kind(path: Path | str) -> DatabaseKind:
    """What the file at path is, read without writing a byte or leaving a -wal/-shm: its
    header (the magic bytes, application_id), and for an SQLite file without our mark its
    tables, read from the file alone (SQLite's immutable mode: no lock, no side file).
    raises DatabaseOpenError when the file exists but cannot be read, or is not a regular
    file (a device such as /dev/null, a named pipe: never opened, nothing made beside it)."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None  # (missing, or unreadable: said below)
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        raise DatabaseOpenError(f"{path} is not a regular file (a device, a pipe): it is left untouched; give a "
                                "database file (a new file name makes a new database)")
    try:
        with open(path, "rb") as file:
            header = file.read(100)
    except FileNotFoundError:
        return DatabaseKind.MISSING
    except IsADirectoryError:
        raise DatabaseOpenError(f"{path} is a folder, not a database file: give a file name") from None
    except OSError as error:
        raise DatabaseOpenError(f"cannot read the database {path}: {error.strerror or error}") from None
    if not header:
        return DatabaseKind.EMPTY
    if not header.startswith(SQLITE_MAGIC) or len(header) < 100:
        return DatabaseKind.NOT_SQLITE
    application_id = int.from_bytes(header[68:72], "big")
    if application_id == APPLICATION_ID:
        return DatabaseKind.OURS
    if application_id != 0:
        return DatabaseKind.FOREIGN
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
        try:
            tables = {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}
            ours = "_sqlite_migrations" in tables and "hands" in tables and conn.execute(
                "select 1 from _sqlite_migrations where migration_set = ? limit 1", [migrations.MIGRATION_SET]
            ).fetchone() is not None
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return DatabaseKind.FOREIGN  # (its schema cannot be read: not a database we wrote)
    return DatabaseKind.UNMARKED if ours else DatabaseKind.FOREIGN


CREATION_GRACE_SECONDS = 1.0
"""How long an empty file with no journal beside it is watched for an hhtracker creating it
(SQLite makes the file, then its journal, within milliseconds) before it is taken for
someone else's empty file."""


def being_created(path: Path, grace: float = CREATION_GRACE_SECONDS) -> bool:
    """Whether the empty file at path is a database another hhtracker is creating: SQLite's
    journal or WAL is beside it, or appears (or the file fills) within `grace` seconds. An
    empty file nobody writes (`touch tracker.db`, a file emptied by mistake) is not ours."""
    sides = [path.with_name(path.name + suffix) for suffix in ("-journal", "-wal")]
    deadline = time.monotonic() + grace
    while True:
        try:
            if path.stat().st_size > 0 or any(side.exists() for side in sides):
                return True
        except OSError:
            return True  # (gone meanwhile: as missing, which an import creates)
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)


def refuse_not_ours(path: Path, kind: DatabaseKind) -> None:
    """raises NotOurDatabaseError when kind says the file is not hhtracker's; an empty file
    too, unless another hhtracker is creating it (being_created)."""
    if kind is DatabaseKind.EMPTY and not being_created(path):
        raise NotOurDatabaseError(
            f"{path} is an empty file (0 bytes), not a database: it is left untouched; give another --db "
            "(a new file name makes a new database), or delete this file if it is yours and empty")
    if kind is DatabaseKind.FOREIGN:
        raise NotOurDatabaseError(
            f"{path} is another program's SQLite database, not hhtracker's: it is left untouched; "
            "give another --db (a new file name makes a new database)")
    if kind is DatabaseKind.NOT_SQLITE:
        raise NotOurDatabaseError(
            f"{path}: this file is not a database (not an SQLite file): it is left untouched; "
            "give another --db (a new file name makes a new database)")


def translated(error: sqlite3.Error, path: Path | str) -> Exception | None:
    """Our error for an SQLite error met using the database at path, by SQLite's error
    code: DatabaseCorruptError (damaged, not a database), DatabaseWriteError (disk full,
    read-only file or folder, an I/O error); None for any other (a bug, or bad SQL)."""
    code = getattr(error, "sqlite_errorcode", None)
    if str(error).startswith("Could not decode to UTF-8"):  # (Python's: we write UTF-8 only)
        code = sqlite3.SQLITE_CORRUPT
    if code is None:
        return None
    primary = code & 0xFF
    if primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return DatabaseCorruptError.of(path, str(error))
    if primary == sqlite3.SQLITE_FULL:
        return DatabaseWriteError(
            f"the disk is full: the database {path} could not be written (what was being written was rolled "
            "back, what was written before is kept); free some space and run the command again")
    if primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN):
        return DatabaseWriteError(
            f"cannot write the database {path} ({error}): the file or its folder is read-only for you; "
            "check their permissions, or give another --db")
    if primary == sqlite3.SQLITE_IOERR:
        return DatabaseWriteError(
            f"the database {path} could not be read or written ({error}: a disk error, or the disk is full); "
            "nothing half-written was kept; check the disk and run the command again")
    return None


@contextmanager
def sqlite_errors(path: Path | str, *, opening: bool = False) -> Iterator[None]:
    """Within: an SQLite error that says the database at path is damaged or cannot be written
    raised as DatabaseCorruptError or DatabaseWriteError instead (see translated()).
    opening: the block only opens the database, so a UnicodeDecodeError is SQLite's message
    quoting a damaged schema (Python cannot decode it): DatabaseCorruptError too."""
    try:
        yield
    except UnicodeDecodeError:
        if not opening:
            raise
        raise DatabaseCorruptError.of(path, "its schema holds bytes that are not text") from None
    except sqlite3.Error as error:
        ours = translated(error, path)
        if ours is None:
            raise
        raise ours from None


def open_database(path: Path | str, on_wait: Callable[[], None] | None = None, *, create: bool = True,
                  check: bool = False, on_progress: migrations.ProgressHook | None = None) -> Database:
    """Open a tracker database to write: WAL mode, a busy timeout, the schema brought up to
    date (and marked). create: make it when the file does not exist (the api passes it for
    the commands that import only); else a missing file is NoDatabaseError. check: an
    existing database is checked whole first (damage_found, PRAGMA quick_check: about 1 s
    per 20,000 hands) and refused, DatabaseCorruptError, when damaged, before anything is
    written; unless it is sealed (store.seals: the last import found it sound and nothing
    changed the file since), which the caller records with seals.seal(path) after closing
    it. on_wait() is called once if another program holds a lock we must wait for (two
    importers creating one database at once: one makes it, the other waits). on_progress: told
    how far the upgrade of an existing database written by an older version is (migrations.
    migrate; never for a new one); the upgrade is one transaction, rolled back whole when
    anything (the hook too: Ctrl-C) raises. raises NoDatabaseError, NotOurDatabaseError (nothing
    written), DatabaseOpenError, DatabaseCorruptError, DatabaseWriteError, DatabaseBusyError."""
    path = Path(path)
    kind = database_kind(path)
    refuse_not_ours(path, kind)
    fresh = kind in (DatabaseKind.MISSING, DatabaseKind.EMPTY)
    if fresh and not create:
        raise NoDatabaseError(f"no database at {path}: import hand histories first (hhtracker import --db {path} PATH)")
    whole_check = check and not fresh and not seals.is_sealed(path)  # (looked at before SQLite opens it)
    try:
        if fresh:
            path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), timeout=BUSY_WAIT, isolation_level=None)
    except (OSError, sqlite3.DatabaseError) as error:
        raise DatabaseOpenError(f"cannot open the database {path}: {getattr(error, 'strerror', None) or error}") from None
    try:
        with sqlite_errors(path, opening=True):
            if whole_check:
                damage = damage_found(conn)
                if damage:
                    raise DatabaseCorruptError.of(path, damage[0])
            if fresh:  # the mark first, in the file's header, before anything else is written
                patiently(lambda: conn.execute(f"PRAGMA application_id = {APPLICATION_ID}"), on_wait)
            from sqlite_utils import Database  # (here: the reading commands open without it, open_reader)

            db = Database(conn)
            patiently(lambda: db.execute("PRAGMA journal_mode=WAL"), on_wait)
            db.execute("PRAGMA foreign_keys=ON")
            patiently(lambda: refuse_newer(db, path), on_wait)
            db.execute("PRAGMA synchronous=NORMAL")  # WAL: a power cut may lose the last commits, never corrupt
            if migrations.pending(db):
                # Two processes opening a new database at once: one migrates, the other waits for
                # the write lock and then finds nothing left to do.
                with immediate(db, on_wait):
                    migrations.migrate(db, None if fresh else on_progress)
                    db.execute(f"PRAGMA user_version = {schema_version()}")
    except BaseException:
        conn.close()
        raise
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


def damage_found(conn: sqlite3.Connection, most: int = 20) -> list[str]:
    """What SQLite's `PRAGMA quick_check` finds wrong in the database (at most `most` lines;
    empty when it is sound). It reads every page: about 1 s per 20,000 hands. raises
    sqlite3.DatabaseError when the damage stops the check itself."""
    lines = [str(row[0]) for row in conn.execute(f"PRAGMA quick_check({int(most)})")]
    return [] if lines == ["ok"] else lines


def read_only_connection(path: Path | str, *, salvage: bool = False) -> sqlite3.Connection:
    """A read-only sqlite3 connection to the database at path (`mode=ro`: nothing can be
    written through it). A WAL database needs its -shm file: when the folder cannot hold one
    (a read-only folder or disk), the file is read as it is (`immutable=1`: no other program
    can be writing it there). salvage: a damaged schema is ignored where it can be
    (`PRAGMA writable_schema`, harmless on a read-only connection), to read what is left.
    raises DatabaseOpenError, DatabaseCorruptError."""
    path = Path(path)
    uri = path.resolve().as_uri()
    first = "PRAGMA writable_schema = ON" if salvage else "select count(*) from sqlite_master"
    try:
        with sqlite_errors(path, opening=True):
            conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=BUSY_WAIT)
            try:
                conn.execute(first).fetchone()
                if salvage:
                    conn.execute("select count(*) from sqlite_master").fetchone()
                return conn
            except sqlite3.OperationalError as error:
                conn.close()
                if getattr(error, "sqlite_errorcode", 0) & 0xFF not in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN):
                    raise
            conn = sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, timeout=BUSY_WAIT)
            conn.execute(first).fetchone()
            return conn
    except DatabaseCorruptError:
        raise
    except (OSError, sqlite3.DatabaseError) as error:
        raise DatabaseOpenError(f"cannot open the database {path}: {getattr(error, 'strerror', None) or error}") from None


def open_reader(path: Path | str) -> sqlite3.Connection | None:
    """A read-only sqlite3 connection (read_only_connection) for a command that only reads,
    when the database is up to date and nothing is due (no sqlite-utils to load, which is
    most of a short command's start-up); None when it needs open_database() to write first
    (a migration to apply, the marks to set, a task due). raises NoDatabaseError,
    NotOurDatabaseError, NewerDatabaseError, DatabaseOpenError, DatabaseCorruptError."""
    path = Path(path)
    kind = database_kind(path)
    refuse_not_ours(path, kind)
    if kind in (DatabaseKind.MISSING, DatabaseKind.EMPTY):
        raise NoDatabaseError(f"no database at {path}: import hand histories first (hhtracker import --db {path} PATH)")
    if kind is DatabaseKind.UNMARKED:
        return None
    conn = read_only_connection(path)
    try:
        with sqlite_errors(path, opening=True):
            refuse_newer(conn, path)
            if migrations.pending(conn) or migrations.tasks_due(conn):
                conn.close()
                return None
    except BaseException:
        conn.close()
        raise
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
