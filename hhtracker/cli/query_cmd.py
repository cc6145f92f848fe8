"""`hhtracker query SQL`: read-only SQL over the database."""

from __future__ import annotations

import sqlite3
from typing import Annotated

import typer
from rich.table import Table

from .. import api
from ..display import cell
from .common import DbOption, print_json, resolve_db, stderr, stdout, usage_error


def query_command(
    sql: Annotated[str, typer.Argument(help="One SQL statement (SELECT, WITH ...).", show_default=False)],
    db: DbOption = None,
    table: Annotated[bool, typer.Option("--table", help="Print a table instead of JSON.")] = False,
) -> None:
    """Run a read-only SQL query and print the rows as JSON (default) or a table.

    The database is opened read-only: UPDATE, DELETE, DROP, ATTACH and PRAGMA writes are refused (exit code 2). See README.md, "Database", for the tables and views.
    """
    try:
        columns, rows = api.query(resolve_db(db), sql)
    except (api.NoDatabaseError, api.ReadOnlyQueryError) as error:
        raise usage_error(str(error)) from None
    except sqlite3.Error as error:
        stderr.print(f"Error: {error}", markup=False, highlight=False)
        raise typer.Exit(2) from None
    if table:
        out = Table()
        for column in columns:
            out.add_column(cell(column))
        for row in rows:
            out.add_row(*(cell("" if v is None else v) for v in row))
        stdout.print(out)
    else:
        print_json([dict(zip(columns, row)) for row in rows])
