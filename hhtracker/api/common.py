"""What the api's modules share: the database a command opens (to read, to write, to create)
with SQLite's errors turned into ours."""

from __future__ import annotations

import enum
import functools
import inspect
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from ..errors import NoDatabaseError

if TYPE_CHECKING:
    import sqlite3

    from sqlite_utils import Database

    from ..store.migrations import StepProgress

__all__ = ["DatabaseUpgrade", "NoDatabaseError", "UpgradeStage", "database_to_read", "database_to_write",
           "existing_database", "on_upgrade", "open_tracker", "uses_database"]


class UpgradeStage(enum.Enum):
    """What a DatabaseUpgrade tells."""

    WAITING = "waiting"  # the database needs upgrading and another program holds its write lock: we wait
    STEP = "step"  # how far a step of the upgrade is (DatabaseUpgrade.step)
    FINISHED = "finished"  # every step done and committed (DatabaseUpgrade.seconds: the time it took)
    UNDONE = "undone"  # stopped (Ctrl-C, an error): rolled back, the database as it was; the next open does it again


@dataclass(frozen=True)
class DatabaseUpgrade:
    """How far the upgrade of a database written by an older hhtracker is (the migrations
    this version adds, applied once when a command opens it): what the callable given to
    `on_upgrade` is told.

    db_path: the database; stage: what happens; step: for STEP, the migration, its number
    of all (step.number, step.steps), its title and done/total units (total None: it does
    not count); seconds: since the upgrade began (FINISHED: the time it took in all);
    interrupted: UNDONE by Ctrl-C (KeyboardInterrupt), not by an error."""

    db_path: Path
    stage: UpgradeStage
    step: StepProgress | None = None
    seconds: float = 0.0
    interrupted: bool = False


_WATCHERS: list[Callable[[DatabaseUpgrade], None]] = []


def on_upgrade(watcher: Callable[[DatabaseUpgrade], None] | None) -> None:
    """Set (None: unset) what is told how far the upgrade of a database is whenever this
    process opens one that an older version wrote (every command: open_tracker). It is
    called in the opening thread, per step and per chunk of a step's work (m012: every
    20,000 hands, about 9 s), never for a database that is up to date nor for a new one;
    what it raises (KeyboardInterrupt) stops the upgrade, rolled back whole."""
    _WATCHERS.clear()
    if watcher is not None:
        _WATCHERS.append(watcher)

P = ParamSpec("P")
R = TypeVar("R")


def uses_database(function: Callable[P, R]) -> Callable[P, R]:
    """An api function with a `db_path` parameter: an SQLite error met in it that says the
    database is damaged or cannot be written (full disk, read-only) is raised as
    DatabaseCorruptError or DatabaseWriteError naming that file (the one place this is
    decided: store.database.translated)."""
    signature = inspect.signature(function)
    assert "db_path" in signature.parameters, function

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        from ..store.database import sqlite_errors

        db_path = signature.bind_partial(*args, **kwargs).arguments.get("db_path", "?")
        with sqlite_errors(db_path):
            return function(*args, **kwargs)

    return wrapper


def database_to_read(db_path: Path) -> sqlite3.Connection:
    """The database at db_path opened read-only (a plain sqlite3 connection, `mode=ro`: no
    sqlite-utils to load, nothing can be written). A database that needs a migration first
    is brought up to date (a write), then opened read-only. raises NoDatabaseError,
    NotOurDatabaseError, NewerDatabaseError, DatabaseOpenError, DatabaseCorruptError."""
    from ..store.database import open_reader

    conn = open_reader(db_path)
    if conn is None:
        open_tracker(db_path).close()
        conn = open_reader(db_path)
    if conn is None:  # (cannot happen: open_tracker applied every migration and task)
        raise NoDatabaseError(f"the database {db_path} could not be brought up to date")
    return conn


def existing_database(db_path: Path) -> Database:
    """The database at db_path opened read-only as database_to_read does, as a sqlite-utils
    Database (for the readers that use its helpers). raises as database_to_read."""
    from sqlite_utils import Database

    return Database(database_to_read(db_path))


def database_to_write(db_path: Path, on_wait: Callable[[], None] | None = None) -> Database:
    """The existing database at db_path opened to write (open_tracker), never created: a
    command that does not import refuses a path where there is no database (a typo must not
    start a new one). raises NoDatabaseError, and as open_tracker."""
    return open_tracker(db_path, on_wait, create=False)


def open_tracker(db_path: Path, on_wait: Callable[[], None] | None = None, *, create: bool = False,
                 check: bool = False) -> Database:
    """Open the database at db_path to write (created when `create` and there is no file:
    the commands that import; `check`: checked whole first and refused when damaged, see
    store.database.open_database), schema up to date, and do what a migration left to the api
    (recompute facts, read finish lines: from the raw text, which the store does not parse).
    raises NoDatabaseError (no file and not `create`), NotOurDatabaseError, DatabaseOpenError,
    DatabaseCorruptError, DatabaseWriteError, DatabaseBusyError."""
    from ..store import (
        migrations,  # (not at the top: `query` needs only NoDatabaseError)
    )
    from ..store.database import immediate, open_database, sqlite_errors

    watcher = _WATCHERS[0] if _WATCHERS else None
    began: float | None = None

    def tell(stage: UpgradeStage, step: StepProgress | None = None, *, interrupted: bool = False) -> None:
        if watcher is not None:
            watcher(DatabaseUpgrade(Path(db_path), stage, step, time.monotonic() - (began or time.monotonic()),
                                    interrupted))

    def stepped(step: StepProgress) -> None:
        nonlocal began
        if began is None:
            began = time.monotonic()
        tell(UpgradeStage.STEP, step)

    if on_wait is None and watcher is not None:  # (a reading command: the lock is wanted only to upgrade)
        on_wait = functools.partial(tell, UpgradeStage.WAITING)
    try:
        db = open_database(db_path, on_wait, create=create, check=check,
                           on_progress=stepped if watcher is not None else None)
        try:
            with sqlite_errors(db_path):
                if migrations.tasks_due(db):
                    from .maintenance import read_finishes, recompute_facts

                    work = {migrations.RECOMPUTE_FACTS: recompute_facts, migrations.READ_FINISHES: read_finishes}
                    with immediate(db, on_wait):
                        for task in migrations.tasks_due(db):
                            work[task](db)
                            migrations.done(db, task)
        except BaseException:
            db.close()
            raise
    except BaseException as error:
        if began is not None:
            tell(UpgradeStage.UNDONE, interrupted=isinstance(error, KeyboardInterrupt))
        raise
    if began is not None:
        tell(UpgradeStage.FINISHED)
    return db

