"""The summary tables checked against m003's SQL, for tests that write hands (store,
reliability)."""

from __future__ import annotations

from hhtracker.store import summary
from hhtracker.store.database import immediate


def snapshot(db) -> dict[str, list[tuple]]:
    """Every summary row, in a stable order."""
    return {table: sorted(db.execute(f"select * from {table}").fetchall(), key=repr) for table in summary.SUMMARY_TABLES}


def rebuilt(db) -> dict[str, list[tuple]]:
    """The summary as m003's SQL builds it from the hands (rolled back afterwards)."""
    with immediate(db):
        db.execute("savepoint rebuild")
        summary.rebuild(db)
        rows = snapshot(db)
        db.execute("rollback to rebuild")
        db.execute("release rebuild")
    return rows
