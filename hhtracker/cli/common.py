"""Options and output shared by the commands."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import sqlite3
from collections import Counter
from collections.abc import Iterable
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


def say_waiting() -> None:
    """Told once when another program (an import) holds the database's write lock and the
    command waits for it."""
    stderr_line("waiting for another import (the database is being written to)…")


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
    """": did you mean 'Hero 77'?" for the stored player names closest to `name`
    (api.close_names); "" when none is close or there is no database."""
    try:
        names = api.close_names(db, name, limit=limit)
    except (api.NoDatabaseError, sqlite3.Error, ValueError):
        return ""
    if not names:
        return ""
    return ": did you mean " + " or ".join(api.quoted(n) for n in names) + "?"


def known_name(db: Path, name: str, force: bool) -> str:
    """The stored name NAME means (stored_name); with no stored hand of it, a usage error
    naming the nearest names, unless --force (then NAME as given): `note`, `tag` and
    `hero add` write only about players the database knows."""
    stored = api.stored_name(db, name)
    if stored is not None:
        return stored
    if force:
        return name
    raise usage_error(f"no hands of a player named {api.quoted(name)} in the database" + (did_you_mean(db, name) or "")
                      + " (--force to write it anyway)")


def usage_error(message: str) -> typer.Exit:
    """The usage error (exit code 2) of `message`, printed on stderr as `Error: message`
    (cut to 300 characters: what it quotes, api.quoted, is cut to 60 already)."""
    stderr_line(f"Error: {api.bounded(message)}")
    return typer.Exit(2)


def stored_name(db: Path, name: str) -> str:
    """The stored name NAME means: itself when stored, else the one stored name equal to it
    ignoring case (several such names: NAME as given, and the error lists them)."""
    return api.stored_name(db, name) or name


def say(text: object) -> None:
    """A line of the result on stdout, escaped (text from a file or a name may hold
    anything: api.safe), never read as markup."""
    stdout.print(api.safe(text), markup=False, highlight=False)


PROBLEM_LINE = re.compile(r"^Error: |: (?:error|warning) \[[a-z_]+\] ")
"""A problem (`file:line: error [code] ...`, `file: warning [code] ...`) or an error: one line
whatever the width (grep-able, an editor jumps to it)."""


def stderr_line(text: object) -> None:
    """A line on stderr (an error, progress), escaped as `say` escapes: a problem line on one
    line; anything else wrapped between words to the width of a terminal, or to COLUMNS when
    it is set, and on one line when piped without COLUMNS (a log keeps it whole)."""
    line = api.safe(text)
    columns = os.environ.get("COLUMNS", "")
    width = int(columns) if columns.isdigit() and int(columns) > 0 else None
    if PROBLEM_LINE.search(line) or (width is None and not stderr.is_terminal):
        stderr.print(line, markup=False, highlight=False)
        return
    if width is not None:
        stderr.width = width
    stderr.print(line, markup=False, highlight=False, soft_wrap=False)


def skipped_sites_line(sites: Counter[str]) -> str:
    """"skipped: Winamax, 1 file; iPoker, 2 files": the files of sites not read, by site."""
    parts = [f"{site}, {n} file{'s' if n != 1 else ''}" for site, n in sorted(sites.items())]
    return "skipped: " + "; ".join(parts) + " (a site hhtracker does not read)"




class Debug:
    """The global --debug option (or HHTRACKER_DEBUG=1), set once by the app's callback:
    the traceback of an internal error (code internal: a bug) is printed, on stderr."""

    on = False


def print_tracebacks(problems: Iterable[api.Problem]) -> None:
    """With --debug, the Python traceback of each internal error among `problems`, on
    stderr (escaped like any text from a file); without it, nothing."""
    if not Debug.on:
        return
    for problem in problems:
        if problem.detail:
            where = f"{problem.file}:{problem.line}" if problem.line is not None else problem.file
            stderr.print(api.safe(f"{where}: traceback of the internal error (--debug):\n{problem.detail.rstrip()}",
                                  keep_newlines=True), markup=False, highlight=False)
