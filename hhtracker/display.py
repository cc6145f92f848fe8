"""Text from hand histories made safe for a terminal: the one place that escapes it.

A hand history is untrusted: a player named `Evil\\x1b[31mRED\\x1b]0;pwned\\x07` would recolour
the terminal and set its window title, U+202E (right-to-left override) would reverse what
follows it, and `[bold]` would be read as rich markup. Every terminal output of such text
goes through `safe` (plain strings) or `cell` (rich tables, titles: never read as markup).
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from rich.text import Text

from .errors import excerpt

# Unicode categories escaped: Cc (C0 and C1 controls, DEL), Cf (format: the bidi overrides
# and isolates U+202A-202E, U+2066-2069, U+200E/U+200F, zero-width characters), Zl, Zp (line
# and paragraph separators), Cs (lone surrogates) and Co/Cn (private use, unassigned).
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})


def _escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def safe(text: object, *, keep_newlines: bool = False) -> str:
    """`text` (str() of it) with every control, format (bidi) and separator character
    written as a visible escape (`\\x1b`, `\\u202e`); a backslash stays as it is. With
    keep_newlines, "\\n" is kept (multi-line text such as a replayed hand), "\\r" is escaped.
    Rich markup is not escaped here: print the result with markup=False, or use `cell`."""
    value = str(text)
    if value.isprintable() and not keep_newlines:
        return value  # the common case, fast: no Cc, Cf, Z* other than space, Cs, Co, Cn
    return "".join(
        char if (keep_newlines and char == "\n") or unicodedata.category(char) not in _ESCAPED_CATEGORIES
        else _escape(char)
        for char in value
    )


def quoted(text: object) -> str:
    """`text` (str() of it: a name, an id, an option's value as the user typed it, a line of
    a hand history) quoted in a message: repr() of its first 60 characters, and its length
    when it was longer (`'xxxx…' … (100,000 characters)`): repr escapes the controls and
    bidi characters, and a 100,000-character name is not echoed whole. The one quoting of
    every message (errors.excerpt, which the parsers quote lines with)."""
    return excerpt(str(text))


def cell(text: object) -> Text:
    """`safe(text)` as a rich Text: shown as it is in a table cell or title, never read as
    markup (`[bold]` stays `[bold]`)."""
    return Text(safe(text))


def safe_json(text: str) -> str:
    """JSON text (from json.dumps with ensure_ascii=False) with the control, format (bidi)
    and separator characters json leaves raw (C1 controls, U+202E...) written as `\\uXXXX`
    escapes: they can only be inside strings, so the JSON means the same."""
    if text.isascii():
        return text  # json.dumps already escaped the ASCII controls
    return "".join(
        char if char == "\n" or unicodedata.category(char) not in _ESCAPED_CATEGORIES
        else json.dumps(char)[1:-1]
        for char in text
    )


def counted(count: int, word: str, plural: str | None = None) -> str:
    """"1 hand", "5,000 hands", "0 hands": the count with thousands separators and its
    word, plural unless the count is 1 (`plural` when it is not word + "s")."""
    return f"{count:,} {word}" if count == 1 else f"{count:,} {plural or word + 's'}"


def keep_column(column: Any) -> Any:
    """Mark a rich table column as one the terminal keeps when it is too narrow for all
    (cli/fitting.py leaves others out, from the right; the first column is always kept)."""
    column._hhtracker_keep = True
    return column


def keep_columns(table: Any, *headers: str) -> None:
    """keep_column for each column of `table` whose header is one of `headers`."""
    for column in table.columns:
        if column.header in headers:
            keep_column(column)


def abbreviated(count: int) -> str:
    """A count in at most four characters, for a sample beside a figure (the live view, in
    the terminal and on /hud): as it is under 1,000, then thousands with one decimal under
    10,000, whole thousands under 1,000,000, and millions the same way; rounded half up,
    never cut. Negative counts keep their sign.

    >>> [abbreviated(n) for n in (0, 7, 999, 1000, 1049, 1050, 4974, 9949, 9950)]
    ['0', '7', '999', '1.0k', '1.0k', '1.1k', '5.0k', '9.9k', '10k']
    >>> [abbreviated(n) for n in (12345, 999499, 999500, 1234567, 25_000_000, 2_000_000_000)]
    ['12k', '999k', '1.0M', '1.2M', '25M', '2.0G']
    >>> abbreviated(-4974)
    '-5.0k'
    """
    if count < 0:
        return "-" + abbreviated(-count)
    if count < 1000:
        return str(count)
    for unit, suffix in ((1000, "k"), (1000**2, "M"), (1000**3, "G")):
        tenths = (count * 10 + unit // 2) // unit  # in tenths of the unit, half up
        if tenths < 100:
            return f"{tenths // 10}.{tenths % 10}{suffix}"
        whole = (count + unit // 2) // unit
        if whole < 1000 or suffix == "G":
            return f"{whole}{suffix}"
    raise AssertionError("unreachable")  # (the last unit returns)
