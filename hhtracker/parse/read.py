"""Bytes to text, and text to hands.

Files are streamed line by line (never loaded whole), decoded from UTF-8 (with or without a
byte-order mark) or UTF-16 (with a BOM, or recognised by its zero bytes), with CRLF, CR or
LF line endings. A hand starts at a line the sites begin hands with (`PokerStars ...`) and
runs to the next such line; blank lines between hands are dropped. Each hand keeps its file
and the number of its first line. Bytes that are not valid in the file's encoding spoil only
the hand they stand in: it comes with `undecodable` set (its text keeps them as U+FFFD) and
the importer rejects it with that line; the rest of the file is read as usual.
"""

from __future__ import annotations

import codecs
import hashlib
import io
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..errors import EncodingError, excerpt
from ..sites import SITES
from .detect import other_site

# A line that starts a hand, for every site hhtracker knows. Site detection proper is in
# detect.py; this only has to find the boundaries.
_HAND_START = re.compile("^(?:" + "|".join(record.hand_start for record in SITES.values()) + ")")


@dataclass(frozen=True, slots=True)
class RawHand:
    """One hand's text. path: str; line: int, 1-based first line in the file; text: str, its
    lines joined by LF with trailing blank lines removed (trailing spaces kept).
    undecodable: why the hand holds bytes not valid in the file's encoding (None: it does
    not), undecodable_line: the first such line. too_long: why the hand is longer than
    MAX_HAND_CHARACTERS (None: it is not), too_long_line: the line that took it over; `text` then keeps only its first lines (an
    excerpt, never the whole) and dropped_lines counts the lines left out."""

    path: str
    line: int
    text: str
    undecodable: str | None = None
    undecodable_line: int | None = None
    too_long: str | None = None
    too_long_line: int | None = None
    dropped_lines: int = 0

    @property
    def end_line(self) -> int:
        """The number of the hand's last line in the file (blank lines after it not counted)."""
        return self.line + self.text.count("\n") + self.dropped_lines


@dataclass(frozen=True, slots=True)
class StrayText:
    """Non-blank text outside any hand (before the first hand of a file): reported once,
    never silently dropped, never held whole. line: int, its first line; text: str, that
    line (at most STRAY_EXCERPT_CHARACTERS of it); lines: int, how many lines the stray
    text runs to; characters: int, how long it is (line breaks not counted)."""

    path: str
    line: int
    text: str
    lines: int = 1
    characters: int = 0


@dataclass(frozen=True, slots=True)
class SummaryText:
    """A PokerStars tournament summary (`PokerStars Tournament #N, game` and its lines) met
    among the hands of a file, before or after them: read by parse.stars_summary, never as a
    hand. line: int, its title's line; text: str, its lines joined by LF."""

    path: str
    line: int
    text: str


@dataclass(frozen=True, slots=True)
class OtherSiteFile:
    """A file of a site hhtracker does not read (detect.other_site), told by one of its first
    lines: nothing else of it is read. line: int, that line; site: str, the site's name."""

    path: str
    line: int
    site: str


# A PokerStars tournament summary's title (parse/stars_summary.py reads the rest).
_SUMMARY_TITLE = re.compile(r"^PokerStars (?:Home Game )?Tournament #\d+, ")

# Full Tilt's archive export puts `******************** # 1 **************` before each hand:
# part of the format, read as a blank line (FORMATS.md 2.1).
_FULL_TILT_SEPARATOR = re.compile(r"^\ufeff?\*{5,} # \d+ \*{5,}\s*$")

# Lines of text before the first hand in which another site's header is looked for.
_OTHER_SITE_LINES = 5

# Undecodable bytes, as the "surrogateescape" error handler leaves them in decoded text.
_UNDECODABLE = re.compile("[\udc80-\udcff]")


def path_text(path: Path | str) -> str:
    """A file's path as text to store and print: str(path), or, for a name whose bytes are not
    valid in the file system's encoding (a Latin-1 `é` on a UTF-8 system), its bytes with
    those shown as `\\xe9` (os.fsencode, backslashreplace): never a lone surrogate, which
    neither SQLite nor a terminal takes."""
    text = str(path)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return os.fsencode(text).decode("utf-8", "backslashreplace")
    return text


def detect_encoding(head: bytes) -> str:
    """The codec for a file whose first bytes are `head` (at least 4 bytes when available).

    BOMs decide; without one, zero bytes in alternate positions mean UTF-16; else UTF-8.
    """
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if head.startswith(codecs.BOM_UTF16_LE) or head.startswith(codecs.BOM_UTF16_BE):
        return "utf-16"
    if len(head) >= 4 and head[1] == 0 and head[3] == 0 and head[0] != 0:
        return "utf-16-le"
    if len(head) >= 4 and head[0] == 0 and head[2] == 0 and head[1] != 0:
        return "utf-16-be"
    return "utf-8"


