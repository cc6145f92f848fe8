"""The one module that knows where the grammars are. Builds each Lark parser once.

In a checkout the grammars are in the top-level `grammars/` folder; in an installed wheel
they are packaged as `hhtracker/grammars/` (setup.py, `package_dir`).
"""

from __future__ import annotations

import datetime as dt
from functools import cache
from pathlib import Path
from typing import Any, ClassVar
from zoneinfo import ZoneInfo

import lark
import lark.lexer
from lark import Lark, Token, Transformer
from lark.lexer import ContextualLexer, LexerState
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from ..errors import HandSyntaxError, excerpt
from .read import RawHand

_PACKAGE = Path(__file__).resolve().parent.parent
_CANDIDATES = (_PACKAGE / "grammars", _PACKAGE.parent / "grammars")


def grammar_dir() -> Path:
    """The folder holding common.lark and the site grammars. raises FileNotFoundError."""
    for candidate in _CANDIDATES:
        if (candidate / "common.lark").is_file():
            return candidate
    raise FileNotFoundError(
        "hhtracker grammars not found; looked in " + ", ".join(str(c) for c in _CANDIDATES)
    )


@cache
def _parser(name: str, transformer_type: type[Transformer[Token, object]] | None) -> Lark:
    path = grammar_dir() / f"{name}.lark"
    # When the optional `interegular` package is installed, lark compares every pair of
    # regex terminals for collisions; on our look-ahead name terminals that takes minutes.
    # The grammar's collisions are settled by the contextual lexer and by tests instead.
    saved, lark.lexer.has_interegular = lark.lexer.has_interegular, False
    try:
        return _build(path, transformer_type)
    finally:
        lark.lexer.has_interegular = saved


def _build(path: Path, transformer_type: type[Transformer[Token, object]] | None) -> Lark:
    return Lark(
        path.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        import_paths=[grammar_dir()],
        transformer=transformer_type() if transformer_type else None,
        maybe_placeholders=True,
        source_path=str(path),
        _plugins={"ContextualLexer": LineLexer},
    )


class LineLexer(ContextualLexer):
    """Lark's contextual lexer, driven with less Python per token: the same terminals tried in
    the same order (each parser state's compiled alternation: lark's Scanner), the same
    tokens (type, value, start_pos, line, column, end_line, end_column, end_pos), but in one
    loop instead of lark's four calls and a line counter per token. Our grammars make one
    token of each line (grammars/pokerstars.lark), so this runs once per line. Plugged in
    with lark's `_plugins` option (_build).

    Where no terminal matches, or in a state with ignored terminals or terminal callbacks
    (none in our grammars), the work is handed to lark's own ContextualLexer.lex from there,
    which raises the same errors as before (UnexpectedCharacters, UnexpectedToken; tested
    against lark's stock lexer in tests/parse/test_line_lexer.py)."""

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Any:  # Iterator[Token]
        text_slice = lexer_state.text
        text, end = text_slice.text, text_slice.end
        counter = lexer_state.line_ctr
        pos, line, line_start = counter.char_pos, counter.line, counter.line_start_pos
        lexers = self.lexers
        plans: dict[int, Any] = {}  # id(a state's lexer) -> its compiled regexes, or None: lark's path
        new = str.__new__
        token = lexer_state.last_token
        while pos < end:
            lexer: Any = lexers[parser_state.position]  # (a BasicLexer: lark types it as the abstract class)
            plan = plans.get(id(lexer), False)
            if plan is False:
                scanner = lexer.scanner  # (built on first use, with lexer.callback)
                plan = plans[id(lexer)] = None if lexer.ignore_types or lexer.callback else scanner._mres
            match = None
            if plan is not None:
                for mre in plan:
                    match = mre.match(text, pos, end)
                    if match is not None:
                        break
            if match is None:  # lark's own lexer from here: its error, or its handling of ignored terminals
                counter.char_pos, counter.line = pos, line
                counter.column, counter.line_start_pos = pos - line_start + 1, line_start
                lexer_state.last_token = token
                yield from ContextualLexer.lex(self, lexer_state, parser_state)
                return
            value = match.group(0)
            token = new(Token, value)
            token.type = match.lastgroup
            token.value = value
            token.start_pos = pos
            token.line = line
            token.column = pos - line_start + 1
            pos = match.end()
            newlines = value.count("\n")
            if newlines:
                line += newlines
                line_start = text.rindex("\n", 0, pos) + 1
            token.end_line = line
            token.end_column = pos - line_start + 1
            token.end_pos = pos
            yield token
        counter.char_pos, counter.line = pos, line
        counter.column, counter.line_start_pos = pos - line_start + 1, line_start
        lexer_state.last_token = token


