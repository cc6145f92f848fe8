"""Errors, compiler style: every one names the file and line it is about.

`HandHistoryError` is the base; each pipeline stage raises its own subclass so the CLI
can turn any of them into `file:line: message` and an exit code in one place.
"""

from __future__ import annotations


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
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.hand_id = hand_id
        self.code = code

    def __reduce__(self):
        # Keep path, line and code when the error crosses processes (import --jobs).
        return (_rebuild, (type(self), self.message, self.path, self.line, self.column, self.hand_id, self.code))

    def __str__(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}"


def _rebuild(cls, message, path, line, column, hand_id, code):
    return cls(message, path=path, line=line, column=column, hand_id=hand_id, code=code)


class EncodingError(HandHistoryError):
    """The file's bytes are not text in any encoding the sites use (UTF-8, UTF-16)."""


class HandSyntaxError(HandHistoryError):
    """A line of a hand does not have any shape the site's grammar knows. code: "syntax"."""


class UnsupportedHandError(HandHistoryError):
    """A hand of a site or game hhtracker does not read (e.g. Hold'em in a mixed-game file)."""
