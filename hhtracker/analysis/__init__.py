"""The analysis stage: one hand's raw text -> everything hhtracker works out of it, or why
not. Between the rules and the store (read -> parse -> rules -> analysis -> store).

`analyze(raw, parsers)` detects the hand's site and game, parses it, replays it, and computes
each player's facts (stats.per_hand) and the hero's draw decisions (odds.decisions): an
`AnalyzedHand`. A hand of a game or site hhtracker does not read is a `SkippedHand`. A hand
that goes wrong anywhere in those steps is a `RejectedHand`, with a code and its file line:
the code of the parser's or reader's error for a known bad input (syntax, truncated,
encoding...), else `internal` (an exception we did not foresee: a bug, reported with the
hand; the traceback is kept in `RejectedHand.traceback` for `--debug`). Nothing raises out of
`analyze`, whatever the text.

Every path that turns raw text into facts goes through here: import (its --jobs workers and
--watch too), validate, reprocess, the facts a migration recomputes, export and the hand
report. The store only formats an AnalyzedHand into rows.
"""

from __future__ import annotations

import traceback as tracebacks
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import EncodingError, HandHistoryError, HandSyntaxError, UnsupportedHandError, bounded, excerpt
from ..model import HandStatus, Site
from ..odds.decisions import DrawDecision, SeenDraw, hero_decisions
from ..parse.detect import Detected, detect
from ..parse.read import RawHand
from ..parse.sites import Parsers
from ..rules.issues import Code, ValidationIssue
from ..rules.replay import ReplayedHand, replay
from ..stats.facts import PlayerHandStats
from ..stats.per_hand import per_hand_stats
from .keys import raw_hand_key
from .reads import ReadFacts, hand_read_facts

__all__ = [
    "AnalyzedHand", "RejectedHand", "SkippedHand", "Analysis", "analyze", "analyze_stored", "internal_error",
    "internal_rejection",
    "issue_code", "raw_hand_key", "detect_raw", "draw_decisions",
]


@dataclass(frozen=True, slots=True)
class AnalyzedHand:
    """A hand parsed, replayed and analysed. raw: the text as read; replayed: the replay
    (its hand, issues, status); facts: each dealt-in player's statistics facts, in seat
    order; decisions: the hero's draws with known cards priced (empty without a hero); reads:
    each dealt-in player's read facts, in seat order (analysis.reads.hand_read_facts; empty
    for a hand that does not count)."""

    raw: RawHand
    replayed: ReplayedHand
    facts: tuple[PlayerHandStats, ...]
    decisions: tuple[DrawDecision, ...]
    reads: tuple[ReadFacts, ...] = ()

    @property
    def site(self) -> Site:
        return self.replayed.hand.site

    @property
    def game(self) -> str:
        """The game as the parser names it ("badugi", "badacey", "badeucey")."""
        return self.replayed.hand.game

    @property
    def hand_id(self) -> str:
        """The site's hand number."""
        return self.replayed.hand.hand_id

    @property
    def status(self) -> HandStatus:
        """OK, WARNING or ERROR (an error found by the replay keeps the hand out of the
        statistics)."""
        return self.replayed.status

    @property
    def issues(self) -> tuple[ValidationIssue, ...]:
        return self.replayed.issues


@dataclass(frozen=True, slots=True)
class RejectedHand:
    """A hand that could not be analysed: stored as rejected with its raw text. site: the
    site detected (None when not even that worked); game: as detected ("" when unknown);
    hand_id: the site's number read from the first line, else a digest of the text
    (`raw_hand_key`); code: why (Code.INTERNAL for an exception we did not foresee); message:
    one line, bounded; line: the file line it is about; traceback: the Python traceback of
    an internal error (shown only with --debug), else None; column: 1-based, when the
    parser told it."""

    raw: RawHand
    site: Site | None
    game: str
    hand_id: str
    code: Code
    message: str
    line: int | None
    traceback: str | None = None
    column: int | None = None

    @property
    def issue(self) -> ValidationIssue:
        return ValidationIssue.of(self.code, self.message, self.line)

    def error(self) -> HandHistoryError:
        """The rejection as an error naming the file and line (`str()`: `file:line: message`)."""
        return HandHistoryError(self.message, path=self.raw.path, line=self.line, column=self.column,
                                hand_id=self.hand_id, code=self.code.value)


@dataclass(frozen=True, slots=True)
class SkippedHand:
    """A hand of a game or site hhtracker does not read (counted by game, not stored).
    site: Site | None; game: the game's name as written."""

    raw: RawHand
    site: Site | None
    game: str


Analysis = AnalyzedHand | RejectedHand | SkippedHand
"""What `analyze` makes of one hand."""


def issue_code(code: str) -> Code:
    """The issue code for a parser's or reader's error code (anything not a Code is a syntax
    error: e.g. "bad_value", "dead_hand", "cancelled")."""
    try:
        return Code(code)
    except ValueError:
        return Code.SYNTAX


def detect_raw(raw: RawHand) -> Detected:
    """The site and game of a hand, from its first line."""
    return detect(raw.text.split("\n", 1)[0])


