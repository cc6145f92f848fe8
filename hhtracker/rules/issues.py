"""Validation issues: what the replay found wrong with a hand, with stable codes.

Policy (../shared/DESIGN.md, "Rules engine"): an ERROR keeps the hand out of the statistics
(it is still stored with its raw text); a WARNING is stored and the hand still counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..errors import bounded


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class Code(StrEnum):
    """Stable issue codes. The value is what is stored and printed."""

    # errors
    SYNTAX = "syntax"
    ENCODING = "encoding"  # bytes not valid in the file's encoding inside the hand
    # file problems (no hand): text outside any hand, a file that cannot be read, no hand in it
    STRAY_TEXT = "stray_text"
    UNREADABLE = "unreadable"
    NO_HANDS = "no_hands"
    TRUNCATED = "truncated"
    TOO_LONG = "too_long"  # a "hand" over parse.read.MAX_HAND_CHARACTERS (only an excerpt kept)
    DUPLICATE_DIFFERS = "duplicate_differs"  # a hand number stored already, with another text (the stored copy kept)
    UNKNOWN_PLAYER = "unknown_player"
    DUPLICATE_SEAT = "duplicate_seat"
    BET_OVER_STACK = "bet_over_stack"
    FOLDED_PLAYER_ACTS = "folded_player_acts"
    CHIPS_NOT_CONSERVED = "chips_not_conserved"
    TOTAL_POT_MISMATCH = "total_pot_mismatch"
    POTS_MISMATCH = "pots_mismatch"
    RAKE_INVALID = "rake_invalid"
    CARD_DUPLICATED = "card_duplicated"
    CARDS_MISMATCH = "cards_mismatch"
    DISCARD_REUSED = "discard_reused_before_reshuffle"
    TOO_MANY_CARDS = "too_many_cards"
    BAD_DISCARD = "bad_discard"
    SHOWDOWN_WINNER_MISMATCH = "showdown_winner_mismatch"
    UNCALLED_TOO_LARGE = "uncalled_too_large"
    BAD_DATE = "bad_date"  # a start date or time that cannot be (2013/13/08, 25:00:00, 2010/02/30, year 9999 ET)
    INTERNAL = "internal"  # an exception hhtracker did not foresee while reading the hand (a bug: report it)
    # warnings
    DESCRIPTION_MISMATCH = "description_mismatch"
    BET_SIZE = "bet_size"
    CAP_EXCEEDED = "cap_exceeded"
    CAP_MARKER = "cap_marker"
    ALL_IN_FLAG = "all_in_flag"
    CHECK_FACING_BET = "check_facing_bet"
    OUT_OF_TURN = "out_of_turn"
    RAISE_NOT_REOPENED = "raise_not_reopened"
    SHORT_CALL = "short_call"
    RAISE_INCREMENT = "raise_increment"
    DRAW_GLITCH = "draw_glitch"
    SHOWDOWN_UNKNOWN = "showdown_cards_unknown"
    SPLIT_AMOUNTS = "split_amounts"
    START_TIME = "start_time"  # the site's two clocks did not settle the start time (parse/clock.py)
    WON_MISMATCH = "won_mismatch"  # a summary's "won (X)" is not what the player collected


ERROR_CODES = frozenset(
    {
        Code.SYNTAX,
        Code.ENCODING,
        Code.UNREADABLE,
        Code.NO_HANDS,
        Code.TRUNCATED,
        Code.TOO_LONG,
        Code.UNKNOWN_PLAYER,
        Code.DUPLICATE_SEAT,
        Code.BET_OVER_STACK,
        Code.FOLDED_PLAYER_ACTS,
        Code.CHIPS_NOT_CONSERVED,
        Code.TOTAL_POT_MISMATCH,
        Code.POTS_MISMATCH,
        Code.RAKE_INVALID,
        Code.CARD_DUPLICATED,
        Code.CARDS_MISMATCH,
        Code.DISCARD_REUSED,
        Code.TOO_MANY_CARDS,
        Code.BAD_DISCARD,
        Code.SHOWDOWN_WINNER_MISMATCH,
        Code.UNCALLED_TOO_LARGE,
        Code.BAD_DATE,
        Code.INTERNAL,
    }
)


@dataclass(frozen=True, slots=True)
class ValidationIssue:
    """One problem in one hand. code: Code; severity: Severity (from the code);
    message: str, human readable; line: int | None, 1-based line in the file."""

    code: Code
    severity: Severity
    message: str
    line: int | None = None

    @classmethod
    def of(cls, code: Code, message: str, line: int | None = None) -> ValidationIssue:
        """An issue whose severity follows the policy for its code."""
        severity = Severity.ERROR if code in ERROR_CODES else Severity.WARNING
        return cls(code, severity, bounded(message), line)
