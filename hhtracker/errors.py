"""Errors, compiler style: every one names the file and line it is about.

`HandHistoryError` is the base; each pipeline stage raises its own subclass so the CLI
can turn any of them into `file:line: message` and an exit code in one place.
"""

from __future__ import annotations

from collections.abc import Callable

EXCERPT_CHARACTERS = 60  # a line of a hand history quoted in a message
MESSAGE_CHARACTERS = 300  # any message about a hand history, whatever it quotes


def excerpt(text: str, limit: int = EXCERPT_CHARACTERS, length: int | None = None) -> str:
    """A line quoted in a message: repr() of its first `limit` characters, and its length
    when it was cut, e.g. `'XXXX…' … (10,000,000 characters)`. A 10 MB line is never
    echoed (or stored) whole. length: the whole line's length when `text` is already only
    its start (a line read in pieces)."""
    length = len(text) if length is None else length
    if length <= limit:
        return repr(text)
    return f"{text[:limit]!r} … ({length:,} characters)"


def bounded(message: str, limit: int = MESSAGE_CHARACTERS) -> str:
    """`message` cut to `limit` characters (saying how long it was): the bound on every
    message about a hand history (errors, validation issues), whatever text it quotes."""
    if len(message) <= limit:
        return message
    return f"{message[:limit]} … (message of {len(message):,} characters cut)"


class HandHistoryError(Exception):
    """A problem with a hand history, located in its file.

    path: str, the file; line: int | None, 1-based line in that file; column: int | None;
    hand_id: str | None, the site's hand number when known; message: str, what is wrong.
    """

    def __init__(
        self,
        message: str,
        *,
        path: str = "?",
        line: int | None = None,
        column: int | None = None,
        hand_id: str | None = None,
        code: str = "error",
    ) -> None:
        message = bounded(message)
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.hand_id = hand_id
        self.code = code

    def __reduce__(self) -> tuple[Callable[..., HandHistoryError], tuple[object, ...]]:
        # Keep path, line and code when the error crosses processes (import --jobs).
        return (_rebuild, (type(self), self.message, self.path, self.line, self.column, self.hand_id, self.code))

    def __str__(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}"


def _rebuild(cls: type[HandHistoryError], message: str, path: str, line: int | None, column: int | None,
             hand_id: str | None, code: str) -> HandHistoryError:
    return cls(message, path=path, line=line, column=column, hand_id=hand_id, code=code)


class EncodingError(HandHistoryError):
    """The file's bytes are not text in any encoding the sites use (UTF-8, UTF-16)."""


class HandSyntaxError(HandHistoryError):
    """A line of a hand does not have any shape the site's grammar knows. code: "syntax"."""


class UnsupportedHandError(HandHistoryError):
    """A hand of a site or game hhtracker does not read (e.g. Hold'em in a mixed-game file)."""


# --- the database ------------------------------------------------------------------------


class DatabaseOpenError(OSError):
    """The database file cannot be opened or created (a folder that cannot be made, no
    permission, not an SQLite file)."""


class DatabaseBusyError(OSError):
    """Another program kept the database's write lock longer than we were willing to wait."""


class NewerDatabaseError(DatabaseOpenError):
    """The database holds a migration this version does not know: a newer hhtracker wrote it,
    and this one would misread it or write rows the newer one does not expect."""


class NoDatabaseError(FileNotFoundError):
    """The database file does not exist (nothing was imported into it yet); only the commands
    that import create one."""


class NotOurDatabaseError(DatabaseOpenError):
    """The file named as the database is not hhtracker's: another program's SQLite database,
    or not an SQLite file at all. It is refused before a byte of it is written."""


class DatabaseCorruptError(DatabaseOpenError):
    """SQLite found the database damaged ("database disk image is malformed", "file is not a
    database"); nothing more is written into it. `hhtracker check` says what is wrong.
    reason: SQLite's words (or ours) for the damage."""

    reason: str = ""

    @classmethod
    def of(cls, path: object, reason: str) -> DatabaseCorruptError:
        """The error for the database at path, damaged as `reason` says."""
        error = cls(f"the database {path} is damaged ({reason}): nothing more is written into it; "
                    f"`hhtracker check --db {path}` says what is wrong and how to rebuild it")
        error.reason = reason
        return error


class DatabaseWriteError(DatabaseOpenError):
    """The database could not be written: the disk is full, or the file or its folder is
    read-only. The transaction in progress was rolled back (nothing half-written)."""


class OutputPathError(OSError):
    """A file a command was asked to write is refused (it is the database, one of its
    -wal/-shm/-journal files, another SQLite database, or the input), or could not be
    written (nothing partial is left, an old file is kept)."""