def load_parser(name: str, transformer_type: type[Transformer[Token, object]] | None = None) -> Lark:
    """The LALR parser for grammars/<name>.lark, built once and cached.

    With `transformer_type`, the transformer runs inline while parsing (no tree is built) and
    `parse()` returns what its `start` method returns; get that transformer instance back
    with `inline_transformer()`.
    """
    return _parser(name, transformer_type)


def inline_transformer(parser: Lark) -> Transformer[Token, object]:
    """The transformer instance a cached parser was built with. raises ValueError for a
    parser built without one."""
    transformer: Transformer[Token, object] | None = parser.options.transformer
    if transformer is None:
        raise ValueError("this parser has no inline transformer")
    return transformer


def token_line(token: lark.Token) -> int:
    """A token's line in the text parsed (1-based; the lexer always sets it)."""
    assert token.line is not None
    return token.line


def parse_lines(parser: Lark, raw: RawHand) -> Any:  # what `start` returns; lark types it as a Tree
    """Run a site's LALR parser (with its inline transformer) on one hand; returns what the
    transformer's `start` returns. Trailing blanks are part of the formats on some lines and
    not on others (FORMATS.md 1.1), so they are dropped first. raises HandSyntaxError with
    the file line: an unknown line shape, a hand cut off, or a value the grammar let through
    but that is wrong (a date like 31:05:12)."""
    text = "\n".join(line.rstrip() for line in raw.text.rstrip().split("\n")) + "\n"
    try:
        return parser.parse(text)
    except UnexpectedInput as error:
        raise syntax_error(error, raw) from None
    except (VisitError, ValueError) as error:
        error = getattr(error, "orig_exc", error)
        if isinstance(error, ImpossibleDate):
            raise HandSyntaxError(str(error), path=raw.path, line=raw.line, code=BAD_DATE) from None
        raise HandSyntaxError(f"bad value: {error}", path=raw.path, line=raw.line, code="bad_value") from None


def syntax_error(error: UnexpectedInput, raw: RawHand) -> HandSyntaxError:
    """A lark failure as `file:line: what is wrong`, quoting the offending line."""
    lines = raw.text.split("\n")
    if isinstance(error, UnexpectedEOF) or getattr(error, "line", -1) in (-1, None, "?"):
        line = raw.line + len(lines) - 1
        message = "hand ends too early (cut off?): no *** SUMMARY *** block"
        if any(text.startswith("*** SUMMARY ***") for text in lines):
            message = "hand ends too early (cut off?) inside the summary"
        return HandSyntaxError(message, path=raw.path, line=line, code="truncated")
    relative = error.line
    text = lines[relative - 1] if 0 < relative <= len(lines) else ""
    if isinstance(error, UnexpectedToken) and error.token.type == "$END":
        line = raw.line + len(lines) - 1
        return HandSyntaxError(
            "hand ends too early (cut off?): no *** SUMMARY *** block" if "*** SUMMARY ***" not in raw.text
            else "hand ends too early (cut off?) inside the summary",
            path=raw.path, line=line, code="truncated",
        )
    if isinstance(error, UnexpectedCharacters | UnexpectedToken):
        message = f"unrecognised line: {excerpt(text.strip())}"
    else:  # pragma: no cover - other lark errors
        message = f"cannot parse: {excerpt(text.strip())}"
    return HandSyntaxError(message, path=raw.path, line=raw.line + relative - 1, column=error.column, code="syntax")


class Piece:
    """What an inline transformer hands back for a line that is not an event (the header,
    the table line, the summary block): a kind and its value, for the site parser to assemble."""

    __slots__ = ("kind", "value")

    def __init__(self, kind: str, value: object) -> None:
        self.kind = kind
        self.value = value


