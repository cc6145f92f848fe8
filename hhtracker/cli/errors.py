"""The one map from the errors the api raises to what the user sees: an exit code and one
line on stderr, `Error: <the error's text>` (each error's text says what to do). Every
command's errors go through it (HonestGroup.invoke): a command catches only what it turns
into other words or other work."""

from __future__ import annotations

import errno
from dataclasses import dataclass

import typer

from .. import api
from .common import stderr_line

USAGE = 2
"""The exit code of a usage error: a wrong option or path, no such player, a database that
is not ours, damaged or locked (the README's exit codes)."""


@dataclass(frozen=True)
class ErrorExit:
    """errors: the exception types; exit_code: what the command exits with."""

    errors: tuple[type[BaseException], ...]
    exit_code: int


def error_exits() -> tuple[ErrorExit, ...]:
    """The map, in the order it is read (a function: the api loads each error's module only
    when an error is met, so `hhtracker --version` stays quick)."""
    return (
        # the database: none there, not ours, newer, damaged, not writable, locked
        ErrorExit((api.NoDatabaseError, api.DatabaseOpenError, api.DatabaseBusyError), USAGE),
        # a file to write refused or not written (never the database, nor an SQLite file)
        ErrorExit((api.OutputPathError,), USAGE),
        # what was asked for is not there: no session, no hero, no such player, an input path
        ErrorExit((api.ReportError, api.NoHeroError, api.UnknownPlayerError, FileNotFoundError), USAGE),
        # a query refused (a write, too long, too big), an extra not installed
        ErrorExit((api.ReadOnlyQueryError, api.QueryLimitError, api.MissingExtraError), USAGE),
        # a note, tag or hero name refused: empty, too long
        ErrorExit((api.MarkError,), USAGE),
    )


def as_exit(error: BaseException) -> typer.Exit | None:
    """The typer.Exit for `error` (its line printed on stderr), or None when the map does
    not know it (a bug: it goes on up)."""
    for entry in error_exits():
        if isinstance(error, entry.errors):
            stderr_line(f"Error: {api.bounded(message(error))}")
            return typer.Exit(entry.exit_code)
    if isinstance(error, OSError) and error.errno == errno.ENAMETOOLONG:  # a path typed, whichever command met it
        stderr_line(f"Error: a file name too long in {api.quoted(error.filename)}: check the path")
        return typer.Exit(USAGE)
    return None


def message(error: BaseException) -> str:
    """The error's text: its message as raised (a LookupError's str() would quote it), not
    "[Errno 2] ..." for an OSError made with a message alone."""
    return str(error.args[0]) if len(error.args) == 1 else str(error)

