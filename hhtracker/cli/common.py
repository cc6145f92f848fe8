"""Options and output shared by the commands."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..api import default_db_path
from ..display import safe, safe_json

stdout = Console(soft_wrap=True)
if not stdout.is_terminal:  # piped or captured: do not squeeze tables into 80 columns
    stdout = Console(soft_wrap=True, width=160)
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
    path = db if db is not None else default_db_path()
    if named and not path.parent.is_dir():
        raise usage_error(f"no folder {path.parent} for the database {path}: create it first, or check the path")
    return path


def print_json(value: object) -> None:
    typer.echo(safe_json(json.dumps(value, indent=2, ensure_ascii=False)))


def usage_error(message: str) -> typer.Exit:
    stderr.print(f"Error: {safe(message)}", markup=False, highlight=False)
    return typer.Exit(2)
