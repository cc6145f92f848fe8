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
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..errors import EncodingError
from .detect import other_site

# A line that starts a hand, for every site hhtracker knows. Site detection proper is in
# detect.py; this only has to find the boundaries.
_HAND_START = re.compile(r"^(?:PokerStars |Full ?Tilt ?Poker |#\d+: |<description |<game )")


@dataclass(frozen=True, slots=True)
class RawHand:
    """One hand's text. path: str; line: int, 1-based first line in the file; text: str, its
    lines joined by LF with trailing blank lines removed (trailing spaces kept)."""

    path: str
    line: int
    text: str
    undecodable: str | None = None
    undecodable_line: int | None = None


@dataclass(frozen=True, slots=True)
class StrayText:
    """Non-blank text outside any hand (before the first hand of a file): reported, never
    silently dropped. line: int, its first line; text: str."""

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


# Full Tilt's archive export puts `******************** # 1 **************` before each hand:
# part of the format, read as a blank line (FORMATS.md 2.1).
_FULL_TILT_SEPARATOR = re.compile(r"^\ufeff?\*{5,} # \d+ \*{5,}\s*$")

# Lines of text before the first hand in which another site's header is looked for.
_OTHER_SITE_LINES = 5

# Undecodable bytes, as the "surrogateescape" error handler leaves them in decoded text.
_UNDECODABLE = re.compile("[\udc80-\udcff]")


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
    if b"\x00" in head and not encoding.startswith("utf-16"):
        raise EncodingError("binary file (NUL bytes), not a hand history", path=str(path), line=1)
    return encoding


def iter_lines(path: Path, encoding: str | None = None) -> Iterator[str]:
    """The decoded lines of a file, without line endings. Bytes not valid in the encoding
    stay in a line as lone surrogates (U+DC80-U+DCFF, Python's "surrogateescape"), so one
    bad byte costs only its line; split_hands() marks the hand. raises EncodingError for a
    binary file, or for UTF-16 that cannot be read on (the message names the line)."""
    encoding = encoding or file_encoding(path)
    with open(path, "rb") as binary:
        text = io.TextIOWrapper(binary, encoding=encoding, errors="surrogateescape", newline=None)
        number = 0
        try:
            for number, line in enumerate(text, start=1):  # noqa: B007 - used in except
                # A BOM can also stand inside a file made by concatenating exports.
                yield line.rstrip("\n").lstrip("\ufeff")
        except UnicodeDecodeError as error:  # UTF-16 units that cannot be escaped byte by byte
            raise EncodingError(
                f"not valid {encoding} text after line {number}: {error.reason}",
                path=str(path),
                line=number + 1,
            ) from None


def split_hands(path: Path) -> Iterator[RawHand | StrayText | OtherSiteFile]:
    """The hands of a file in order, streamed; text before the first hand comes as StrayText.
    A file whose first lines are another site's hand history (Winamax...) gives one
    OtherSiteFile and nothing more.
    A hand holding bytes not valid in the file's encoding comes with `undecodable` (why) and
    `undecodable_line` (the first such line), its text with U+FFFD in their place. raises
    EncodingError for a binary file.

    Merge XML: a session file has one `<description>` and then every `<game>` of the table
    (FORMATS.md section 4). A `<game>` that does not follow its description directly takes
    the last one, put in front of its first line (`<description .../><game ...>`), so that
    each hand names its game and stakes and every line keeps its number in the file.
    """
    name = str(path)
    encoding = file_encoding(path)
    lines: list[str] = []
    start = 0
    in_hand = False
    description: str | None = None  # the last Merge <description> line of the file

    def flush() -> RawHand | StrayText | None:
        while lines and not lines[-1].strip():
            lines.pop()
        if not lines:
            return None
        text = "\n".join(lines)
        bad = _UNDECODABLE.search(text)
        if bad is not None:
            line = start + text.count("\n", 0, bad.start())
            byte = ord(bad.group()) - 0xDC00
            text = _UNDECODABLE.sub("\ufffd", text)
            reason = f"not valid {encoding} text (byte 0x{byte:02x}); the hand is kept as text with U+FFFD in its place"
            if not in_hand:
                return StrayText(name, start, text)
            return RawHand(name, start, text, reason, line)
        return RawHand(name, start, text) if in_hand else StrayText(name, start, text)

    for number, line in enumerate(iter_lines(path, encoding), start=1):
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
        elif lines or line.strip():
            if not lines:
                start = number
            lines.append(line)
            if not in_hand and len(lines) <= _OTHER_SITE_LINES:
                site = other_site(line.lstrip("\ufeff"))
                if site is not None:
                    yield OtherSiteFile(name, number, site)
                    return
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