def internal_error(error: BaseException, then: str) -> tuple[str, str]:
    """An exception we did not foresee, told in one line and kept whole: (message, the
    traceback). message: "internal error (ValueError: what it said)" + `then`, on one line,
    its text cut to 200 characters."""
    text = " ".join(str(error).split())
    said = f"{type(error).__name__}: {text[:200]}" if text else type(error).__name__
    return bounded(f"internal error ({said}){then}"), "".join(tracebacks.format_exception(error))


def internal_rejection(raw: RawHand, error: BaseException, site: Site | None = None, game: str = "") -> RejectedHand:
    """A hand rejected because of an exception we did not foresee (code `internal`), at its
    first line: a one-line message naming the exception, the traceback kept for --debug."""
    message, trace = internal_error(error, "; please report it with this hand")
    return RejectedHand(raw, site, game, _key(raw), Code.INTERNAL, message, raw.line, trace)


def _key(raw: RawHand) -> str:
    try:
        return raw_hand_key(raw)
    except Exception:  # noqa: BLE001  (cannot fail on decoded text; here so that a rejection never raises)
        return "?"


def _rejection(raw: RawHand, error: HandHistoryError, site: Site | None, game: str) -> RejectedHand:
    line = error.line if error.line is not None else raw.line
    return RejectedHand(raw, site, game, _key(raw), issue_code(error.code), error.message, line, None, error.column)


def analyze(raw: RawHand, parsers: Parsers, detected: Detected | None = None) -> Analysis:
    """One hand read from a file: detected (unless `detected` is given), parsed, replayed,
    its facts and the hero's decisions computed. Never raises (see the module's doc)."""
    site: Site | None = detected.site if detected is not None else None
    game = detected.game if detected is not None else ""
    try:
        detected = detected or detect_raw(raw)
        site, game = detected.site, detected.game
        if detected.damaged is not None:  # the site's hand header, its game unreadable: a hand lost otherwise
            header = raw.text.split("\n", 1)[0]
            damaged = HandSyntaxError(f"{detected.damaged}: {excerpt(header)}",
                                      path=raw.path, line=raw.line, code=Code.SYNTAX.value)
            return _rejection(raw, damaged, site, game)
        if not parsers.supports(detected.site) or not detected.supported:
            return SkippedHand(raw, detected.site, detected.game)
        assert detected.site is not None  # (supports() said so)
        if raw.too_long is not None:  # (only an excerpt of it was kept)
            error = HandHistoryError(raw.too_long, path=raw.path, line=raw.too_long_line, code=Code.TOO_LONG.value)
            return _rejection(raw, error, site, game)
        if raw.undecodable is not None:
            error = EncodingError(raw.undecodable, path=raw.path, line=raw.undecodable_line, code=Code.ENCODING.value)
            return _rejection(raw, error, site, game)
        return _analyzed(raw, parsers, detected.site)
    except HandHistoryError as error:
        return _rejection(raw, error, site, game)
    except Exception as error:  # noqa: BLE001  (fault isolation: one hand's bug rejects that hand only)
        return internal_rejection(raw, error, site, game)


def analyze_stored(raw: RawHand, parsers: Parsers, site: Site | str | None = None, *,
                   decisions: bool = True) -> AnalyzedHand | RejectedHand:
    """A stored hand analysed again from its raw text (reprocess, the facts a migration
    recomputes, export, the hand report). site: the stored hand's site when known (else
    detected); decisions: False leaves the hero's draw decisions out (AnalyzedHand.decisions
    empty: the hand report reads the stored ones). A hand of a site or game this version
    does not read is a RejectedHand (code syntax). Never raises."""
    known: Site | None = None
    try:
        if site is None:
            detected = detect_raw(raw)
            if not detected.supported:
                raise UnsupportedHandError(f"a game hhtracker does not read ({detected.game})", path=raw.path, line=raw.line)
            site = detected.site
        try:
            known = Site(site or "")  # (None or "" is refused here: ValueError)
        except ValueError:
            raise UnsupportedHandError(f"unknown site {site!r}", path=raw.path, line=raw.line) from None
        if not parsers.supports(known):
            raise UnsupportedHandError(f"site {known.value} is not supported", path=raw.path, line=raw.line)
        return _analyzed(raw, parsers, known, decisions)
    except HandHistoryError as error:
        return _rejection(raw, error, known, "")
    except Exception as error:  # noqa: BLE001
        return internal_rejection(raw, error, known, "")


def _analyzed(raw: RawHand, parsers: Parsers, site: Site, priced: bool = True) -> AnalyzedHand:
    """Parse, replay, facts, decisions (unless not `priced`). raises HandHistoryError (and,
    for a bug, anything)."""
    replayed = replay(parsers.parse(raw, site))
    facts = per_hand_stats(replayed)
    decisions = hero_decisions(replayed.draws, replayed.hero) if priced and replayed.hero is not None else ()
    return AnalyzedHand(raw, replayed, facts, decisions, hand_read_facts(replayed))


def draw_decisions(draws: Iterable[SeenDraw], player: object) -> tuple[DrawDecision, ...]:
    """A player's draws with known cards priced (odds.decisions.hero_decisions), from draws
    read back from the store (the decisions of hands stored before the draw_decisions table
    existed: migration m007)."""
    return hero_decisions(draws, player)
