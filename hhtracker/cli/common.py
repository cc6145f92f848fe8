"""Options and output shared by the commands."""

from __future__ import annotations

import json
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
    typer.Option("--db", help="Database file. Default: $HHTRACKER_DB, else hhtracker.db in your data folder.", show_default=False),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON to stdout instead of tables.")]


def resolve_db(db: Path | None) -> Path:
    return db if db is not None else default_db_path()


def print_json(value: object) -> None:
    typer.echo(safe_json(json.dumps(value, indent=2, ensure_ascii=False)))


def usage_error(message: str) -> typer.Exit:
    stderr.print(f"Error: {safe(message)}", markup=False, highlight=False)
    return typer.Exit(2)
