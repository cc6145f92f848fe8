"""`hhtracker query SQL`: read-only SQL over the database."""

from __future__ import annotations

import sqlite3
from typing import Annotated

import typer
from rich.table import Table

from .. import api
from .common import DbOption, print_json, resolve_db, stdout, usage_error
from .options import MAX_COUNT, MAX_INTERVAL_SECONDS


def query_command(
    sql: Annotated[str, typer.Argument(help="One SQL statement (SELECT, WITH ...).", show_default=False)],
    db: DbOption = None,
    table: Annotated[bool, typer.Option("--table", help="Print a table instead of JSON.")] = False,
    timeout: Annotated[float, typer.Option("--timeout", min=0, max=MAX_INTERVAL_SECONDS, metavar="SECONDS",
                                           help="Stop the query after this many seconds (0: no limit).")] = api.QUERY_TIMEOUT_SECONDS,
    limit: Annotated[int, typer.Option("--limit", min=0, max=MAX_COUNT, metavar="ROWS",
                                       help="Refuse a result of more rows than this (0: no limit).")] = api.QUERY_ROW_LIMIT,
) -> None:
    """Run a read-only SQL query and print the rows as JSON (default) or a table.

    The database is opened read-only: UPDATE, DELETE, DROP, ATTACH and PRAGMA writes are refused (exit code 2). A query that runs longer than --timeout, returns more rows than --limit or more than 50 MB is stopped (exit code 2). A BLOB is shown in hexadecimal as x'00ff'. See README.md, "Database", for the tables and views.
    """
    if not sql.strip():
        raise usage_error("give an SQL statement, e.g. hhtracker query 'select count(*) from hands'")
    try:
        columns, rows = api.query(resolve_db(db), sql, timeout=timeout or None, limit=limit or None)
    except sqlite3.Error as error:  # the user's SQL: its error is his to correct
        raise usage_error(str(error)) from None
    if table:
        out = Table()
        for column in columns:
            out.add_column(api.cell(column))
        for row in rows:
            out.add_row(*(api.cell("" if v is None else api.blob_text(v) if isinstance(v, bytes) else v) for v in row))
        stdout.print(out)
    else:
        print_json([{column: api.blob_text(v) if isinstance(v, bytes) else v for column, v in zip(columns, row)}
                    for row in rows])
