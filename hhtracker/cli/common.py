"""Options and output shared by the commands."""

from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from .. import api
from .fitting import FittingConsole

# tables fitted to the width, prose wrapped between words; piped: COLUMNS, else 160 (fitting.py)
stdout = FittingConsole()
stdout.refit()
stderr = Console(stderr=True, soft_wrap=True)

DbOption = Annotated[
    Path | None,
    typer.Option("--db", metavar="FILE", help="Database file. Default: $HHTRACKER_DB, else hhtracker.db in your data folder.", show_default=False),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON to stdout instead of tables.")]


def resolve_db(db: Path | None) -> Path:
    """--db, else $HHTRACKER_DB, else the file in the user data folder (created when needed).
    raises typer.Exit (usage error, 2) when a database named by --db or $HHTRACKER_DB is in
    a folder that does not exist: a typo must not start a new database somewhere else."""
    named = db is not None or bool(os.environ.get("HHTRACKER_DB"))
    path = db if db is not None else api.default_db_path()
    if named and not path.parent.is_dir():
        raise usage_error(f"no folder {path.parent} for the database {path}: create it first, or check the path")
    return path


def print_json(value: object) -> None:
    typer.echo(api.safe_json(json.dumps(value, indent=2, ensure_ascii=False)))


def check_order(first_name: str, first: dt.datetime | None, last_name: str, last: dt.datetime | None,
                *, first_text: str | None = None, last_text: str | None = None) -> None:
    """raises typer.Exit (usage error, 2) when both bounds of a range (days or times) are
    given reversed, as reversed stakes are: a range that matches nothing is a typo, not an
    empty answer. The bounds are shown as given (first_text, last_text) or as days."""
    if first is not None and last is not None and first > last:
        raise usage_error(f"{first_name} {first_text or f'{first:%Y-%m-%d}'} is after {last_name} "
                          f"{last_text or f'{last:%Y-%m-%d}'}: the earlier one comes first")


def did_you_mean(db: Path, name: str, *, limit: int = 3) -> str:
    """": did you mean 'Hero 77'?" for the stored player names closest to `name` (the same
    name in other case first, then difflib's close matches, case-insensitive); "" when none
    is close or there is no database."""
    import difflib

    try:
        _, rows = api.query(db, "select distinct name from players", limit=None)
    except (api.NoDatabaseError, sqlite3.Error, ValueError):
        return ""
    by_lower: dict[str, list[str]] = {}
    for (stored,) in rows:
        by_lower.setdefault(str(stored).lower(), []).append(str(stored))
    close = difflib.get_close_matches(name.lower(), list(by_lower), n=limit, cutoff=0.6)
    names = [stored for lower in close for stored in sorted(by_lower[lower]) if stored != name][:limit]
    if not names:
        return ""
    return ": did you mean " + " or ".join(repr(n) for n in names) + "?"


def usage_error(message: str) -> typer.Exit:
    stderr.print(f"Error: {api.safe(message)}", markup=False, highlight=False)
    return typer.Exit(2)


def skipped_sites_line(sites: Counter[str]) -> str:
    """"skipped: Winamax, 1 file; iPoker, 2 files": the files of sites not read, by site."""
    parts = [f"{site}, {n} file{'s' if n != 1 else ''}" for site, n in sorted(sites.items())]
    return "skipped: " + "; ".join(parts) + " (a site hhtracker does not read)"