class SiteParser:
    """Base of the Lark-based site parsers: builds the site's grammar once (`grammar`, the
    file name under grammars/; `transformer`, its inline transformer class) and runs it on a
    hand with the transformer told the hand's first file line. Subclasses assemble the
    ParsedHand in `parse()`. Not thread-safe (one inline transformer per process)."""

    grammar: ClassVar[str]
    transformer: ClassVar[type[Transformer[Token, object]]]

    def __init__(self) -> None:
        site = type(self)  # class attributes, read from the class (the compiled build has no instance slot)
        self._lark = load_parser(site.grammar, site.transformer)
        self._transformer = inline_transformer(self._lark)

    def run(self, raw: RawHand) -> Any:  # the transformer's `start` result (parse_lines)
        """What the transformer's `start` returns for this hand. raises HandSyntaxError."""
        reset = getattr(self._transformer, "reset", None)
        if reset is not None:
            reset(raw.line - 1)
        else:
            self._transformer.offset = raw.line - 1  # type: ignore[attr-defined]
        return parse_lines(self._lark, raw)


# Site time zone abbreviations -> IANA zones (the ET stamp, always present on PokerStars, is preferred).
ZONES: dict[str, str] = {
    "ET": "America/New_York",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "WET": "Europe/Lisbon",
    "GMT": "UTC",
    "UTC": "UTC",
    "MSK": "Europe/Moscow",
    "PT": "America/Los_Angeles",
    "MT": "America/Denver",
    "CT": "America/Chicago",
    "AT": "America/Halifax",
    "BRT": "America/Sao_Paulo",
    "AEST": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
    "IST": "Asia/Kolkata",
    "JST": "Asia/Tokyo",
    "CCT": "Asia/Shanghai",
}


def site_time_to_utc(stamp: dt.datetime, zone: str, raw: RawHand) -> dt.datetime:
    """A site's wall-clock time stamp (naive datetime) in the named zone ("ET", "CET"...) as
    an aware UTC datetime. raises HandSyntaxError for a zone abbreviation not in ZONES, and
    (code bad_date) for a time with no UTC date (9999/12/31 22:00:00 ET)."""
    name = ZONES.get(zone)
    if name is None:
        raise HandSyntaxError(f"unknown time zone {zone!r}", path=raw.path, line=raw.line, code="time_zone")
    try:
        return stamp.replace(tzinfo=ZoneInfo(name)).astimezone(dt.UTC)
    except OverflowError:
        raise out_of_range(stamp, zone, raw) from None


BAD_DATE = "bad_date"
"""The error code of a date or time that cannot be (rules.issues.Code.BAD_DATE)."""


class ImpossibleDate(ValueError):
    """A printed date or time that cannot be: 2013/13/08, 25:00:00, 23:59:60, 2010/02/30
    (raised inside a transformer; parse_lines makes it a HandSyntaxError, code bad_date)."""


def wall_clock(text: str, shape: str) -> dt.datetime:
    """A site's printed date and time, read with the strptime `shape` (naive). raises
    ImpossibleDate (a ValueError) for a date or time that cannot be."""
    try:
        return dt.datetime.strptime(text, shape)
    except ValueError:
        raise ImpossibleDate(f"no such date or time: {excerpt(text)}") from None


def read_wall_clock(text: str, shape: str, raw: RawHand, line: int) -> dt.datetime:
    """wall_clock() for a parser outside its transformer. raises HandSyntaxError (code
    bad_date, at `line`) for a date or time that cannot be."""
    try:
        return wall_clock(text, shape)
    except ImpossibleDate as error:
        raise HandSyntaxError(str(error), path=raw.path, line=line, code=BAD_DATE) from None


def out_of_range(stamp: dt.datetime, zone: str, raw: RawHand) -> HandSyntaxError:
    """The error for a start time that has no date in UTC (the last hours of 9999/12/31 ET)."""
    return HandSyntaxError(f"the start time {stamp:%Y/%m/%d %H:%M:%S} {zone} is out of range", path=raw.path,
                           line=raw.line, code=BAD_DATE)