def file_encoding(path: Path) -> str:
    """The codec iter_lines() decodes the file with. raises EncodingError for a binary file."""
    with open(path, "rb") as binary:
        head = binary.read(8192)
    encoding = detect_encoding(head[:4])
    if b"\x00" in head and not encoding.startswith("utf-16") and not _nul_padding_only(head):
        raise EncodingError("binary file (NUL bytes), not a hand history", path=path_text(path), line=1)
    return encoding


def _nul_padding_only(head: bytes) -> bool:
    """Whether every NUL byte in `head` stands in a line of NULs alone: the block of NULs a
    crash leaves where the file's end was to be written (read as blank lines), not a
    binary file's NULs among its other bytes."""
    return all(b"\x00" not in line or not line.strip(b"\x00\r") for line in head.split(b"\n"))


def _is_nul_padding(piece: str) -> bool:
    return "\x00" in piece and not piece.strip("\x00\r\n")


MAX_HAND_CHARACTERS = 1_000_000
"""A hand longer than this (characters, a line break counted as one) is rejected as too long
(code `too_long`): real hands are a few kilobytes; what is longer is a file that lost its
hand headers, or garbage. Only an excerpt of it is kept, so memory stays flat."""

TOO_LONG_EXCERPT_LINES = 40
"""Lines of a too-long hand kept as its excerpt (each cut to STRAY_EXCERPT_CHARACTERS)."""

STRAY_EXCERPT_CHARACTERS = 1000
"""Characters of a line kept when the text around it is not kept whole (stray text, the
excerpt of a too-long hand)."""


class _CutLine(str):
    """The first MAX_HAND_CHARACTERS characters of a longer line; length: the whole line's
    length in characters. (Other lines are plain str: their length is len().)"""

    __slots__ = ("length",)
    length: int


def _read_lines(path: Path, encoding: str) -> Iterator[str]:
    """iter_lines(): a line longer than MAX_HAND_CHARACTERS is read on in pieces and counted,
    only its first piece kept (a _CutLine)."""
    with open(path, "rb") as binary:
        text = io.TextIOWrapper(binary, encoding=encoding, errors="surrogateescape", newline=None)
        readline = text.readline
        number = 0
        try:
            while piece := readline(MAX_HAND_CHARACTERS):
                number += 1
                if _is_nul_padding(piece) and (piece[-1] == "\n" or len(piece) < MAX_HAND_CHARACTERS):
                    yield ""  # (a crash's block of NULs: a blank line; a longer one is a too-long line)
                    continue
                # A BOM can also stand inside a file made by concatenating exports.
                if piece[-1] == "\n":
                    yield piece[:-1].lstrip("\ufeff")
                    continue
                length = len(piece)
                kept = piece
                while len(piece) == MAX_HAND_CHARACTERS and piece[-1] != "\n":
                    piece = readline(MAX_HAND_CHARACTERS)  # the rest of an over-long line
                    if not piece:
                        break
                    length += len(piece) - (piece[-1] == "\n")
                line = _CutLine(kept.lstrip("\ufeff"))
                line.length = length
                yield line
        except UnicodeDecodeError as error:  # UTF-16 units that cannot be escaped byte by byte
            raise EncodingError(
                f"not valid {encoding} text after line {number}: {error.reason}",
                path=path_text(path),
                line=number + 1,
            ) from None


def _length(line: str) -> int:
    """A line's whole length (that of a _CutLine, of which only the start is kept)."""
    return line.length if type(line) is _CutLine else len(line)


def iter_lines(path: Path, encoding: str | None = None) -> Iterator[str]:
    """The decoded lines of a file, without line endings, streamed. Bytes not valid in the
    encoding stay in a line as lone surrogates (U+DC80-U+DCFF, Python's "surrogateescape"),
    so one bad byte costs only its line; split_hands() marks the hand. A line longer than
    MAX_HAND_CHARACTERS comes cut to that length. raises EncodingError for a binary file,
    or for UTF-16 that cannot be read on (the message names the line)."""
    for line in _read_lines(path, encoding or file_encoding(path)):
        yield str(line)


@dataclass(slots=True)
class _BlankTail:
    """Blank lines read after the last non-blank one, while lines are counted and not kept:
    they count only if a non-blank line follows (blank lines after a hand are not its own)."""

    lines: int = 0
    characters: int = 0

    def clear(self) -> None:
        self.lines = self.characters = 0


def _counted(line: str, length: int, lines: int, size: int, tail: _BlankTail) -> tuple[int, int]:
    """(lines, size) with a line counted and not kept: a blank line waits in `tail`."""
    if not line.strip():
        tail.lines += 1
        tail.characters += length + 1
        return lines, size
    lines, size = lines + tail.lines + 1, size + tail.characters + length + 1
    tail.clear()
    return lines, size


def split_hands(path: Path) -> Iterator[RawHand | StrayText | OtherSiteFile | SummaryText]:
    """The hands of a file in order, streamed; text before the first hand comes as one
    StrayText (its first line, and how long it is: never held whole). A file whose first
    lines are another site's hand history (Winamax...) gives one OtherSiteFile and nothing
    more. A PokerStars tournament summary among the hands (before or after them) comes as a
    SummaryText.
    A hand holding bytes not valid in the file's encoding comes with `undecodable` (why) and
    `undecodable_line` (the first such line), its text with U+FFFD in their place. A hand
    longer than MAX_HAND_CHARACTERS comes with `too_long` (why) and only its first
    TOO_LONG_EXCERPT_LINES lines (cut short) as its text. Memory stays flat whatever the
    file: at most one hand of MAX_HAND_CHARACTERS is held. raises EncodingError for a
    binary file.

    Merge XML: a session file has one `<description>` and then every `<game>` of the table
    (FORMATS.md section 4). A `<game>` that does not follow its description directly takes
    the last one, put in front of its first line (`<description .../><game ...>`), so that
    each hand names its game and stakes and every line keeps its number in the file.
    """
    name = path_text(path)
    encoding = file_encoding(path)
    lines: list[str] = []
    start = 0
    in_hand = False
    size = 0  # characters of the hand (or stray text) to its last non-blank line, line breaks counted
    dropped = 0  # lines of a too-long hand not kept (counted from its last non-blank line)
    tail = _BlankTail()  # blank lines after the last counted line (of stray text, of a too-long hand)
    stray_lines = 0  # lines of stray text (only its first is kept)
    over = ""  # what the line that took a hand over MAX_HAND_CHARACTERS was ("line 11: 'XX…' …")
    over_line = 0
    description: str | None = None  # the last Merge <description> line of the file

    def flush() -> RawHand | StrayText | SummaryText | None:
        while lines and not lines[-1].strip():
            lines.pop()
        if not lines:
            return None
        text = "\n".join(lines)
        if not in_hand:
            return StrayText(name, start, _UNDECODABLE.sub("\ufffd", text), stray_lines, size - stray_lines)
        if size <= MAX_HAND_CHARACTERS and _SUMMARY_TITLE.match(lines[0]):
            return SummaryText(name, start, _UNDECODABLE.sub("\ufffd", text))
        if size > MAX_HAND_CHARACTERS:
            reason = (f"hand too long ({size:,} characters in {text.count(chr(10)) + 1 + dropped:,} lines, at most "
                      f"{MAX_HAND_CHARACTERS:,}; lost hand headers?) from {over}")
            return RawHand(name, start, _UNDECODABLE.sub("\ufffd", text), too_long=reason, too_long_line=over_line,
                           dropped_lines=dropped)
        bad = _UNDECODABLE.search(text)
        if bad is not None:
            line = start + text.count("\n", 0, bad.start())
            byte = ord(bad.group()) - 0xDC00
            text = _UNDECODABLE.sub("\ufffd", text)
            reason = f"not valid {encoding} text (byte 0x{byte:02x}); the hand is kept as text with U+FFFD in its place"
            return RawHand(name, start, text, reason, line)
        return RawHand(name, start, text)

    for number, line in enumerate(_read_lines(path, encoding), start=1):
        length = _length(line)
        if line.startswith(("*", "\ufeff*")) and _FULL_TILT_SEPARATOR.match(line):
            line = ""
        if _HAND_START.match(line) and not (len(lines) == 1 and lines[0].startswith("<description ")):
            # (a Merge XML <game> directly after its <description> belongs to the same hand)
            item = flush()
            if item is not None:
                yield item
            if line.startswith("<description "):
                description = line.rstrip()
            elif not line.startswith("<game "):
                description = None
            elif description is not None:
                line = description + line
            lines = [line]
            start = number
            in_hand = True
            size = length + 1
            dropped = 0
            tail.clear()
        elif not in_hand:  # stray text before the first hand: its first line kept, the rest counted
            if not lines and not line.strip():
                continue
            if not lines:
                start = number
                lines.append(line[:STRAY_EXCERPT_CHARACTERS])
            if stray_lines + tail.lines < _OTHER_SITE_LINES:
                site = other_site(line.lstrip("\ufeff"))
                if site is not None:
                    yield OtherSiteFile(name, number, site)
                    return
            stray_lines, size = _counted(line, length, stray_lines, size, tail)
        elif size > MAX_HAND_CHARACTERS:  # a too-long hand: counted, not kept
            dropped, size = _counted(line, length, dropped, size, tail)
        else:
            lines.append(line)
            if not line.strip():  # (counted in its size if a line of the hand follows)
                tail.lines += 1
                tail.characters += length + 1
                continue
            size += tail.characters + length + 1
            tail.clear()
            if size > MAX_HAND_CHARACTERS:  # keep an excerpt only, from here on
                over_line = number
                over = f"line {number}: {excerpt(_UNDECODABLE.sub(chr(0xFFFD), line), length=length)}"
                del lines[TOO_LONG_EXCERPT_LINES:]
                lines[:] = [kept[:STRAY_EXCERPT_CHARACTERS] for kept in lines]
                while lines and not lines[-1].strip():
                    lines.pop()
                dropped = number - start + 1 - len(lines)
                # (blank lines at the excerpt's end count as dropped: end_line stays right)
    item = flush()
    if item is not None:
        yield item


def file_digest(path: Path) -> str:
    """The SHA-256 of a file's bytes, hex (read in 1 MiB blocks)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
